#pragma once
// A BigFile as a folder: manifest.json plus one file per object (its link header, then its body
// decompressed), and back. The manifest keeps every header value that cannot be derived, so packing an
// unchanged folder gives the original archive byte for byte; objects may be edited, added or removed.
//
// manifest.json:
//   {"format": "asobo-bigfile", "manifest_version": 2, "byte_order": "little"|"big", "version": "v1.381.67.09
//   - ...",
//    "bigfile_type", "version_triple": [3], "working_buffer_capacity_even", "working_buffer_capacity_odd",
//    "no_pool_offset", "pool_manifest_unused": [2], "pool_decompression_buffer_sectors", "incredibuilder",
//    "reserved": "<128 hex digits>",
//    "blocks": [{"working_buffer_offset", "checksum",
//                "objects": [{"file", "class", "name", "link_header_size", "compress", "pooled",
//                             "class_name"?, "name_text"?,
//                             "original_lz"?, "body_fingerprint"?, "lz_fingerprint"?}]}],
//    "pool"?: {"resource_indices": [...], "entries": [{"name", "reference_record_index"}],
//              "reference_records": [{"names_start_index", "names_count"}],
//              "resources": [{"class", "compress", "file"?, "original_lz"?, "body_fingerprint"?,
//                             "lz_fingerprint"?}]},
//    "trailing_bytes"?: "<hex>", "stored_bytes"?: [{"offset", "bytes": "<hex>"}], "computed_fingerprint"?:
//    "<hex>"}
// (blocks may carry "trailing_bytes" too): what the reader kept as the file had it (bigfile.hpp).
// "class" and "name" are hashes; when packing, a string there is hashed with name_hash. A pool resource's
// body is the body of the pooled object with its name unless it has its own "file".
//
// Compressed bodies are extracted without being compressed again: "original_lz" names the body's blob as the
// archive stores it (a file beside the object's, `<file>.lz`), "body_fingerprint" and "lz_fingerprint" are
// the fingerprints (gamefmt/core/fingerprint.hpp, 16 hex digits) of the decompressed body and of that blob.
// Pack reuses the blob while both match, so an unchanged folder packs to the original bytes; an edited body
// is compressed anew (lz_compress_fast). Manifests without "manifest_version" (version 1) are still read:
// there "original_lz" only names blobs our game-matching encoder would not reproduce, and that encoder makes
// the rest.
#include <cstddef>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/asobo/bigfile.hpp"
#include "gamefmt/asobo/names.hpp"

namespace gamefmt::asobo {

inline constexpr std::string_view kBigFileManifestName = "manifest.json";
// 2: every compressed body's stored blob is kept with fingerprints (above); 1 (no "manifest_version"): blobs
// only where the game-matching encoder would not reproduce them.
inline constexpr int kBigFileManifestVersion = 2;

struct UnpackedFile {
  std::string path;  // relative to the folder, '/'-separated
  std::vector<std::byte> bytes;
};

struct UnpackedBigFile {
  nlohmann::json manifest;
  std::vector<UnpackedFile> files;
};

// Decompresses every body. Throws FormatError on a corrupt LZ blob, or pool copies of one name with different
// classes that a folder cannot represent.
UnpackedBigFile unpack_bigfile(const BigFile& archive, const NameList* names, std::string_view file_name);
// The same, each file handed to `files` as soon as it is made (extract writes it then, so the folder is never
// held in memory whole); returns the manifest.
using UnpackedFileSink = std::function<void(const std::string& path, std::span<const std::byte> bytes)>;
nlohmann::json unpack_bigfile(const BigFile& archive, const NameList* names, std::string_view file_name,
                              const UnpackedFileSink& files);

// `read_file` returns the bytes of a file named in the manifest (relative path). Compresses objects marked
// "compress" and raises buffer sizes to fit (raise_buffer_sizes). Throws FormatError naming the manifest
// field on anything missing or inconsistent.
BigFile repack_bigfile(const nlohmann::json& manifest,
                       const std::function<std::vector<std::byte>(const std::string&)>& read_file,
                       std::string_view manifest_name);

// On disk: writes `folder`/manifest.json and the object files (atomically each), and returns the manifest;
// reads them back.
nlohmann::json extract_bigfile_to_folder(const BigFile& archive, const std::filesystem::path& folder,
                                         const NameList* names, std::string_view file_name);
BigFile pack_bigfile_folder(const std::filesystem::path& folder);

// After extract_bigfile_to_folder (`manifest` is what it returned): each Bitmap_Z object of a version whose
// layout is known (bitmap_object.hpp) also as `<file>.dds` (bitmap_dds_file) and `<file>.png` (its top level,
// first face) beside the object's file. The manifest does not name them, so pack never reads them. A bitmap
// that does not decode is skipped; the problems come back, one text each, and the count of bitmaps written.
struct BitmapImagesWritten {
  std::size_t bitmaps = 0;
  std::vector<std::string> problems;
};
BitmapImagesWritten write_bitmap_images(const BigFile& archive, const nlohmann::json& manifest,
                                        const std::filesystem::path& folder, std::string_view file_name);

}  // namespace gamefmt::asobo
