#pragma once
// Base64 (RFC 4648, the standard alphabet, '=' padded): how bytes travel inside JSON text.
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gamefmt {

// `prefix` followed by the base64 text of `bytes`, written in place (one allocation, no per-character
// checks).
std::string base64_encode(std::span<const std::byte> bytes, std::string_view prefix = {});
// The bytes of a base64 text; nothing when `text` is not one (a length that is not a multiple of 4, a
// character outside the alphabet, padding anywhere but at the end).
std::optional<std::vector<std::byte>> base64_decode(std::string_view text);

}  // namespace gamefmt
