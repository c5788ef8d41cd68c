#pragma once
#include <array>
#include <bit>
#include <cstddef>
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

// Whether values stored in `order` have the machine's own byte order (they can then be copied as they are).
constexpr bool is_native(ByteOrder order) noexcept {
  return (order == ByteOrder::little) == (std::endian::native == std::endian::little);
}

// The element count of a std::array or C array known at compile time, else 0: a copy of a fixed count is
// expanded in place, where a count known only at run time calls memcpy.
template <class Array>
inline constexpr std::size_t fixed_extent = 0;
template <class T, std::size_t N>
inline constexpr std::size_t fixed_extent<std::array<T, N>> = N;
template <class T, std::size_t N>
inline constexpr std::size_t fixed_extent<T[N]> = N;

// Loads a T stored in `order` at `p` (no alignment needed). Floats keep their bit pattern, NaN payloads
// included.
template <class T>
inline T load_value(const std::byte* p, ByteOrder order) noexcept {
  T value;
  std::memcpy(&value, p, sizeof(T));
  return is_native(order) ? value : detail::byteswap_value(value);
}

template <class T>
inline void store_value(std::byte* p, T value, ByteOrder order) noexcept {
  if (!is_native(order)) value = detail::byteswap_value(value);
  std::memcpy(p, &value, sizeof(T));
}

// Copies n values of T from `in` (stored in `order`) to `out`, one copy when that is the machine's order.
template <class T, std::size_t Fixed = 0>
inline void load_values(T* out, const std::byte* in, std::size_t n, ByteOrder order) noexcept {
  if (is_native(order)) {
    if constexpr (Fixed != 0) {
      // Stored as T, one by one: a byte copy into `out` would make the compiler assume the reader's own
      // members changed, and read them again after every record.
      for (std::size_t i = 0; i < Fixed; ++i) {
        T value;
        std::memcpy(&value, in + i * sizeof(T), sizeof(T));
        out[i] = value;
      }
    } else if (n != 0) {
      std::memcpy(out, in, sizeof(T) * n);
    }
    return;
  }
  for (std::size_t i = 0; i < n; ++i) out[i] = load_value<T>(in + i * sizeof(T), order);
}
// The same the other way: n values of T from `in` stored in `order` at `out`.
template <class T, std::size_t Fixed = 0>
inline void store_values(std::byte* out, const T* in, std::size_t n, ByteOrder order) noexcept {
  if (is_native(order)) {
    if constexpr (Fixed != 0)
      std::memcpy(out, in, sizeof(T) * Fixed);
    else if (n != 0)
      std::memcpy(out, in, sizeof(T) * n);
    return;
  }
  for (std::size_t i = 0; i < n; ++i) store_value<T>(out + i * sizeof(T), in[i], order);
}

}  // namespace gamefmt
