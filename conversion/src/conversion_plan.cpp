// Planning a conversion: the input and output rules of gamefmt/conversion.hpp, each applied once.
#include "conversion_plan.hpp"

#include <algorithm>

#include "gamefmt/adapters/common_options.hpp"
#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/assimp/assimp.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/core/text_encoding.hpp"
#include "gamefmt/gltf/gltf.hpp"

namespace gamefmt {
namespace fs = std::filesystem;

namespace {

constexpr std::size_t kHeadBytes = 65536;

bool assimp_reads(const std::string& extension) {
  const auto extensions = assimp::import_extensions();
  return !extension.empty() && std::find(extensions.begin(), extensions.end(), extension) != extensions.end();
}

}  // namespace

std::string extension_of(const fs::path& path) {
  const std::string extension = lower_case_extension(path.string());
  return extension.empty() ? extension : extension.substr(1);
}

bool is_gltf_extension(const std::string& extension) {
  return extension == "glb" || extension == "gltf";
}

std::vector<const OptionSpec*> conversion_option_specs() {
  return common_option_specs();
}

InputPlan plan_input(const fs::path& path) {
  const auto named = handlers_for_name(path);
  if (named.size() == 1) return {InputKind::game_format, named.front()};
  const std::string extension = extension_of(path);
  if (named.empty() && is_gltf_extension(extension)) return {InputKind::gltf, nullptr};
  const auto head = read_file_head(path, kHeadBytes);
  if (const auto* format = find_handler(path, head)) return {InputKind::game_format, format};
  if (is_gltf_extension(extension) || gltf::looks_like_gltf(head)) return {InputKind::gltf, nullptr};
  if (assimp_reads(extension)) return {InputKind::assimp, nullptr};
  return {InputKind::unknown, nullptr};
}

void plan_output(const fs::path& output, const FormatHandler* input, ConversionPlan& plan) {
  const std::string extension = extension_of(output);
  if (extension.empty() && handlers_for_name(output).empty())  // a format known by its file name: `level`
    throw UsageError(output.string() +
                     ": the output has no extension; name it .glb, .gltf or a game format's "
                     "extension or file name (see `gamefmt formats`)");
  if (is_gltf_extension(extension)) {
    plan.output_kind = OutputKind::gltf;
    return;
  }
  if (auto named = handlers_for_name(output); !named.empty()) {
    // The input's own format, then those that write scenes, then the others; stable keeps registry order.
    const auto rank = [&](const FormatHandler* format) {
      return format == input ? 0 : writes_scenes(format) ? 1 : 2;
    };
    std::stable_sort(named.begin(), named.end(), [&](auto* a, auto* b) { return rank(a) < rank(b); });
    plan.output_kind = OutputKind::game_format;
    plan.output_formats = std::move(named);
    return;
  }
  plan.assimp_exporter = assimp::exporter_id(extension);
  if (plan.assimp_exporter.empty())
    throw UsageError(output.string() + ": no format writes '." + extension +
                     "' files (see `gamefmt formats`)");
  plan.output_kind = OutputKind::assimp;
}

void check_option_names(const Options& options, const std::vector<const FormatHandler*>& inputs,
                        const std::vector<const FormatHandler*>& outputs) {
  std::vector<const OptionSpec*> known;
  for (const auto* input : inputs)
    if (input != nullptr)
      for (const auto& spec : input->description().import_options) known.push_back(&spec);
  for (const auto* output : outputs)
    for (const auto& spec : output->description().export_options) known.push_back(&spec);
  for (const auto* spec : conversion_option_specs()) known.push_back(spec);
  try {
    gamefmt::check_option_names(options, known, "");
  } catch (const FormatError& e) {
    throw UsageError(e.field() + ": " + e.problem());  // no file: the request is wrong, not a file
  }
}

void require_input_file(const fs::path& path, const std::string& folder_advice) {
  std::error_code error;
  if (!fs::exists(path, error)) throw FormatError(path.string(), std::nullopt, "", "no such file");
  if (fs::is_directory(path, error)) throw UsageError(path.string() + ": is a folder; " + folder_advice);
}

bool writes_scenes(const FormatHandler* format) {
  return format->description().can_export;
}

ConversionPlan plan_reading(const std::vector<fs::path>& inputs, const Options& options) {
  ConversionPlan plan;
  plan.inputs = inputs;
  plan.options = options;
  const auto input = plan_input(inputs.front());
  plan.input_kind = input.kind;
  plan.input_format = input.format;
  return plan;
}

const FormatHandler* handler_for_file(const fs::path& path) {
  return plan_input(path).format;
}

bool ConversionPlan::rewrites() const {
  return input_kind == InputKind::game_format && output_kind == OutputKind::game_format &&
         inputs.size() == 1 && output_formats.front() == input_format &&
         input_format->description().can_rewrite;
}

ConversionPlan plan_conversion(const std::vector<fs::path>& inputs, const fs::path& output,
                               const Options& options) {
  if (inputs.empty()) throw FormatError("", std::nullopt, "", "no input file given");
  require_input_file(inputs.front(), "a folder converts in batch mode, on its own");
  auto plan = plan_reading(inputs, options);
  plan.output = output;
  plan_output(output, plan.input_format, plan);
  check_option_names(options, {plan.input_format}, plan.output_formats);
  return plan;
}

}  // namespace gamefmt
