// .fzx ragdoll volumes -> scene nodes, proxy meshes and extras (ragdoll_scene.hpp).
#include <cmath>
#include <cstdint>
#include <nlohmann/json.hpp>

#include "gamefmt/core/format_error.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "phoenix/phoenix_space.hpp"
#include "phoenix/ragdoll_scene.hpp"
#include "phoenix/way_back.hpp"

namespace gamefmt::phoenix {
namespace {

constexpr const char* kRagdollKey = "phoenix.ragdoll";

// The OMI_physics_shape record of one volume.
nlohmann::json omi_shape(const RagdollVolume& v) {
  switch (v.shape) {
    case RagdollShape::capsule:
      // The project's capsule convention (docs/godot.md): full height, tip to tip, as released Godot reads
      // it.
      return {{"type", "capsule"},
              {"capsule",
               {{"radius", v.radius},
                {"height", v.mid_height + 2 * v.radius},
                {"radiusTop", v.radius},
                {"radiusBottom", v.radius}}}};
    case RagdollShape::box:
      return {{"type", "box"}, {"box", {{"size", v.box_size}}}};
    case RagdollShape::sphere:
      return {{"type", "sphere"}, {"sphere", {{"radius", v.radius}}}};
  }
  return {};
}

// A visible stand-in for a volume, in the volume node's frame: a capsule along Y (a sphere when the mid
// height is 0) or a box.
scene::Mesh proxy_mesh(const RagdollVolume& v, const std::string& name, scene::MaterialIndex material) {
  scene::Mesh mesh;
  mesh.name = name;
  mesh.material = material;
  auto& positions = mesh.positions;
  auto& normals = mesh.normals;
  auto& indices = mesh.triangles;
  if (v.shape == RagdollShape::box) {
    const glm::vec3 half(v.box_size[0] / 2, v.box_size[1] / 2, v.box_size[2] / 2);
    for (int axis = 0; axis < 3; ++axis)
      for (const float sign : {-1.0f, 1.0f}) {
        glm::vec3 n(0, 0, 0);
        n[axis] = sign;
        const int u = (axis + 1) % 3, w = (axis + 2) % 3;
        const auto base = static_cast<std::uint32_t>(positions.size());
        for (const auto& [a, b] : {std::pair{-1.f, -1.f}, {1.f, -1.f}, {1.f, 1.f}, {-1.f, 1.f}}) {
          glm::vec3 p(0, 0, 0);
          p[axis] = sign * half[axis];
          p[u] = a * half[u];
          p[w] = b * half[w];
          positions.push_back(p);
          normals.push_back(n);
        }
        // Counter-clockwise seen from outside: (u, w) is right-handed with the axis for sign +1.
        if (sign > 0)
          indices.insert(indices.end(), {base, base + 1, base + 2, base, base + 2, base + 3});
        else
          indices.insert(indices.end(), {base, base + 2, base + 1, base, base + 3, base + 2});
      }
  } else {
    const float r = v.radius, half = v.shape == RagdollShape::capsule ? v.mid_height / 2 : 0;
    constexpr unsigned kSegments = 16, kRings = 8;  // rings per hemisphere
    constexpr float kPi = 3.14159265358979f;
    for (unsigned ring = 0; ring <= 2 * kRings + 1; ++ring) {
      // Rings 0..kRings cover the top hemisphere, kRings+1..2*kRings+1 the bottom one (the cylinder between).
      const bool top = ring <= kRings;
      const float polar =
          top ? kPi / 2 * float(ring) / kRings : kPi / 2 + kPi / 2 * float(ring - kRings - 1) / kRings;
      const float y = std::cos(polar), ring_radius = std::sin(polar);
      for (unsigned s = 0; s <= kSegments; ++s) {
        const float azimuth = 2 * kPi * float(s) / kSegments;
        const glm::vec3 n(ring_radius * std::sin(azimuth), y, ring_radius * std::cos(azimuth));
        positions.push_back(glm::vec3(n.x * r, n.y * r + (top ? half : -half), n.z * r));
        normals.push_back(n);
      }
    }
    for (std::uint32_t ring = 0; ring < 2 * kRings + 1; ++ring)
      for (std::uint32_t s = 0; s < kSegments; ++s) {
        const std::uint32_t a = ring * (kSegments + 1) + s, b = a + kSegments + 1;
        indices.insert(indices.end(), {a, b, a + 1, a + 1, b, b + 1});
      }
  }
  return mesh;
}

nlohmann::json object_json(const RagdollObject& o) {
  return {
      {"label", o.label}, {"rotation_wxyz", o.rotation_wxyz}, {"location", o.location}, {"scale", o.scale}};
}

}  // namespace

std::vector<RagdollVolumeNode> add_ragdoll(scene::Scene& scene, const RagdollInput& input,
                                           const Skeleton* skeleton,
                                           const std::vector<std::string>& joint_names,
                                           const std::vector<glm::mat4>& binds,
                                           scene::MaterialIndex proxy_material) {
  std::vector<RagdollVolumeNode> out;
  std::vector<std::string> warnings;
  const auto& objects = input.ragdoll->objects;
  const auto symmetry =
      skeleton != nullptr ? skeleton_symmetry(*skeleton, input.file_name) : std::vector<std::size_t>{};
  nlohmann::json shapes = nlohmann::json::array(), unmatched = nlohmann::json::array();
  for (std::size_t i = 0; i < objects.size(); ++i) {
    const auto& object = objects[i];
    const auto label = parse_ragdoll_label(object.label);
    std::string reason;
    std::size_t bone = kNoBone;
    if (!label) {
      reason = "the label names no shape and body part the engine knows";
    } else if (skeleton != nullptr) {
      try {
        bone = ragdoll_bone(*skeleton, *label, input.file_name);
      } catch (const FormatError& e) {
        reason = e.problem();
      }
    }
    if (!reason.empty()) {
      auto record = object_json(object);
      record["index"] = i;
      record["reason"] = reason;
      unmatched.push_back(record);
      warnings.push_back(input.file_name + ": ragdoll object " + std::to_string(i) + " '" + object.label +
                         "' is placed on no bone: " + reason);
      continue;
    }
    std::vector<std::pair<std::size_t, RagdollObject>> placements = {{bone, object}};
    if (label->mirrored)
      placements.push_back({bone == kNoBone ? kNoBone : symmetry[bone], ragdoll_mirrored(object)});
    for (std::size_t copy = 0; copy < placements.size(); ++copy) {
      const auto& [target, placed] = placements[copy];
      const auto volume = ragdoll_volume(placed, label->shape, input.model_centre);
      // Shape nodes are never scaled (OMI and Godot expect sizes in the shape): an ellipsoid is written as
      // the sphere of the engine's mean radius, its axis factors in the extras.
      const auto& q = volume.rotation_xyzw;
      const glm::mat4 world =
          trs_matrix(glm::vec3(volume.position[0], volume.position[1], volume.position[2]),
                     scene::normalize(glm::quat(q[3], q[0], q[1], q[2])), glm::vec3(1, 1, 1));
      RagdollVolumeNode placed_node;
      placed_node.bone = target;
      scene::Node& node = placed_node.node;
      node.name = "fzx" + std::to_string(i) + " " + object.label + (copy == 1 ? " (mirror)" : "");
      node.transform = target == kNoBone ? world : scene::inverse(binds[target]) * world;
      const int shape_index = static_cast<int>(shapes.size());
      shapes.push_back(omi_shape(volume));
      node.gltf_extensions = {{"OMI_physics_shape", {{"shape", shape_index}}},
                              {"OMI_physics_body", {{"collider", {{"shape", shape_index}}}}}};
      auto record = object_json(placed);
      record["index"] = i;
      record["mirror"] = copy == 1;
      if (target != kNoBone) record["bone"] = joint_names[target];
      record["shape"] = ragdoll_shape_name(volume.shape);
      record["omi_shape"] = shapes.back();  // the extension's data again, for readers without it
      if (volume.shape == RagdollShape::sphere) record["ellipsoid_scale"] = volume.ellipsoid_scale;
      node.extras = {{kRagdollKey, record}};
      if (input.proxies) {
        node.meshes = {scene.meshes.size()};
        scene.meshes.push_back(proxy_mesh(volume, node.name, proxy_material));
      }
      out.push_back(std::move(placed_node));
    }
  }
  if (!shapes.empty()) scene.gltf_extensions["OMI_physics_shape"] = {{"shapes", shapes}};
  if (!scene.extras.is_object()) scene.extras = nlohmann::json::object();
  scene.extras[kRagdollKey] = {{"version", input.ragdoll->version},
                               {"model_centre", input.model_centre},
                               {"object_count", objects.size()},
                               {"unmatched", unmatched}};
  keep_file(scene.extras[kRagdollKey], input.file);
  scene.warnings.insert(scene.warnings.end(), warnings.begin(), warnings.end());
  return out;
}

const char* ragdoll_shape_name(RagdollShape shape) {
  switch (shape) {
    case RagdollShape::capsule:
      return "capsule";
    case RagdollShape::box:
      return "box";
    case RagdollShape::sphere:
      return "sphere";
  }
  return "";
}

scene::Material ragdoll_proxy_material(std::string_view rig_name) {
  scene::Material proxy;
  proxy.name = std::string(rig_name) + "_ragdoll";
  proxy.base_color = {1.0f, 0.35f, 0.1f, 0.4f};  // orange, 40 % opaque
  proxy.alpha_mode = scene::AlphaMode::blend;
  return proxy;
}

scene::Scene ragdoll_to_scene(const Ragdoll& ragdoll, std::string_view scene_name, bool proxies,
                              std::string_view file_name, std::span<const std::byte> file) {
  scene::Scene scene;
  scene.name = std::string(scene_name);
  if (proxies) scene.add_material(ragdoll_proxy_material(scene_name));
  const RagdollInput input{&ragdoll, {}, proxies, std::string(file_name), file};
  auto volumes = add_ragdoll(scene, input, nullptr, {}, {}, 0);
  for (auto& volume : volumes) {
    scene.roots.push_back(scene.nodes.size());
    scene.nodes.push_back(std::move(volume.node));
  }
  if (scene.roots.empty()) scene.add_node(std::string(scene_name));
  return scene;
}

}  // namespace gamefmt::phoenix
