// Asobo name hashes and Asobo LZ: published hash values, blobs worked out by hand from docs/formats/asobo.md,
// round trips and bad blobs.
#include <catch2/catch.hpp>
#include <random>
#include <string>

#include "asobo_samples.hpp"
#include "gamefmt/asobo/lz.hpp"
#include "gamefmt/asobo/name_hash.hpp"
#include "gamefmt/core/format_error.hpp"

using namespace gamefmt;

namespace {

std::vector<std::byte> bytes_of(std::initializer_list<int> values) {
  std::vector<std::byte> out;
  for (const int v : values) out.push_back(std::byte(v));
  return out;
}
std::vector<std::byte> bytes_of(std::string_view text) {
  return {reinterpret_cast<const std::byte*>(text.data()),
          reinterpret_cast<const std::byte*>(text.data()) + text.size()};
}

}  // namespace

TEST_CASE("Asobo name hash gives the published class-name values", "[asobo]") {
  CHECK(asobo::name_hash("") == 0);
  CHECK(asobo::name_hash("a") == 2825181984u);
  CHECK(asobo::name_hash("Mesh_Z") == 1387343541u);
  CHECK(asobo::name_hash("Skin_Z") == 1396791303u);
  CHECK(asobo::name_hash("Skel_Z") == 3611002348u);
  CHECK(asobo::name_hash("Animation_Z") == 1175485833u);
  CHECK(asobo::name_hash("Node_Z") == 2245010728u);
  CHECK(asobo::name_hash("Material_Z") == 2204276779u);
  CHECK(asobo::name_hash("Bitmap_Z") == 1471281566u);
  CHECK(asobo::name_hash("MeshData_Z") == 3626109572u);
  CHECK(asobo::name_hash("Omni_Z") == 549480509u);
}

TEST_CASE("Asobo name hash folds ASCII capitals only", "[asobo]") {
  CHECK(asobo::name_hash("MESH_Z") == asobo::name_hash("mesh_z"));
  CHECK(asobo::name_hash("A") == asobo::name_hash("a"));
  // Bytes >= 0x80 are not folded: two different Latin-1 letters keep different hashes.
  CHECK(asobo::name_hash("\xC9") != asobo::name_hash("\xE9"));
}

TEST_CASE("Asobo alternate hash is the MSB-first CRC table update", "[asobo]") {
  // One byte from init 0 selects the table entry: T[1] = the polynomial, T[255] = 0xB1F740B4.
  CHECK(asobo::name_hash_alternate(bytes_of({0x01})) == 0x04C11DB7u);
  CHECK(asobo::name_hash_alternate(bytes_of({0xFF})) == 0xB1F740B4u);
  CHECK(asobo::name_hash_alternate(bytes_of("ABC")) == asobo::name_hash_alternate(bytes_of("abc")));
  CHECK(asobo::name_hash_alternate({}) == 0);
}

TEST_CASE("Asobo LZ decodes a blob worked out by hand", "[asobo]") {
  // "abcabcabc": three literals, then a match of 6 bytes at distance 3. L = 0: code (6-3)<<14 | (3-1) =
  // 0xC002; the flag word has bit 31-3 set for entry 3. Header: 9 bytes out, 17 bytes in all.
  const auto blob = bytes_of({9, 0, 0, 0, 17, 0, 0, 0, 0x10, 0, 0, 0, 'a', 'b', 'c', 0xC0, 0x02});
  CHECK(asobo::lz_decompress(blob, "hand.lz") == bytes_of("abcabcabc"));
  // The same with L = 3 (5 length bits, 11 distance bits): code 3<<11 | 2 = 0x1802.
  const auto blob_l3 = bytes_of({9, 0, 0, 0, 17, 0, 0, 0, 0x10, 0, 0, 3, 'a', 'b', 'c', 0x18, 0x02});
  CHECK(asobo::lz_decompress(blob_l3, "hand.lz") == bytes_of("abcabcabc"));
}

TEST_CASE("Asobo LZ encoder follows the game's rules on a small input", "[asobo]") {
  // L = 3 is tried first; its packet reaches the end of the input, so it is taken (docs/formats/asobo.md,
  // Asobo LZ).
  const auto expected = bytes_of({9, 0, 0, 0, 17, 0, 0, 0, 0x10, 0, 0, 3, 'a', 'b', 'c', 0x18, 0x02});
  CHECK(asobo::lz_compress(bytes_of("abcabcabc")) == expected);
  // Empty input: just the header.
  CHECK(asobo::lz_compress({}) == bytes_of({0, 0, 0, 0, 8, 0, 0, 0}));
  // Two bytes cannot match (a match needs 3): literals only.
  CHECK(asobo::lz_compress(bytes_of("aa")) == bytes_of({2, 0, 0, 0, 14, 0, 0, 0, 0, 0, 0, 3, 'a', 'a'}));
}

TEST_CASE("Asobo LZ picks a wider window when a long-distance match pays", "[asobo]") {
  // 3000 distinct-ish bytes, then the first 100 again: only L <= 2 windows (>= 4096 bytes) reach back 3000.
  auto data = test::asobo_sample_body(3000, 7);
  std::mt19937 random(3);
  for (auto& b : data) b = std::byte(random() & 0xFF);
  data.insert(data.end(), data.begin(), data.begin() + 100);
  const auto blob = asobo::lz_compress(data);
  CHECK(asobo::lz_decompress(blob, "wide.lz") == data);
  CHECK(blob.size() < 8 + 3000 + 3000 / 30 * 4 + 4 + 60);  // the repeat costs far less than 100 literals
}

namespace {

// Empty, one byte, zeros, the sample body, noise, periodic data: inputs[2] is the zeros, inputs[3] the body.
std::vector<std::vector<std::byte>> round_trip_inputs() {
  std::mt19937 random(42);
  std::vector<std::vector<std::byte>> inputs;
  inputs.push_back({});
  inputs.push_back(bytes_of("x"));
  inputs.push_back(std::vector<std::byte>(100000, std::byte{0}));
  inputs.push_back(test::asobo_sample_body(70000, 5));  // past the first 0x8000 inserted positions
  std::vector<std::byte> noise(40000);
  for (auto& b : noise) b = std::byte(random() & 0xFF);
  inputs.push_back(noise);
  std::vector<std::byte> periodic(50000);
  for (std::size_t i = 0; i < periodic.size(); ++i) periodic[i] = std::byte(i % 251 ^ (i / 3000));
  inputs.push_back(periodic);
  return inputs;
}

}  // namespace

TEST_CASE("Asobo LZ round trips data of every kind", "[asobo]") {
  const auto inputs = round_trip_inputs();
  for (const auto& input : inputs) {
    INFO(input.size());
    const auto blob = asobo::lz_compress(input);
    CHECK(asobo::lz_decompressed_size(blob, "x") == input.size());
    CHECK(asobo::lz_decompress(blob, "x") == input);
    CHECK(asobo::lz_compress(input) == blob);  // deterministic
  }
  CHECK(asobo::lz_compress(inputs[2]).size() <
        100000 / 15);  // zeros: 30 matches of 34 bytes per 64-byte packet
}

TEST_CASE("Asobo LZ rejects impossible blobs with offset and field", "[asobo]") {
  const auto good = bytes_of({9, 0, 0, 0, 17, 0, 0, 0, 0x10, 0, 0, 0, 'a', 'b', 'c', 0xC0, 0x02});
  auto wrong_size = good;
  wrong_size[4] = std::byte{18};
  CHECK_THROWS_WITH(asobo::lz_decompress(wrong_size, "b.lz"), Catch::Contains("compressed_size"));
  auto huge = good;
  huge[3] = std::byte{0x7F};  // 2 GB from 9 payload bytes
  CHECK_THROWS_WITH(asobo::lz_decompress(huge, "b.lz"), Catch::Contains("cannot come from"));
  auto far = good;
  far[16] = std::byte{0x05};  // distance 6 with 3 bytes written
  CHECK_THROWS_WITH(asobo::lz_decompress(far, "b.lz"), Catch::Contains("before the start"));
  auto longer = good;
  longer[0] = std::byte{8};  // the 6-byte match would run past 8 bytes
  CHECK_THROWS_WITH(asobo::lz_decompress(longer, "b.lz"), Catch::Contains("runs past"));
  auto trailing = good;
  trailing.push_back(std::byte{0});
  trailing[4] = std::byte{18};
  CHECK_THROWS_WITH(asobo::lz_decompress(trailing, "b.lz"), Catch::Contains("left after the last entry"));
  try {
    asobo::lz_decompress(std::span(good).first(14), "cut.lz");
    FAIL("no error");
  } catch (const FormatError& e) {
    CHECK(e.file() == "cut.lz");
    CHECK(e.offset().has_value());
  }
}

TEST_CASE("Asobo LZ sweep: every prefix and changed byte decodes or gives FormatError", "[asobo][sweep]") {
  const auto blob = asobo::lz_compress(test::asobo_sample_body(3000, 9));
  std::mt19937 random(1);
  std::size_t decoded = 0, rejected = 0;
  for (std::size_t n = 0; n < blob.size(); ++n) {
    // A prefix disagrees with the compressed size in its header: always an error.
    CHECK_THROWS_AS(asobo::lz_decompress(std::span(blob).first(n), "sweep.lz"), FormatError);
    auto changed = blob;
    changed[n] ^= std::byte(1 + random() % 255);
    try {
      (void)asobo::lz_decompress(changed, "sweep.lz");
      ++decoded;
    } catch (const FormatError&) {
      ++rejected;
    }
  }
  CHECK(decoded + rejected == blob.size());
  CHECK(rejected > 0);  // changed headers at least are caught
}

TEST_CASE("Asobo LZ fast encoder round trips data of every kind through the decoder", "[asobo]") {
  std::mt19937 random(7);
  auto inputs = round_trip_inputs();
  inputs.push_back(bytes_of("ab"));
  inputs.push_back(bytes_of("abcabcabc"));
  // Repeats at every distance the four packet kinds reach, and just past them.
  std::vector<std::byte> far(70000);
  for (auto& b : far) b = std::byte(random() % 4 == 0 ? random() & 0xFF : 'q');
  for (const std::size_t distance : {2047u, 2048u, 2049u, 4096u, 8192u, 16384u, 16385u, 20000u})
    std::copy_n(far.begin() + 1000, 40, far.begin() + 1000 + distance);
  inputs.push_back(far);
  // Random lengths of random data with small alphabets: many short matches of every length.
  for (int k = 0; k < 40; ++k) {
    std::vector<std::byte> small(random() % 5000);
    const unsigned alphabet = 1 + random() % 6;
    for (auto& b : small) b = std::byte(random() % alphabet);
    inputs.push_back(small);
  }
  for (const auto& input : inputs) {
    const auto blob = asobo::lz_compress_fast(input);
    CHECK(asobo::lz_decompressed_size(blob, "x") == input.size());
    CHECK(asobo::lz_decompress(blob, "x") == input);
    CHECK(asobo::lz_compress_fast(input) == blob);  // deterministic
  }
  // It compresses: zeros and the sample body about as well as the game's encoder.
  CHECK(asobo::lz_compress_fast(inputs[2]).size() < 100000 / 15);
  const auto sample_fast = asobo::lz_compress_fast(inputs[3]).size();
  const auto sample_exact = asobo::lz_compress(inputs[3]).size();
  CHECK(sample_fast < sample_exact * 12 / 10);
}

TEST_CASE("Asobo LZ decoder: the fast loop and the checked tail agree on long blobs", "[asobo]") {
  // Long enough for the unchecked loop, with errors placed inside it: they are still reported.
  const auto data = test::asobo_sample_body(20000, 3);
  const auto blob = asobo::lz_compress(data);
  CHECK(asobo::lz_decompress(blob, "x") == data);
  std::mt19937 random(5);
  for (int k = 0; k < 300; ++k) {
    auto changed = blob;
    changed[8 + random() % (blob.size() - 8)] ^= std::byte(1 + random() % 255);
    try {
      const auto out = asobo::lz_decompress(changed, "x");
      CHECK(out.size() == data.size());
    } catch (const FormatError& e) {
      CHECK(e.offset().has_value());
    }
  }
}
