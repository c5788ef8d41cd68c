#include <catch2/catch.hpp>
#include <random>
#include <string>

#include "gamefmt/core/format_error.hpp"
#include "gamefmt/xray/lzhuf.hpp"

using namespace gamefmt;

namespace {
std::vector<std::byte> bytes_of(std::string_view text) {
  const auto* p = reinterpret_cast<const std::byte*>(text.data());
  return {p, p + text.size()};
}
}  // namespace

TEST_CASE("LZHUF: a single zero byte has the hand-worked code of the initial tree", "[xray][lzhuf]") {
  // In the initial tree (all 314 counts 1, nodes paired in order) leaf 0 hangs 9 levels deep; the branches
  // from the root are 1,1,0,0,0,1,1,0,0 -> 0b110001100, padded to 0xC6 0x00.
  const std::vector<std::byte> expected = {std::byte{1}, std::byte{0},    std::byte{0},
                                           std::byte{0}, std::byte{0xC6}, std::byte{0x00}};
  const std::vector<std::byte> one_zero = {std::byte{0}};
  CHECK(xray::lzhuf_encode(one_zero) == expected);
  CHECK(xray::lzhuf_decode(expected, "t.thm") == one_zero);
}

TEST_CASE("LZHUF: round trips text, runs, random bytes and long inputs that rebuild the tree",
          "[xray][lzhuf]") {
  std::vector<std::vector<std::byte>> inputs;
  inputs.push_back({});
  inputs.push_back(bytes_of("abracadabra abracadabra abracadabra"));
  inputs.push_back(std::vector<std::byte>(10000, std::byte{'x'}));
  std::mt19937 random(42);
  std::vector<std::byte> noise(70000);
  for (auto& b : noise) b = static_cast<std::byte>(random() & 0xFF);
  inputs.push_back(noise);
  std::vector<std::byte> structured;
  for (int i = 0; i < 200000; ++i) structured.push_back(static_cast<std::byte>((i * 7 / 13) % 50 + (i % 3)));
  inputs.push_back(structured);
  for (const auto& input : inputs) {
    const auto packed = xray::lzhuf_encode(input);
    CHECK(xray::lzhuf_decode(packed, "t.thm") == input);
  }
  CHECK(xray::lzhuf_encode(inputs[2]).size() < 400);
  CHECK(xray::lzhuf_encode(structured).size() < structured.size() / 4);
}

TEST_CASE("LZHUF: impossible sizes and short streams are FormatErrors", "[xray][lzhuf]") {
  const std::vector<std::byte> no_size = {std::byte{1}, std::byte{0}};
  CHECK_THROWS_AS(xray::lzhuf_decode(no_size, "t.thm"), FormatError);
  // 4 GB from a 2-byte bitstream: rejected before allocating.
  const std::vector<std::byte> huge = {std::byte{0xFF}, std::byte{0xFF}, std::byte{0xFF},
                                       std::byte{0xFF}, std::byte{0x12}, std::byte{0x34}};
  try {
    (void)xray::lzhuf_decode(huge, "t.thm", 100);
    FAIL("no error");
  } catch (const FormatError& e) {
    CHECK(e.field() == "lzhuf.uncompressed_size");
    CHECK(e.offset() == 100u);
  }
  auto packed = xray::lzhuf_encode(bytes_of("the quick brown fox jumps over the lazy dog"));
  packed.resize(packed.size() - 10);
  CHECK_THROWS_AS(xray::lzhuf_decode(packed, "t.thm"), FormatError);
}
