#pragma once
// Typed reads of extras (scene.hpp's `Extras`: a JSON object or null). Extras come back from glTF files that
// users edited, so every read tolerates a missing key or a value of the wrong type and says so by its result.
#include <array>
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

namespace gamefmt::scene {

namespace extras_detail {
template <class T>
struct Array : std::false_type {};
template <class T, std::size_t N>
struct Array<std::array<T, N>> : std::true_type {};

template <class T>
std::optional<T> convert(const nlohmann::json& value) {
  if constexpr (std::is_same_v<T, bool>) {
    // Booleans, and 1 or 0 (Blender keeps a boolean custom property as an integer).
    if (value.is_boolean()) return value.get<bool>();
    if (value.is_number() && (value.get<double>() == 1.0 || value.get<double>() == 0.0))
      return value.get<double>() == 1.0;
  } else if constexpr (std::is_same_v<T, std::string>) {
    if (value.is_string()) return value.get<std::string>();
  } else if constexpr (std::is_integral_v<T>) {
    // Integers, and numbers that are whole (a DCC tool may write 2 as 2.0), within T's range.
    if (value.is_number_integer() || value.is_number_unsigned()) {
      if (value.is_number_unsigned()
              ? value.get<std::uint64_t>() <= std::uint64_t(std::numeric_limits<T>::max())
              : (value.get<std::int64_t>() >= std::int64_t(std::numeric_limits<T>::min()) &&
                 (value.get<std::int64_t>() < 0 ||
                  std::uint64_t(value.get<std::int64_t>()) <= std::uint64_t(std::numeric_limits<T>::max()))))
        return static_cast<T>(value.is_number_unsigned() ? value.get<std::uint64_t>()
                                                         : value.get<std::int64_t>());
    } else if (value.is_number_float()) {
      const double d = value.get<double>();
      if (d == static_cast<double>(static_cast<long long>(d)) && d >= double(std::numeric_limits<T>::min()) &&
          d <= double(std::numeric_limits<T>::max()))
        return static_cast<T>(d);
    }
  } else if constexpr (std::is_floating_point_v<T>) {
    if (value.is_number()) return value.get<T>();
  } else if constexpr (Array<T>::value) {
    if (!value.is_array() || value.size() != std::tuple_size_v<T>) return std::nullopt;
    T out{};
    for (std::size_t i = 0; i < out.size(); ++i) {
      auto item = convert<typename T::value_type>(value[i]);
      if (!item) return std::nullopt;
      out[i] = *item;
    }
    return out;
  } else if constexpr (std::is_same_v<T, nlohmann::json>) {
    return value;
  } else {
    static_assert(sizeof(T) == 0, "get<T>: unsupported type");
  }
  return std::nullopt;
}
}  // namespace extras_detail

// The value under `key` as T (bool (also from 1 or 0), an integer type, float/double, std::string,
// std::array<U, N>, or nlohmann::json for any value), or nothing when `extras` is not an object, lacks the
// key, or holds a value that is not a T (an integer out of T's range is not a T).
template <class T>
std::optional<T> get(const nlohmann::json& extras, std::string_view key) {
  if (!extras.is_object()) return std::nullopt;
  const auto it = extras.find(key);
  if (it == extras.end()) return std::nullopt;
  return extras_detail::convert<T>(*it);
}

// The same, with a fallback for a missing or mistyped value.
template <class T>
T get_or(const nlohmann::json& extras, std::string_view key, T fallback) {
  return get<T>(extras, key).value_or(std::move(fallback));
}

// The object under `key`, or an empty object: for reading nested records field by field.
const nlohmann::json& object_or_empty(const nlohmann::json& extras, std::string_view key);

}  // namespace gamefmt::scene
