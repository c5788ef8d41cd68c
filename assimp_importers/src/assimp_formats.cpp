#include <assimp/postprocess.h>
#include <assimp/version.h>
#include <stdlib.h>

#include <algorithm>
#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <sstream>

#include "ai_scene_conversion.hpp"
#include "contained_io_system.hpp"
#include "gamefmt/assimp/assimp.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/core/format_error.hpp"

namespace gamefmt::assimp {
namespace fs = std::filesystem;

std::vector<std::string> import_extensions() {
  Assimp::Importer importer;
  std::string list;
  importer.GetExtensionList(list);  // "*.3ds;*.obj;..."
  std::vector<std::string> out;
  std::stringstream in(list);
  for (std::string item; std::getline(in, item, ';');)
    if (item.rfind("*.", 0) == 0) out.push_back(item.substr(2));
  return out;
}

std::vector<std::string> export_extensions() {
  Assimp::Exporter exporter;
  std::vector<std::string> out;
  for (std::size_t i = 0; i < exporter.GetExportFormatCount(); ++i) {
    std::string ext = exporter.GetExportFormatDescription(i)->fileExtension;
    if (std::find(out.begin(), out.end(), ext) == out.end()) out.push_back(ext);
  }
  return out;
}

std::string exporter_id(const std::string& extension) {
  Assimp::Exporter exporter;
  // The first id listed for the extension (stl/stlb and ply/plyb share theirs: the text flavour comes first).
  for (std::size_t i = 0; i < exporter.GetExportFormatCount(); ++i) {
    const aiExportFormatDesc* d = exporter.GetExportFormatDescription(i);
    if (extension == d->fileExtension) return d->id;
  }
  return {};
}

scene::Scene read_with_assimp(const fs::path& path, std::uint64_t max_file_bytes) {
  Assimp::Importer importer;
  register_importers(importer);
  auto* files = new ContainedIOSystem(path, max_file_bytes);
  importer.SetIOHandler(files);  // the importer owns it
  const aiScene* scene =
      importer.ReadFile(path.string(), aiProcess_Triangulate | aiProcess_ValidateDataStructure);
  if (scene == nullptr)
    throw FormatError(path.string(), std::nullopt, "",
                      std::string("Assimp cannot read it: ") + importer.GetErrorString());
  auto out = from_ai_scene(*scene, path.string());
  for (const auto& refusal : files->refusals()) out.warnings.push_back(refusal);
  return out;
}

std::vector<OutputFile> write_with_assimp(const scene::Scene& source, const fs::path& output,
                                          const std::string& id) {
  const auto scene = to_ai_scene(source, MetadataLayout::flat);
  // Assimp writes through its IOSystem, possibly several files: it writes into a private folder beside the
  // target, and the files come back as bytes so that the caller can place them atomically.
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
  std::sort(files.begin(), files.end(), [](const auto& a, const auto& b) { return a.path < b.path; });
  return files;
}

std::string library_version() {
  return std::to_string(aiGetVersionMajor()) + "." + std::to_string(aiGetVersionMinor()) + "." +
         std::to_string(aiGetVersionPatch());
}

}  // namespace gamefmt::assimp
