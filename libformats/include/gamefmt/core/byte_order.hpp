#pragma once
#include <bit>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace gamefmt {

enum class ByteOrder { little, big };

namespace detail {
template <class T>
constexpr T byteswap_value(T value) noexcept {
  static_assert(std::is_arithmetic_v<T> || std::is_enum_v<T>);
  if constexpr (sizeof(T) == 1) {
    return value;
  } else {
    using Bits = std::conditional_t<sizeof(T) == 2, std::uint16_t,
                                    std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>>;
    Bits bits = std::bit_cast<Bits>(value);
    if constexpr (sizeof(T) == 2) bits = __builtin_bswap16(bits);
    if constexpr (sizeof(T) == 4) bits = __builtin_bswap32(bits);
    if constexpr (sizeof(T) == 8) bits = __builtin_bswap64(bits);
    return std::bit_cast<T>(bits);
  }
}
}  // namespace detail

// Loads a T stored in `order` at `p` (no alignment needed). Floats keep their bit pattern, NaN payloads
// included.
template <class T>
inline T load_value(const std::byte* p, ByteOrder order) noexcept {
  T value;
  std::memcpy(&value, p, sizeof(T));
  const bool native = (order == ByteOrder::little) == (std::endian::native == std::endian::little);
  return native ? value : detail::byteswap_value(value);
}

template <class T>
inline void store_value(std::byte* p, T value, ByteOrder order) noexcept {
  const bool native = (order == ByteOrder::little) == (std::endian::native == std::endian::little);
  if (!native) value = detail::byteswap_value(value);
  std::memcpy(p, &value, sizeof(T));
}

}  // namespace gamefmt
