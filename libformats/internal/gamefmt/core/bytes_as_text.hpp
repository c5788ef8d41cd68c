#pragma once
// Bytes that travel in JSON text (the extras of a scene, and so of a glTF file): deflated into the zlib
// format (RFC 1950; by libdeflate, twice as fast as zlib itself), then base64-encoded (RFC 4648, '=' padded).
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gamefmt {

// `prefix` comes first in the text returned (kept_bytes_json's "<byte count>:"), written with it at once.
std::string bytes_to_text(std::span<const std::byte> bytes, std::string_view prefix = {});
// The bytes back, when `text` is what bytes_to_text made of exactly `size` bytes; nothing for anything else
// (extras may have been edited or cut), so a caller falls back to what it would do without them. A text from
// a stranger's file decides the memory taken: `size` may be at most most_bytes_from(deflated size), checked
// before anything is allocated.
//
// The allowance: kAlwaysAllowedBytes, plus kMostExpansion times the deflated size (and never more than
// deflate can expand to, 1032 times). Kept files of real models and motions deflate to a third of their size
// or more (the corpus: 1.5 to 4 times); a kept all-zero gigabyte claimed from a few megabytes of text is
// refused.
inline constexpr std::size_t kAlwaysAllowedBytes = std::size_t{64} << 20;
inline constexpr std::size_t kMostExpansion = 64;
std::size_t most_bytes_from(std::size_t deflated_size);
std::optional<std::vector<std::byte>> bytes_from_text(std::string_view text, std::size_t size);

}  // namespace gamefmt
