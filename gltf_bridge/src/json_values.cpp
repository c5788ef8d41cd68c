#include "json_values.hpp"

#include <cmath>
#include <limits>

namespace gamefmt::gltf {
namespace {

bool fits_int32(double d) {
  return d == std::floor(d) && std::fabs(d) <= std::numeric_limits<std::int32_t>::max();
}

tinygltf::Value number_value(double d) {
  if (!std::isfinite(d)) return {};
  if (fits_int32(d)) return tinygltf::Value(static_cast<int>(d));
  return tinygltf::Value(d);
}

}  // namespace

tinygltf::Value to_value(const nlohmann::json& json) {
  switch (json.type()) {
    case nlohmann::json::value_t::boolean:
      return tinygltf::Value(json.get<bool>());
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned:
    case nlohmann::json::value_t::number_float:
      return number_value(json.get<double>());
    case nlohmann::json::value_t::string:
      return tinygltf::Value(json.get<std::string>());
    case nlohmann::json::value_t::array: {
      if (json.empty()) return {};
      tinygltf::Value::Array array;
      for (const auto& item : json) array.push_back(to_value(item));
      return tinygltf::Value(std::move(array));
    }
    case nlohmann::json::value_t::object: {
      tinygltf::Value::Object object;
      for (const auto& [key, item] : json.items()) {
        auto value = to_value(item);
        if (value.Type() != tinygltf::NULL_TYPE) object[key] = std::move(value);
      }
      if (object.empty()) return {};
      return tinygltf::Value(std::move(object));
    }
    default:
      return {};
  }
}

nlohmann::json to_json(const tinygltf::Value& value) {
  switch (value.Type()) {
    case tinygltf::BOOL_TYPE:
      return value.Get<bool>();
    case tinygltf::INT_TYPE:
      return value.Get<int>();
    case tinygltf::REAL_TYPE: {
      const double d = value.Get<double>();
      if (fits_int32(d)) return static_cast<std::int32_t>(d);
      return d;
    }
    case tinygltf::STRING_TYPE:
      return value.Get<std::string>();
    case tinygltf::ARRAY_TYPE: {
      auto array = nlohmann::json::array();
      for (std::size_t i = 0; i < value.ArrayLen(); ++i) array.push_back(to_json(value.Get(int(i))));
      return array;
    }
    case tinygltf::OBJECT_TYPE: {
      auto object = nlohmann::json::object();
      for (const auto& key : value.Keys()) object[key] = to_json(value.Get(key));
      return object;
    }
    default:
      return nullptr;
  }
}

}  // namespace gamefmt::gltf
