#pragma once
// Options of a conversion (`-O name=value` on the command line, property "gamefmt.<name>" through Assimp, the
// Blender add-on's panel). A format declares each option once, as an `Option<T>`: the declaration is both
// what `gamefmt formats` lists and what reads the value, so the two cannot drift.
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gamefmt {

// The options given, by name: raw text as the user typed it.
using Options = std::map<std::string, std::string, std::less<>>;

enum class OptionKind { text, choice, integer, number, boolean };

// What an option is, for listings and for checking names.
struct OptionSpec {
  std::string name;
  std::string description;
  std::vector<std::string> choices;  // for kinds choice and boolean
  std::string default_value;
  OptionKind kind = OptionKind::text;
  // Throws FormatError (naming `file` and "option <name>") when `text` is not a valid value; set by the
  // declarations below. Without it, a value must be one of `choices` (when there are any).
  std::function<void(std::string_view text, std::string_view file)> check;
};

// A declared option whose value reads as T. Reading throws FormatError naming `file` and "option <name>" when
// the text is not a valid T (with the choices or the range in the message).
template <class T>
class Option {
 public:
  using Parser = std::function<T(std::string_view text, const OptionSpec& spec, std::string_view file)>;
  Option(OptionSpec spec, Parser parse) : spec_(std::move(spec)), parse_(std::move(parse)) {
    spec_.check = [parse = parse_, spec = spec_](std::string_view text, std::string_view file) {
      (void)parse(text, spec, file);
    };
  }

  const OptionSpec& spec() const { return spec_; }
  // The given value, else the declared default.
  T get(const Options& given, std::string_view file) const {
    const auto it = given.find(spec_.name);
    return parse_(it == given.end() ? std::string_view(spec_.default_value) : std::string_view(it->second),
                  spec_, file);
  }
  // Whether the user gave the option at all.
  bool given(const Options& options) const { return options.find(spec_.name) != options.end(); }

 private:
  OptionSpec spec_;
  Parser parse_;
};

// Option declarations. Choices map names to values (the first name of a value is how it is listed).
template <class T>
Option<T> choice_option(std::string name, std::string description,
                        std::vector<std::pair<std::string, T>> choices, std::string default_value);
Option<std::string> text_option(std::string name, std::string description, std::string default_value = {});
Option<long long> integer_option(std::string name, std::string description, long long default_value,
                                 long long min, long long max);
Option<double> number_option(std::string name, std::string description, double default_value, double min,
                             double max);
Option<bool> boolean_option(std::string name, std::string description, bool default_value);
// A number whose default the format works out itself: "auto" (listed as the default) reads as nothing.
Option<std::optional<double>> automatic_number_option(std::string name, std::string description, double min,
                                                      double max);

// Throws FormatError about `file` for every name in `given` that none of `known` declares: the message names
// the unknown option and lists the known ones, the closest name first.
void check_option_names(const Options& given, const std::vector<const OptionSpec*>& known,
                        std::string_view file);

namespace option_detail {
[[noreturn]] void fail_choice(std::string_view text, const OptionSpec& spec, std::string_view file);
}

template <class T>
Option<T> choice_option(std::string name, std::string description,
                        std::vector<std::pair<std::string, T>> choices, std::string default_value) {
  OptionSpec spec{std::move(name),          std::move(description), {},
                  std::move(default_value), OptionKind::choice,     {}};
  for (const auto& choice : choices) spec.choices.push_back(choice.first);
  return Option<T>(
      std::move(spec),
      [choices = std::move(choices)](std::string_view text, const OptionSpec& s, std::string_view file) -> T {
        for (const auto& [choice_name, value] : choices)
          if (choice_name == text) return value;
        option_detail::fail_choice(text, s, file);
      });
}

// ---- Limits ----
// Bounds on what a conversion may produce or read, so that a small hostile file cannot make gamefmt bake or
// allocate without end. Each is an option of every conversion (`-O max_baked_frames=200000`). The sizes of
// files read on an input's behalf are checked before they are read (the rule of gamefmt/core/file_io.hpp): a
// texture over max_texture_bytes is a warning, another file over max_file_bytes is not used (a warning, or an
// error when the conversion needs it).

struct Limits {
  std::uint64_t max_path_samples = 1'000'000;  // samples of one X-Ray SDK camera/object path (.anm)
  std::uint64_t max_baked_frames = 100'000;    // frames of one baked animation (SDK motions, envelopes)
  std::uint64_t max_baked_poses = std::uint64_t{1} << 23;  // frames x bones of one baked animation
  std::uint64_t max_detail_instances = 4u << 20;           // placed detail meshes of one level.details
  std::uint64_t max_texture_pixels = 16384ull * 16384ull;  // pixels of one decoded texture
  std::uint64_t max_texture_bytes = 512ull << 20;          // bytes of one texture file
  std::uint64_t max_file_bytes = 1ull
                                 << 30;  // bytes of one other file found for an input (companion, motion)

  // The options above, for listings and name checks.
  static const std::vector<const OptionSpec*>& option_specs();
  // The defaults, with every limit option given in `options` applied. Throws FormatError for a bad value.
  static Limits from_options(const Options& options, std::string_view file);
};

}  // namespace gamefmt
