#include "record_reader.hpp"

#include <cmath>
#include <limits>

namespace gamefmt::phoenix {
namespace {

bool is_empty_list(const nlohmann::json& value) {
  return value.is_null() || (value.is_object() && value.empty());
}

}  // namespace

const nlohmann::json& member(const nlohmann::json& record, std::string_view key) {
  static const nlohmann::json none;
  if (!record.is_object()) return none;
  const auto it = record.find(key);
  return it == record.end() ? none : *it;
}

nlohmann::json member_or(const nlohmann::json& record, std::string_view key, nlohmann::json fallback) {
  const auto& value = member(record, key);
  return value.is_null() ? fallback : value;
}

float RecordReader::number(const nlohmann::json& value, std::string_view leaf) const {
  if (!value.is_number()) fail(leaf, "expected a number");
  return value.get<float>();
}

std::int32_t RecordReader::integer(const nlohmann::json& value, std::string_view leaf) const {
  constexpr double kMin = std::numeric_limits<std::int32_t>::min(),
                   kMax = std::numeric_limits<std::int32_t>::max();
  if (value.is_number_integer()) {
    if (value.is_number_unsigned() ? value.get<std::uint64_t>() <= std::uint64_t(kMax)
                                   : value.get<std::int64_t>() >= std::int64_t(kMin) &&
                                         value.get<std::int64_t>() <= std::int64_t(kMax))
      return static_cast<std::int32_t>(value.get<std::int64_t>());
  } else if (value.is_number_float()) {
    const double d = value.get<double>();
    if (d == std::floor(d) && d >= kMin && d <= kMax) return static_cast<std::int32_t>(d);
  }
  fail(leaf, "expected a 32-bit integer");
}

std::string RecordReader::string(const nlohmann::json& value, std::string_view leaf) const {
  if (!value.is_string()) fail(leaf, "expected a string");
  return value.get<std::string>();
}

std::vector<float> RecordReader::float_list(const nlohmann::json& value, std::string_view leaf) const {
  std::vector<float> out;
  if (is_empty_list(value)) return out;
  if (!value.is_array()) fail(leaf, "expected a list of numbers");
  for (const auto& x : value) out.push_back(number(x, leaf));
  return out;
}

std::vector<std::int32_t> RecordReader::int_list(const nlohmann::json& value, std::string_view leaf) const {
  std::vector<std::int32_t> out;
  if (is_empty_list(value)) return out;
  if (!value.is_array()) fail(leaf, "expected a list of integers");
  for (const auto& x : value) out.push_back(integer(x, leaf));
  return out;
}

const nlohmann::json& RecordReader::items(const nlohmann::json& value, std::string_view leaf) const {
  static const nlohmann::json none = nlohmann::json::array();
  if (is_empty_list(value)) return none;
  if (!value.is_array()) fail(leaf, "expected a list");
  return value;
}

}  // namespace gamefmt::phoenix
