#include "xray/xray_bone_record.hpp"

#include <map>

#include "gamefmt/core/text_encoding.hpp"
#include "gamefmt/scene/extras.hpp"

namespace gamefmt::xray {

using nlohmann::json;

namespace {

// Copies the record's array of N numbers under `key` into `out`; false (out unchanged) when it has none.
template <std::size_t N>
bool read_floats(const json& record, const char* key, std::array<float, N>& out) {
  const auto values = scene::get<std::array<float, N>>(record, key);
  if (values) out = *values;
  return values.has_value();
}

}  // namespace

json xray_box_json(const OgfBox& box) {
  return {{"rotate", box.rotate}, {"translate", box.translate}, {"half_size", box.half_size}};
}

bool xray_box_from_json(const json& value, OgfBox& box) {
  const bool rotate = read_floats(value, "rotate", box.rotate);
  const bool translate = read_floats(value, "translate", box.translate);
  const bool half_size = read_floats(value, "half_size", box.half_size);
  return rotate || translate || half_size;
}

json xray_shape_json(const OgfShape& shape) {
  return {{"type", shape.type},
          {"flags", shape.flags},
          {"box", xray_box_json(shape.box)},
          {"sphere", shape.sphere},
          {"cylinder", shape.cylinder}};
}

OgfShape xray_shape_from_record(const json& record) {
  OgfShape shape;
  shape.box.rotate = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  const auto s = scene::get<json>(record, "shape");
  if (!s || !s->is_object()) return shape;
  shape.type = static_cast<std::uint16_t>(scene::get_or<std::uint32_t>(*s, "type", 0));
  shape.flags = static_cast<std::uint16_t>(scene::get_or<std::uint32_t>(*s, "flags", 0));
  if (const auto box = scene::get<json>(*s, "box")) xray_box_from_json(*box, shape.box);
  read_floats(*s, "sphere", shape.sphere);
  read_floats(*s, "cylinder", shape.cylinder);
  return shape;
}

json xray_joint_json(const SdkJoint& joint) {
  json limits = json::array();
  for (const auto& limit : joint.limits)
    limits.push_back({{"min", limit.range[0]},
                      {"max", limit.range[1]},
                      {"spring", limit.spring},
                      {"damping", limit.damping}});
  return {{"type", joint.type}, {"limits", limits}, {"spring", joint.spring}, {"damping", joint.damping}};
}

std::optional<SdkJoint> xray_joint_from_record(const json& record) {
  const auto j = scene::get<json>(record, "joint");
  if (!j || !j->is_object()) return std::nullopt;
  SdkJoint joint;
  joint.type = scene::get_or<std::uint32_t>(*j, "type", 0);
  joint.spring = scene::get_or(*j, "spring", 1.0f);
  joint.damping = scene::get_or(*j, "damping", 1.0f);
  if (const auto limits = scene::get<json>(*j, "limits"); limits && limits->is_array())
    for (std::size_t i = 0; i < 3 && i < limits->size(); ++i) {
      const json& l = (*limits)[i];
      joint.limits[i].range = {scene::get_or(l, "min", 0.0f), scene::get_or(l, "max", 0.0f)};
      joint.limits[i].spring = scene::get_or(l, "spring", 1.0f);
      joint.limits[i].damping = scene::get_or(l, "damping", 1.0f);
    }
  return joint;
}

SdkJoint ogf_joint(const OgfBone& bone) {
  SdkJoint joint;
  joint.type = bone.joint_type;
  joint.spring = bone.spring;
  joint.damping = bone.damping;
  for (std::size_t i = 0; i < 3; ++i) {
    joint.limits[i] = bone.limits[i];
    joint.limits[i].range = {-bone.limits[i].range[1], -bone.limits[i].range[0]};
  }
  return joint;
}

void set_ogf_joint(OgfBone& bone, const SdkJoint& joint) {
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

}  // namespace gamefmt::xray
