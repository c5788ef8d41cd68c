#include "xray/imported_scene_match.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <utility>

#include "gamefmt/scene/transform_math.hpp"
#include "xray/sdk_way_back.hpp"
#include "xray/xray_game_data.hpp"

namespace gamefmt::xray {
namespace {

template <class Value, class Same>
bool same_lists(const std::vector<Value>& expected, const std::vector<Value>& actual, Same same) {
  if (expected.size() != actual.size()) return false;
  for (std::size_t i = 0; i < expected.size(); ++i)
    if (!same(expected[i], actual[i])) return false;
  return true;
}

bool same_uv(const glm::vec2& expected, const glm::vec2& actual) {
  return same_baked_translation(glm::vec3(expected, 0.0f), glm::vec3(actual, 0.0f));
}

bool same_matrix(const glm::mat4& expected, const glm::mat4& actual) {
  for (int c = 0; c < 4; ++c)
    if (!same_baked_translation(glm::vec3(expected[c]), glm::vec3(actual[c])) ||
        !same_uv(glm::vec2(expected[c][3], 0.0f), glm::vec2(actual[c][3], 0.0f)))
      return false;
  return true;
}

// Each vertex's influences as (joint node name, weight), sorted.
std::vector<std::vector<std::pair<std::string, float>>> influences(const scene::Scene& scene,
                                                                   const scene::Mesh& mesh) {
  std::vector<std::vector<std::pair<std::string, float>>> out(mesh.positions.size());
  for (const auto& bone : mesh.bones)
    for (const auto& weight : bone.weights)
      if (weight.weight > 0 && weight.vertex < out.size() && bone.node < scene.nodes.size())
        out[weight.vertex].emplace_back(scene.nodes[bone.node].name, weight.weight);
  for (auto& list : out) std::sort(list.begin(), list.end());
  return out;
}

bool same_mesh(const scene::Scene& expected_scene, const scene::Mesh& expected,
               const scene::Scene& actual_scene, const scene::Mesh& actual) {
  const auto same_position = [](const glm::vec3& a, const glm::vec3& b) {
    return same_baked_translation(a, b);
  };
  const auto same_normal = [](const glm::vec3& a, const glm::vec3& b) {
    return same_baked_translation(direction_of(a), direction_of(b));
  };
  const auto same_uvs = [](const std::vector<glm::vec2>& a, const std::vector<glm::vec2>& b) {
    return same_lists(a, b, same_uv);
  };
  if (expected.material != actual.material || expected.triangles != actual.triangles ||
      !actual.lines.empty() || !actual.points.empty() || !actual.morph_targets.empty() ||
      !same_lists(expected.positions, actual.positions, same_position) ||
      !same_lists(expected.normals, actual.normals, same_normal) ||
      !same_lists(expected.texcoords, actual.texcoords, same_uvs))
    return false;
  return same_lists(influences(expected_scene, expected), influences(actual_scene, actual),
                    [](const auto& a, const auto& b) {
                      return same_lists(a, b, [](const auto& p, const auto& q) {
                        return p.first == q.first && same_uv({p.second, 0.0f}, {q.second, 0.0f});
                      });
                    });
}

// The node of `actual` for each node of `expected`, by name (a glTF trip may order nodes otherwise).
using NodeMap = std::vector<scene::NodeIndex>;

std::optional<NodeMap> nodes_by_name(const scene::Scene& expected, const scene::Scene& actual) {
  if (expected.nodes.size() != actual.nodes.size()) return std::nullopt;
  std::map<std::string, scene::NodeIndex> actual_by_name;
  for (scene::NodeIndex i = 0; i < actual.nodes.size(); ++i)
    if (!actual_by_name.emplace(actual.nodes[i].name, i).second) return std::nullopt;
  NodeMap map;
  for (const auto& node : expected.nodes) {
    const auto found = actual_by_name.find(node.name);
    if (found == actual_by_name.end()) return std::nullopt;
    map.push_back(found->second);
  }
  return map;
}

std::vector<scene::NodeIndex> mapped(const std::vector<scene::NodeIndex>& nodes, const NodeMap& map) {
  std::vector<scene::NodeIndex> out;
  for (scene::NodeIndex node : nodes) out.push_back(node < map.size() ? map[node] : scene::NodeIndex(-1));
  return out;
}

bool same_node(const scene::Scene& expected_scene, const scene::Node& expected,
               const scene::Scene& actual_scene, const scene::Node& actual, const NodeMap& map) {
  if (mapped(expected.children, map) != actual.children || expected.meshes.size() != actual.meshes.size() ||
      !same_matrix(scene::matrix_of(expected), scene::matrix_of(actual)) ||
      !same_extras_values(expected.extras, actual.extras))
    return false;
  for (std::size_t m = 0; m < expected.meshes.size(); ++m)
    if (expected.meshes[m] >= expected_scene.meshes.size() ||
        actual.meshes[m] >= actual_scene.meshes.size() ||
        !same_mesh(expected_scene, expected_scene.meshes[expected.meshes[m]], actual_scene,
                   actual_scene.meshes[actual.meshes[m]]))
      return false;
  return true;
}

bool same_animation(const scene::Animation& expected, const scene::Animation& actual, const NodeMap& map) {
  if (expected.interpolation != actual.interpolation || expected.channels.size() != actual.channels.size() ||
      !actual.morph_channels.empty())
    return false;
  for (const auto& channel : expected.channels) {
    const auto found = std::find_if(actual.channels.begin(), actual.channels.end(), [&](const auto& c) {
      return channel.node < map.size() && c.node == map[channel.node];
    });
    if (found == actual.channels.end() || !same_baked_keys(channel, *found)) return false;
  }
  return true;
}

// Every animation of `expected` in `actual`: at the same index, or by name when `actual` may hold others.
bool same_animations(const scene::Scene& expected, const scene::Scene& actual, const NodeMap& map,
                     const ImportedSceneMatch& match) {
  if (!match.other_animations) {
    if (expected.animations.size() != actual.animations.size()) return false;
    for (std::size_t i = 0; i < expected.animations.size(); ++i)
      if (expected.animations[i].name != actual.animations[i].name ||
          !same_animation(expected.animations[i], actual.animations[i], map))
        return false;
    return true;
  }
  for (const auto& animation : expected.animations) {
    const auto found = std::find_if(actual.animations.begin(), actual.animations.end(),
                                    [&](const auto& a) { return a.name == animation.name; });
    if (found == actual.animations.end() || !same_animation(animation, *found, map)) return false;
  }
  return true;
}

// `expected`'s members are in `actual` with the same values; objects may hold more members in `actual`.
bool contained_extras(const nlohmann::json& expected, const nlohmann::json& actual) {
  if (!expected.is_object() || !actual.is_object()) return same_extras_values(expected, actual);
  for (const auto& [key, value] : expected.items())
    if (actual.contains(key) ? !contained_extras(value, actual[key]) : !is_left_out_of_gltf(value))
      return false;
  return true;
}

// Each scene extra of `expected`, the same in `actual` (which also holds what the export added: the kept
// file itself).
bool same_scene_extras(const nlohmann::json& expected, const nlohmann::json& actual,
                       const ImportedSceneMatch& match) {
  if (!expected.is_object()) return true;
  for (const auto& [key, value] : expected.items()) {
    if (!actual.is_object() || !actual.contains(key)) return false;
    if (!(match.other_animations ? contained_extras(value, actual[key])
                                 : same_extras_values(value, actual[key])))
      return false;
  }
  return true;
}

// A material's extras without what attach_xray_textures found beside its texture: the file does not hold it.
nlohmann::json without_texture_maps(nlohmann::json extras) {
  if (extras.is_object()) extras.erase(kXrayTextureMapsKey);
  return extras;
}

}  // namespace

bool same_imported_scene(const scene::Scene& expected, const scene::Scene& actual,
                         const ImportedSceneMatch& match) {
  const auto map = nodes_by_name(expected, actual);
  if (!map) return false;
  auto expected_roots = mapped(expected.roots, *map), actual_roots = actual.roots;
  std::sort(expected_roots.begin(), expected_roots.end());
  std::sort(actual_roots.begin(), actual_roots.end());
  if (expected_roots != actual_roots || expected.materials.size() != actual.materials.size()) return false;
  for (std::size_t i = 0; i < expected.materials.size(); ++i) {
    const auto &a = expected.materials[i], &b = actual.materials[i];
    if (a.name != b.name || a.double_sided != b.double_sided ||
        !same_extras_values(without_texture_maps(a.extras), without_texture_maps(b.extras)))
      return false;
  }
  for (std::size_t i = 0; i < expected.nodes.size(); ++i)
    if (!same_node(expected, expected.nodes[i], actual, actual.nodes[(*map)[i]], *map)) return false;
  return same_animations(expected, actual, *map, match) &&
         same_scene_extras(expected.extras, actual.extras, match);
}

}  // namespace gamefmt::xray
