#include "xray/level_from_scene.hpp"

#include <algorithm>
#include <string>

#include "core/kept_bytes.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/scene/extras.hpp"
#include "gamefmt/scene/scene_queries.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "xray/level_records_scene.hpp"

namespace gamefmt::xray {
namespace {

// Closer than this, a place or a direction is the stored one (what glTF's floats give back is exact; a
// viewer that re-saves may round).
constexpr float kUnmoved = 1e-5f;

void warn(std::vector<std::string>* warnings, std::string text) {
  if (warnings != nullptr) warnings->push_back(std::move(text));
}

bool same_place(const glm::vec3& a, const glm::vec3& b) {
  return glm::length(a - b) <= kUnmoved;
}

// The light, moved and turned as its node is.
LevelLight light_from_node(LevelLight light, const glm::mat4& global) {
  const scene::Trs trs = scene::decompose(global);
  if (!same_place(trs.translation, scene_point(light.position)))
    light.position = engine_point(trs.translation);
  const glm::vec3 stored = scene_point(light.direction);
  const float length = glm::length(stored);
  const glm::vec3 now = scene::rotate(trs.rotation, glm::vec3(0, 0, -1));
  if (length > 0 && !same_place(now, stored / length)) light.direction = engine_point(now * length);
  return light;
}

LevelGlow glow_from_node(LevelGlow glow, const glm::mat4& global) {
  const glm::vec3 at = scene::transform_point(global, glm::vec3(0.0f));
  if (!same_place(at, scene_point(glow.position))) glow.position = engine_point(at);
  return glow;
}

// The portal with its mesh's corners when they moved (at most six, in order).
LevelPortal portal_from_node(LevelPortal portal, const scene::Scene& scene, const scene::Node& node,
                             const glm::mat4& global, std::string_view output_name) {
  if (node.meshes.empty()) return portal;
  const auto& positions = scene.meshes[node.meshes[0]].positions;
  bool moved = positions.size() != portal.vertex_count;
  for (std::size_t i = 0; !moved && i < positions.size(); ++i)
    moved = !same_place(scene::transform_point(global, positions[i]), scene_point(portal.vertices[i]));
  if (!moved) return portal;
  if (positions.size() < 3 || positions.size() > portal.vertices.size())
    throw FormatError(
        std::string(output_name), std::nullopt, node.name,
        "a portal's polygon has 3 to 6 corners; this mesh has " + std::to_string(positions.size()));
  for (std::size_t i = 0; i < positions.size(); ++i)
    portal.vertices[i] = engine_point(scene::transform_point(global, positions[i]));
  portal.vertex_count = std::uint32_t(positions.size());
  return portal;
}

}  // namespace

std::vector<std::byte> level_from_scene(const scene::Scene& scene, std::string_view output_name,
                                        std::vector<std::string>* warnings) {
  const auto root = std::find_if(scene.nodes.begin(), scene.nodes.end(), [](const scene::Node& n) {
    return scene::get_or<std::string>(n.extras, "xray.format", "") == "level" &&
           n.extras.contains(kStoredLevelKey);
  });
  const auto stored = root == scene.nodes.end()
                          ? std::nullopt
                          : kept_bytes(scene::get_or<nlohmann::json>(root->extras, kStoredLevelKey, nullptr));
  if (!stored)
    throw FormatError(
        std::string(output_name), std::nullopt, kStoredLevelKey,
        "the scene is not a level gamefmt converted (a level is compiled by the game's tools from the SDK's "
        "scene: gamefmt writes back a level it converted, kept in the level node's extras)");
  Level level = read_level(*stored, output_name);
  const auto globals = scene::global_transforms(scene);
  std::vector<LevelPortal> portals;
  std::vector<LevelLight> lights;
  std::vector<LevelGlow> glows;
  for (std::size_t n = 0; n < scene.nodes.size(); ++n) {
    const scene::Node& node = scene.nodes[n];
    if (!node.extras.is_object()) continue;
    if (const auto record = node.extras.find(kPortalKey); record != node.extras.end()) {
      if (const auto portal = portal_from_json(*record))
        portals.push_back(portal_from_node(*portal, scene, node, globals[n], output_name));
      else
        warn(warnings, node.name + ": its portal record is not whole; left out");
    } else if (const auto record = node.extras.find(kLightKey); record != node.extras.end()) {
      if (const auto light = light_from_json(*record))
        // A light of no glTF type has no transform to take edits from.
        lights.push_back(light_type_name(light->type) != nullptr ? light_from_node(*light, globals[n])
                                                                 : *light);
      else
        warn(warnings, node.name + ": its light record is not whole; left out");
    } else if (const auto record = node.extras.find(kGlowKey); record != node.extras.end()) {
      if (const auto glow = glow_from_json(*record))
        glows.push_back(glow_from_node(*glow, globals[n]));
      else
        warn(warnings, node.name + ": its glow record is not whole; left out");
    }
  }
  if (portals.size() != level.portals.size())
    warn(warnings, "the level had " + std::to_string(level.portals.size()) + " portals and the scene has " +
                       std::to_string(portals.size()) +
                       ": the sectors' portal lists are written as they were");
  level.portals = std::move(portals);
  level.lights = std::move(lights);
  level.glows = std::move(glows);
  return write_level(level, output_name);
}

}  // namespace gamefmt::xray
