#include "gamefmt/core/bytes_as_text.hpp"

#include <libdeflate.h>

#include <algorithm>
#include <limits>
#include <memory>

#include "gamefmt/core/base64.hpp"

namespace gamefmt {

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
