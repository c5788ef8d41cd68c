#pragma once
// A file stored as its difference from a reference that the reader can make again (for the way back from
// glTF: what the format's writer makes of the scene). The patch is one Zstandard frame (RFC 8878, by libzstd)
// of the file compressed with the reference as its prefix, zstd's "patch from" use: the parts of the file
// that the reference holds cost a few bytes each. The frame records the file's size and an XXH64 checksum of
// it, so a patch applied to another reference is refused, never returned as wrong bytes.
#include <cstddef>
#include <optional>
#include <span>
#include <vector>

namespace gamefmt {

// The patch that makes `file` from `reference`. Empty only when the compressor cannot allocate its tables.
std::vector<std::byte> make_reference_patch(std::span<const std::byte> file,
                                            std::span<const std::byte> reference);

// The file back from `patch` and the same reference; nothing when `patch` is not one make_reference_patch
// made, the reference differs (the checksum disagrees), or the file would be larger than `most_bytes`
// (checked before anything is allocated, from the size the frame claims).
std::optional<std::vector<std::byte>> apply_reference_patch(std::span<const std::byte> patch,
                                                            std::span<const std::byte> reference,
                                                            std::size_t most_bytes);

}  // namespace gamefmt
