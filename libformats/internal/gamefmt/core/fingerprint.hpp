#pragma once
// A 64-bit fingerprint of bytes (FNV-1a). Writers use it to tell whether a model still encodes as it did when
// it was read, and so whether bytes kept from the file still belong with it; it is not a checksum of any
// format.
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>
#include <type_traits>

namespace gamefmt {

inline std::uint64_t fingerprint(std::span<const std::byte> bytes) noexcept {
  std::uint64_t hash = 0xcbf29ce484222325ull;
  for (const std::byte b : bytes) hash = (hash ^ static_cast<std::uint64_t>(b)) * 0x100000001b3ull;
  return hash;
}

}  // namespace gamefmt

namespace gamefmt {

// A fast 64-bit fingerprint of values fed one by one (xxHash64's rounds over four lanes, eight bytes a step):
// readers fingerprint the fields a chunk encodes when they read it, writers again when they write, and write
// the stored bytes while the two agree. Each call is hashed on its own (with its length), so the same values
// fed in the same calls give the same fingerprint. Not a checksum of any format, and not stored anywhere.
class Fingerprinter {
 public:
  void bytes(const void* data, std::size_t n) noexcept {
    const auto* p = static_cast<const unsigned char*>(data);
    std::uint64_t a = lanes_[0], b = lanes_[1], c = lanes_[2], d = lanes_[3];
    std::size_t left = n;
    for (; left >= 32; p += 32, left -= 32) {
      a = round(a, load(p));
      b = round(b, load(p + 8));
      c = round(c, load(p + 16));
      d = round(d, load(p + 24));
    }
    for (; left >= 8; p += 8, left -= 8) a = round(a, load(p));
    std::uint64_t tail = static_cast<std::uint64_t>(n) << 3;
    for (std::size_t i = 0; i < left; ++i) tail ^= static_cast<std::uint64_t>(p[i]) << (8 * i + 8);
    b = round(b, tail);
    lanes_ = {a, b, c, d};
  }
  template <class T>
  void value(const T& v) noexcept {
    static_assert(std::is_arithmetic_v<T>);
    std::uint64_t bits = 0;
    std::memcpy(&bits, &v, sizeof v);
    lanes_[3] = round(lanes_[3], bits ^ (std::uint64_t{sizeof v} << 59));
  }
  void string(std::string_view text) noexcept { bytes(text.data(), text.size()); }
  std::uint64_t digest() const noexcept {
    std::uint64_t h = std::rotl(lanes_[0], 1) + std::rotl(lanes_[1], 7) + std::rotl(lanes_[2], 12) +
                      std::rotl(lanes_[3], 18);
    h ^= h >> 33;
    h *= kPrime2;
    h ^= h >> 29;
    h *= kPrime3;
    return h ^ (h >> 32);
  }

 private:
  static constexpr std::uint64_t kPrime1 = 0x9E3779B185EBCA87ull, kPrime2 = 0xC2B2AE3D27D4EB4Full,
                                 kPrime3 = 0x165667B19E3779F9ull;
  static std::uint64_t load(const unsigned char* p) noexcept {
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
  }
  static std::uint64_t round(std::uint64_t acc, std::uint64_t input) noexcept {
    return std::rotl(acc + input * kPrime2, 31) * kPrime1;
  }
  std::array<std::uint64_t, 4> lanes_{kPrime1 + kPrime2, kPrime2, 0, 0 - kPrime1};
};

}  // namespace gamefmt
