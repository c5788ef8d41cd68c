#include <array>
#include <catch2/catch.hpp>
#include <cstring>
#include <filesystem>
#include <functional>
#include <span>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/core/text_encoding.hpp"
#include "test_support.hpp"

using namespace gamefmt;

namespace {
std::vector<std::byte> bytes_of(std::initializer_list<int> values) {
  std::vector<std::byte> out;
  for (int v : values) out.push_back(static_cast<std::byte>(v));
  return out;
}
}  // namespace

TEST_CASE("ByteReader reads both byte orders", "[core]") {
  const auto data = bytes_of({0x12, 0x34, 0x56, 0x78, 0x3f, 0x80, 0x00, 0x00});
  ByteReader big(data, "x.bin", ByteOrder::big);
  CHECK(big.u16("a") == 0x1234);
  CHECK(big.u16("b") == 0x5678);
  CHECK(big.f32("c") == 1.0f);
  CHECK(big.at_end());
  ByteReader little(data, "x.bin", ByteOrder::little);
  CHECK(little.u32("a") == 0x78563412u);
}

TEST_CASE("ByteReader errors name file, offset and field path", "[core]") {
  const auto data = bytes_of({1, 2, 3, 4, 5, 6});
  ByteReader r(data, "Body.solid", ByteOrder::big);
  r.skip(2, "header");
  auto field = r.enter("triangles", 12);
  try {
    float gx[3];
    r.read_array(gx, "gx");
    FAIL("no error");
  } catch (const FormatError& e) {
    CHECK(e.file() == "Body.solid");
    REQUIRE(e.offset());
    CHECK(*e.offset() == 2);
    CHECK(e.field() == "triangles[12].gx");
    CHECK(std::string(e.what()) == "Body.solid: offset 0x2: triangles[12].gx: need 12 bytes, 4 left");
  }
}

TEST_CASE("ByteReader checks counts before allocation", "[core]") {
  const auto data = bytes_of({0, 0, 0, 0, 0, 0, 0, 0});
  ByteReader r(data, "f", ByteOrder::little);
  CHECK(r.count(2, 4, "items") == 2);
  CHECK_THROWS_AS(r.count(3, 4, "items"), FormatError);
  CHECK_THROWS_AS(r.count(-1, 1, "items"), FormatError);
  CHECK_THROWS_AS(r.count(std::uint64_t(1) << 62, 8, "items"), FormatError);
}

TEST_CASE("ByteReader sub-readers report absolute offsets", "[core]") {
  const auto data = bytes_of({9, 9, 9, 1, 2});
  ByteReader r(data, "f", ByteOrder::little);
  r.skip(3, "pad");
  auto sub = r.sub_reader(2, "chunk");
  sub.u8("a");
  try {
    sub.u16("b");
    FAIL("no error");
  } catch (const FormatError& e) {
    CHECK(*e.offset() == 4);
  }
}

TEST_CASE("Strings: NUL-terminated and length-prefixed", "[core]") {
  ByteWriter w(ByteOrder::little);
  w.string_zero_terminated("abc");
  w.string_prefixed<std::uint32_t>("hello");
  const auto data = w.take();
  ByteReader r(data, "s", ByteOrder::little);
  CHECK(r.string_zero_terminated("name") == "abc");
  CHECK(r.string_prefixed<std::uint32_t>("label") == "hello");
  const auto unterminated = bytes_of({'a', 'b'});
  ByteReader bad(unterminated, "s", ByteOrder::little);
  CHECK_THROWS_AS(bad.string_zero_terminated("name"), FormatError);
}

TEST_CASE("ByteWriter patches and aligns", "[core]") {
  ByteWriter w(ByteOrder::big);
  w.u32(0);
  w.u8(7);
  w.align(4, std::byte{0xFF});
  w.patch<std::uint32_t>(0, 0xA1B2C3D4u);
  const auto& b = w.buffer();
  REQUIRE(b.size() == 8);
  CHECK(b[0] == std::byte{0xA1});
  CHECK(b[3] == std::byte{0xD4});
  CHECK(b[5] == std::byte{0xFF});
}

TEST_CASE("Windows-1251 converts to UTF-8 and back", "[core]") {
  const std::string cp1251 = "\xCF\xF0\xE8\xE2\xE5\xF2 \xA8";  // "Привет Ё"
  const std::string utf8 = cp1251_to_utf8(cp1251);
  CHECK(utf8 == "\xD0\x9F\xD1\x80\xD0\xB8\xD0\xB2\xD0\xB5\xD1\x82 \xD0\x81");
  CHECK(utf8_to_cp1251(utf8) == cp1251);
  CHECK_FALSE(utf8_to_cp1251("\xE4\xB8\xAD"));  // a CJK character has no Windows-1251 byte
}

TEST_CASE("Atomic writes replace whole files and leave nothing on failure", "[core]") {
  test::TempDir dir;
  const auto target = dir / "out.bin";
  write_file_atomically(target, std::string_view("first"));
  write_file_atomically(target, std::string_view("second"));
  const auto back = read_file_bytes(target);
  CHECK(std::string(reinterpret_cast<const char*>(back.data()), back.size()) == "second");
  CHECK_THROWS_AS(write_file_atomically(dir / "missing" / "x.bin", std::string_view("x")), FormatError);
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir.path())) ++files;
  CHECK(files == 1);
  CHECK_THROWS_AS(read_file_bytes(dir / "nope"), FormatError);
}

TEST_CASE("UTF-8 sequences are well-formed only as RFC 3629 allows", "[core][utf8]") {
  CHECK(is_valid_utf8(""));
  CHECK(is_valid_utf8("plain ASCII"));
  CHECK(is_valid_utf8("\xC3\xA9t\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80"));  // é, €, an emoji
  CHECK(utf8_sequence_length("\xF0\x9F\x98\x80", 0) == 4);
  CHECK_FALSE(is_valid_utf8("\xC0\xAF"));          // overlong '/'
  CHECK_FALSE(is_valid_utf8("\xE0\x80\xAF"));      // overlong, three bytes
  CHECK_FALSE(is_valid_utf8("\xED\xA0\x80"));      // a surrogate
  CHECK_FALSE(is_valid_utf8("\xF4\x90\x80\x80"));  // past U+10FFFF
  CHECK_FALSE(is_valid_utf8("\xE2\x82"));          // cut short
  CHECK_FALSE(is_valid_utf8("caf\xE9"));           // Latin-1
  CHECK_FALSE(is_valid_utf8(std::string(128, '\xFF')));
  CHECK(utf8_sequence_length("a\xE9", 1) == 0);
}

TEST_CASE("ByteReader: a count whose bytes overflow 64 bits is refused, naming the field", "[core]") {
  const auto data = bytes_of({0, 0, 0, 0});
  ByteReader r(data, "f", ByteOrder::little);
  CHECK_THROWS_WITH(r.count(std::uint64_t(1) << 62, 16, "items"),
                    Catch::Contains("items") && Catch::Contains("more than 2^64 bytes"));
  CHECK_THROWS_WITH(r.count(std::uint32_t{3}, 2, "items"), Catch::Contains("needs at least 6 bytes, 4 left"));
  CHECK(r.count(std::uint32_t{7}, 0, "items") == 7);  // no bytes each: nothing to check
}

TEST_CASE("ByteReader: a length-prefixed string read into a string replaces what it held", "[core]") {
  ByteWriter w(ByteOrder::little);
  w.string_prefixed<std::uint16_t>("a longer string than any short one");
  w.string_prefixed<std::uint16_t>("ab");
  w.string_prefixed<std::uint16_t>("");
  const auto data = w.take();
  ByteReader r(data, "s", ByteOrder::little);
  std::string text = "held before";
  r.string_prefixed<std::uint16_t>(text, "a");
  CHECK(text == "a longer string than any short one");
  r.string_prefixed<std::uint16_t>(text, "b");
  CHECK(text == "ab");
  r.string_prefixed<std::uint16_t>(text, "c");
  CHECK(text.empty());
  CHECK(r.at_end());
  CHECK_THROWS_AS(r.string_prefixed<std::uint16_t>(text, "d"), FormatError);
}

namespace {
// Enters `names` one inside the other, then calls `check` at the deepest.
void enter_nested(ByteReader& r, std::span<const char* const> names, std::size_t depth,
                  const std::function<void()>& check) {
  if (depth == names.size()) return check();
  auto scope = r.enter(names[depth], depth);
  enter_nested(r, names, depth + 1, check);
}
}  // namespace

TEST_CASE("ByteReader: field paths deeper than the inline parts, and copied readers, name every part",
          "[core]") {
  const auto data = bytes_of({1});
  ByteReader r(data, "deep.bin", ByteOrder::little);
  static constexpr const char* kNames[] = {"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"};
  const std::string expected = "a[0].b[1].c[2].d[3].e[4].f[5].g[6].h[7].i[8].j[9].k[10].l[11]";
  bool checked = false;
  enter_nested(r, kNames, 0, [&] {
    CHECK(r.path("leaf") == expected + ".leaf");
    const ByteReader copy = r;  // a copy carries the whole path
    CHECK(copy.path("leaf") == expected + ".leaf");
    ByteReader sub = r.sub_reader(1, "bytes");
    CHECK_THROWS_WITH(sub.u32("count"), Catch::Contains(expected + ".count"));
    checked = true;
  });
  CHECK(checked);
  CHECK(r.path("leaf") == "leaf");  // every scope left, deepest first
  enter_nested(r, std::span(kNames).first(3), 0, [&] { CHECK(r.path("") == "a[0].b[1].c[2]"); });
}

TEST_CASE("Arrays read and write in either byte order, fixed-size and sized at run time alike", "[core]") {
  for (const ByteOrder order : {ByteOrder::little, ByteOrder::big}) {
    ByteWriter w(order);
    const std::array<std::uint16_t, 3> fixed = {0x0102, 0x0304, 0x0506};
    const std::vector<float> sized = {1.5f, -2.0f};
    const std::uint32_t plain[2] = {0x0A0B0C0D, 7};
    w.write_array(fixed);
    w.write_array(sized);
    w.write_array(plain);
    w.write_array(std::vector<std::uint8_t>{});  // nothing
    const auto data = w.take();
    REQUIRE(data.size() == 6 + 8 + 8);
    // The first value's bytes as the order stores them.
    CHECK(data[0] == std::byte{std::uint8_t(order == ByteOrder::little ? 0x02 : 0x01)});
    CHECK(data[14] == std::byte{std::uint8_t(order == ByteOrder::little ? 0x0D : 0x0A)});
    ByteReader r(data, "arrays", order);
    std::array<std::uint16_t, 3> fixed_back{};
    std::vector<float> sized_back(2);
    std::uint32_t plain_back[2] = {};
    r.read_array(fixed_back, "fixed");
    r.read_array(sized_back, "sized");
    r.read_array(plain_back, "plain");
    CHECK(fixed_back == fixed);
    CHECK(sized_back == sized);
    CHECK(plain_back[0] == plain[0]);
    CHECK(plain_back[1] == plain[1]);
    CHECK(r.at_end());
    std::array<std::uint16_t, 1> past_end{};
    CHECK_THROWS_AS(r.read_array(past_end, "more"), FormatError);
  }
}
