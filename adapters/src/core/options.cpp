#include "gamefmt/adapters/options.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "gamefmt/core/format_error.hpp"

namespace gamefmt {
namespace {

[[noreturn]] void fail(std::string_view file, const OptionSpec& spec, std::string problem) {
  throw FormatError(std::string(file), std::nullopt, "option " + spec.name, std::move(problem));
}

std::string joined_choices(const std::vector<std::string>& choices) {
  std::string list;
  for (std::size_t i = 0; i < choices.size(); ++i)
    list += (i == 0 ? "" : i + 1 == choices.size() ? " or " : ", ") + choices[i];
  return list;
}

// Edit distance (insertions, deletions, substitutions, adjacent swaps): how far a typo is from a name.
std::size_t distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      d[i][j] =
          std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

}  // namespace

namespace option_detail {
void fail_choice(std::string_view text, const OptionSpec& spec, std::string_view file) {
  fail(file, spec, "unknown value '" + std::string(text) + "' (" + joined_choices(spec.choices) + ")");
}
}  // namespace option_detail

Option<std::string> text_option(std::string name, std::string description, std::string default_value) {
  return Option<std::string>(
      {std::move(name), std::move(description), {}, std::move(default_value), OptionKind::text, {}},
      [](std::string_view text, const OptionSpec&, std::string_view) { return std::string(text); });
}

Option<long long> integer_option(std::string name, std::string description, long long default_value,
                                 long long min, long long max) {
  OptionSpec spec{
      std::move(name), std::move(description), {}, std::to_string(default_value), OptionKind::integer, {}};
  return Option<long long>(
      std::move(spec), [min, max](std::string_view text, const OptionSpec& s, std::string_view file) {
        const std::string copy(text);
        char* end = nullptr;
        errno = 0;
        const long long value = std::strtoll(copy.c_str(), &end, 10);
        if (copy.empty() || end != copy.c_str() + copy.size() || errno == ERANGE)
          fail(file, s, "'" + copy + "' is not a whole number");
        if (value < min || value > max)
          fail(file, s,
               std::to_string(value) + " is outside " + std::to_string(min) + " to " + std::to_string(max));
        return value;
      });
}

Option<double> number_option(std::string name, std::string description, double default_value, double min,
                             double max) {
  std::string shown = std::to_string(default_value);
  shown.erase(shown.find_last_not_of('0') + 1);
  if (!shown.empty() && shown.back() == '.') shown.pop_back();
  OptionSpec spec{std::move(name), std::move(description), {}, shown, OptionKind::number, {}};
  return Option<double>(
      std::move(spec), [min, max](std::string_view text, const OptionSpec& s, std::string_view file) {
        const std::string copy(text);
        char* end = nullptr;
        const double value = std::strtod(copy.c_str(), &end);
        if (copy.empty() || end != copy.c_str() + copy.size() || !std::isfinite(value))
          fail(file, s, "'" + copy + "' is not a number");
        if (value < min || value > max)
          fail(file, s, copy + " is outside " + std::to_string(min) + " to " + std::to_string(max));
        return value;
      });
}

Option<std::optional<double>> automatic_number_option(std::string name, std::string description, double min,
                                                      double max) {
  const auto number = number_option(name, description, 0, min, max);
  OptionSpec spec = number.spec();
  spec.default_value = "auto";
  return Option<std::optional<double>>(
      std::move(spec),
      [number](std::string_view text, const OptionSpec&, std::string_view file) -> std::optional<double> {
        if (text == "auto") return std::nullopt;
        return number.get({{number.spec().name, std::string(text)}}, file);
      });
}

Option<bool> boolean_option(std::string name, std::string description, bool default_value) {
  OptionSpec spec{std::move(name),           std::move(description), {"1", "0"},
                  default_value ? "1" : "0", OptionKind::boolean,    {}};
  return Option<bool>(std::move(spec), [](std::string_view text, const OptionSpec& s, std::string_view file) {
    if (text == "1" || text == "true" || text == "yes" || text == "on") return true;
    if (text == "0" || text == "false" || text == "no" || text == "off") return false;
    fail(file, s, "'" + std::string(text) + "' is not 1 or 0 (true/false, yes/no, on/off)");
  });
}

void check_option_names(const Options& given, const std::vector<const OptionSpec*>& known,
                        std::string_view file) {
  for (const auto& entry : given) {
    const std::string& name = entry.first;
    const std::string& value = entry.second;
    const auto declared =
        std::find_if(known.begin(), known.end(), [&](const OptionSpec* spec) { return spec->name == name; });
    if (declared != known.end()) {
      const OptionSpec& spec = **declared;
      if (spec.check)
        spec.check(value, file);
      else if (!spec.choices.empty() &&
               std::find(spec.choices.begin(), spec.choices.end(), value) == spec.choices.end())
        option_detail::fail_choice(value, spec, file);
      continue;
    }
    std::vector<std::string> names;
    for (const OptionSpec* spec : known)
      if (std::find(names.begin(), names.end(), spec->name) == names.end()) names.push_back(spec->name);
    std::sort(names.begin(), names.end());
    std::string list;
    for (const auto& known_name : names) list += (list.empty() ? "" : ", ") + known_name;
    // The nearest name, when it is a likely typo (at most a third of its letters differ).
    const auto nearest = std::min_element(names.begin(), names.end(), [&](const auto& a, const auto& b) {
      return distance(name, a) < distance(name, b);
    });
    const std::string suggestion = nearest != names.end() && distance(name, *nearest) * 3 <= nearest->size()
                                       ? "; did you mean " + *nearest + "?"
                                       : "";
    throw FormatError(std::string(file), std::nullopt, "option " + name,
                      names.empty()
                          ? "unknown option: this conversion takes no options"
                          : "unknown option" + suggestion + " (this conversion knows: " + list + ")");
  }
}

}  // namespace gamefmt
