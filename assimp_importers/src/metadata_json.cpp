#include "metadata_json.hpp"

#include <cmath>
#include <limits>
#include <string>

namespace gamefmt::assimp {
namespace {

void add_value(aiMetadata& metadata, const std::string& key, const nlohmann::json& value);

aiMetadata* to_metadata(const nlohmann::json& value) {
  auto* metadata = new aiMetadata();
  if (value.is_array()) {
    for (std::size_t i = 0; i < value.size(); ++i) add_value(*metadata, std::to_string(i), value[i]);
  } else {
    for (const auto& [key, item] : value.items()) add_value(*metadata, key, item);
  }
  return metadata;
}

void add_value(aiMetadata& metadata, const std::string& key, const nlohmann::json& value) {
  if (value.is_boolean()) {
    metadata.Add(key, value.get<bool>());
  } else if (value.is_number()) {
    const double d = value.get<double>();
    if (d == std::floor(d) && std::fabs(d) <= std::numeric_limits<std::int32_t>::max())
      metadata.Add(key, static_cast<std::int32_t>(d));
    else
      metadata.Add(key, d);
  } else if (value.is_string()) {
    metadata.Add(key, aiString(value.get<std::string>()));
  } else if (value.is_object() || value.is_array()) {
    aiMetadata* nested = to_metadata(value);
    metadata.Add(key, *nested);  // copies
    delete nested;
  }
}

nlohmann::json entry_to_json(const aiMetadataEntry& entry);

nlohmann::json to_json(const aiMetadata& metadata) {
  bool is_array = metadata.mNumProperties > 0;
  for (unsigned i = 0; i < metadata.mNumProperties && is_array; ++i)
    is_array = std::string(metadata.mKeys[i].C_Str()) == std::to_string(i);
  nlohmann::json out = is_array ? nlohmann::json::array() : nlohmann::json::object();
  for (unsigned i = 0; i < metadata.mNumProperties; ++i) {
    if (is_array)
      out.push_back(entry_to_json(metadata.mValues[i]));
    else
      out[metadata.mKeys[i].C_Str()] = entry_to_json(metadata.mValues[i]);
  }
  return out;
}

nlohmann::json entry_to_json(const aiMetadataEntry& entry) {
  if (entry.mData == nullptr) return nullptr;
  switch (entry.mType) {
    case AI_BOOL:
      return *static_cast<const bool*>(entry.mData);
    case AI_INT32:
      return *static_cast<const std::int32_t*>(entry.mData);
    case AI_UINT64:
      return *static_cast<const std::uint64_t*>(entry.mData);
    case AI_FLOAT:
      return *static_cast<const float*>(entry.mData);
    case AI_DOUBLE:
      return *static_cast<const double*>(entry.mData);
    case AI_AISTRING:
      return std::string(static_cast<const aiString*>(entry.mData)->C_Str());
    case AI_AIMETADATA:
      return to_json(*static_cast<const aiMetadata*>(entry.mData));
    default:
      return nullptr;
  }
}

}  // namespace

void add_metadata_json(aiMetadata*& metadata, std::string_view key, const nlohmann::json& value) {
  if (metadata == nullptr) metadata = new aiMetadata();
  add_value(*metadata, std::string(key), value);
}

nlohmann::json find_metadata_json(const aiMetadata* metadata, std::string_view key) {
  if (metadata == nullptr) return nullptr;
  nlohmann::json flat = nlohmann::json::object();
  for (unsigned i = 0; i < metadata->mNumProperties; ++i) {
    const std::string_view entry_key(metadata->mKeys[i].C_Str(), metadata->mKeys[i].length);
    if (entry_key == key) return entry_to_json(metadata->mValues[i]);
    if (unflattened_key(entry_key) == key)
      flat[std::string(entry_key.substr(key.size()))] = entry_to_json(metadata->mValues[i]);
  }
  if (flat.empty()) return nullptr;
  try {
    return flat.unflatten();
  } catch (const nlohmann::json::exception&) {
    return nullptr;  // pointers that contradict each other ("/a" and "/a/b"): not one of ours
  }
}

std::string_view unflattened_key(std::string_view key) {
  return key.substr(0, key.find('/'));
}

namespace {

void flatten_nested_metadata(aiMetadata*& metadata) {
  if (metadata == nullptr) return;
  bool nested = false;
  for (unsigned i = 0; i < metadata->mNumProperties && !nested; ++i)
    nested = metadata->mValues[i].mType == AI_AIMETADATA;
  if (!nested) return;
  auto* flat = new aiMetadata();
  for (unsigned i = 0; i < metadata->mNumProperties; ++i) {
    const std::string key = metadata->mKeys[i].C_Str();
    const aiMetadataEntry& entry = metadata->mValues[i];
    if (entry.mType == AI_AIMETADATA) {
      const nlohmann::json leaves = to_json(*static_cast<const aiMetadata*>(entry.mData)).flatten();
      for (const auto& [pointer, leaf] : leaves.items())
        add_value(*flat, key + pointer,
                  leaf);  // an empty object or array flattens to null, which adds nothing
      continue;
    }
    switch (entry.mType) {
      case AI_BOOL:
        flat->Add(key, *static_cast<const bool*>(entry.mData));
        break;
      case AI_INT32:
        flat->Add(key, *static_cast<const std::int32_t*>(entry.mData));
        break;
      case AI_UINT64:
        flat->Add(key, *static_cast<const std::uint64_t*>(entry.mData));
        break;
      case AI_FLOAT:
        flat->Add(key, *static_cast<const float*>(entry.mData));
        break;
      case AI_DOUBLE:
        flat->Add(key, *static_cast<const double*>(entry.mData));
        break;
      case AI_AISTRING:
        flat->Add(key, *static_cast<const aiString*>(entry.mData));
        break;
      case AI_AIVECTOR3D:
        flat->Add(key, *static_cast<const aiVector3D*>(entry.mData));
        break;
      default:
        break;  // no other type is written by gamefmt
    }
  }
  delete metadata;
  metadata = flat;
}

void flatten_nested_metadata(aiNode& node) {
  flatten_nested_metadata(node.mMetaData);
  for (unsigned i = 0; i < node.mNumChildren; ++i) flatten_nested_metadata(*node.mChildren[i]);
}

}  // namespace

void flatten_nested_metadata(aiScene& scene) {
  flatten_nested_metadata(scene.mMetaData);
  if (scene.mRootNode != nullptr) flatten_nested_metadata(*scene.mRootNode);
}

std::vector<std::string> scene_warnings(const aiScene& scene) {
  std::vector<std::string> out;
  const auto list = find_metadata_json(scene.mMetaData, kWarningsKey);
  if (list.is_string()) out.push_back(list.get<std::string>());
  if (list.is_array())
    for (const auto& line : list)
      if (line.is_string()) out.push_back(line.get<std::string>());
  return out;
}

}  // namespace gamefmt::assimp
