#include "xray/level_contents_scene.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <string>

#include "gamefmt/core/byte_order.hpp"
#include "gamefmt/core/text_encoding.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "xray/level_mesh_scene.hpp"
#include "xray/level_records_scene.hpp"
#include "xray/xray_shader_drawing.hpp"
#include "xray/xray_space.hpp"

namespace gamefmt::xray {
namespace {

constexpr const char* kRoleKey = "gamefmt.role";
constexpr std::uint32_t kLodDefinitionChunk = 11;  // OGF_LODDEF2
constexpr std::size_t kLodQuads = 8, kLodVertexSize = 28, kLodSize = kLodQuads * 4 * kLodVertexSize;

scene::NodeIndex add_group(scene::Scene& scene, const char* name, const char* role,
                           scene::NodeIndex parent = kLevelRoot) {
  const scene::NodeIndex node = scene.add_node(name, parent);
  scene.nodes[node].extras[kRoleKey] = role;
  return node;
}

// Shader-list entry `shader_id` as UTF-8, empty when the list has no such entry.
std::string shader_entry(const Level& level, std::uint16_t shader_id) {
  return shader_id < level.shaders.size() ? cp1251_to_utf8(level.shaders[shader_id]) : std::string();
}

// The node each visual became (level_to_scene.cpp marks it with "xray.level.visual"), by visual index.
using NodeOfVisual = std::map<std::int32_t, scene::NodeIndex>;
NodeOfVisual nodes_of_visuals(const scene::Scene& scene) {
  NodeOfVisual node_of_visual;
  for (scene::NodeIndex n = 0; n < scene.nodes.size(); ++n)
    if (const auto visual = scene.nodes[n].extras.find("xray.level.visual");
        visual != scene.nodes[n].extras.end() && visual->is_number_integer())
      node_of_visual.emplace(visual->get<std::int32_t>(), n);
  return node_of_visual;
}

// One material per shader-list entry among the parts that draw with one (level_shader_material, then
// `adjust`).
class ShaderMaterials {
 public:
  ShaderMaterials(const Level& level, scene::Scene& scene, const char* prefix)
      : level_(level), scene_(scene), prefix_(prefix) {}
  template <class Adjust>
  scene::MaterialIndex of(std::uint16_t shader_id, Adjust adjust) {
    auto [it, added] = index_.try_emplace(shader_id, scene_.materials.size());
    if (added) {
      scene::Material material = level_shader_material(level_, shader_id, prefix_, prefix_);
      adjust(material);
      scene_.add_material(std::move(material));
    }
    return it->second;
  }

 private:
  const Level& level_;
  scene::Scene& scene_;
  const char* prefix_;
  std::map<std::uint16_t, scene::MaterialIndex> index_;
};

// ---- sectors

void add_sectors(const Level& level, scene::Scene& scene, const NodeOfVisual& node_of_visual) {
  if (level.sectors.empty()) return;
  auto& top = scene.nodes[kLevelRoot].children;
  for (std::size_t s = 0; s < level.sectors.size(); ++s) {
    const LevelSector& sector = level.sectors[s];
    const scene::NodeIndex node = add_group(scene, ("sector_" + std::to_string(s)).c_str(), "sector");
    scene.nodes[node].extras["xray.level.sector"] = std::int32_t(s);
    scene.nodes[node].extras["xray.level.portals"] = sector.portals;
    if (!sector.root_visual) continue;
    const auto visual = node_of_visual.find(std::int32_t(*sector.root_visual));
    if (visual == node_of_visual.end()) {
      scene.warnings.push_back("sector " + std::to_string(s) + " names visual " +
                               std::to_string(*sector.root_visual) + ", which the level does not have");
      continue;
    }
    // Only a visual at the top moves: one inside another sector's subtree stays where it is.
    const auto at = std::find(top.begin(), top.end(), visual->second);
    if (at == top.end()) continue;
    top.erase(at);
    scene.nodes[node].children.push_back(visual->second);
  }
}

// ---- portals

void add_portals(const Level& level, scene::Scene& scene) {
  if (level.portals.empty()) return;
  scene::Material material = level_material("portal", {0.3f, 0.6f, 1.0f, 0.3f});
  material.alpha_mode = scene::AlphaMode::blend;
  material.double_sided = true;
  material.unlit = true;
  const scene::MaterialIndex portal_material = scene.add_material(std::move(material));
  const scene::NodeIndex group = add_group(scene, "portals", "portals");
  for (std::size_t p = 0; p < level.portals.size(); ++p) {
    const LevelPortal& portal = level.portals[p];
    const scene::NodeIndex node = scene.add_node("portal_" + std::to_string(p), group);
    scene.nodes[node].extras[kPortalKey] = portal_json(portal);
    const std::size_t used = std::min<std::size_t>(portal.vertex_count, portal.vertices.size());
    if (used < 3) continue;
    std::vector<XrayPoint> positions(portal.vertices.begin(), portal.vertices.begin() + used);
    std::vector<std::uint32_t> fan;
    for (std::uint32_t i = 1; i + 1 < used; ++i) fan.insert(fan.end(), {0, i, i + 1});
    scene.nodes[node].meshes.push_back(scene.add_mesh(make_level_mesh({.name = scene.nodes[node].name,
                                                                       .positions = &positions,
                                                                       .faces = &fan,
                                                                       .corners_per_face = 3,
                                                                       .material = portal_material,
                                                                       .flat_normals = true})));
  }
}

// ---- dynamic lights

void add_lights(const Level& level, scene::Scene& scene) {
  if (level.lights.empty()) return;
  const scene::NodeIndex group = add_group(scene, "lights", "lights");
  nlohmann::json lights = nlohmann::json::array();
  for (std::size_t l = 0; l < level.lights.size(); ++l) {
    const LevelLight& light = level.lights[l];
    const scene::NodeIndex node = scene.add_node("light_" + std::to_string(l), group);
    scene.nodes[node].extras[kLightKey] = light_json(light);
    const char* type = light_type_name(light.type);
    if (type == nullptr) {
      scene.warnings.push_back("light " + std::to_string(l) + " has type " + std::to_string(light.type) +
                               " (1 point, 2 spot, 3 directional): kept in extras, not made a light");
      continue;
    }
    scene::Trs trs;
    trs.translation = scene_point(light.position);
    trs.rotation = looking_along(scene_point(light.direction));
    scene.nodes[node].transform = trs;
    const auto finite = [](float v) { return std::isfinite(v) ? std::max(v, 0.0f) : 0.0f; };
    const float r = finite(light.diffuse[0]), g = finite(light.diffuse[1]), b = finite(light.diffuse[2]);
    const float brightest = std::max({r, g, b});
    nlohmann::json out = {{"name", scene.nodes[node].name}, {"type", type}};
    out["color"] = brightest > 0 ? nlohmann::json::array({r / brightest, g / brightest, b / brightest})
                                 : nlohmann::json::array({0.0, 0.0, 0.0});
    out["intensity"] = brightest;
    if (light.type != 3 && std::isfinite(light.range) && light.range > 0) out["range"] = light.range;
    if (light.type == 2) {
      constexpr float kRightAngle = 1.57079632f;
      const auto half = [&](float angle) {
        return std::isfinite(angle) ? std::clamp(angle / 2, 0.0f, kRightAngle) : kRightAngle;
      };
      const float outer = std::max(half(light.phi), 1e-4f);
      out["spot"] = {{"innerConeAngle", std::min(half(light.theta), outer * 0.999f)},
                     {"outerConeAngle", outer}};
    }
    scene.nodes[node].gltf_extensions = {{"KHR_lights_punctual", {{"light", lights.size()}}}};
    lights.push_back(std::move(out));
  }
  if (lights.empty()) return;
  if (!scene.gltf_extensions.is_object()) scene.gltf_extensions = nlohmann::json::object();
  scene.gltf_extensions["KHR_lights_punctual"] = {{"lights", std::move(lights)}};
}

// ---- glows

void add_glows(const Level& level, scene::Scene& scene) {
  if (level.glows.empty()) return;
  const scene::NodeIndex group = add_group(scene, "glows", "glows");
  ShaderMaterials materials(level, scene, "glow_");
  for (std::size_t g = 0; g < level.glows.size(); ++g) {
    const LevelGlow& glow = level.glows[g];
    const scene::MaterialIndex material = materials.of(glow.shader_id, [](scene::Material& m) {
      m.alpha_mode = scene::AlphaMode::blend;  // a flare over what is behind it, whatever the shader says
      m.double_sided = true;
      m.unlit = true;
    });
    const scene::NodeIndex node = scene.add_node("glow_" + std::to_string(g), group);
    scene::Trs trs;
    trs.translation = scene_point(glow.position);
    scene.nodes[node].transform = trs;
    scene.nodes[node].extras[kGlowKey] = glow_json(glow);
    scene.nodes[node].extras["xray.level.glow_shader"] = shader_entry(level, glow.shader_id);
    const float r = std::isfinite(glow.radius) ? std::abs(glow.radius) : 0.0f;
    if (!(r > 0)) continue;
    scene::Mesh quad;
    quad.name = scene.nodes[node].name;
    quad.material = material;
    quad.positions = {{-r, -r, 0}, {r, -r, 0}, {r, r, 0}, {-r, r, 0}};
    quad.normals.assign(4, {0, 0, 1});
    quad.texcoords = {{{0, 1}, {1, 1}, {1, 0}, {0, 0}}};
    quad.triangles = {0, 1, 2, 0, 2, 3};
    scene.nodes[node].meshes.push_back(scene.add_mesh(std::move(quad)));
  }
}

// ---- LOD billboards

void add_lod_billboards(const Level& level, scene::Scene& scene, const NodeOfVisual& node_of_visual) {
  ShaderMaterials materials(level, scene, "lod_");
  for (std::size_t v = 0; v < level.visuals.size(); ++v) {
    const LevelVisual& visual = level.visuals[v];
    if (!visual.header || visual.header->type != kOgfLod) continue;
    const auto chunk = std::find_if(visual.layout.others.begin(), visual.layout.others.end(),
                                    [](const RawChunk& c) { return c.raw_id == kLodDefinitionChunk; });
    const auto node = node_of_visual.find(std::int32_t(v));
    if (chunk == visual.layout.others.end() || node == node_of_visual.end()) continue;
    if (chunk->payload.size() != kLodSize) {
      scene.warnings.push_back("LOD visual " + std::to_string(v) + ": its billboards chunk holds " +
                               std::to_string(chunk->payload.size()) + " bytes, not " +
                               std::to_string(kLodSize) + ": kept in the file, not shown");
      continue;
    }
    std::vector<XrayPoint> positions;
    std::vector<std::array<float, 2>> uvs;
    std::vector<glm::vec4> colors;
    std::vector<int> sun;
    std::vector<std::uint32_t> faces;
    for (std::size_t i = 0; i < kLodQuads * 4; ++i) {
      // { vec3 position; vec2 uv; u32 hemi and RGB as a D3DCOLOR; u8 sun; 3 padding bytes }
      const std::byte* at = chunk->payload.data() + i * kLodVertexSize;
      std::memcpy(positions.emplace_back().data(), at, 12);
      std::memcpy(uvs.emplace_back().data(), at + 12, 8);
      const std::uint32_t light = load_value<std::uint32_t>(at + 20, ByteOrder::little);
      colors.push_back({float((light >> 16) & 0xFF) / 255, float((light >> 8) & 0xFF) / 255,
                        float(light & 0xFF) / 255, float(light >> 24) / 255});
      sun.push_back(std::to_integer<int>(at[24]));
    }
    for (std::uint32_t q = 0; q < kLodQuads; ++q)
      faces.insert(faces.end(), {4 * q, 4 * q + 1, 4 * q + 2, 4 * q, 4 * q + 2, 4 * q + 3});
    const scene::MaterialIndex material = materials.of(
        visual.header->shader_id, [](scene::Material& m) { m.double_sided = true; });  // seen from every side
    const scene::NodeIndex lod = add_group(scene, "lod_billboards", "lod_billboards", node->second);
    scene.nodes[lod].extras["xray.level.lod_sun"] = sun;
    scene.nodes[lod].meshes.push_back(
        scene.add_mesh(make_level_mesh({.name = "lod_billboards_" + std::to_string(v),
                                        .positions = &positions,
                                        .faces = &faces,
                                        .corners_per_face = 3,
                                        .material = material,
                                        .uvs = &uvs,
                                        .colors = &colors,
                                        .flat_normals = true})));
  }
}

}  // namespace

scene::Material level_shader_material(const Level& level, std::uint16_t shader_id, std::string_view prefix,
                                      std::string_view fallback_prefix) {
  const auto shader = split_level_shader(shader_entry(level, shader_id));
  scene::Material material =
      level_material(shader.texture.empty() ? std::string(fallback_prefix) + std::to_string(shader_id)
                                            : std::string(prefix) + shader.texture,
                     {1, 1, 1, 1});
  if (!shader.texture.empty()) material.texture_names["base_color"] = shader.texture + ".dds";
  apply_shader_drawing(material, shader.engine_shader);
  return material;
}

void add_level_contents(const Level& level, scene::Scene& scene) {
  const NodeOfVisual node_of_visual = nodes_of_visuals(scene);
  add_lod_billboards(level, scene, node_of_visual);
  add_sectors(level, scene, node_of_visual);
  add_portals(level, scene);
  add_lights(level, scene);
  add_glows(level, scene);
}

}  // namespace gamefmt::xray
