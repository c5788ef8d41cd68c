#include "xray/level_records_scene.hpp"

#include <cmath>

#include "gamefmt/scene/extras.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "xray/xray_space.hpp"

namespace gamefmt::xray {

nlohmann::json portal_json(const LevelPortal& portal) {
  return {{"front_sector", portal.front_sector},
          {"back_sector", portal.back_sector},
          {"vertices", portal.vertices},
          {"vertex_count", portal.vertex_count}};
}

nlohmann::json light_json(const LevelLight& light) {
  return {{"controller", light.controller},   {"type", light.type},       {"diffuse", light.diffuse},
          {"specular", light.specular},       {"ambient", light.ambient}, {"position", light.position},
          {"direction", light.direction},     {"range", light.range},     {"falloff", light.falloff},
          {"attenuation", light.attenuation}, {"theta", light.theta},     {"phi", light.phi}};
}

nlohmann::json glow_json(const LevelGlow& glow) {
  return {{"position", glow.position}, {"radius", glow.radius}, {"shader_id", glow.shader_id}};
}

namespace {

// Reads every named field into its place; false as soon as one is missing or mistyped.
class FieldsFrom {
 public:
  explicit FieldsFrom(const nlohmann::json& record) : record_(record) {}
  template <class T>
  FieldsFrom& operator()(const char* key, T& value) {
    if (!ok_) return *this;
    const auto read = scene::get<T>(record_, key);
    ok_ = read.has_value();
    if (ok_) value = *read;
    return *this;
  }
  bool ok() const { return ok_; }

 private:
  const nlohmann::json& record_;
  bool ok_ = true;
};

}  // namespace

std::optional<LevelPortal> portal_from_json(const nlohmann::json& record) {
  LevelPortal p;
  FieldsFrom read(record);
  read("front_sector", p.front_sector)("back_sector", p.back_sector)("vertices", p.vertices)("vertex_count",
                                                                                             p.vertex_count);
  return read.ok() ? std::optional(p) : std::nullopt;
}

std::optional<LevelLight> light_from_json(const nlohmann::json& record) {
  LevelLight l;
  FieldsFrom read(record);
  read("controller", l.controller)("type", l.type)("diffuse", l.diffuse)("specular", l.specular)(
      "ambient", l.ambient)("position", l.position)("direction", l.direction)("range", l.range)(
      "falloff", l.falloff)("attenuation", l.attenuation)("theta", l.theta)("phi", l.phi);
  return read.ok() ? std::optional(l) : std::nullopt;
}

std::optional<LevelGlow> glow_from_json(const nlohmann::json& record) {
  LevelGlow g;
  FieldsFrom read(record);
  read("position", g.position)("radius", g.radius)("shader_id", g.shader_id);
  return read.ok() ? std::optional(g) : std::nullopt;
}

const char* light_type_name(std::uint32_t type) {
  return type == 1 ? "point" : type == 2 ? "spot" : type == 3 ? "directional" : nullptr;
}

glm::vec3 scene_point(const std::array<float, 3>& p) {
  return xray_space::vector(glm::vec3(p[0], p[1], p[2]));
}

std::array<float, 3> engine_point(const glm::vec3& p) {
  const glm::vec3 e = xray_space::vector(p);
  return {e.x, e.y, e.z};
}

glm::quat looking_along(const glm::vec3& direction) {
  const float length = glm::length(direction);
  if (!(length > 0.0f)) return {1, 0, 0, 0};
  const glm::vec3 to = direction / length, from(0, 0, -1);
  const float cosine = glm::dot(from, to);
  if (cosine < -0.999999f) return {0, 0, 1, 0};  // opposite: half a turn about Y
  const glm::vec3 axis = glm::cross(from, to);
  return scene::normalize(glm::quat(1.0f + cosine, axis.x, axis.y, axis.z));
}

}  // namespace gamefmt::xray
