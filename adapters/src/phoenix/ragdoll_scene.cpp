#include <cmath>
#include <map>
#include <nlohmann/json.hpp>

#include "metadata_json.hpp"
#include "phoenix/ragdoll_scene.hpp"
#include "ai_scene_building.hpp"
#include "gamefmt/core/format_error.hpp"

namespace gamefmt::assimp {
namespace {

using phoenix::RagdollShape;
using phoenix::Vec3;

constexpr const char* kRagdollKey = "phoenix.ragdoll";
constexpr const char* kExtensionsKey = "gltf.extensions";

const char* shape_name(RagdollShape shape) {
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

// The OMI_physics_shape record of one volume.
nlohmann::json omi_shape(const phoenix::RagdollVolume& v) {
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
std::unique_ptr<aiMesh> proxy_mesh(const phoenix::RagdollVolume& v, const std::string& name,
                                   unsigned material) {
  std::vector<aiVector3D> positions, normals;
  std::vector<unsigned> indices;
  if (v.shape == RagdollShape::box) {
    const aiVector3D half(v.box_size[0] / 2, v.box_size[1] / 2, v.box_size[2] / 2);
    for (int axis = 0; axis < 3; ++axis)
      for (const float sign : {-1.0f, 1.0f}) {
        aiVector3D n(0, 0, 0);
        n[axis] = sign;
        const int u = (axis + 1) % 3, w = (axis + 2) % 3;
        const unsigned base = static_cast<unsigned>(positions.size());
        for (const auto& [a, b] : {std::pair{-1.f, -1.f}, {1.f, -1.f}, {1.f, 1.f}, {-1.f, 1.f}}) {
          aiVector3D p;
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
        const aiVector3D n(ring_radius * std::sin(azimuth), y, ring_radius * std::cos(azimuth));
        positions.push_back(aiVector3D(n.x * r, n.y * r + (top ? half : -half), n.z * r));
        normals.push_back(n);
      }
    }
    for (unsigned ring = 0; ring < 2 * kRings + 1; ++ring)
      for (unsigned s = 0; s < kSegments; ++s) {
        const unsigned a = ring * (kSegments + 1) + s, b = a + kSegments + 1;
        indices.insert(indices.end(), {a, b, a + 1, a + 1, b, b + 1});
      }
  }
  auto mesh = std::make_unique<aiMesh>();
  mesh->mName = name;
  mesh->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
  mesh->mMaterialIndex = material;
  mesh->mNumVertices = static_cast<unsigned>(positions.size());
  mesh->mVertices = copy_to_array(positions);
  mesh->mNormals = copy_to_array(normals);
  mesh->mNumFaces = static_cast<unsigned>(indices.size() / 3);
  mesh->mFaces = new aiFace[mesh->mNumFaces];
  for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
    mesh->mFaces[f].mNumIndices = 3;
    mesh->mFaces[f].mIndices = new unsigned[3]{indices[3 * f], indices[3 * f + 1], indices[3 * f + 2]};
  }
  return mesh;
}

nlohmann::json object_json(const phoenix::RagdollObject& o) {
  return {
      {"label", o.label}, {"rotation_wxyz", o.rotation_wxyz}, {"location", o.location}, {"scale", o.scale}};
}

template <std::size_t N>
std::array<float, N> float_array(const nlohmann::json& value, const std::string& file,
                                 const std::string& field) {
  std::array<float, N> out{};
  if (!value.is_array() || value.size() != N)
    throw FormatError(file, std::nullopt, field, "expected " + std::to_string(N) + " numbers");
  for (std::size_t i = 0; i < N; ++i) {
    if (!value[i].is_number()) throw FormatError(file, std::nullopt, field, "expected numbers");
    out[i] = value[i].get<float>();
  }
  return out;
}

phoenix::RagdollObject object_from_json(const nlohmann::json& j, const std::string& file,
                                        const std::string& field) {
  if (!j.is_object() || !j.contains("label") || !j["label"].is_string())
    throw FormatError(file, std::nullopt, field, "a ragdoll record needs a label");
  phoenix::RagdollObject o;
  o.label = j["label"].get<std::string>();
  o.rotation_wxyz =
      float_array<4>(j.value("rotation_wxyz", nlohmann::json()), file, field + ".rotation_wxyz");
  o.location = float_array<3>(j.value("location", nlohmann::json()), file, field + ".location");
  o.scale = float_array<3>(j.value("scale", nlohmann::json()), file, field + ".scale");
  return o;
}

void collect_volume_nodes(const aiNode& node, std::vector<const aiNode*>& out) {
  if (!find_metadata_json(node.mMetaData, kRagdollKey).is_null()) out.push_back(&node);
  for (unsigned i = 0; i < node.mNumChildren; ++i) collect_volume_nodes(*node.mChildren[i], out);
}

}  // namespace

PhoenixRagdollNodes phoenix_ragdoll_nodes(const PhoenixRagdollInput& input, const phoenix::Skeleton* skeleton,
                                          const std::vector<std::string>& joint_names,
                                          const std::vector<aiMatrix4x4>& binds, unsigned first_mesh,
                                          unsigned proxy_material, aiMetadata*& scene_metadata) {
  PhoenixRagdollNodes out;
  const auto& objects = input.ragdoll->objects;
  const auto symmetry = skeleton != nullptr ? phoenix::skeleton_symmetry(*skeleton, input.file_name)
                                            : std::vector<std::size_t>{};
  nlohmann::json shapes = nlohmann::json::array(), unmatched = nlohmann::json::array();
  for (std::size_t i = 0; i < objects.size(); ++i) {
    const auto& object = objects[i];
    const auto label = phoenix::parse_ragdoll_label(object.label);
    std::string reason;
    std::size_t bone = kNoBone;
    if (!label) {
      reason = "the label names no shape and body part the engine knows";
    } else if (skeleton != nullptr) {
      try {
        bone = phoenix::ragdoll_bone(*skeleton, *label, input.file_name);
      } catch (const FormatError& e) {
        reason = e.problem();
      }
    }
    if (!reason.empty()) {
      auto record = object_json(object);
      record["index"] = i;
      record["reason"] = reason;
      unmatched.push_back(record);
      out.warnings.push_back(input.file_name + ": ragdoll object " + std::to_string(i) + " '" + object.label +
                             "' is placed on no bone: " + reason);
      continue;
    }
    std::vector<std::pair<std::size_t, phoenix::RagdollObject>> placements = {{bone, object}};
    if (label->mirrored)
      placements.push_back({bone == kNoBone ? kNoBone : symmetry[bone], phoenix::ragdoll_mirrored(object)});
    for (std::size_t copy = 0; copy < placements.size(); ++copy) {
      const auto& [target, placed] = placements[copy];
      const auto volume = phoenix::ragdoll_volume(placed, label->shape, input.model_centre);
      // Shape nodes are never scaled (OMI and Godot expect sizes in the shape): an ellipsoid is written as
      // the sphere of the engine's mean radius, its axis factors in the extras.
      const auto& q = volume.rotation_xyzw;
      const aiMatrix4x4 world(aiVector3D(1, 1, 1), aiQuaternion(q[3], q[0], q[1], q[2]).Normalize(),
                              aiVector3D(volume.position[0], volume.position[1], volume.position[2]));
      std::string name = "fzx" + std::to_string(i) + " " + object.label + (copy == 1 ? " (mirror)" : "");
      auto node = std::unique_ptr<aiNode>(make_node(name));
      node->mTransformation = target == kNoBone ? world : aiMatrix4x4(binds[target]).Inverse() * world;
      const int shape_index = static_cast<int>(shapes.size());
      shapes.push_back(omi_shape(volume));
      add_metadata_json(node->mMetaData, kExtensionsKey,
                        {{"OMI_physics_shape", {{"shape", shape_index}}},
                         {"OMI_physics_body", {{"collider", {{"shape", shape_index}}}}}});
      auto record = object_json(placed);
      record["index"] = i;
      record["mirror"] = copy == 1;
      if (target != kNoBone) record["bone"] = joint_names[target];
      record["shape"] = shape_name(volume.shape);
      record["omi_shape"] = shapes.back();  // the extension's data again, for readers without it
      if (volume.shape == RagdollShape::sphere) record["ellipsoid_scale"] = volume.ellipsoid_scale;
      add_metadata_json(node->mMetaData, kRagdollKey, record);
      if (input.proxies) {
        out.proxy_meshes.push_back(proxy_mesh(volume, name, proxy_material));
        set_meshes(*node, {first_mesh + static_cast<unsigned>(out.proxy_meshes.size() - 1)});
      }
      out.volumes.emplace_back(target, std::move(node));
    }
  }
  if (!shapes.empty())
    add_metadata_json(scene_metadata, kExtensionsKey, {{"OMI_physics_shape", {{"shapes", shapes}}}});
  add_metadata_json(scene_metadata, kRagdollKey,
                    {{"version", input.ragdoll->version},
                     {"model_centre", input.model_centre},
                     {"object_count", objects.size()},
                     {"unmatched", unmatched}});
  if (!out.warnings.empty()) add_metadata_json(scene_metadata, kWarningsKey, out.warnings);
  return out;
}

namespace {

phoenix::Ragdoll ragdoll_from_scene(const aiScene& scene, std::string_view file_name) {
  const std::string file(file_name);
  const auto record = find_metadata_json(scene.mMetaData, kRagdollKey);
  if (!record.is_object())
    throw FormatError(file, std::nullopt, kRagdollKey,
                      "the scene has no Overgrowth ragdoll (scene extras \"phoenix.ragdoll\")");
  const Vec3 centre =
      float_array<3>(record.value("model_centre", nlohmann::json()), file, "phoenix.ragdoll.model_centre");
  const auto count_json = record.value("object_count", nlohmann::json());
  if (!count_json.is_number_integer() || count_json.get<std::int64_t>() < 0 ||
      count_json.get<std::int64_t>() > 1000000)
    throw FormatError(file, std::nullopt, "phoenix.ragdoll.object_count", "expected an object count");
  std::vector<std::optional<phoenix::RagdollObject>> objects(count_json.get<std::size_t>());
  auto place = [&](std::size_t index, phoenix::RagdollObject object, const std::string& field) {
    if (index >= objects.size() || objects[index])
      throw FormatError(file, std::nullopt, field,
                        "object index " + std::to_string(index) + " is out of range or repeated");
    objects[index] = std::move(object);
  };
  for (const auto& u : record.value("unmatched", nlohmann::json::array()))
    place(u.value("index", std::size_t(-1)), object_from_json(u, file, "phoenix.ragdoll.unmatched"),
          "phoenix.ragdoll.unmatched");
  std::vector<const aiNode*> nodes;
  if (scene.mRootNode != nullptr) collect_volume_nodes(*scene.mRootNode, nodes);
  for (const aiNode* node : nodes) {
    const auto j = find_metadata_json(node->mMetaData, kRagdollKey);
    const std::string field = std::string("node '") + node->mName.C_Str() + "'.phoenix.ragdoll";
    // Blender keeps a bool custom property as an integer: take either.
    const auto mirror = j.value("mirror", nlohmann::json(false));
    if ((mirror.is_boolean() && mirror.get<bool>()) || (mirror.is_number() && mirror.get<double>() != 0))
      continue;
    auto object = object_from_json(j, file, field);
    aiVector3D scaling, position;
    aiQuaternion rotation;
    global_transform(*node).Decompose(scaling, rotation, position);
    rotation.Normalize();
    std::array<float, 4> q{rotation.x, rotation.y, rotation.z, rotation.w};
    // q and -q are one rotation: keep the sign of the recorded quaternion so an unmoved volume writes back
    // equal.
    const auto& before = object.rotation_wxyz;
    if (q[3] * before[0] + q[0] * before[1] - q[2] * before[2] + q[1] * before[3] < 0)
      for (auto& c : q) c = -c;
    phoenix::set_ragdoll_placement(object, {position.x, position.y, position.z}, q, centre);
    // Volume nodes are written unscaled: a scale on one is an edit of the volume's size.
    if (std::abs(scaling.x - 1) > 1e-5f || std::abs(scaling.y - 1) > 1e-5f || std::abs(scaling.z - 1) > 1e-5f)
      phoenix::scale_ragdoll_object(object, {scaling.x, scaling.y, scaling.z});
    place(j.value("index", std::size_t(-1)), std::move(object), field);
  }
  phoenix::Ragdoll out;
  out.version = record.value("version", 1);
  for (std::size_t i = 0; i < objects.size(); ++i) {
    if (!objects[i])
      throw FormatError(file, std::nullopt, "phoenix.ragdoll",
                        "ragdoll object " + std::to_string(i) + " has no node and no unmatched record");
    out.objects.push_back(std::move(*objects[i]));
  }
  return out;
}

}  // namespace

phoenix::Ragdoll phoenix_ragdoll_from_scene(const aiScene& scene, std::string_view file_name) {
  try {
    return ragdoll_from_scene(scene, file_name);
  } catch (const nlohmann::json::exception& e) {  // extras of an unexpected JSON type
    throw FormatError(std::string(file_name), std::nullopt, "phoenix.ragdoll", e.what());
  }
}

std::unique_ptr<aiMaterial> ragdoll_proxy_material(std::string_view rig_name) {
  auto proxy = make_material(std::string(rig_name) + "_ragdoll", aiColor4D(1.0f, 0.35f, 0.1f, 1));
  const float opacity = 0.4f;
  proxy->AddProperty(&opacity, 1, AI_MATKEY_OPACITY);
  return proxy;
}

std::unique_ptr<aiScene> phoenix_ragdoll_to_scene(const phoenix::Ragdoll& ragdoll, std::string_view root_name,
                                                  bool proxies, std::string_view file_name) {
  auto scene = std::make_unique<aiScene>();
  scene->mRootNode = make_node(root_name);
  scene->mMetaData = new aiMetadata();
  PhoenixRagdollInput input{&ragdoll, {}, proxies, std::string(file_name)};
  auto nodes = phoenix_ragdoll_nodes(input, nullptr, {}, {}, 0, 0, scene->mMetaData);
  std::vector<aiNode*> children;
  for (auto& [bone, node] : nodes.volumes) children.push_back(node.release());
  set_children(*scene->mRootNode, children);
  scene->mMeshes = release_to_array(nodes.proxy_meshes, scene->mNumMeshes);
  std::vector<std::unique_ptr<aiMaterial>> materials;
  if (proxies) materials.push_back(ragdoll_proxy_material(root_name));
  scene->mMaterials = release_to_array(materials, scene->mNumMaterials);
  if (scene->mNumMeshes == 0) scene->mFlags |= AI_SCENE_FLAGS_INCOMPLETE;
  return scene;
}

}  // namespace gamefmt::assimp
