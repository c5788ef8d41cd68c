// Carrying a conversion plan out (gamefmt/conversion.hpp): each input read once, one writer, outputs written
// whole.
#include "gamefmt/conversion.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "conversion_plan.hpp"
#include "disk_file_source.hpp"
#include "gamefmt/adapters/common_options.hpp"
#include "gamefmt/adapters/compact_way_back.hpp"
#include "gamefmt/adapters/format_messages.hpp"
#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/assimp/assimp.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/scene/scene_summary.hpp"

namespace gamefmt {
namespace fs = std::filesystem;

namespace {

// The inputs, read once: the files the user named are read wherever they lie (they must still be regular
// files, read_file_bytes); files found beside them come through `files`.
ImportRequest read_inputs(const std::vector<fs::path>& inputs, const Options& options,
                          const FileSource& files) {
  ImportRequest request;
  request.primary = {inputs.front().string(), read_file_bytes(inputs.front())};
  for (std::size_t i = 1; i < inputs.size(); ++i)
    request.companions.push_back({inputs[i].string(), read_file_bytes(inputs[i])});
  request.files = &files;
  request.options = options;
  request.limits = Limits::from_options(options, request.primary.path);
  return request;
}

ExportRequest export_request(const fs::path& output, const Options& options) {
  return {options, Limits::from_options(options, output.string()), output.string()};
}

// The bytes moved into the list (an initializer list would copy them: a character's .glb is megabytes).
std::vector<OutputFile> single_file(const fs::path& path, std::vector<std::byte> bytes) {
  std::vector<OutputFile> files;
  files.push_back({path, std::move(bytes)});
  return files;
}

// Writes each file whole or not at all, making the folders it goes into.
void write_outputs(const std::vector<OutputFile>& files) {
  for (const auto& file : files) {
    if (file.path.has_parent_path()) {
      std::error_code error;
      fs::create_directories(file.path.parent_path(), error);
      if (error)
        throw FormatError(file.path.string(), std::nullopt, "",
                          "cannot make its folder (" + error.message() + ")", ErrorKind::io);
    }
    write_file_atomically(file.path, file.bytes);
  }
}

// A conversion one of the two formats does itself, without a scene, or nothing.
std::optional<std::vector<std::byte>> convert_directly(const ConversionPlan& plan,
                                                       const ImportRequest& request) {
  const FormatHandler& out = *plan.output_formats.front();
  const auto output = export_request(plan.output, plan.options);
  if (plan.input_format != nullptr)
    if (auto bytes = plan.input_format->convert_to(request, out, output)) return bytes;
  return out.convert_from(request, plan.input_format, output);
}

// The scene of the planned input; `request` is the inputs already read, when they were.
scene::Scene read_scene(const ConversionPlan& plan, const ImportRequest* request) {
  const fs::path& primary = plan.inputs.front();
  if (plan.input_kind == InputKind::game_format) {
    if (request != nullptr) return plan.input_format->import_file(*request);
    DiskFileSource disk(Limits::from_options(plan.options, primary.string()));
    return plan.input_format->import_file(read_inputs(plan.inputs, plan.options, disk));
  }
  if (plan.inputs.size() > 1)
    throw FormatError(plan.inputs[1].string(), std::nullopt, "",
                      "companion files only go with a game format input");
  switch (plan.input_kind) {
    case InputKind::gltf:
      return gltf::read_gltf(request != nullptr ? request->primary.bytes : read_file_bytes(primary),
                             primary.string());
    case InputKind::assimp:
      return assimp::read_with_assimp(primary,
                                      Limits::from_options(plan.options, primary.string()).max_file_bytes);
    default: {
      const std::string extension = extension_of(primary);
      throw FormatError(primary.string(), std::nullopt, "",
                        extension.empty()
                            ? "not a format gamefmt knows by its content, and it has no extension"
                            : "no format reads '." + extension + "' files (see `gamefmt formats`)",
                        ErrorKind::unsupported_version);
    }
  }
}

gltf::WriteOptions gltf_write_options(const fs::path& output) {
  gltf::WriteOptions write;
  write.binary = extension_of(output) == "glb";
  write.generator = std::string("gamefmt ") + GAMEFMT_VERSION;
  return write;
}

std::vector<OutputFile> write_scene(const scene::Scene& scene, const ConversionPlan& plan,
                                    std::vector<std::string>* warnings) {
  const fs::path& output = plan.output;
  switch (plan.output_kind) {
    case OutputKind::gltf: {
      const gltf::WriteOptions write = gltf_write_options(output);
      if (write.binary) return single_file(output, gltf::write_gltf(scene, write, output.string()));
      auto written = gltf::write_gltf_with_image_files(scene, write, output.string());
      auto files = single_file(output, std::move(written.document));
      for (auto& image : written.images)
        files.push_back({output.parent_path() / image.name, std::move(image.bytes)});
      return files;
    }
    case OutputKind::game_format: {
      const auto& formats = plan.output_formats;
      auto writer = std::find_if(formats.begin(), formats.end(), [&](const auto* format) {
        return writes_scenes(format) && format->takes_scene(scene);
      });
      if (writer == formats.end()) writer = std::find_if(formats.begin(), formats.end(), writes_scenes);
      if (writer == formats.end())
        throw FormatError(output.string(), std::nullopt, "",
                          not_written_problem(formats.front()->description(), "a scene"),
                          ErrorKind::cannot_write);
      auto request = export_request(output, plan.options);
      request.warnings = warnings;
      return single_file(output, (*writer)->export_file(scene, request));
    }
    case OutputKind::assimp:
      return assimp::write_with_assimp(scene, output, plan.assimp_exporter);
  }
  return {};
}

}  // namespace

std::vector<std::string> convert(const ConversionPlan& plan) {
  if (plan.rewrites()) {
    const fs::path& input = plan.inputs.front();
    write_outputs(
        single_file(plan.output, plan.input_format->rewrite(read_file_bytes(input), input.string())));
    return {};
  }
  std::optional<ImportRequest> request;
  DiskFileSource disk(Limits::from_options(plan.options, plan.inputs.front().string()));
  if (plan.output_kind == OutputKind::game_format) {
    request = read_inputs(plan.inputs, plan.options, disk);
    if (auto bytes = convert_directly(plan, *request)) {
      write_outputs(single_file(plan.output, std::move(*bytes)));
      return disk.refusals();
    }
    // Refused before the input is imported: nothing in it would change the answer.
    const auto& first = plan.output_formats.front()->description();
    if (std::none_of(plan.output_formats.begin(), plan.output_formats.end(), writes_scenes)) {
      const std::string extension = extension_of(plan.inputs.front());
      throw UsageError(plan.output.string() + ": " +
                       not_written_problem(first, extension.empty() ? "this input" : "a ." + extension));
    }
  }
  // A game file going to glTF keeps its way back compact (-O way_back=compact, the default): the import
  // builds no records, and the files it read are patched (their bytes are read here, the primary's first).
  // Where no patch can be made (the format cannot write the scene read back), it is imported again with its
  // records.
  const bool compact = plan.input_kind == InputKind::game_format && plan.output_kind == OutputKind::gltf &&
                       way_back_option(plan.options, plan.inputs.front().string()) == WayBackRecords::compact;
  if (compact) {
    request = read_inputs(plan.inputs, plan.options, disk);
    request->way_back_patched = true;
  }
  auto scene = read_scene(plan, request ? &*request : nullptr);
  // The glTF document of the scene without its records is built once: read back for the patches, then
  // written with them.
  std::optional<gltf::BuiltGltf> built;
  if (compact && !compact_way_back(scene, *plan.input_format, *request, [&](const scene::Scene& plain) {
        built.emplace(plain, gltf_write_options(plan.output), plan.output.string());
        return built->read_back();
      })) {
    built.reset();
    request->way_back_patched = false;
    scene = read_scene(plan, &*request);
  }
  auto warnings = scene.warnings;
  if (built && gltf_write_options(plan.output).binary)
    write_outputs(single_file(plan.output, std::move(*built).write(scene)));
  else
    write_outputs(write_scene(scene, plan, &warnings));
  return warnings;
}

std::vector<std::string> convert_files(const std::vector<fs::path>& inputs, const fs::path& output,
                                       const Options& options) {
  return convert(plan_conversion(inputs, output, options));
}

scene::Scene load_scene(const std::vector<fs::path>& inputs, const Options& options) {
  if (inputs.empty()) throw FormatError("", std::nullopt, "", "no input file given");
  require_input_file(inputs.front(),
                     "give a file (a folder converts in batch mode: `gamefmt convert FOLDER -o OUTFOLDER`)");
  return read_scene(plan_reading(inputs, options), nullptr);
}

std::vector<OutputFile> save_scene(const scene::Scene& scene, const fs::path& output, const Options& options,
                                   std::vector<std::string>* warnings) {
  ConversionPlan plan;
  plan.output = output;
  plan.options = options;
  plan_output(output, nullptr, plan);
  return write_scene(scene, plan, warnings);
}

nlohmann::json file_info(const fs::path& file, const Options& options) {
  require_input_file(file, "info describes one file");
  const auto plan = plan_reading({file}, options);
  nlohmann::json result;
  if (plan.input_format != nullptr) {
    DiskFileSource disk(Limits::from_options(options, file.string()));
    result = plan.input_format->info(read_inputs({file}, options, disk));
    if (const auto refused = disk.refusals(); !refused.empty()) result["refused"] = refused;
  } else {
    result = {{"format", extension_of(file)}, {"scene", scene::scene_summary(read_scene(plan, nullptr))}};
  }
  result["file"] = file.string();
  return result;
}

}  // namespace gamefmt
