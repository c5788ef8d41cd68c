#include <assimp/BaseImporter.h>
#include <assimp/Exceptional.h>
#include <assimp/importerdesc.h>
#include <assimp/postprocess.h>

#include <algorithm>
#include <assimp/DefaultLogger.hpp>
#include <assimp/Exporter.hpp>
#include <assimp/IOStream.hpp>
#include <assimp/IOSystem.hpp>
#include <assimp/Importer.hpp>
#include <filesystem>
#include <sstream>

#include "ai_scene_building.hpp"
#include "ai_scene_conversion.hpp"
#include "contained_io_system.hpp"
#include "gamefmt/adapters/common_options.hpp"
#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/assimp/assimp.hpp"
#include "gamefmt/core/format_error.hpp"

// Debian's libassimp is built with hidden visibility and does not export this constructor, so constructing a
// DeadlyImportError/DeadlyExportError would not link. Defining it here is harmless where Assimp does export
// it.
DeadlyErrorBase::DeadlyErrorBase(Assimp::Formatter::format f) : std::runtime_error(std::string(f)) {}

namespace gamefmt::assimp {
namespace {

// The options of a request made through Assimp: "gamefmt.<name>" for every option `specs` and the common ones
// declare (read with `get`), then the "name=value" lines of "gamefmt.options", of which names nothing
// declares are left out with a warning in Assimp's log.
template <class Get>
Options options_from_properties(const std::vector<OptionSpec>& specs, Get&& get, std::string_view file) {
  std::vector<const OptionSpec*> known;
  for (const auto& spec : specs) known.push_back(&spec);
  for (const OptionSpec* spec : common_option_specs()) known.push_back(spec);
  Options options;
  for (const OptionSpec* spec : known) {
    const std::string value = get(("gamefmt." + spec->name).c_str());
    if (!value.empty()) options[spec->name] = value;
  }
  std::istringstream lines(get(kOptionsProperty));
  for (std::string line; std::getline(lines, line);) {
    const auto equals = line.find('=');
    if (line.empty() || equals == std::string::npos) continue;
    Options one{{line.substr(0, equals), line.substr(equals + 1)}};
    try {
      check_option_names(one, known, file);
      options.insert_or_assign(one.begin()->first, one.begin()->second);
    } catch (const FormatError& e) {
      Assimp::DefaultLogger::get()->warn(e.what());
    }
  }
  return options;
}

// A file through the program's IOSystem, under the rule of gamefmt/core/file_io.hpp as far as it can be
// checked: a path that names a file on disk is held to it (disk_rule_problem; `beside` for a file found for
// the input, which must lie in the input's folder), and every file's size is checked through the IOSystem
// before it is read. Nothing when it is not there; throws FormatError naming the file for a refusal.
std::optional<std::vector<std::byte>> read_through(Assimp::IOSystem& io, const std::string& path, bool beside,
                                                   std::uint64_t max_bytes) {
  if (const auto refusal =
          disk_rule_problem(path, beside, std::filesystem::path(path).parent_path(), max_bytes))
    throw FormatError(path, std::nullopt, "", *refusal, ErrorKind::io);
  if (!io.Exists(path.c_str())) return std::nullopt;
  Assimp::IOStream* stream = io.Open(path.c_str(), "rb");
  if (stream == nullptr) return std::nullopt;
  const std::size_t size = stream->FileSize();
  if (beside && size > max_bytes) {
    io.Close(stream);
    throw FormatError(path, std::nullopt, "",
                      "is " + std::to_string(size) + " bytes, more than max_file_bytes (" +
                          std::to_string(max_bytes) + " bytes)",
                      ErrorKind::limit);
  }
  std::vector<std::byte> bytes(size);
  const std::size_t got = bytes.empty() ? 0 : stream->Read(bytes.data(), 1, bytes.size());
  io.Close(stream);
  bytes.resize(got);
  return bytes;
}

class IOSystemFileSource final : public FileSource {
 public:
  IOSystemFileSource(Assimp::IOSystem& io, std::uint64_t max_bytes) : io_(io), max_bytes_(max_bytes) {}
  std::optional<std::vector<std::byte>> read(const std::string& path) const override {
    try {
      return read_through(io_, path, true, max_bytes_);
    } catch (const FormatError& e) {
      const std::string refusal = std::string(e.what()) + ": not read";
      if (std::find(refused_.begin(), refused_.end(), refusal) == refused_.end()) refused_.push_back(refusal);
      return std::nullopt;
    }
  }
  std::optional<std::vector<std::byte>> read_named(const std::string& path) const override {
    return read_through(io_, path, false, max_bytes_);
  }
  std::vector<std::string> refusals() const override { return refused_; }

 private:
  Assimp::IOSystem& io_;
  std::uint64_t max_bytes_;
  mutable std::vector<std::string> refused_;  // one import at a time (Assimp's importers are not shared)
};

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) lines.push_back(line);
  return lines;
}

std::string join_extensions(const FormatDescription& d) {
  std::string out;
  for (const auto& ext : d.extensions) out += (out.empty() ? "" : " ") + ext;
  // Assimp asserts on an importer without extensions; a format known only by its file name (X-Ray's `level`)
  // lists that name. Files named so have no extension, so Assimp asks every importer's CanRead (content).
  if (out.empty())
    for (const auto& name : d.file_names) out += (out.empty() ? "" : " ") + name;
  return out;
}

class HandlerImporter final : public Assimp::BaseImporter {
 public:
  explicit HandlerImporter(const FormatHandler& handler)
      : handler_(handler), extensions_(join_extensions(handler.description())) {
    desc_ = aiImporterDesc{handler.description().name.c_str(),
                           "gamefmt",
                           "gamefmt",
                           "",
                           aiImporterFlags_SupportBinaryFlavour,
                           0,
                           0,
                           0,
                           0,
                           extensions_.c_str()};
  }

  bool CanRead(const std::string& file, Assimp::IOSystem* io, bool) const override {
    if (io == nullptr) return false;
    if (disk_rule_problem(file, false, {}, 0)) return false;  // a FIFO would make Open wait
    Assimp::IOStream* stream = io->Open(file.c_str(), "rb");
    if (stream == nullptr) return false;
    std::vector<std::byte> head(std::min<std::size_t>(stream->FileSize(), 65536));
    head.resize(head.empty() ? 0 : stream->Read(head.data(), 1, head.size()));
    io->Close(stream);
    return handler_.recognizes(head);
  }

  const aiImporterDesc* GetInfo() const override { return &desc_; }

  void SetupProperties(const Assimp::Importer* importer) override {
    options_ = options_from_properties(
        handler_.description().import_options,
        [&](const char* name) { return importer->GetPropertyString(name, ""); }, handler_.description().id);
    companions_ = split_lines(importer->GetPropertyString(kCompanionsProperty, ""));
  }

 protected:
  void InternReadFile(const std::string& file, aiScene* scene, Assimp::IOSystem* io) override {
    ImportRequest request;
    request.primary.path = file;
    request.options = options_;
    request.limits = Limits::from_options(request.options, file);
    // The file and its named companions are the program's (the user's) choice: anywhere, but regular files.
    auto primary = read_through(*io, file, false, request.limits.max_file_bytes);
    if (!primary) throw FormatError(file, std::nullopt, "", "cannot open");
    request.primary.bytes = std::move(*primary);
    for (const auto& path : companions_) {
      auto bytes = read_through(*io, path, false, request.limits.max_file_bytes);
      if (!bytes) throw FormatError(path, std::nullopt, "", "cannot open companion file");
      request.companions.push_back({path, std::move(*bytes)});
    }
    IOSystemFileSource files(*io, request.limits.max_file_bytes);
    request.files = &files;
    // Assimp's Exporter cannot copy nested metadata (metadata_json.hpp): hand over flat metadata.
    auto result = to_ai_scene(handler_.import_file(request), MetadataLayout::flat);
    move_scene_into(*scene, *result);
  }

 private:
  const FormatHandler& handler_;
  std::string extensions_;
  aiImporterDesc desc_{};
  Options options_;
  std::vector<std::string> companions_;
};

template <std::size_t Index>
void export_with_handler(const char* path, Assimp::IOSystem* io, const aiScene* scene,
                         const Assimp::ExportProperties* properties);

// Assimp's export callback is a plain function pointer without user data, so each writable format gets
// its own instantiation that looks its handler up by position. Assimp picks exporters by extension: a format
// known only by its file name (X-Ray's `level`) is not one.
const std::vector<const FormatHandler*>& writable_handlers() {
  static const std::vector<const FormatHandler*> handlers = [] {
    std::vector<const FormatHandler*> out;
    for (const auto* h : format_handlers())
      if (h->description().can_export && !h->description().extensions.empty()) out.push_back(h);
    return out;
  }();
  return handlers;
}

void export_scene_through(const FormatHandler& handler, const char* path, Assimp::IOSystem* io,
                          const aiScene* scene, const Assimp::ExportProperties* properties) {
  ExportRequest request;
  request.output_name = path;
  if (properties != nullptr)
    request.options = options_from_properties(
        handler.description().export_options,
        [&](const char* name) { return properties->GetPropertyString(name, ""); }, path);
  std::vector<std::string> warnings;
  request.warnings = &warnings;
  std::vector<std::byte> bytes;
  try {
    request.limits = Limits::from_options(request.options, path);
    bytes = handler.export_file(from_ai_scene(*scene, path), request);
  } catch (const std::exception& e) {
    // Assimp keeps the message only of its own exception type.
    throw DeadlyExportError(e.what());
  }
  for (const auto& warning : warnings)
    Assimp::DefaultLogger::get()->warn((std::string(path) + ": " + warning).c_str());
  Assimp::IOStream* out = io->Open(path, "wb");
  if (out == nullptr) throw DeadlyExportError("cannot open ", path, " for writing");
  const std::size_t written = bytes.empty() ? 0 : out->Write(bytes.data(), 1, bytes.size());
  io->Close(out);
  if (written != bytes.size()) throw DeadlyExportError("cannot write ", path);
}

template <std::size_t Index>
void export_with_handler(const char* path, Assimp::IOSystem* io, const aiScene* scene,
                         const Assimp::ExportProperties* properties) {
  export_scene_through(*writable_handlers().at(Index), path, io, scene, properties);
}

constexpr std::size_t kMaxWritableFormats = 64;
using ExportFunction = void (*)(const char*, Assimp::IOSystem*, const aiScene*,
                                const Assimp::ExportProperties*);
template <std::size_t... I>
constexpr std::array<ExportFunction, sizeof...(I)> make_export_functions(std::index_sequence<I...>) {
  return {&export_with_handler<I>...};
}
constexpr auto kExportFunctions = make_export_functions(std::make_index_sequence<kMaxWritableFormats>{});

}  // namespace

void register_importers(Assimp::Importer& importer) {
  for (const auto* handler : format_handlers())
    if (handler->description().can_import) importer.RegisterLoader(new HandlerImporter(*handler));
}

void register_exporters(Assimp::Exporter& exporter) {
  // Assimp keeps the id and description pointers: build the strings once and never touch them again.
  static const std::vector<std::pair<std::string, std::string>> names = [] {
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto* h : writable_handlers())
      out.emplace_back("gamefmt-" + h->description().id, h->description().name + " (gamefmt)");
    return out;
  }();
  const auto& handlers = writable_handlers();
  for (std::size_t i = 0; i < handlers.size() && i < kMaxWritableFormats; ++i) {
    exporter.RegisterExporter(Assimp::Exporter::ExportFormatEntry(
        names[i].first.c_str(), names[i].second.c_str(),
        handlers[i]->description().extensions.front().c_str(), kExportFunctions[i], aiProcess_Triangulate));
  }
}

}  // namespace gamefmt::assimp
