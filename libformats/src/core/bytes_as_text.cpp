#include "gamefmt/core/bytes_as_text.hpp"

#include <zlib.h>

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

std::string base64_encode(std::span<const std::byte> bytes) {
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::size_t n = std::min<std::size_t>(3, bytes.size() - i);
    std::uint32_t group = 0;
    for (std::size_t k = 0; k < 3; ++k)
      group = (group << 8) | (k < n ? std::to_integer<std::uint32_t>(bytes[i + k]) : 0u);
    for (std::size_t k = 0; k < 4; ++k) out += k <= n ? kAlphabet[(group >> (18 - 6 * k)) & 63] : '=';
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

}  // namespace

std::string bytes_to_text(std::span<const std::byte> bytes) {
  uLongf size = compressBound(static_cast<uLong>(bytes.size()));
  std::vector<std::byte> deflated(size);
  if (compress2(reinterpret_cast<Bytef*>(deflated.data()), &size,
                reinterpret_cast<const Bytef*>(bytes.data()), static_cast<uLong>(bytes.size()),
                Z_BEST_SPEED) != Z_OK)
    return {};  // only on memory exhaustion; bytes_from_text then refuses the empty text
  deflated.resize(size);
  return base64_encode(deflated);
}

std::optional<std::vector<std::byte>> bytes_from_text(std::string_view text, std::size_t size) {
  const auto deflated = base64_decode(text);
  // zlib inflates at most about 1032 times: a claimed size beyond that is not allocated.
  if (!deflated || deflated->empty() || size / 1032 > deflated->size()) return std::nullopt;
  std::vector<std::byte> out(std::max<std::size_t>(size, 1));  // zlib wants room even for nothing
  uLongf inflated = static_cast<uLongf>(out.size());
  if (uncompress(reinterpret_cast<Bytef*>(out.data()), &inflated,
                 reinterpret_cast<const Bytef*>(deflated->data()),
                 static_cast<uLong>(deflated->size())) != Z_OK ||
      inflated != size)
    return std::nullopt;
  out.resize(size);
  return out;
}

}  // namespace gamefmt
