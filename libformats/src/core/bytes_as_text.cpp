#include "gamefmt/core/bytes_as_text.hpp"

#include <libdeflate.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <memory>

namespace gamefmt {
namespace {

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

constexpr std::array<std::int8_t, 256> decoding_table() {
  std::array<std::int8_t, 256> table{};
  for (auto& value : table) value = -1;
  for (int i = 0; i < 64; ++i) table[static_cast<unsigned char>(kAlphabet[i])] = static_cast<std::int8_t>(i);
  return table;
}

// `prefix` followed by the base64 text of `bytes`, written in place (one allocation, no per-character
// checks).
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

}  // namespace

std::size_t most_bytes_from(std::size_t deflated_size) {
  // Deflate itself expands at most about 1032 times; real kept files (models, motions) deflate to a third of
  // their size or more, so a text that claims to expand beyond the allowance is not what bytes_to_text wrote.
  if (deflated_size > (std::numeric_limits<std::size_t>::max() - kAlwaysAllowedBytes) / kMostExpansion)
    return std::numeric_limits<std::size_t>::max();
  return std::min(kAlwaysAllowedBytes + kMostExpansion * deflated_size, deflated_size * 1032);
}

std::string bytes_to_text(std::span<const std::byte> bytes, std::string_view prefix) {
  // Level 2: about twice zlib's fastest level in speed, with a smaller result. One compressor per thread,
  // kept: allocating one (its hash tables) for each of a character's motions took longer than some of them
  // take to compress.
  thread_local const std::unique_ptr<libdeflate_compressor, void (*)(libdeflate_compressor*)> compressor(
      libdeflate_alloc_compressor(2), libdeflate_free_compressor);
  if (!compressor) return {};  // only on memory exhaustion; bytes_from_text then refuses the empty text
  // Not zero-filled: the compressor writes what is kept.
  const std::size_t bound = libdeflate_zlib_compress_bound(compressor.get(), bytes.size());
  const std::unique_ptr<std::byte[]> deflated(new std::byte[bound]);
  const std::size_t size =
      libdeflate_zlib_compress(compressor.get(), bytes.data(), bytes.size(), deflated.get(), bound);
  if (size == 0) return {};
  return base64_encode({deflated.get(), size}, prefix);
}

std::optional<std::vector<std::byte>> bytes_from_text(std::string_view text, std::size_t size) {
  const auto deflated = base64_decode(text);
  // A claimed size beyond what this text may hold (kMostExpansion) is refused before anything is allocated.
  if (!deflated || deflated->empty() || size > most_bytes_from(deflated->size())) return std::nullopt;
  const std::unique_ptr<libdeflate_decompressor, void (*)(libdeflate_decompressor*)> decompressor(
      libdeflate_alloc_decompressor(), libdeflate_free_decompressor);
  if (!decompressor) return std::nullopt;
  std::vector<std::byte> out(size);
  // Without an actual-size out parameter, libdeflate succeeds only when the data fills `out` exactly.
  if (libdeflate_zlib_decompress(decompressor.get(), deflated->data(), deflated->size(), out.data(),
                                 out.size(), nullptr) != LIBDEFLATE_SUCCESS)
    return std::nullopt;
  return out;
}

}  // namespace gamefmt
