#pragma once
// LZHUF, the compression of X-Ray chunks flagged with kChunkCompressedFlag: LZSS over a 4096-byte ring buffer
// (pre-filled with spaces, look-ahead 60, matches of 3..60 bytes) whose literals and match lengths are coded
// with an adaptive Huffman tree, and whose match distances use a fixed code for the upper 6 bits plus 6 plain
// bits. Written from the algorithm's description; the stored payload is `u32 uncompressed_size` followed by
// the bitstream.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace gamefmt::xray {

// Decodes a compressed chunk payload (size prefix + bitstream). `payload_offset` is the absolute offset of
// payload[0], used in errors. Throws FormatError when the size prefix is missing, when the size is larger
// than the bitstream could possibly encode, or when the bitstream ends before that many bytes were produced.
std::vector<std::byte> lzhuf_decode(std::span<const std::byte> payload, std::string_view file,
                                    std::uint64_t payload_offset = 0);

// Encodes data into a compressed chunk payload (size prefix + bitstream) that lzhuf_decode (and the engine)
// reads back.
std::vector<std::byte> lzhuf_encode(std::span<const std::byte> data);

}  // namespace gamefmt::xray
