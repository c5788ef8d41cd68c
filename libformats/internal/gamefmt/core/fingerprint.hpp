#pragma once
// A 64-bit fingerprint of bytes (FNV-1a). Writers use it to tell whether a model still encodes as it did when
// it was read, and so whether bytes kept from the file still belong with it; it is not a checksum of any
// format.
#include <cstddef>
#include <cstdint>
#include <span>

namespace gamefmt {

inline std::uint64_t fingerprint(std::span<const std::byte> bytes) noexcept {
  std::uint64_t hash = 0xcbf29ce484222325ull;
  for (const std::byte b : bytes) hash = (hash ^ static_cast<std::uint64_t>(b)) * 0x100000001b3ull;
  return hash;
}

}  // namespace gamefmt
