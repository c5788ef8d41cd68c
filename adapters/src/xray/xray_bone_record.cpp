#include "xray/xray_bone_record.hpp"

#include <map>

#include "gamefmt/core/text_encoding.hpp"

namespace gamefmt::assimp {

using nlohmann::json;

namespace json_fields {

float number(const json& object, const char* key, float fallback) {
  return object.is_object() && object.contains(key) && object[key].is_number() ? object[key].get<float>()
                                                                               : fallback;
}

std::uint32_t unsigned_number(const json& object, const char* key, std::uint32_t fallback) {
  if (!object.is_object() || !object.contains(key) || !object[key].is_number_integer()) return fallback;
  const auto value = object[key].get<std::int64_t>();
  return value >= 0 && value <= 0xFFFFFFFF ? static_cast<std::uint32_t>(value) : fallback;
}

std::string text(const json& object, const char* key, const std::string& fallback) {
  return object.is_object() && object.contains(key) && object[key].is_string()
             ? object[key].get<std::string>()
             : fallback;
}

}  // namespace json_fields

using namespace json_fields;

json xray_box_json(const xray::OgfBox& box) {
  return {{"rotate", box.rotate}, {"translate", box.translate}, {"half_size", box.half_size}};
}

bool xray_box_from_json(const json& value, xray::OgfBox& box) {
  if (!value.is_object()) return false;
  const bool rotate = floats(value, "rotate", box.rotate);
  const bool translate = floats(value, "translate", box.translate);
  const bool half_size = floats(value, "half_size", box.half_size);
  return rotate || translate || half_size;
}

json xray_shape_json(const xray::OgfShape& shape) {
  return {{"type", shape.type},
          {"flags", shape.flags},
          {"box", xray_box_json(shape.box)},
          {"sphere", shape.sphere},
          {"cylinder", shape.cylinder}};
}

xray::OgfShape xray_shape_from_record(const json& record) {
  xray::OgfShape shape;
  shape.box.rotate = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  if (!record.is_object() || !record.contains("shape") || !record["shape"].is_object()) return shape;
  const json& s = record["shape"];
  shape.type = static_cast<std::uint16_t>(unsigned_number(s, "type", 0));
  shape.flags = static_cast<std::uint16_t>(unsigned_number(s, "flags", 0));
  if (s.contains("box")) xray_box_from_json(s["box"], shape.box);
  floats(s, "sphere", shape.sphere);
  floats(s, "cylinder", shape.cylinder);
  return shape;
}

json xray_joint_json(const xray::SdkJoint& joint) {
  json limits = json::array();
  for (const auto& limit : joint.limits)
    limits.push_back({{"min", limit.range[0]},
                      {"max", limit.range[1]},
                      {"spring", limit.spring},
                      {"damping", limit.damping}});
  return {{"type", joint.type}, {"limits", limits}, {"spring", joint.spring}, {"damping", joint.damping}};
}

std::optional<xray::SdkJoint> xray_joint_from_record(const json& record) {
  if (!record.is_object() || !record.contains("joint") || !record["joint"].is_object()) return std::nullopt;
  const json& j = record["joint"];
  xray::SdkJoint joint;
  joint.type = unsigned_number(j, "type", 0);
  joint.spring = number(j, "spring", 1.0f);
  joint.damping = number(j, "damping", 1.0f);
  if (j.contains("limits") && j["limits"].is_array())
    for (std::size_t i = 0; i < 3 && i < j["limits"].size(); ++i) {
      const json& l = j["limits"][i];
      joint.limits[i].range = {number(l, "min", 0), number(l, "max", 0)};
      joint.limits[i].spring = number(l, "spring", 1);
      joint.limits[i].damping = number(l, "damping", 1);
    }
  return joint;
}

xray::SdkJoint ogf_joint(const xray::OgfBone& bone) {
  xray::SdkJoint joint;
  joint.type = bone.joint_type;
  joint.spring = bone.spring;
  joint.damping = bone.damping;
  for (std::size_t i = 0; i < 3; ++i) {
    joint.limits[i] = bone.limits[i];
    joint.limits[i].range = {-bone.limits[i].range[1], -bone.limits[i].range[0]};
  }
  return joint;
}

void set_ogf_joint(xray::OgfBone& bone, const xray::SdkJoint& joint) {
  bone.joint_type = joint.type;
  bone.spring = joint.spring;
  bone.damping = joint.damping;
  for (std::size_t i = 0; i < 3; ++i) {
    bone.limits[i] = joint.limits[i];
    bone.limits[i].range = {-joint.limits[i].range[1], -joint.limits[i].range[0]};
  }
}

std::vector<int> xray_bone_parents(const std::vector<std::string_view>& names,
                                   const std::vector<std::string_view>& parents) {
  std::map<std::string, int> by_name;
  for (std::size_t i = 0; i < names.size(); ++i) by_name.emplace(lower_ascii(names[i]), static_cast<int>(i));
  std::vector<int> out(names.size(), -1);
  for (std::size_t i = 0; i < names.size() && i < parents.size(); ++i) {
    const auto found = by_name.find(lower_ascii(parents[i]));
    if (!parents[i].empty() && found != by_name.end() && found->second != static_cast<int>(i))
      out[i] = found->second;
  }
  for (std::size_t i = 0; i < out.size(); ++i) {
    int at = static_cast<int>(i);
    for (std::size_t steps = 0; at >= 0; ++steps) {
      if (steps > out.size()) {
        out[i] = -1;  // a cycle: hang this bone from the root
        break;
      }
      at = out[at];
    }
  }
  return out;
}

}  // namespace gamefmt::assimp
