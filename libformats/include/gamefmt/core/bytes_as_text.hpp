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

std::string bytes_to_text(std::span<const std::byte> bytes);
// The bytes back, when `text` is what bytes_to_text made of exactly `size` bytes; nothing for anything else
// (extras may have been edited or cut), so a caller falls back to what it would do without them.
std::optional<std::vector<std::byte>> bytes_from_text(std::string_view text, std::size_t size);

}  // namespace gamefmt
