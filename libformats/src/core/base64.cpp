#include "gamefmt/core/base64.hpp"

#include <algorithm>
#include <array>
#include <cstdint>

namespace gamefmt {
namespace {

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

constexpr std::array<std::int8_t, 256> decoding_table() {
  std::array<std::int8_t, 256> table{};
  for (auto& value : table) value = -1;
  for (int i = 0; i < 64; ++i) table[static_cast<unsigned char>(kAlphabet[i])] = static_cast<std::int8_t>(i);
  return table;
}

}  // namespace

std::string base64_encode(std::span<const std::byte> bytes, std::string_view prefix) {
  std::string out(prefix.size() + (bytes.size() + 2) / 3 * 4, '=');
  std::copy(prefix.begin(), prefix.end(), out.begin());
  char* to = out.data() + prefix.size();
  const auto* from = reinterpret_cast<const unsigned char*>(bytes.data());
  const std::size_t whole = bytes.size() / 3 * 3;
  for (std::size_t i = 0; i < whole; i += 3, to += 4) {
    const std::uint32_t group =
        (std::uint32_t(from[i]) << 16) | (std::uint32_t(from[i + 1]) << 8) | from[i + 2];
    to[0] = kAlphabet[group >> 18];
    to[1] = kAlphabet[(group >> 12) & 63];
    to[2] = kAlphabet[(group >> 6) & 63];
    to[3] = kAlphabet[group & 63];
  }
  if (const std::size_t n = bytes.size() - whole; n > 0) {  // the last one or two bytes, '=' padded
    const std::uint32_t group =
        (std::uint32_t(from[whole]) << 16) | (n == 2 ? std::uint32_t(from[whole + 1]) << 8 : 0);
    to[0] = kAlphabet[group >> 18];
    to[1] = kAlphabet[(group >> 12) & 63];
    if (n == 2) to[2] = kAlphabet[(group >> 6) & 63];
  }
  return out;
}

std::optional<std::vector<std::byte>> base64_decode(std::string_view text) {
  static constexpr auto table = decoding_table();
  if (text.size() % 4 != 0) return std::nullopt;
  std::vector<std::byte> out;
  out.reserve(text.size() / 4 * 3);
  for (std::size_t i = 0; i < text.size(); i += 4) {
    const bool last = i + 4 == text.size();
    const std::size_t padding = last ? (text[i + 3] == '=') + (text[i + 2] == '=') : 0;
    std::uint32_t group = 0;
    for (std::size_t k = 0; k < 4; ++k) {
      const bool pad = k >= 4 - padding;
      const std::int8_t value = pad ? 0 : table[static_cast<unsigned char>(text[i + k])];
      if (value < 0) return std::nullopt;
      group = (group << 6) | static_cast<std::uint32_t>(value);
    }
    for (std::size_t k = 0; k < 3 - padding; ++k)
      out.push_back(static_cast<std::byte>((group >> (16 - 8 * k)) & 0xFF));
  }
  return out;
}

}  // namespace gamefmt
