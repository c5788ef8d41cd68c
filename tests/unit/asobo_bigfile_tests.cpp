// Asobo BigFile archives: a file laid out by hand, writer round trips in both byte orders, the folder form
// (extract / pack) and impossible headers.
#include <catch2/catch.hpp>
#include <cstdio>
#include <cstring>
#include <map>
#include <random>

#include "asobo_samples.hpp"
#include "gamefmt/asobo/bigfile.hpp"
#include "gamefmt/asobo/bigfile_folder.hpp"
#include "gamefmt/asobo/bigfile_index.hpp"
#include "gamefmt/asobo/lz.hpp"
#include "gamefmt/asobo/name_hash.hpp"
#include "gamefmt/asobo/sample_meshes.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/core/format_error.hpp"
#include "lenient_checks.hpp"
#include "lenient_samples.hpp"
#include "test_support.hpp"

using namespace gamefmt;

namespace {

constexpr const char* kVersion = "v1.381.67.09 - Asobo Studio - Internal Cross Technology";

void put32(std::vector<std::byte>& bytes, std::size_t at, std::uint32_t value, ByteOrder order) {
  store_value<std::uint32_t>(bytes.data() + at, value, order);
}

// One block holding one raw Mesh_Z record "box" (link header 4 bytes, body "hello"), no pool: the layout of
// docs/formats/asobo.md (Archive layout) written out field by field.
std::vector<std::byte> hand_made_archive(ByteOrder order) {
  std::vector<std::byte> f(4096, std::byte{0});
  std::memcpy(f.data(), kVersion, std::strlen(kVersion));
  put32(f, 0x100, 1, order);     // normal
  put32(f, 0x104, 1, order);     // one block
  put32(f, 0x108, 4096, order);  // even capacity
  put32(f, 0x10C, 0, order);     // odd capacity
  put32(f, 0x110, 2048, order);  // padded block sizes
  put32(f, 0x114, 7, order);     // version triple
  put32(f, 0x120, 1, order);     // block 0: one resource
  put32(f, 0x124, 2048, order);  //   padded size
  put32(f, 0x128, 24 + 4 + 5, order);
  put32(f, 0x12C, 2048, order);  //   working buffer offset
  put32(f, 0x130, asobo::name_hash("box"), order);
  put32(f, 0x734, 2048 - 33, order);  // block padding
  put32(f, 0x73C, 4096, order);       // file size
  for (std::size_t i = 0x7C0; i < 0x800; ++i) f[i] = std::byte{0xFF};
  put32(f, 0x800, 9, order);  // data size = link 4 + body 5
  put32(f, 0x804, 4, order);
  put32(f, 0x808, 5, order);
  put32(f, 0x80C, 0, order);
  put32(f, 0x810, 1387343541u, order);  // Mesh_Z
  put32(f, 0x814, asobo::name_hash("box"), order);
  for (int i = 0; i < 4; ++i) f[0x818 + i] = std::byte(0xA0 + i);
  std::memcpy(f.data() + 0x81C, "hello", 5);
  return f;
}

std::vector<std::byte> text_bytes(std::string_view s) {
  return {reinterpret_cast<const std::byte*>(s.data()),
          reinterpret_cast<const std::byte*>(s.data()) + s.size()};
}

}  // namespace

TEST_CASE("BigFile reader reads an archive laid out by hand, in both byte orders",
          "[asobo][asobo-bigfile][asobo-bigfile-be]") {
  for (const auto order : {ByteOrder::little, ByteOrder::big}) {
    const auto bytes = hand_made_archive(order);
    const auto a = asobo::read_bigfile(bytes, order == ByteOrder::little ? "hand.DPC" : "hand.DP3");
    CHECK(a.byte_order == order);
    CHECK(a.version == asobo::kBigFileNewestVersion);
    CHECK(a.bigfile_type == 1);
    CHECK(a.working_buffer_capacity_even == 4096);
    CHECK(a.version_triple == std::array<std::uint32_t, 3>{7, 0, 0});
    REQUIRE(a.blocks.size() == 1);
    CHECK(a.blocks[0].working_buffer_offset == 2048);
    REQUIRE(a.blocks[0].resources.size() == 1);
    const auto& r = a.blocks[0].resources[0];
    CHECK(r.class_name == asobo::name_hash("Mesh_Z"));
    CHECK(r.name == asobo::name_hash("BOX"));
    CHECK(r.link_header ==
          std::vector<std::byte>{std::byte{0xA0}, std::byte{0xA1}, std::byte{0xA2}, std::byte{0xA3}});
    CHECK(r.body.bytes == text_bytes("hello"));
    CHECK_FALSE(r.body.compressed);
    CHECK_FALSE(a.pool.has_value());
    CHECK(asobo::write_bigfile(a) == bytes);
  }
}

TEST_CASE("BigFile byte order follows the extension, else the header", "[asobo][asobo-bigfile]") {
  CHECK(asobo::bigfile_byte_order_for_name("A/FUEL.DPC") == ByteOrder::little);
  for (const char* name : {"x.D36", "x.dp3", "x.DRV", "x.DGC"})
    CHECK(asobo::bigfile_byte_order_for_name(name) == ByteOrder::big);
  CHECK_FALSE(asobo::bigfile_byte_order_for_name("x.bin").has_value());
  CHECK(asobo::read_bigfile(hand_made_archive(ByteOrder::big), "no_extension").byte_order == ByteOrder::big);
  // Read with the wrong order, the type (and block count) are absurd.
  CHECK_THROWS_WITH(asobo::read_bigfile(hand_made_archive(ByteOrder::big), "x.DPC"),
                    Catch::Contains("bigfile_type"));
}

TEST_CASE("BigFile writer round trips byte for byte in both byte orders",
          "[asobo][asobo-bigfile][asobo-bigfile-be]") {
  for (const auto order : {ByteOrder::little, ByteOrder::big}) {
    const auto source = test::asobo_sample_bigfile(order);
    const auto bytes = asobo::write_bigfile(source);
    CHECK(bytes.size() % 2048 == 0);
    const auto a = asobo::read_bigfile(bytes, "sample", order);
    CHECK(asobo::write_bigfile(a) == bytes);
    REQUIRE(a.blocks.size() == 3);
    CHECK(a.blocks[2].resources.empty());
    REQUIRE(a.blocks[0].resources.size() == 3);
    CHECK(a.blocks[0].resources[0].body.compressed);
    CHECK(asobo::lz_decompress(a.blocks[0].resources[0].body.bytes, "x") == test::asobo_sample_body(5000, 1));
    CHECK(a.blocks[0].resources[1].body.bytes == test::asobo_sample_body(37, 2));
    CHECK(a.blocks[0].resources[2].pooled);
    CHECK(a.blocks[1].resources[1].pooled);
    CHECK_FALSE(a.blocks[1].resources[2].pooled);  // empty raw body: same shape, but not in the pool
    REQUIRE(a.pool.has_value());
    CHECK(a.pool->resources.size() == 2);
    CHECK(asobo::lz_decompress(a.pool->resources[1].body.bytes, "x") == test::asobo_sample_body(4100, 4));
    CHECK(a.incredibuilder == "IncrediBuilder test");
  }
  // The two byte orders differ exactly in the multi-byte fields, not in bodies.
  CHECK(test::asobo_sample_bigfile_bytes(ByteOrder::little) !=
        test::asobo_sample_bigfile_bytes(ByteOrder::big));
}

TEST_CASE("BigFile derived fields follow bff's rules", "[asobo][asobo-bigfile]") {
  const auto bytes = test::asobo_sample_bigfile_bytes(ByteOrder::little);
  const auto u32 = [&](std::size_t at) {
    return load_value<std::uint32_t>(bytes.data() + at, ByteOrder::little);
  };
  CHECK(u32(0x104) == 3);
  // Block 0 starts with a compressed 5000-byte body at offset 0: the block is loaded 6144 bytes into its
  // buffer.
  CHECK(u32(0x120 + 12) == 6144);
  CHECK(u32(0x108) == u32(0x120 + 4) + 6144);      // even capacity: block 0 padded size + its offset
  CHECK(u32(0x724) * 2048 == 0x800 + u32(0x110));  // pool right after the blocks
  CHECK(u32(0x730) == 3);                          // 4100-byte pool body: 3 sectors
  CHECK(u32(0x73C) == bytes.size());
  // Pool manifest: magic values, names_count_sum, resource indices [0, 0], one entry referenced twice.
  const std::size_t pool = u32(0x724) * 2048;
  CHECK(u32(pool) == 0x80000);
  CHECK(u32(pool + 4) == 0x800);
  CHECK(u32(pool + 8) == 2);
  CHECK(u32(pool + 12) == 2);
  CHECK(u32(pool + 24) == 1);  // one entry
  CHECK(u32(pool + 28) == asobo::name_hash("shared_sky.tga"));
  CHECK(u32(pool + 36) == 2);  // its reference count
  // Each pool record pads to 0xFF.
  CHECK(bytes.back() == std::byte{0xFF});
}

TEST_CASE("BigFile reader rejects impossible headers before allocating, and what would misplace data",
          "[asobo][asobo-bigfile]") {
  const auto good = test::asobo_sample_bigfile_bytes(ByteOrder::little);
  const auto expect_error = [&](std::size_t at, std::uint32_t value, const char* field) {
    auto bad = good;
    put32(bad, at, value, ByteOrder::little);
    try {
      (void)asobo::read_bigfile(bad, "bad.DPC");
      FAIL("no error for " << field);
    } catch (const FormatError& e) {
      CHECK(e.file() == "bad.DPC");
      CHECK_THAT(std::string(e.what()), Catch::Contains(field));
      CHECK(e.offset().has_value());
    }
  };
  expect_error(0x104, 65, "block_count");
  expect_error(0x104, 0xFFFFFFFF, "block_count");
  expect_error(0x120, 0x40000000, "resource_count");  // a billion records in one block
  expect_error(0x124, 0x7FFFF800, "padded_size");
  expect_error(0x128, 0x12345, "padded_size");
  expect_error(0x100, 2, "bigfile_type");
  expect_error(0x800, 0xFFFFFF00, "data_size");
  expect_error(0x804, 0xFFFFFF00, "data_size");
  expect_error(0x724, 1, "pool_offset");
  const std::size_t pool = load_value<std::uint32_t>(good.data() + 0x724, ByteOrder::little) * 2048;
  expect_error(pool + 12, 0x20000000, "resource_indices");
  expect_error(pool + 16, 5, "resource_indices");  // index past the entries

  auto unknown_version = good;
  std::memcpy(unknown_version.data(), "v1.382", 6);
  CHECK_THROWS_WITH(asobo::read_bigfile(unknown_version, "v.DPC"), Catch::Contains("outside the supported"));
  auto not_bigfile = good;
  not_bigfile[0] = std::byte{'x'};
  CHECK_THROWS_WITH(asobo::read_bigfile(not_bigfile, "v.DPC"), Catch::Contains("version"));
  CHECK_THROWS_AS(asobo::read_bigfile(std::span(good).first(100), "short.DPC"), FormatError);
}

TEST_CASE("BigFile: derivable sizes left as 0xFFFFFFFF warn and are written back as stored",
          "[asobo][lenient][asobo-bigfile]") {
  const auto bytes = test::asobo_bigfile_derived_ff_bytes();
  auto archive = asobo::read_bigfile(bytes, "ff.DPC");
  const auto computed = asobo::write_bigfile(asobo::make_sample_mesh_archive(), "meshes.DPC");
  const auto value_at = [&](std::size_t at) { return std::to_string(test::u32_at(computed, at)); };
  CHECK(test::has_warning(archive.warnings,
                          {"offset 0x734: block_sector_padding_size: is 4294967295 but the blocks give " +
                           value_at(0x734) + "; the stored value is kept"}));
  CHECK(test::has_warning(archive.warnings, {"offset 0x738: pool_sector_padding_size: is 4294967295"}));
  CHECK(test::has_warning(
      archive.warnings,
      {"offset 0x73c: file_size: is 4294967295 but the file's length give " + std::to_string(bytes.size())}));
  CHECK(archive.warnings.size() == 3);
  CHECK(asobo::write_bigfile(archive, "ff.DPC") == bytes);
  test::check_cli_tolerates(bytes, "ff.DPC", "block_sector_padding_size: is 4294967295");

  // Edited, every field is computed again.
  archive.blocks[0].checksum = 1;
  const auto edited = asobo::write_bigfile(archive, "edited.DPC");
  CHECK(test::u32_at(edited, 0x73C) == edited.size());
  CHECK(asobo::read_bigfile(edited, "edited.DPC").warnings.empty());
}

TEST_CASE("BigFile: an IncrediBuilder text without NUL is read and kept", "[asobo][lenient][asobo-bigfile]") {
  const auto bytes = test::asobo_bigfile_incredibuilder_without_nul_bytes();
  const auto archive = asobo::read_bigfile(bytes, "ib.DPC");
  CHECK(archive.incredibuilder.size() == 127);
  CHECK(archive.incredibuilder.substr(0, 3) == "ABC");
  CHECK(test::has_warning(archive.warnings, {"offset 0x740: incredibuilder: has no terminating NUL"}));
  CHECK(asobo::write_bigfile(archive, "ib.DPC") == bytes);
  test::check_cli_tolerates(bytes, "ib.DPC", "incredibuilder: has no terminating NUL");
}

TEST_CASE("BigFile: bytes after the last section are kept", "[asobo][lenient][asobo-bigfile]") {
  const auto bytes = test::asobo_bigfile_trailing_bytes();
  const auto archive = asobo::read_bigfile(bytes, "tail.DPC");
  CHECK(archive.trailing_bytes.size() == 16);
  char at[32];
  std::snprintf(at, sizeof at, "offset 0x%zx: end: 16 bytes", bytes.size() - 16);
  CHECK(test::has_warning(archive.warnings, {at, "kept as trailing bytes"}));
  CHECK(archive.warnings.size() == 1);  // file_size counts them
  CHECK(asobo::write_bigfile(archive, "tail.DPC") == bytes);
  test::check_cli_tolerates(bytes, "tail.DPC", "16 bytes after the archive's last section");
}

TEST_CASE("BigFile: pool tables, constants and padding that disagree are kept as stored",
          "[asobo][lenient][asobo-bigfile]") {
  const auto good = test::asobo_sample_bigfile_bytes(ByteOrder::little);
  const std::size_t pool = test::u32_at(good, 0x724) * 2048;
  auto bytes = good;
  test::set_u32_at(bytes, pool, 7);                         // buffer_size
  test::set_u32_at(bytes, pool + 8, 0xFFFFFFFF);            // names_count_sum
  bytes[0x800 + test::u32_at(good, 0x128)] = std::byte{1};  // the first block's padding
  test::set_u32_at(bytes, 0x110, 2048);                     // total_padded_block_size
  const auto archive = asobo::read_bigfile(bytes, "p.DPC");
  CHECK(test::has_warning(archive.warnings, {"buffer_size: is 7 but all known files give 524288"}));
  CHECK(test::has_warning(archive.warnings, {"names_count_sum: is 4294967295"}));
  CHECK(test::has_warning(archive.warnings, {"block_padding: padding byte is 1, expected 0"}));
  CHECK(test::has_warning(archive.warnings, {"offset 0x110: total_padded_block_size"}));
  CHECK(asobo::write_bigfile(archive, "p.DPC") == bytes);
  CHECK(asobo::read_bigfile(good, "good.DPC").warnings.empty());
}

TEST_CASE("BigFile accepts every version from v1.220.50.07 to v1.381.67.09", "[asobo][asobo-bigfile]") {
  for (const asobo::BigFileVersion v :
       {asobo::kBigFileOldestVersion, asobo::BigFileVersion{1, 300, 1, 2}, asobo::kBigFileNewestVersion}) {
    auto a = test::asobo_sample_bigfile(ByteOrder::big);
    a.version = v;
    const auto bytes = asobo::write_bigfile(a);
    CHECK(std::string(reinterpret_cast<const char*>(bytes.data())) == asobo::format_bigfile_version(v));
    CHECK(asobo::read_bigfile(bytes, "v.DGC").version == v);
  }
  CHECK(asobo::format_bigfile_version(asobo::kBigFileOldestVersion) ==
        "v1.220.50.07 - Asobo Studio - Internal Cross Technology");
  auto too_old = test::asobo_sample_bigfile(ByteOrder::big);
  too_old.version = {1, 220, 50, 6};
  CHECK_THROWS_AS(asobo::write_bigfile(too_old), FormatError);
}

TEST_CASE("BigFile writer refuses archives it cannot write", "[asobo][asobo-bigfile]") {
  auto a = test::asobo_sample_bigfile(ByteOrder::little);
  a.blocks.resize(65);
  CHECK_THROWS_WITH(asobo::write_bigfile(a), Catch::Contains("at most 64"));
  auto b = test::asobo_sample_bigfile(ByteOrder::little);
  b.pool->entries[0].name = asobo::name_hash("other");
  CHECK_THROWS_AS(asobo::write_bigfile(b), FormatError);
  auto c = test::asobo_sample_bigfile(ByteOrder::little);
  c.blocks[0].resources[0].body.decompressed_size += 1;
  CHECK_THROWS_WITH(asobo::write_bigfile(c), Catch::Contains("LZ"));
}

namespace {

// The files of an unpacked archive by path, as pack reads them.
std::map<std::string, std::vector<std::byte>> files_of(const asobo::UnpackedBigFile& unpacked) {
  std::map<std::string, std::vector<std::byte>> files;
  for (const auto& f : unpacked.files) files[f.path] = f.bytes;
  return files;
}

}  // namespace

TEST_CASE("BigFile folder: unchanged objects pack back byte for byte", "[asobo][asobo-bigfile]") {
  for (const auto order : {ByteOrder::little, ByteOrder::big}) {
    const auto bytes = test::asobo_sample_bigfile_bytes(order);
    const auto archive = asobo::read_bigfile(bytes, "s", order);
    const auto unpacked = asobo::unpack_bigfile(archive, nullptr, "s");
    auto files = files_of(unpacked);
    // Object files hold link header + decompressed body.
    const auto& mesh = unpacked.manifest["blocks"][0]["objects"][0];
    CHECK(mesh["class_name"] == "Mesh_Z");
    CHECK(mesh["compress"] == true);
    auto expected = archive.blocks[0].resources[0].link_header;
    const auto body = test::asobo_sample_body(5000, 1);
    expected.insert(expected.end(), body.begin(), body.end());
    CHECK(files.at(mesh["file"].get<std::string>()) == expected);
    // The body was extracted as stored: its blob lies beside the object's file, with fingerprints.
    REQUIRE(mesh.contains("original_lz"));
    CHECK(files.at(mesh["original_lz"].get<std::string>()) == archive.blocks[0].resources[0].body.bytes);
    CHECK(mesh["body_fingerprint"].get<std::string>().size() == 16);
    CHECK(mesh["lz_fingerprint"].get<std::string>().size() == 16);
    CHECK(unpacked.manifest["manifest_version"] == asobo::kBigFileManifestVersion);
    const auto repacked = asobo::repack_bigfile(
        unpacked.manifest, [&](const std::string& p) { return files.at(p); }, "m");
    CHECK(asobo::write_bigfile(repacked) == bytes);
  }
}

TEST_CASE("BigFile folder keeps a foreign LZ blob while its body is unchanged", "[asobo][asobo-bigfile]") {
  // A valid blob our encoder would not produce: "abcabcabc" as literals and an L = 0 match.
  const std::vector<std::byte> foreign = {
      std::byte{9},   std::byte{0},   std::byte{0},    std::byte{0},    std::byte{17},  std::byte{0},
      std::byte{0},   std::byte{0},   std::byte{0x10}, std::byte{0},    std::byte{0},   std::byte{0},
      std::byte{'a'}, std::byte{'b'}, std::byte{'c'},  std::byte{0xC0}, std::byte{0x02}};
  auto a = test::asobo_sample_bigfile(ByteOrder::little);
  a.blocks[1].resources[2].body = {foreign, true, 9};
  asobo::raise_buffer_sizes(a);
  const auto bytes = asobo::write_bigfile(a);
  const auto unpacked = asobo::unpack_bigfile(asobo::read_bigfile(bytes, "f.DPC"), nullptr, "f.DPC");
  auto files = files_of(unpacked);
  const auto& object = unpacked.manifest["blocks"][1]["objects"][2];
  REQUIRE(object.contains("original_lz"));
  const auto read = [&](const std::string& p) { return files.at(p); };
  CHECK(asobo::write_bigfile(asobo::repack_bigfile(unpacked.manifest, read, "m")) == bytes);
  // Once the body changes, it is compressed anew.
  files[object["file"].get<std::string>()].back() = std::byte{'z'};
  const auto edited = asobo::repack_bigfile(unpacked.manifest, read, "m");
  CHECK(asobo::lz_decompress(edited.blocks[1].resources[2].body.bytes, "e").back() == std::byte{'z'});
}

namespace {

// Every compressed body of an archive decompressed: what pack must keep, whatever blobs it writes.
std::vector<std::vector<std::byte>> bodies_of(const asobo::BigFile& archive) {
  std::vector<std::vector<std::byte>> out;
  const auto add = [&](const asobo::StoredBody& body) {
    out.push_back(body.compressed ? asobo::lz_decompress(body.bytes, "b") : body.bytes);
  };
  for (const auto& block : archive.blocks)
    for (const auto& res : block.resources)
      if (!res.pooled) add(res.body);
  if (archive.pool)
    for (const auto& res : archive.pool->resources) add(res.body);
  return out;
}

}  // namespace

TEST_CASE("BigFile folder: pack reuses stored blobs by fingerprint and compresses only edited bodies",
          "[asobo][asobo-bigfile]") {
  for (const auto order : {ByteOrder::little, ByteOrder::big}) {
    const auto bytes = test::asobo_sample_bigfile_bytes(order);
    const auto archive = asobo::read_bigfile(bytes, "s", order);
    const auto unpacked = asobo::unpack_bigfile(archive, nullptr, "s");
    auto files = files_of(unpacked);
    const auto read = [&](const std::string& p) { return files.at(p); };
    // Every compressed body, pool records included, names its stored blob.
    std::size_t blobs = 0;
    for (const auto& block : unpacked.manifest["blocks"])
      for (const auto& object : block["objects"])
        if (object["compress"] == true && object["pooled"] == false) {
          CHECK(object.contains("original_lz"));
          ++blobs;
        }
    for (const auto& resource : unpacked.manifest["pool"]["resources"])
      if (resource["compress"] == true) {
        CHECK(resource.contains("original_lz"));
        ++blobs;
      }
    CHECK(blobs >= 2);

    // A blob that no longer matches its fingerprint is not trusted: the body is compressed anew.
    auto tampered = files;
    const auto& mesh = unpacked.manifest["blocks"][0]["objects"][0];
    auto& blob = tampered[mesh["original_lz"].get<std::string>()];
    blob.back() ^= std::byte{1};
    const auto from_tampered = asobo::repack_bigfile(
        unpacked.manifest, [&](const std::string& p) { return tampered.at(p); }, "m");
    CHECK(from_tampered.blocks[0].resources[0].body.bytes != blob);
    CHECK(bodies_of(from_tampered) == bodies_of(archive));

    // Edit the mesh's body: it alone is compressed anew (the fast encoder), every other blob is reused.
    auto edited_files = files;
    auto& mesh_file = edited_files[mesh["file"].get<std::string>()];
    mesh_file[mesh["link_header_size"].get<std::size_t>() + 10] ^= std::byte{0x55};
    const auto edited = asobo::repack_bigfile(
        unpacked.manifest, [&](const std::string& p) { return edited_files.at(p); }, "m");
    const std::vector<std::byte> new_body(mesh_file.begin() + mesh["link_header_size"].get<std::ptrdiff_t>(),
                                          mesh_file.end());
    const auto& edited_mesh = edited.blocks[0].resources[0].body;
    CHECK(edited_mesh.compressed);
    CHECK(edited_mesh.bytes == asobo::lz_compress_fast(new_body));
    CHECK(asobo::lz_decompress(edited_mesh.bytes, "e") == new_body);
    for (std::size_t b = 0; b < archive.blocks.size(); ++b)
      for (std::size_t i = 0; i < archive.blocks[b].resources.size(); ++i)
        if (b != 0 || i != 0)
          CHECK(edited.blocks[b].resources[i].body.bytes == archive.blocks[b].resources[i].body.bytes);
    if (archive.pool)
      for (std::size_t i = 0; i < archive.pool->resources.size(); ++i)
        CHECK(edited.pool->resources[i].body.bytes == archive.pool->resources[i].body.bytes);
    // The edited archive reads back, and its edited body decompresses to the edit.
    const auto written = asobo::write_bigfile(edited);
    const auto back = asobo::read_bigfile(written, "e", order);
    CHECK(asobo::lz_decompress(back.blocks[0].resources[0].body.bytes, "e") == new_body);

    // Unchanged: the original bytes.
    CHECK(asobo::write_bigfile(asobo::repack_bigfile(unpacked.manifest, read, "m")) == bytes);
  }
}

TEST_CASE("BigFile folder: a version-1 manifest (before stored blobs) still packs back byte for byte",
          "[asobo][asobo-bigfile]") {
  const auto bytes = test::asobo_sample_bigfile_bytes(ByteOrder::little);
  const auto unpacked = asobo::unpack_bigfile(asobo::read_bigfile(bytes, "s.DPC"), nullptr, "s.DPC");
  auto files = files_of(unpacked);
  // What extract wrote before: no version, no blobs where the game-matching encoder gives them back.
  auto old = unpacked.manifest;
  old.erase("manifest_version");
  const auto strip = [](nlohmann::json& entry) {
    entry.erase("original_lz");
    entry.erase("body_fingerprint");
    entry.erase("lz_fingerprint");
  };
  for (auto& block : old["blocks"])
    for (auto& object : block["objects"]) strip(object);
  for (auto& resource : old["pool"]["resources"]) strip(resource);
  const auto read = [&](const std::string& p) { return files.at(p); };
  CHECK(asobo::write_bigfile(asobo::repack_bigfile(old, read, "m")) == bytes);
  // A manifest from a newer gamefmt is refused, not misread.
  auto newer = unpacked.manifest;
  newer["manifest_version"] = asobo::kBigFileManifestVersion + 1;
  CHECK_THROWS_WITH(asobo::repack_bigfile(newer, read, "m"), Catch::Contains("manifest_version"));
}

TEST_CASE("BigFile folder: edited, added and removed objects give a valid archive",
          "[asobo][asobo-bigfile]") {
  const auto bytes = test::asobo_sample_bigfile_bytes(ByteOrder::big);
  const auto unpacked = asobo::unpack_bigfile(asobo::read_bigfile(bytes, "s.DRV"), nullptr, "s.DRV");
  auto manifest = unpacked.manifest;
  auto files = files_of(unpacked);

  // Edit: the mesh body grows to 20000 bytes (still compressed).
  const auto mesh_file = manifest["blocks"][0]["objects"][0]["file"].get<std::string>();
  auto mesh = std::vector<std::byte>(files[mesh_file].begin(), files[mesh_file].begin() + 92);
  const auto new_body = test::asobo_sample_body(20000, 11);
  mesh.insert(mesh.end(), new_body.begin(), new_body.end());
  files[mesh_file] = mesh;
  // Remove the material; add a new named object with a string class and name.
  auto& objects = manifest["blocks"][0]["objects"];
  objects.erase(1);
  files["new.bin"] = text_bytes("LINKbody of a new object");
  manifest["blocks"][1]["objects"].push_back({{"file", "new.bin"},
                                              {"class", "UserDefine_Z"},
                                              {"name", "my_new_object"},
                                              {"link_header_size", 4},
                                              {"compress", false},
                                              {"pooled", false}});

  const auto archive = asobo::repack_bigfile(
      manifest, [&](const std::string& p) { return files.at(p); }, "m");
  const auto written = asobo::write_bigfile(archive);
  const auto back = asobo::read_bigfile(written, "edited.DRV");
  CHECK(asobo::write_bigfile(back) == written);
  REQUIRE(back.blocks[0].resources.size() == 2);
  CHECK(asobo::lz_decompress(back.blocks[0].resources[0].body.bytes, "e") == new_body);
  CHECK(back.blocks[0].working_buffer_offset >= 20480);  // raised to fit the bigger body
  const auto& added = back.blocks[1].resources.back();
  CHECK(added.name == asobo::name_hash("my_new_object"));
  CHECK(added.class_name == asobo::name_hash("UserDefine_Z"));
  CHECK(added.body.bytes == text_bytes("body of a new object"));

  // A manifest naming a missing field says which.
  auto broken = manifest;
  broken["blocks"][0]["objects"][0].erase("link_header_size");
  CHECK_THROWS_WITH(asobo::repack_bigfile(
                        broken, [&](const std::string& p) { return files.at(p); }, "m"),
                    Catch::Contains("blocks[0].objects[0].link_header_size"));
}

TEST_CASE("BigFile folder on disk, with a name list", "[asobo][asobo-bigfile]") {
  test::TempDir dir;
  const auto bytes = test::asobo_sample_bigfile_bytes(ByteOrder::little);
  const auto names =
      asobo::parse_name_list(text_bytes("car_body.mesh\n# comment\n\n0x1234 \"x y\"\n"), "n.NPC");
  CHECK(names.at(asobo::name_hash("car_body.mesh")) == "car_body.mesh");
  CHECK(names.at(0x1234) == "x y");
  asobo::extract_bigfile_to_folder(asobo::read_bigfile(bytes, "s.DPC"), dir.path(), &names, "s.DPC");
  CHECK(std::filesystem::exists(dir / "manifest.json"));
  CHECK(std::filesystem::exists(dir.path() / "objects" / "00" / "0000_car_body.mesh.Mesh_Z"));
  CHECK(asobo::write_bigfile(asobo::pack_bigfile_folder(dir.path())) == bytes);
}

TEST_CASE("BigFile folder: a tolerated archive packs back byte for byte, and validly once edited",
          "[asobo][lenient][asobo-bigfile]") {
  for (const auto& bytes : {test::asobo_bigfile_derived_ff_bytes(), test::asobo_bigfile_trailing_bytes(),
                            test::asobo_bigfile_incredibuilder_without_nul_bytes()}) {
    const auto archive = asobo::read_bigfile(bytes, "t.DPC");
    REQUIRE_FALSE(archive.warnings.empty());
    test::TempDir dir;
    asobo::extract_bigfile_to_folder(archive, dir.path(), nullptr, "t.DPC");
    CHECK(asobo::write_bigfile(asobo::pack_bigfile_folder(dir.path())) == bytes);
    auto edited = asobo::pack_bigfile_folder(dir.path());
    edited.blocks[0].checksum = 5;
    const auto read_back = asobo::read_bigfile(asobo::write_bigfile(edited), "e.DPC");
    for (const auto& warning : read_back.warnings)  // only the trailing bytes stay: they do no harm
      CHECK_THAT(warning, Catch::Contains("after the archive's last section"));
  }
}

namespace {

// What the index must say of each object: the full reader's record, a pooled one with its first pool body.
void check_index_matches(const std::vector<std::byte>& bytes, std::string_view name) {
  const auto archive = asobo::read_bigfile(bytes, name);
  const asobo::RandomAccessBytes source(bytes);
  const auto index = asobo::read_bigfile_index(source, name);
  CHECK(index.byte_order == archive.byte_order);
  CHECK(index.version == archive.version);
  CHECK(index.block_count == archive.blocks.size());
  CHECK(index.has_pool == archive.pool.has_value());
  std::map<std::uint32_t, const asobo::StoredBody*> pool_bodies;
  if (archive.pool) {
    CHECK(index.pool_entries == archive.pool->entries.size());
    CHECK(index.pool_body_records == archive.pool->resources.size());
    CHECK(index.pool_reference_records == archive.pool->reference_records.size());
    for (const auto& res : archive.pool->resources) pool_bodies.try_emplace(res.name, &res.body);
  }
  std::size_t k = 0;
  for (std::size_t b = 0; b < archive.blocks.size(); ++b)
    for (std::size_t i = 0; i < archive.blocks[b].resources.size(); ++i, ++k) {
      REQUIRE(k < index.objects.size());
      const auto& res = archive.blocks[b].resources[i];
      const auto& entry = index.objects[k];
      const auto pooled = res.pooled ? pool_bodies.find(res.name) : pool_bodies.end();
      const auto& body = pooled != pool_bodies.end() ? *pooled->second : res.body;
      CHECK(entry.block == b);
      CHECK(entry.index == i);
      CHECK(entry.class_name == res.class_name);
      CHECK(entry.name == res.name);
      CHECK(entry.link_header_size == res.link_header.size());
      CHECK(entry.pooled == res.pooled);
      CHECK(entry.compressed == body.compressed);
      CHECK(entry.body_size == body.decompressed_size);
      CHECK(entry.stored_size == body.bytes.size());
    }
  CHECK(k == index.objects.size());
}

}  // namespace

TEST_CASE("BigFile index: the headers give what the full reader gives", "[asobo][asobo-bigfile]") {
  check_index_matches(test::asobo_sample_bigfile_bytes(ByteOrder::little), "s.DPC");
  check_index_matches(test::asobo_sample_bigfile_bytes(ByteOrder::big), "s.D36");
  check_index_matches(test::asobo_bigfile_derived_ff_bytes(), "t.DPC");
  check_index_matches(test::asobo_bigfile_trailing_bytes(), "t.DPC");
  check_index_matches(test::asobo_bigfile_incredibuilder_without_nul_bytes(), "t.DPC");
  check_index_matches(asobo::write_bigfile(asobo::make_sample_mesh_archive({})), "m.DPC");
}

TEST_CASE("BigFile index reads headers only: big bodies are skipped, not read", "[asobo][asobo-bigfile]") {
  auto archive = test::asobo_sample_bigfile(ByteOrder::little);
  // Two 3 MB bodies: the index reads a few windows around the record headers, not the bodies.
  for (auto* res : {&archive.blocks[0].resources[1], &archive.blocks[1].resources[0]}) {
    res->body.compressed = false;
    res->body.bytes.assign(3 << 20, std::byte{0x5A});
    res->body.decompressed_size = 3 << 20;
  }
  asobo::raise_buffer_sizes(archive);
  const auto bytes = asobo::write_bigfile(archive);
  const asobo::RandomAccessBytes source(bytes);
  const auto index = asobo::read_bigfile_index(source, "big.DPC");
  CHECK(index.file_size == bytes.size());
  CHECK(index.bytes_read < 512 * 1024);
  CHECK(index.objects.at(1).body_size == 3u << 20);
  // The same from a file on disk.
  test::TempDir dir;
  write_file_atomically(dir / "big.DPC", bytes);
  const asobo::RandomAccessFile file(dir / "big.DPC");
  CHECK(asobo::read_bigfile_index(file, "big.DPC").objects.size() == index.objects.size());
}

TEST_CASE("BigFile index sweep: every prefix and changed byte gives an index or FormatError",
          "[asobo][asobo-bigfile][sweep]") {
  const auto bytes = test::asobo_sample_bigfile_bytes(ByteOrder::little);
  std::mt19937 random(11);
  std::size_t indexed = 0, rejected = 0;
  const auto attempt = [&](const std::vector<std::byte>& data) {
    const asobo::RandomAccessBytes source(data);
    try {
      const auto index = asobo::read_bigfile_index(source, "sweep.DPC");
      CHECK(index.objects.size() <= data.size() / asobo::kResourceHeaderSize);
      ++indexed;
    } catch (const FormatError& e) {
      CHECK(e.file() == "sweep.DPC");
      ++rejected;
    }
  };
  for (std::size_t n = 0; n < bytes.size(); n += 97) attempt({bytes.begin(), bytes.begin() + n});
  for (int k = 0; k < 3000; ++k) {
    auto changed = bytes;
    // Mostly the headers and tables, where a changed byte matters.
    const std::size_t at = k % 2 == 0 ? random() % 0x800 : random() % bytes.size();
    changed[at] ^= std::byte(1 + random() % 255);
    attempt(changed);
  }
  CHECK(indexed > 0);
  CHECK(rejected > 0);
}

TEST_CASE("BigFile folder: a stored blob named outside the folder is refused",
          "[asobo][asobo-bigfile][hostile]") {
  test::TempDir dir;
  asobo::extract_bigfile_to_folder(
      asobo::read_bigfile(test::asobo_sample_bigfile_bytes(ByteOrder::little), "s.DPC"), dir / "x", nullptr,
      "s.DPC");
  const auto manifest_path = dir / "x" / "manifest.json";
  auto manifest = nlohmann::json::parse(test::read_bytes(manifest_path));
  for (const auto* path : {"../outside.lz", "/etc/passwd"}) {
    manifest["blocks"][0]["objects"][0]["original_lz"] = path;
    write_file_atomically(manifest_path, manifest.dump());
    CHECK_THROWS_WITH(asobo::pack_bigfile_folder(dir / "x"),
                      Catch::Contains("is not a path inside the folder"));
  }
  // A bad fingerprint is named as such.
  manifest["blocks"][0]["objects"][0]["original_lz"] = "objects/00/0000_x.lz";
  manifest["blocks"][0]["objects"][0]["body_fingerprint"] = "xyz";
  write_file_atomically(manifest_path, manifest.dump());
  CHECK_THROWS_WITH(asobo::pack_bigfile_folder(dir / "x"), Catch::Contains("body_fingerprint"));
}
