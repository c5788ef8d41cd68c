#include "metadata_values.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "gamefmt/assimp/metadata_json.hpp"

namespace gamefmt::gltf {
namespace {

tinygltf::Value nested_metadata_to_value(const aiMetadata& metadata, bool top_level);

tinygltf::Value entry_to_value(const aiMetadataEntry& entry) {
  switch (entry.mType) {
    case AI_BOOL: return tinygltf::Value(*static_cast<const bool*>(entry.mData));
    case AI_INT32: return tinygltf::Value(static_cast<int>(*static_cast<const std::int32_t*>(entry.mData)));
    case AI_UINT64: return tinygltf::Value(static_cast<double>(*static_cast<const std::uint64_t*>(entry.mData)));
    case AI_FLOAT: {
      const double v = *static_cast<const float*>(entry.mData);
      return std::isfinite(v) ? tinygltf::Value(v) : tinygltf::Value();
    }
    case AI_DOUBLE: {
      const double v = *static_cast<const double*>(entry.mData);
      return std::isfinite(v) ? tinygltf::Value(v) : tinygltf::Value();
    }
    case AI_AISTRING: return tinygltf::Value(std::string(static_cast<const aiString*>(entry.mData)->C_Str()));
    case AI_AIVECTOR3D: {
      const auto* v = static_cast<const aiVector3D*>(entry.mData);
      return tinygltf::Value(tinygltf::Value::Array{tinygltf::Value(double(v->x)), tinygltf::Value(double(v->y)),
                                                    tinygltf::Value(double(v->z))});
    }
    case AI_AIMETADATA: return nested_metadata_to_value(*static_cast<const aiMetadata*>(entry.mData), false);
    default: return tinygltf::Value();
  }
}

tinygltf::Value json_to_value(const nlohmann::json& json) {
  if (json.is_boolean()) return tinygltf::Value(json.get<bool>());
  if (json.is_number_integer() && std::fabs(json.get<double>()) <= std::numeric_limits<int>::max())
    return tinygltf::Value(json.get<int>());
  if (json.is_number()) return std::isfinite(json.get<double>()) ? tinygltf::Value(json.get<double>()) : tinygltf::Value();
  if (json.is_string()) return tinygltf::Value(json.get<std::string>());
  if (json.is_array()) {
    tinygltf::Value::Array array;
    for (const auto& item : json) array.push_back(json_to_value(item));
    return tinygltf::Value(std::move(array));
  }
  if (json.is_object()) {
    tinygltf::Value::Object object;
    for (const auto& [key, item] : json.items()) object[key] = json_to_value(item);
    return tinygltf::Value(std::move(object));
  }
  return {};
}

bool is_empty(const tinygltf::Value& v) { return v.Type() == tinygltf::NULL_TYPE; }

void add_value(aiMetadata& metadata, const std::string& key, const tinygltf::Value& value) {
  switch (value.Type()) {
    case tinygltf::BOOL_TYPE: metadata.Add(key, value.Get<bool>()); break;
    case tinygltf::INT_TYPE: metadata.Add(key, static_cast<std::int32_t>(value.Get<int>())); break;
    case tinygltf::REAL_TYPE: {
      const double d = value.Get<double>();
      if (d == std::floor(d) && std::fabs(d) <= std::numeric_limits<std::int32_t>::max())
        metadata.Add(key, static_cast<std::int32_t>(d));
      else
        metadata.Add(key, d);
      break;
    }
    case tinygltf::STRING_TYPE: metadata.Add(key, aiString(value.Get<std::string>())); break;
    case tinygltf::OBJECT_TYPE:
    case tinygltf::ARRAY_TYPE: {
      aiMetadata* nested = value_to_metadata(value);
      if (nested == nullptr) nested = new aiMetadata();
      metadata.Add(key, *nested);  // Add copies
      delete nested;
      break;
    }
    default: break;
  }
}

}  // namespace

tinygltf::Value metadata_to_value(const aiMetadata& metadata) { return nested_metadata_to_value(metadata, true); }

namespace {

// Keys of the top level may be leaves of a value flattened for Assimp's API; nested keys are only keys.
tinygltf::Value nested_metadata_to_value(const aiMetadata& metadata, bool top_level) {
  // Keys "0", "1", ... in order came from a JSON array (see value_to_metadata): give the array back.
  bool is_array = metadata.mNumProperties > 0;
  for (unsigned int i = 0; i < metadata.mNumProperties && is_array; ++i)
    is_array = std::string(metadata.mKeys[i].C_Str()) == std::to_string(i);
  if (is_array) {
    tinygltf::Value::Array array;
    for (unsigned int i = 0; i < metadata.mNumProperties; ++i) array.push_back(entry_to_value(metadata.mValues[i]));
    return tinygltf::Value(std::move(array));
  }
  tinygltf::Value::Object object;
  for (unsigned int i = 0; i < metadata.mNumProperties; ++i) {
    std::string key = metadata.mKeys[i].C_Str();
    if (key.rfind(kReservedPrefix, 0) == 0) continue;  // instructions to the writer, not data
    const std::string whole_key(assimp::unflattened_key(key));
    if (top_level && whole_key != key) {  // one leaf of a value flattened for Assimp's API: the whole value, once
      if (object.count(whole_key) == 0) object[whole_key] = metadata_value(&metadata, whole_key);
      continue;
    }
    auto value = entry_to_value(metadata.mValues[i]);
    if (!is_empty(value)) object[key] = std::move(value);
  }
  if (object.empty()) return {};
  return tinygltf::Value(std::move(object));
}

}  // namespace

tinygltf::Value metadata_value(const aiMetadata* metadata, std::string_view key) {
  return json_to_value(assimp::find_metadata_json(metadata, key));
}

aiMetadata* value_to_metadata(const tinygltf::Value& value) {
  if (value.IsObject()) {
    if (value.Keys().empty()) return nullptr;
    auto* metadata = new aiMetadata();
    for (const auto& key : value.Keys()) add_value(*metadata, key, value.Get(key));
    return metadata;
  }
  if (value.IsArray()) {
    if (value.ArrayLen() == 0) return nullptr;
    auto* metadata = new aiMetadata();
    for (std::size_t i = 0; i < value.ArrayLen(); ++i) add_value(*metadata, std::to_string(i), value.Get(int(i)));
    return metadata;
  }
  return nullptr;
}

}  // namespace gamefmt::gltf
