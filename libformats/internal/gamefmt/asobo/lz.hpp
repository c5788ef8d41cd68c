#pragma once
// Asobo LZ ("LZRS"), the compression of BigFile object bodies. A blob is (header little-endian always):
//   u32 decompressed_size, u32 compressed_size (the whole blob, these 8 bytes included),
//   then packets: a big-endian u32 flag word (bits 31..2: 30 entries, 1 = match; bits 1..0: L), then the
//   entries, each a literal byte or a big-endian u16 ((length - 3) << (14 - L)) | (distance - 1).
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace gamefmt::asobo {

inline constexpr std::size_t kLzHeaderSize = 8;
// The most output one payload byte can give (a 2-byte match of 34 bytes): bounds decompressed_size before any
// allocation.
inline constexpr std::size_t kLzMaxExpansion = 17;

// Decodes a whole blob. `base_offset` is the blob's offset in `file_name`, for errors. Throws FormatError
// when the header disagrees with the blob's size, a match reaches before the start of the output or past the
// decompressed size, the payload ends early, or bytes are left after the last entry.
std::vector<std::byte> lz_decompress(std::span<const std::byte> blob, std::string_view file_name,
                                     std::uint64_t base_offset = 0);

// Encodes like Asobo's own compressor (2-byte-prefix hash chains, 30-entry packets, the packet's L chosen
// among 3, 2, 1, 0 by the game's size thresholds), header included. Deterministic: the same input gives the
// same blob.
std::vector<std::byte> lz_compress(std::span<const std::byte> data);

// Encodes fast, for new and edited bodies: hash chains over 3-byte prefixes searched 16 candidates deep, each
// packet's L the one of 3 and 2 that covers more input per output byte (docs/formats/asobo.md). Any decoder
// of the format reads it, the game's included; the blob is not the game's own encoding, so it is not the way
// to reproduce an archive's stored bytes. Deterministic.
std::vector<std::byte> lz_compress_fast(std::span<const std::byte> data);

// The decompressed size a blob claims (its first field). Throws FormatError when the blob is shorter than 8
// bytes.
std::uint32_t lz_decompressed_size(std::span<const std::byte> blob, std::string_view file_name,
                                   std::uint64_t base_offset = 0);

}  // namespace gamefmt::asobo
