// The folder form of a BigFile on disk.
#include <cstdint>
#include <fstream>
#include <limits>

#include "gamefmt/asobo/bigfile_folder.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/core/format_error.hpp"

namespace gamefmt::asobo {
namespace {

// What a BigFile can hold of one file. The folder may come from anyone: what its manifest names is read under
// the rule of core/file_io.hpp (a link out of the folder is refused).
constexpr SizeLimit kMostFileBytes{std::numeric_limits<std::uint32_t>::max(), ""};

// Manifest paths are relative, '/'-separated and may not climb out of the folder.
std::filesystem::path inside(const std::filesystem::path& folder, const std::string& relative,
                             const std::filesystem::path& manifest) {
  const std::filesystem::path p(relative);
  bool climbs = p.is_absolute() || relative.empty();
  for (const auto& part : p) climbs = climbs || part == "..";
  if (climbs)
    throw FormatError(manifest.string(), std::nullopt, "file",
                      "'" + relative + "' is not a path inside the folder");
  return folder / p;
}

}  // namespace

nlohmann::json extract_bigfile_to_folder(const BigFile& archive, const std::filesystem::path& folder,
                                         const NameList* names, std::string_view file_name) {
  const auto manifest_path = folder / std::string(kBigFileManifestName);
  std::filesystem::path made;  // the last folder made: files come folder by folder
  const auto manifest = unpack_bigfile(
      archive, names, file_name, [&](const std::string& relative, std::span<const std::byte> bytes) {
        const auto path = inside(folder, relative, manifest_path);
        if (path.parent_path() != made) {
          std::error_code error;
          std::filesystem::create_directories(path.parent_path(), error);
          if (error) throw FormatError(path.parent_path().string(), std::nullopt, "folder", error.message());
          made = path.parent_path();
        }
        write_file_atomically(path, bytes);
      });
  write_file_atomically(manifest_path, manifest.dump(1) + "\n");
  return manifest;
}

BigFile pack_bigfile_folder(const std::filesystem::path& folder) {
  const auto manifest_path = folder / std::string(kBigFileManifestName);
  const auto text = read_contained_file(folder, manifest_path, kMostFileBytes, "the folder being packed");
  nlohmann::json manifest;
  try {
    manifest = nlohmann::json::parse(reinterpret_cast<const char*>(text.data()),
                                     reinterpret_cast<const char*>(text.data()) + text.size());
  } catch (const nlohmann::json::exception& e) {
    throw FormatError(manifest_path.string(), std::nullopt, "manifest", e.what());
  }
  return repack_bigfile(
      manifest,
      [&](const std::string& relative) {
        return read_contained_file(folder, inside(folder, relative, manifest_path), kMostFileBytes,
                                   "the folder being packed");
      },
      manifest_path.string());
}

}  // namespace gamefmt::asobo
