#include "gamefmt/asobo/name_hash.hpp"

#include <array>

namespace gamefmt::asobo {
namespace {

constexpr std::uint32_t kPolynomial = 0x04C11DB7;

constexpr std::array<std::uint32_t, 256> make_msb_first_table() {
  std::array<std::uint32_t, 256> table{};
  for (std::uint32_t i = 0; i < 256; ++i) {
    std::uint32_t c = i << 24;
    for (int bit = 0; bit < 8; ++bit) c = (c & 0x80000000u) ? (c << 1) ^ kPolynomial : c << 1;
    table[i] = c;
  }
  return table;
}
constexpr auto kTable = make_msb_first_table();

// g_ChartoLower: ASCII capitals only; bytes >= 0x80 stay as they are.
constexpr std::uint8_t to_lower_ascii(std::uint8_t c) {
  return (c >= 'A' && c <= 'Z') ? c + ('a' - 'A') : c;
}

}  // namespace

std::uint32_t name_hash(std::string_view name, std::uint32_t init) {
  std::uint32_t h = init;
  for (const char ch : name) {
    const auto c = to_lower_ascii(static_cast<std::uint8_t>(ch));
    h = kTable[(h ^ c) & 0xFF] ^ (h >> 8);
  }
  return h;
}

std::uint32_t name_hash_alternate(std::span<const std::byte> data, std::uint32_t init) {
  std::uint32_t h = init;
  for (const std::byte b : data) {
    const auto c = to_lower_ascii(static_cast<std::uint8_t>(b));
    h = kTable[(h >> 24) ^ c] ^ (h << 8);
  }
  return h;
}

}  // namespace gamefmt::asobo
