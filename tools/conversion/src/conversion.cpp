#include "gamefmt/conversion.hpp"

#include <assimp/postprocess.h>

#include <algorithm>
#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <cctype>
#include <mutex>
#include <sstream>

#include "ai_scene_conversion.hpp"
#include "contained_io_system.hpp"
#include "gamefmt/adapters/common_options.hpp"
#include "gamefmt/adapters/format_messages.hpp"
#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/assimp/register.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/gltf/gltf_reader.hpp"
#include "gamefmt/gltf/gltf_writer.hpp"
#include "metadata_json.hpp"

namespace gamefmt {
namespace fs = std::filesystem;
namespace {

// Files on disk, under the rule of gamefmt/core/file_io.hpp (format_handler.hpp, FileSource).
class DiskFileSource final : public FileSource {
 public:
  explicit DiskFileSource(const Limits& limits) : limit_{limits.max_file_bytes, "max_file_bytes"} {}

  std::optional<std::vector<std::byte>> read(const std::string& path) const override {
    std::error_code error;
    if (!fs::exists(path, error)) return std::nullopt;  // also a link to nothing
    try {
      return read_contained_file(fs::path(path).parent_path(), path, limit_, "the input's folder");
    } catch (const FormatError& e) {
      std::lock_guard lock(mutex_);
      const std::string refusal = std::string(e.what()) + ": not read";
      if (refused_.size() < kMostRefusals &&
          std::find(refused_.begin(), refused_.end(), refusal) == refused_.end())
        refused_.push_back(refusal);
      return std::nullopt;
    }
  }
  std::optional<std::vector<std::byte>> read_named(const std::string& path) const override {
    std::error_code error;
    if (!fs::exists(path, error)) return std::nullopt;
    return read_file_bytes(path);  // the user's choice: anywhere, but a regular file
  }
  std::vector<std::string> list(const std::string& folder) const override {
    std::vector<std::string> files;
    std::error_code error;
    for (fs::directory_iterator it(folder.empty() ? fs::path(".") : fs::path(folder), error), end;
         !error && it != end; it.increment(error)) {
      std::error_code type_error;
      if (!it->is_directory(type_error))  // FIFOs and links out too: read() refuses them, saying why
        files.push_back((fs::path(folder) / it->path().filename()).string());
    }
    std::sort(files.begin(), files.end());
    return files;
  }
  std::vector<std::string> refusals() const override {
    std::lock_guard lock(mutex_);
    return refused_;
  }

 private:
  static constexpr std::size_t kMostRefusals = 100;
  SizeLimit limit_;
  mutable std::mutex mutex_;
  mutable std::vector<std::string> refused_;
};

std::vector<std::byte> head_of(const fs::path& path) {
  return read_file_head(path, 65536);
}

// Assimp's importers open what the file names (an OBJ's .mtl) through ContainedIOSystem: under the rule of
// gamefmt/core/file_io.hpp, what they may not open is a warning.
scene::Scene load_with_assimp(const fs::path& path, const Options& options) {
  Assimp::Importer importer;
  assimp::register_importers(importer);
  auto* files =
      new assimp::ContainedIOSystem(path, Limits::from_options(options, path.string()).max_file_bytes);
  importer.SetIOHandler(files);  // the importer owns it
  const aiScene* scene =
      importer.ReadFile(path.string(), aiProcess_Triangulate | aiProcess_ValidateDataStructure);
  if (scene == nullptr)
    throw FormatError(path.string(), std::nullopt, "",
                      std::string("Assimp cannot read it: ") + importer.GetErrorString());
  auto out = assimp::from_ai_scene(*scene, path.string());
  for (const auto& refusal : files->refusals()) out.warnings.push_back(refusal);
  return out;
}

std::vector<OutputFile> export_with_assimp(const scene::Scene& source, const fs::path& output,
                                           const std::string& id) {
  const auto scene = assimp::to_ai_scene(source, assimp::MetadataLayout::flat);
  // Assimp writes through its IOSystem, possibly several files: let it write into a private folder beside the
  // target, then hand the files back as bytes so the caller can place them atomically.
  const fs::path folder = output.has_parent_path() ? output.parent_path() : fs::path(".");
  std::string pattern = (folder / ".gamefmt-export-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr)
    throw FormatError(output.string(), std::nullopt, "", "cannot create a temporary folder beside it");
  const fs::path temp(pattern);
  struct Cleanup {
    fs::path dir;
    ~Cleanup() {
      std::error_code ignored;
      fs::remove_all(dir, ignored);
    }
  } cleanup{temp};
  Assimp::Exporter exporter;
  if (exporter.Export(scene.get(), id, (temp / output.filename()).string()) != aiReturn_SUCCESS)
    throw FormatError(output.string(), std::nullopt, "",
                      std::string("Assimp cannot write it: ") + exporter.GetErrorString());
  std::vector<OutputFile> files;
  for (const auto& entry : fs::directory_iterator(temp))
    files.push_back({folder / entry.path().filename(), read_file_bytes(entry.path())});
  return files;
}

}  // namespace

namespace {

// The files the user named are read wherever they lie (they must still be regular files, read_file_bytes).
ImportRequest make_request(const std::vector<fs::path>& inputs, const Options& options,
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

ExportRequest make_export_request(const fs::path& output, const Options& options) {
  return {options, Limits::from_options(options, output.string()), output.string()};
}

// The handler that writes `output`: when formats share its extension (Overgrowth and X-Ray `.anm`), the
// input's own handler if it is one of them, else the first that can write.
const FormatHandler* output_handler(const fs::path& output, const FormatHandler* input) {
  const auto named = handlers_for_name(output);
  if (named.empty()) return nullptr;
  if (std::find(named.begin(), named.end(), input) != named.end()) return input;
  for (const auto* handler : named)
    if (handler->description().can_export) return handler;
  return named.front();
}

// A conversion one of the two formats does itself, without an aiScene, or nothing.
// Files found for the input but refused (FileSource::refusals) go to `warnings`.
std::optional<std::vector<std::byte>> convert_directly(const std::vector<fs::path>& inputs,
                                                       const fs::path& output, const Options& options,
                                                       std::vector<std::string>& warnings) {
  const auto* in = handler_for_file(inputs.front());
  const auto* out = output_handler(output, in);
  if (out == nullptr) return std::nullopt;  // each way below needs a game format as the output
  DiskFileSource disk(Limits::from_options(options, inputs.front().string()));
  const auto request = make_request(inputs, options, disk);
  if (in != nullptr && in == out && inputs.size() == 1 && in->description().can_rewrite)
    return in->rewrite(request.primary.bytes, request.primary.path);
  const auto export_request = make_export_request(output, options);
  if (in != nullptr && out != nullptr)
    if (auto bytes = in->convert_to(request, *out, export_request)) {
      warnings = disk.refusals();
      return bytes;
    }
  if (out != nullptr)
    if (auto bytes = out->convert_from(request, in, export_request)) {
      warnings = disk.refusals();
      return bytes;
    }
  return std::nullopt;
}

}  // namespace

std::unique_ptr<FileSource> disk_file_source(const Limits& limits) {
  return std::make_unique<DiskFileSource>(limits);
}

std::string extension_of(const fs::path& path) {
  std::string ext = path.extension().string();
  if (!ext.empty()) ext.erase(0, 1);
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  return ext;
}

bool is_gltf_extension(const std::string& extension) {
  return extension == "glb" || extension == "gltf";
}

std::string assimp_export_id(const std::string& extension) {
  Assimp::Exporter exporter;
  // Prefer the binary flavour where Assimp has two ids for one extension (stl/stlb, ply/plyb share
  // extensions).
  std::string found;
  for (std::size_t i = 0; i < exporter.GetExportFormatCount(); ++i) {
    const aiExportFormatDesc* d = exporter.GetExportFormatDescription(i);
    if (extension == d->fileExtension && found.empty()) found = d->id;
  }
  return found;
}

std::vector<std::string> assimp_import_extensions() {
  Assimp::Importer importer;
  std::string list;
  importer.GetExtensionList(list);  // "*.3ds;*.obj;..."
  std::vector<std::string> out;
  std::stringstream in(list);
  for (std::string item; std::getline(in, item, ';');)
    if (item.rfind("*.", 0) == 0) out.push_back(item.substr(2));
  return out;
}

std::vector<std::string> assimp_export_extensions() {
  Assimp::Exporter exporter;
  std::vector<std::string> out;
  for (std::size_t i = 0; i < exporter.GetExportFormatCount(); ++i) {
    std::string ext = exporter.GetExportFormatDescription(i)->fileExtension;
    if (std::find(out.begin(), out.end(), ext) == out.end()) out.push_back(ext);
  }
  return out;
}

std::vector<const OptionSpec*> conversion_option_specs() {
  return common_option_specs();
}

void check_option_names(const Options& options, const std::vector<const FormatHandler*>& inputs,
                        const FormatHandler* output) {
  std::vector<const OptionSpec*> known;
  for (const auto* input : inputs)
    if (input != nullptr)
      for (const auto& spec : input->description().import_options) known.push_back(&spec);
  if (output != nullptr)
    for (const auto& spec : output->description().export_options) known.push_back(&spec);
  for (const auto* spec : conversion_option_specs()) known.push_back(spec);
  try {
    gamefmt::check_option_names(options, known, "");
  } catch (const FormatError& e) {
    throw UsageError(e.field() + ": " + e.problem());  // no file: the request is wrong, not a file
  }
}

const FormatHandler* output_format(const fs::path& output) {
  const std::string ext = extension_of(output);
  if (ext.empty())
    throw UsageError(output.string() +
                     ": the output has no extension; name it .glb, .gltf or a game format's "
                     "extension (see `gamefmt formats`)");
  if (is_gltf_extension(ext)) return nullptr;
  if (const auto named = handlers_for_name(output); !named.empty()) {
    for (const auto* handler : named)
      if (handler->description().can_export) return handler;
    return named.front();  // it may still convert from one format directly (.vxl -> .vox)
  }
  if (assimp_export_id(ext).empty())
    throw UsageError(output.string() + ": no format writes '." + ext + "' files (see `gamefmt formats`)");
  return nullptr;
}

const FormatHandler* handler_for_file(const fs::path& path) {
  const auto named = handlers_for_name(path);
  if (named.size() == 1) return named.front();
  if (named.empty() && is_gltf_extension(extension_of(path))) return nullptr;
  return find_handler(path, head_of(path));
}

scene::Scene load_scene(const std::vector<fs::path>& inputs, const Options& options) {
  if (inputs.empty()) throw FormatError("", std::nullopt, "", "no input file given");
  const fs::path& primary = inputs.front();
  std::error_code error;
  if (!fs::exists(primary, error)) throw FormatError(primary.string(), std::nullopt, "", "no such file");
  if (const auto* handler = handler_for_file(primary)) {
    DiskFileSource disk(Limits::from_options(options, primary.string()));
    return handler->import_file(make_request(inputs, options, disk));
  }
  if (inputs.size() > 1)
    throw FormatError(inputs[1].string(), std::nullopt, "",
                      "companion files only go with a game format input");
  if (fs::is_directory(primary, error))
    throw UsageError(primary.string() +
                     ": is a folder; give a file (a folder converts in batch mode: "
                     "`gamefmt convert FOLDER -o OUTFOLDER`)");
  const auto bytes_head = head_of(primary);
  if (is_gltf_extension(extension_of(primary)) || gltf::looks_like_gltf(bytes_head))
    return gltf::read_gltf(read_file_bytes(primary), primary.string());
  const auto assimp_extensions = assimp_import_extensions();
  if (std::find(assimp_extensions.begin(), assimp_extensions.end(), extension_of(primary)) ==
      assimp_extensions.end())
    throw FormatError(primary.string(), std::nullopt, "",
                      extension_of(primary).empty()
                          ? "not a format gamefmt knows by its content, and it has no extension"
                          : "no format reads '." + extension_of(primary) + "' files (see `gamefmt formats`)",
                      ErrorKind::unsupported_version);
  return load_with_assimp(primary, options);
}

namespace {

// The bytes moved into the list (an initializer list would copy them: a character's .glb is megabytes).
std::vector<OutputFile> single_file(const fs::path& path, std::vector<std::byte> bytes) {
  std::vector<OutputFile> files;
  files.push_back({path, std::move(bytes)});
  return files;
}

// Writes each file whole or not at all, making the folders it goes into (as a batch does).
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

}  // namespace

std::vector<OutputFile> save_scene(const scene::Scene& scene, const fs::path& output, const Options& options,
                                   std::vector<std::string>* warnings) {
  const std::string ext = extension_of(output);
  if (is_gltf_extension(ext)) {
    gltf::WriteOptions write;
    write.binary = ext == "glb";
    write.generator = std::string("gamefmt ") + GAMEFMT_VERSION;
    if (write.binary) return single_file(output, gltf::write_gltf(scene, write, output.string()));
    auto written = gltf::write_gltf_with_image_files(scene, write, output.string());
    auto files = single_file(output, std::move(written.document));
    for (auto& image : written.images)
      files.push_back({output.parent_path() / image.name, std::move(image.bytes)});
    return files;
  }
  if (const auto named = handlers_for_name(output); !named.empty()) {
    std::vector<const FormatHandler*> writers;
    for (const auto* handler : named)
      if (handler->description().can_export) writers.push_back(handler);
    if (writers.empty())
      throw FormatError(output.string(), std::nullopt, "",
                        not_written_problem(named.front()->description(), "a scene"),
                        ErrorKind::cannot_write);
    // Formats sharing the extension (Overgrowth and X-Ray `.anm`): the first that takes this scene writes it.
    const auto taker =
        std::find_if(writers.begin(), writers.end(), [&](const auto* h) { return h->takes_scene(scene); });
    const auto* writer = taker != writers.end() ? *taker : writers.front();
    auto request = make_export_request(output, options);
    request.warnings = warnings;
    return single_file(output, writer->export_file(scene, request));
  }
  const std::string id = assimp_export_id(ext);
  if (id.empty())
    throw FormatError(output.string(), std::nullopt, "",
                      "no format writes '." + ext + "' files (see `gamefmt formats`)");
  return export_with_assimp(scene, output, id);
}

std::vector<std::string> convert_files(const std::vector<fs::path>& inputs, const fs::path& output,
                                       const Options& options) {
  if (inputs.empty()) throw FormatError("", std::nullopt, "", "no input file given");
  std::error_code error;
  if (!fs::exists(inputs.front(), error))
    throw FormatError(inputs.front().string(), std::nullopt, "", "no such file");
  if (fs::is_directory(inputs.front(), error))
    throw UsageError(inputs.front().string() + ": is a folder; a folder converts in batch mode, on its own");
  const auto* target = output_format(output);
  check_option_names(options, {handler_for_file(inputs.front())}, target);
  std::vector<std::string> direct_warnings;
  if (auto bytes = convert_directly(inputs, output, options, direct_warnings)) {
    write_outputs(single_file(output, std::move(*bytes)));
    return direct_warnings;
  }
  // Refused before the input is read: nothing in it would change the answer.
  if (target != nullptr && !target->description().can_export)
    throw UsageError(output.string() + ": " +
                     not_written_problem(target->description(), extension_of(inputs.front()).empty()
                                                                    ? "this input"
                                                                    : "a ." + extension_of(inputs.front())));
  const auto scene = load_scene(inputs, options);
  auto warnings = scene.warnings;
  const auto files = save_scene(scene, output, options, &warnings);
  write_outputs(files);
  return warnings;
}

}  // namespace gamefmt
