// manifest + object files -> BigFile (see bigfile_folder.hpp).
#include <algorithm>
#include <limits>
#include <stdexcept>
#include <unordered_map>

#include "gamefmt/asobo/bigfile_folder.hpp"
#include "gamefmt/asobo/lz.hpp"
#include "gamefmt/asobo/name_hash.hpp"
#include "gamefmt/core/fingerprint.hpp"
#include "gamefmt/core/format_error.hpp"

namespace gamefmt::asobo {
namespace {

using json = nlohmann::json;

class ManifestReader {
 public:
  explicit ManifestReader(std::string_view manifest_name) : name_(manifest_name) {}

  [[noreturn]] void fail(const std::string& field, const std::string& problem) const {
    throw FormatError(name_, std::nullopt, field, problem);
  }
  const json& member(const json& object, const char* key, const std::string& where) const {
    if (!object.is_object() || !object.contains(key)) fail(where + "." + key, "missing");
    return object.at(key);
  }
  template <class T>
  T number(const json& object, const char* key, const std::string& where) const {
    const auto& v = member(object, key, where);
    if (!v.is_number_integer()) fail(where + "." + key, "expected an integer");
    const auto wide = v.get<std::int64_t>();
    if (wide < static_cast<std::int64_t>(std::numeric_limits<T>::min()) ||
        wide > static_cast<std::int64_t>(std::numeric_limits<T>::max()))
      fail(where + "." + key, std::to_string(wide) + " is out of range");
    return static_cast<T>(wide);
  }
  bool boolean(const json& object, const char* key, const std::string& where) const {
    const auto& v = member(object, key, where);
    if (!v.is_boolean()) fail(where + "." + key, "expected true or false");
    return v.get<bool>();
  }
  std::string text(const json& object, const char* key, const std::string& where) const {
    const auto& v = member(object, key, where);
    if (!v.is_string()) fail(where + "." + key, "expected a string");
    return v.get<std::string>();
  }
  const json& array(const json& object, const char* key, const std::string& where) const {
    const auto& v = member(object, key, where);
    if (!v.is_array()) fail(where + "." + key, "expected an array");
    return v;
  }
  // A hash, or a name to hash.
  std::uint32_t name(const json& object, const char* key, const std::string& where) const {
    const auto& v = member(object, key, where);
    if (v.is_string()) return name_hash(v.get<std::string>());
    return number<std::uint32_t>(object, key, where);
  }
  template <class T, std::size_t N>
  std::array<T, N> fixed_array(const json& object, const char* key, const std::string& where) const {
    const auto& v = array(object, key, where);
    if (v.size() != N) fail(where + "." + key, "expected " + std::to_string(N) + " values");
    std::array<T, N> out{};
    for (std::size_t i = 0; i < N; ++i) out[i] = number<T>(json{{"v", v[i]}}, "v", where + "." + key);
    return out;
  }

 private:
  std::string name_;
};

std::string at(const std::string& where, const char* key, std::size_t i) {
  return where + "." + key + "[" + std::to_string(i) + "]";
}

std::vector<std::byte> parse_hex(const ManifestReader& m, const std::string& text, const std::string& field) {
  if (text.size() % 2 != 0) m.fail(field, "an odd number of hex digits");
  const auto digit = [&](char c) -> unsigned {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    m.fail(field, "'" + std::string(1, c) + "' is not a hex digit");
  };
  std::vector<std::byte> out(text.size() / 2);
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] = std::byte(digit(text[2 * i]) << 4 | digit(text[2 * i + 1]));
  return out;
}

std::vector<std::byte> optional_hex(const ManifestReader& m, const json& object, const char* key,
                                    const std::string& where) {
  return object.contains(key) ? parse_hex(m, m.text(object, key, where), where + "." + key)
                              : std::vector<std::byte>{};
}

std::uint64_t parse_fingerprint(const ManifestReader& m, const json& object, const char* key,
                                const std::string& where) {
  const auto text = m.text(object, key, where);
  const auto bytes = parse_hex(m, text, where + "." + key);
  if (bytes.size() != 8) m.fail(where + "." + key, "'" + text + "' is not 16 hex digits");
  return load_value<std::uint64_t>(bytes.data(), ByteOrder::big);
}

// The stored form of a body. Manifests of version 2 carry, for a body extracted compressed, its stored blob
// ("original_lz") with the fingerprints of the decompressed body and of the blob: while both still match,
// the blob is reused as it is; an edited body, or one without a blob, is compressed by the fast encoder.
// Older manifests name a blob only where the game-matching encoder would not give it back: the blob is
// reused while it decompresses to the body, and everything else goes through that encoder, as then.
StoredBody store(std::vector<std::byte> body, bool compress, const json& entry, const std::string& where,
                 const ManifestReader& m,
                 const std::function<std::vector<std::byte>(const std::string&)>& read_file,
                 std::string_view file_name, int manifest_version) {
  StoredBody stored;
  stored.compressed = compress;
  stored.decompressed_size = static_cast<std::uint32_t>(body.size());
  if (body.size() > std::numeric_limits<std::uint32_t>::max()) m.fail(where, "body too large");
  if (!compress) {
    stored.bytes = std::move(body);
    return stored;
  }
  const bool fingerprinted = manifest_version >= 2 && entry.contains("body_fingerprint");
  if (entry.contains("original_lz")) {
    const bool unchanged =
        !fingerprinted || fingerprint(body) == parse_fingerprint(m, entry, "body_fingerprint", where);
    if (unchanged) {
      auto original = read_file(m.text(entry, "original_lz", where));
      const bool reusable =
          fingerprinted ? fingerprint(original) == parse_fingerprint(m, entry, "lz_fingerprint", where) &&
                              original.size() >= kLzHeaderSize &&
                              lz_decompressed_size(original, file_name) == body.size()
                        : lz_decompress(original, file_name) == body;
      if (reusable) {
        stored.bytes = std::move(original);
        return stored;
      }
    }
  }
  stored.bytes = manifest_version >= 2 ? lz_compress_fast(body) : lz_compress(body);
  return stored;
}

}  // namespace

BigFile repack_bigfile(const json& manifest,
                       const std::function<std::vector<std::byte>(const std::string&)>& read_file,
                       std::string_view manifest_name) {
  const ManifestReader m(manifest_name);
  const std::string root = "manifest";
  BigFile archive;
  const int manifest_version =
      manifest.contains("manifest_version") ? m.number<int>(manifest, "manifest_version", root) : 1;
  if (manifest_version > kBigFileManifestVersion)
    m.fail("manifest.manifest_version", "version " + std::to_string(manifest_version) +
                                            " is newer than this gamefmt reads (" +
                                            std::to_string(kBigFileManifestVersion) + ")");
  const auto order = m.text(manifest, "byte_order", root);
  if (order != "little" && order != "big") m.fail("manifest.byte_order", "expected \"little\" or \"big\"");
  archive.byte_order = order == "little" ? ByteOrder::little : ByteOrder::big;
  const auto version = parse_bigfile_version(m.text(manifest, "version", root));
  if (!version) m.fail("manifest.version", "not an Asobo BigFile version string");
  archive.version = *version;
  archive.bigfile_type = m.number<std::uint32_t>(manifest, "bigfile_type", root);
  archive.version_triple = m.fixed_array<std::uint32_t, 3>(manifest, "version_triple", root);
  archive.working_buffer_capacity_even =
      m.number<std::uint32_t>(manifest, "working_buffer_capacity_even", root);
  archive.working_buffer_capacity_odd =
      m.number<std::uint32_t>(manifest, "working_buffer_capacity_odd", root);
  archive.no_pool_offset = m.number<std::uint32_t>(manifest, "no_pool_offset", root);
  archive.pool_manifest_unused = m.fixed_array<std::uint32_t, 2>(manifest, "pool_manifest_unused", root);
  archive.pool_decompression_buffer_sectors =
      m.number<std::uint32_t>(manifest, "pool_decompression_buffer_sectors", root);
  if (manifest.contains("incredibuilder_hex")) {  // bytes that are not UTF-8 (bigfile_unpack.cpp, put_text)
    const auto bytes =
        parse_hex(m, m.text(manifest, "incredibuilder_hex", root), "manifest.incredibuilder_hex");
    archive.incredibuilder.assign(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  } else {
    archive.incredibuilder = m.text(manifest, "incredibuilder", root);
  }
  const auto reserved = parse_hex(m, m.text(manifest, "reserved", root), "manifest.reserved");
  if (reserved.size() != archive.reserved.size())
    m.fail("manifest.reserved", "expected " + std::to_string(2 * archive.reserved.size()) + " hex digits");
  std::copy(reserved.begin(), reserved.end(), archive.reserved.begin());
  archive.trailing_bytes = optional_hex(m, manifest, "trailing_bytes", root);
  if (manifest.contains("stored_bytes")) {
    const auto& stored = m.array(manifest, "stored_bytes", root);
    for (std::size_t i = 0; i < stored.size(); ++i)
      archive.stored_bytes.push_back(
          {m.number<std::uint32_t>(stored[i], "offset", at(root, "stored_bytes", i)),
           optional_hex(m, stored[i], "bytes", at(root, "stored_bytes", i))});
    archive.computed_fingerprint = parse_fingerprint(m, manifest, "computed_fingerprint", root);
  }

  // Bodies of pooled objects by name (the first object of a name wins), with their class.
  std::unordered_map<std::uint32_t, std::vector<std::byte>> pooled_bodies;
  const auto& blocks = m.array(manifest, "blocks", root);
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    const std::string where = at(root, "blocks", b);
    BigFileBlock block;
    block.working_buffer_offset = m.number<std::uint32_t>(blocks[b], "working_buffer_offset", where);
    block.checksum = m.number<std::int32_t>(blocks[b], "checksum", where);
    block.trailing_bytes = optional_hex(m, blocks[b], "trailing_bytes", where);
    const auto& objects = m.array(blocks[b], "objects", where);
    for (std::size_t i = 0; i < objects.size(); ++i) {
      const std::string object_where = at(where, "objects", i);
      const auto& o = objects[i];
      BigFileResource res;
      res.class_name = m.name(o, "class", object_where);
      res.name = m.name(o, "name", object_where);
      res.pooled = m.boolean(o, "pooled", object_where);
      const auto link_size = m.number<std::uint32_t>(o, "link_header_size", object_where);
      auto bytes = read_file(m.text(o, "file", object_where));
      if (bytes.size() < link_size)
        m.fail(object_where + ".file", "holds " + std::to_string(bytes.size()) + " bytes, less than its " +
                                           std::to_string(link_size) + "-byte link header");
      res.link_header.assign(bytes.begin(), bytes.begin() + link_size);
      std::vector<std::byte> body(bytes.begin() + link_size, bytes.end());
      if (res.pooled) {
        pooled_bodies.try_emplace(res.name, std::move(body));
      } else {
        res.body = store(std::move(body), m.boolean(o, "compress", object_where), o, object_where, m,
                         read_file, manifest_name, manifest_version);
      }
      block.resources.push_back(std::move(res));
    }
    archive.blocks.push_back(std::move(block));
  }

  if (manifest.contains("pool")) {
    const std::string where = root + ".pool";
    const auto& p = manifest.at("pool");
    BigFilePool pool;
    for (const auto& v : m.array(p, "resource_indices", where))
      pool.resource_indices.push_back(
          m.number<std::uint32_t>(json{{"v", v}}, "v", where + ".resource_indices"));
    const auto& entries = m.array(p, "entries", where);
    for (std::size_t i = 0; i < entries.size(); ++i)
      pool.entries.push_back(
          {m.name(entries[i], "name", at(where, "entries", i)),
           m.number<std::uint32_t>(entries[i], "reference_record_index", at(where, "entries", i))});
    const auto& records = m.array(p, "reference_records", where);
    for (std::size_t i = 0; i < records.size(); ++i)
      pool.reference_records.push_back(
          {m.number<std::uint32_t>(records[i], "names_start_index", at(where, "reference_records", i)),
           m.number<std::uint16_t>(records[i], "names_count", at(where, "reference_records", i))});
    const auto& resources = m.array(p, "resources", where);
    if (resources.size() != pool.resource_indices.size())
      m.fail(where + ".resources", std::to_string(resources.size()) + " resources for " +
                                       std::to_string(pool.resource_indices.size()) + " resource indices");
    for (std::size_t i = 0; i < resources.size(); ++i) {
      const std::string resource_where = at(where, "resources", i);
      if (pool.resource_indices[i] >= pool.entries.size())
        m.fail(at(where, "resource_indices", i),
               "past the " + std::to_string(pool.entries.size()) + " entries");
      PoolResource res;
      res.name = pool.entries[pool.resource_indices[i]].name;
      res.class_name = m.name(resources[i], "class", resource_where);
      std::vector<std::byte> body;
      if (resources[i].contains("file")) {
        body = read_file(m.text(resources[i], "file", resource_where));
      } else {
        const auto it = pooled_bodies.find(res.name);
        if (it == pooled_bodies.end())
          m.fail(resource_where, "no file, and no pooled object of its name supplies the body");
        body = it->second;
      }
      res.body = store(std::move(body), m.boolean(resources[i], "compress", resource_where), resources[i],
                       resource_where, m, read_file, manifest_name, manifest_version);
      pool.resources.push_back(std::move(res));
    }
    archive.pool = std::move(pool);
  }
  raise_buffer_sizes(archive);
  return archive;
}

}  // namespace gamefmt::asobo
