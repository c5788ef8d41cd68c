// BigFile -> manifest + object files (see bigfile_folder.hpp).
#include <algorithm>
#include <cstdio>
#include <unordered_map>
#include <unordered_set>

#include "gamefmt/asobo/bigfile_folder.hpp"
#include "gamefmt/asobo/lz.hpp"
#include "gamefmt/core/fingerprint.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/text_encoding.hpp"

namespace gamefmt::asobo {
namespace {

using json = nlohmann::json;

std::string hex_bytes(std::span<const std::byte> bytes) {
  static const char* digits = "0123456789abcdef";
  std::string s;
  for (const auto b : bytes) {
    s += digits[static_cast<unsigned>(b) >> 4];
    s += digits[static_cast<unsigned>(b) & 0xF];
  }
  return s;
}

// A text of the archive into the manifest: as text when it is UTF-8 (JSON's), else its bytes in hex under
// `<key>_hex`, so that any bytes survive extract and pack.
void put_text(json& object, const std::string& key, const std::string& text) {
  if (is_valid_utf8(text))
    object[key] = text;
  else
    object[key + "_hex"] = hex_bytes(std::as_bytes(std::span(text.data(), text.size())));
}

// Keeps names readable as file names on every system.
std::string file_safe(std::string_view text) {
  std::string s;
  for (const char c : text) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                    c == '-' || c == '.';
    s += ok ? c : '_';
  }
  if (s.size() > 80) s.resize(80);
  return s;
}

std::string class_label(std::uint32_t class_hash) {
  const auto known = known_class_name(class_hash);
  return known ? std::string(*known) : name_or_hash(class_hash, nullptr);
}

std::string fingerprint_text(std::uint64_t value) {
  char text[32];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
  return text;
}

// A body decompressed. A compressed one is extracted as stored: its blob goes beside the object's file
// (`<file>.lz`), and the manifest entry gets the fingerprints of the decompressed body and of the blob, so
// that pack reuses the blob while the body is unchanged (bigfile_repack.cpp).
struct DecodedBody {
  const StoredBody* stored = nullptr;
  std::vector<std::byte> decompressed;  // when compressed
  std::uint64_t fingerprint = 0;        // of `decompressed`
  std::span<const std::byte> bytes() const { return stored->compressed ? decompressed : stored->bytes; }
};

DecodedBody decode(const StoredBody& body, std::string_view file_name) {
  DecodedBody out;
  out.stored = &body;
  if (!body.compressed) return out;
  out.decompressed = lz_decompress(body.bytes, file_name);
  out.fingerprint = fingerprint(out.decompressed);
  return out;
}

// An object's file: its link header, then its body.
std::vector<std::byte> object_file(std::span<const std::byte> link_header, std::span<const std::byte> body) {
  std::vector<std::byte> bytes;
  bytes.reserve(link_header.size() + body.size());
  bytes.insert(bytes.end(), link_header.begin(), link_header.end());
  bytes.insert(bytes.end(), body.begin(), body.end());
  return bytes;
}

// Records the stored blob of a compressed body under `lz_path`.
void keep_stored_blob(json& entry, const StoredBody& stored, const DecodedBody& decoded,
                      const std::string& lz_path, const UnpackedFileSink& files) {
  if (!stored.compressed) return;
  entry["original_lz"] = lz_path;
  entry["body_fingerprint"] = fingerprint_text(decoded.fingerprint);
  entry["lz_fingerprint"] = fingerprint_text(fingerprint(stored.bytes));
  files(lz_path, stored.bytes);
}

}  // namespace

UnpackedBigFile unpack_bigfile(const BigFile& archive, const NameList* names, std::string_view file_name) {
  UnpackedBigFile out;
  out.manifest = unpack_bigfile(archive, names, file_name,
                                [&](const std::string& path, std::span<const std::byte> bytes) {
                                  out.files.push_back({path, {bytes.begin(), bytes.end()}});
                                });
  return out;
}

json unpack_bigfile(const BigFile& archive, const NameList* names, std::string_view file_name,
                    const UnpackedFileSink& files) {
  json m;
  m["format"] = "asobo-bigfile";
  m["manifest_version"] = kBigFileManifestVersion;
  m["byte_order"] = archive.byte_order == ByteOrder::little ? "little" : "big";
  m["version"] = format_bigfile_version(archive.version);
  m["bigfile_type"] = archive.bigfile_type;
  m["version_triple"] = archive.version_triple;
  m["working_buffer_capacity_even"] = archive.working_buffer_capacity_even;
  m["working_buffer_capacity_odd"] = archive.working_buffer_capacity_odd;
  m["no_pool_offset"] = archive.no_pool_offset;
  m["pool_manifest_unused"] = archive.pool_manifest_unused;
  m["pool_decompression_buffer_sectors"] = archive.pool_decompression_buffer_sectors;
  put_text(m, "incredibuilder", archive.incredibuilder);
  m["reserved"] = hex_bytes(archive.reserved);
  // What the reader kept as the file had it, so that an unchanged folder packs back byte for byte.
  if (!archive.trailing_bytes.empty()) m["trailing_bytes"] = hex_bytes(archive.trailing_bytes);
  if (!archive.stored_bytes.empty()) {
    json stored = json::array();
    for (const auto& range : archive.stored_bytes)
      stored.push_back({{"offset", range.offset}, {"bytes", hex_bytes(range.bytes)}});
    m["stored_bytes"] = std::move(stored);
    m["computed_fingerprint"] = fingerprint_text(archive.computed_fingerprint);
  }

  // The first pool copy of each pooled name supplies the body of the block records that point to it.
  std::unordered_map<std::uint32_t, std::size_t> first_pool_record;
  std::vector<DecodedBody> pool_bodies;
  if (archive.pool) {
    for (std::size_t i = 0; i < archive.pool->resources.size(); ++i) {
      pool_bodies.push_back(decode(archive.pool->resources[i].body, file_name));
      first_pool_record.emplace(archive.pool->resources[i].name, i);
    }
  }
  // The pooled names whose body an object's file holds: pool records of the same body need no file.
  std::unordered_set<std::uint32_t> pooled_object_written;

  json blocks = json::array();
  for (std::size_t b = 0; b < archive.blocks.size(); ++b) {
    const auto& block = archive.blocks[b];
    json objects = json::array();
    for (std::size_t i = 0; i < block.resources.size(); ++i) {
      const auto& res = block.resources[i];
      char prefix[64];
      std::snprintf(prefix, sizeof prefix, "objects/%02zu/%04zu_", b, i);
      const std::string path =
          prefix + file_safe(name_or_hash(res.name, names)) + "." + class_label(res.class_name);
      json object = {{"file", path},
                     {"class", res.class_name},
                     {"name", res.name},
                     {"link_header_size", res.link_header.size()},
                     {"pooled", res.pooled}};
      if (const auto known = known_class_name(res.class_name)) object["class_name"] = *known;
      if (names != nullptr && names->count(res.name) != 0) put_text(object, "name_text", names->at(res.name));

      std::vector<std::byte> file;
      if (res.pooled) {
        const auto it = first_pool_record.find(res.name);
        if (it == first_pool_record.end())
          throw FormatError(std::string(file_name), std::nullopt,
                            "blocks[" + std::to_string(b) + "].resources[" + std::to_string(i) + "]",
                            "pooled, but the pool holds no body of its name");
        const auto& pooled = pool_bodies[it->second];
        file = object_file(res.link_header, pooled.bytes());
        object["compress"] = archive.pool->resources[it->second].body.compressed;
        pooled_object_written.insert(res.name);
      } else {
        const auto body = decode(res.body, file_name);
        file = object_file(res.link_header, body.bytes());
        object["compress"] = res.body.compressed;
        keep_stored_blob(object, res.body, body, path + ".lz", files);
      }
      files(path, file);
      objects.push_back(std::move(object));
    }
    blocks.push_back({{"working_buffer_offset", block.working_buffer_offset},
                      {"checksum", block.checksum},
                      {"objects", std::move(objects)}});
    if (!block.trailing_bytes.empty()) blocks.back()["trailing_bytes"] = hex_bytes(block.trailing_bytes);
  }
  m["blocks"] = std::move(blocks);

  if (archive.pool) {
    const auto& pool = *archive.pool;
    json entries = json::array(), records = json::array(), resources = json::array();
    for (const auto& e : pool.entries)
      entries.push_back({{"name", e.name}, {"reference_record_index", e.reference_record_index}});
    for (const auto& r : pool.reference_records)
      records.push_back({{"names_start_index", r.names_start_index}, {"names_count", r.names_count}});
    for (std::size_t i = 0; i < pool.resources.size(); ++i) {
      const auto& res = pool.resources[i];
      json resource = {{"class", res.class_name}, {"compress", res.body.compressed}};
      // A copy the pooled object's file already holds needs no file of its own.
      const auto written = pooled_object_written.find(res.name);
      const bool shared =
          written != pooled_object_written.end() &&
          std::ranges::equal(pool_bodies[i].bytes(), pool_bodies[first_pool_record.at(res.name)].bytes());
      if (!shared) {
        char prefix[64];
        std::snprintf(prefix, sizeof prefix, "pool/%04zu_", i);
        const std::string path =
            prefix + file_safe(name_or_hash(res.name, names)) + "." + class_label(res.class_name);
        resource["file"] = path;
        files(path, pool_bodies[i].bytes());
      }
      if (res.body.compressed) {
        char prefix[64];
        std::snprintf(prefix, sizeof prefix, "pool/%04zu_", i);
        keep_stored_blob(resource, res.body, pool_bodies[i],
                         prefix + file_safe(name_or_hash(res.name, names)) + ".lz", files);
      }
      resources.push_back(std::move(resource));
    }
    m["pool"] = {{"resource_indices", pool.resource_indices},
                 {"entries", std::move(entries)},
                 {"reference_records", std::move(records)},
                 {"resources", std::move(resources)}};
  }
  return m;
}

}  // namespace gamefmt::asobo
