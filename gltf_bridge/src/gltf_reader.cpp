#include <tiny_gltf.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>

#include "gamefmt/core/field_path.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/scene/scene_validation.hpp"
#include "gltf_accessors.hpp"
#include "gltf_document_checks.hpp"
#include "gltf_model_reader.hpp"
#include "gltf_serialiser.hpp"
#include "json_values.hpp"

namespace gamefmt::gltf {
namespace {

constexpr const char* kTextureExtrasKey = "gamefmt_textures";

bool skip_image_loading(tinygltf::Image*, const int, std::string*, std::string*, int, int,
                        const unsigned char*, int, void*) {
  return true;  // images are referred to by name, never decoded
}

std::string decode_uri(const std::string& uri) {
  std::string out;
  for (std::size_t i = 0; i < uri.size(); ++i) {
    if (uri[i] == '%' && i + 2 < uri.size() && std::isxdigit(static_cast<unsigned char>(uri[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(uri[i + 2]))) {
      out += static_cast<char>(std::stoi(uri.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      out += uri[i];
    }
  }
  return out;
}

std::string field_of(const char* name, std::size_t index) {
  return std::string(name) + "[" + std::to_string(index) + "]";
}

class SceneReader {
 public:
  SceneReader(const tinygltf::Model& model, std::string_view file, const PrintedExtras* printed)
      : model_(model), path_(file), accessors_(model, path_), printed_(printed) {}

  scene::Scene build() {
    name_nodes();
    read_materials();
    const int scene_index = model_.defaultScene >= 0 ? model_.defaultScene : 0;
    std::vector<int> roots;
    if (scene_index < static_cast<int>(model_.scenes.size())) {
      roots = model_.scenes[scene_index].nodes;
    } else {
      for (std::size_t i = 0; i < model_.nodes.size(); ++i) roots.push_back(static_cast<int>(i));
      for (const auto& n : model_.nodes)
        for (int c : n.children) roots.erase(std::remove(roots.begin(), roots.end(), c), roots.end());
    }
    const bool has_scene = scene_index < static_cast<int>(model_.scenes.size());
    scene_.name = has_scene && !model_.scenes[scene_index].name.empty()
                      ? model_.scenes[scene_index].name
                      : std::filesystem::path(path_.file()).stem().string();
    for (int root : roots) scene_.roots.push_back(read_node(root, 0));
    bind_joints();
    if (has_scene) scene_.extras = extras_json(model_.scenes[scene_index].extras);
    read_animations();
    scene::validate_scene(scene_, path_.file());
    return std::move(scene_);
  }

 private:
  [[noreturn]] void fail(const std::string& field, std::string problem) const {
    path_.fail(field, std::move(problem));
  }

  // An element's extras; a placeholder of printed extras as the Value it stands for.
  nlohmann::json extras_json(const tinygltf::Value& extras) const {
    if (printed_ != nullptr)
      if (const auto printed = printed_->value_of(extras)) return to_json(*printed);
    return to_json(extras);
  }

  // Node names are made unique (a suffix ".1", ".2" ...): formats name bones and parts by them.
  std::string unique_name(const std::string& wanted) {
    std::string name = wanted;
    for (int n = 1; !used_names_.insert(name).second; ++n) name = wanted + "." + std::to_string(n);
    return name;
  }

  void name_nodes() {
    for (std::size_t i = 0; i < model_.nodes.size(); ++i)
      node_names_.push_back(
          unique_name(model_.nodes[i].name.empty() ? "node_" + std::to_string(i) : model_.nodes[i].name));
  }

  static std::variant<glm::mat4, scene::Trs> local_transform(const tinygltf::Node& node) {
    if (node.matrix.size() == 16) {
      glm::mat4 m;
      for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r) m[c][r] = static_cast<float>(node.matrix[c * 4 + r]);
      return m;
    }
    scene::Trs trs;
    if (node.translation.size() == 3)
      trs.translation = {float(node.translation[0]), float(node.translation[1]), float(node.translation[2])};
    if (node.rotation.size() == 4)
      trs.rotation = glm::quat(float(node.rotation[3]), float(node.rotation[0]), float(node.rotation[1]),
                               float(node.rotation[2]));
    if (node.scale.size() == 3)
      trs.scale = {float(node.scale[0]), float(node.scale[1]), float(node.scale[2])};
    return trs;
  }

  scene::NodeIndex read_node(int index, int depth) {
    if (index < 0 || index >= static_cast<int>(model_.nodes.size()))
      fail("nodes", "node index " + std::to_string(index) + " does not exist");
    if (static_cast<std::size_t>(depth) >= kMaxNodeDepth)  // checked on the text already (check_node_tree)
      fail(field_of("nodes", index),
           "the node tree is deeper than " + std::to_string(kMaxNodeDepth) + " levels");
    if (!visiting_.insert(index).second) fail(field_of("nodes", index), "the node tree has a cycle");
    const tinygltf::Node& node = model_.nodes[index];
    const scene::NodeIndex out = scene_.nodes.size();
    scene_.nodes.emplace_back();
    node_by_index_[index] = out;
    {
      scene::Node& created = scene_.nodes[out];
      created.name = node_names_[index];
      created.transform = local_transform(node);
      created.extras = extras_json(node.extras);
    }
    if (node.mesh >= 0) {
      auto meshes = meshes_for(node.mesh, node.skin);
      scene_.nodes[out].meshes = std::move(meshes);
    }
    std::vector<scene::NodeIndex> children;
    for (int c : node.children) children.push_back(read_node(c, depth + 1));
    scene_.nodes[out].children = std::move(children);
    return out;
  }

  // ---- meshes ---------------------------------------------------------------------------------------------

  std::vector<scene::MeshIndex> meshes_for(int mesh_index, int skin_index) {
    const auto key = std::make_pair(mesh_index, skin_index);
    if (auto it = mesh_cache_.find(key); it != mesh_cache_.end()) return it->second;
    if (mesh_index >= static_cast<int>(model_.meshes.size()))
      fail("meshes", "mesh " + std::to_string(mesh_index) + " does not exist");
    const auto& mesh = model_.meshes[mesh_index];
    std::vector<std::string> target_names;
    if (mesh.extras.Has("targetNames")) {
      const auto& names = mesh.extras.Get("targetNames");
      for (std::size_t i = 0; i < names.ArrayLen(); ++i)
        target_names.push_back(names.Get(int(i)).IsString() ? names.Get(int(i)).Get<std::string>() : "");
    }
    std::vector<scene::MeshIndex> indices;
    for (std::size_t p = 0; p < mesh.primitives.size(); ++p) {
      const std::string field = field_of("meshes", mesh_index) + field_of(".primitives", p);
      auto out = read_primitive(mesh, mesh.primitives[p], field, target_names);
      if (!out) continue;
      if (skin_index >= 0) add_bones(*out, skin_index, mesh.primitives[p], field_of("meshes", mesh_index));
      indices.push_back(scene_.add_mesh(std::move(*out)));
    }
    return mesh_cache_[key] = indices;
  }

  template <int N, class Vec>
  std::vector<Vec> read_vectors(int accessor, const std::string& field, std::size_t expected) const {
    const auto values = accessors_.read(accessor, N, field);
    if (values.size() != expected * N) fail(field, "count differs from POSITION");
    std::vector<Vec> out(expected);
    for (std::size_t v = 0; v < expected; ++v)
      for (int c = 0; c < N; ++c) out[v][c] = static_cast<float>(values[v * N + c]);
    return out;
  }

  std::optional<scene::Mesh> read_primitive(const tinygltf::Mesh& mesh, const tinygltf::Primitive& primitive,
                                            const std::string& field,
                                            const std::vector<std::string>& target_names) {
    const auto position = primitive.attributes.find("POSITION");
    if (position == primitive.attributes.end()) return std::nullopt;
    const auto positions = accessors_.read(position->second, 3, field + ".POSITION");
    const std::size_t n = positions.size() / 3;
    if (n == 0) return std::nullopt;
    scene::Mesh out;
    out.name = mesh.name;
    out.positions = read_vectors<3, glm::vec3>(position->second, field + ".POSITION", n);
    if (auto it = primitive.attributes.find("NORMAL"); it != primitive.attributes.end())
      out.normals = read_vectors<3, glm::vec3>(it->second, field + ".NORMAL", n);
    if (auto it = primitive.attributes.find("TANGENT"); it != primitive.attributes.end())
      out.tangents = read_vectors<4, glm::vec4>(it->second, field + ".TANGENT", n);
    for (int set = 0;; ++set) {
      auto it = primitive.attributes.find("TEXCOORD_" + std::to_string(set));
      if (it == primitive.attributes.end()) break;
      out.texcoords.push_back(read_vectors<2, glm::vec2>(it->second, field + "." + it->first, n));
    }
    for (int set = 0;; ++set) {
      auto it = primitive.attributes.find("COLOR_" + std::to_string(set));
      if (it == primitive.attributes.end()) break;
      const int components = tinygltf::GetNumComponentsInType(accessors_.accessor(it->second, field).type);
      if (components == 3) {
        auto rgb = read_vectors<3, glm::vec3>(it->second, field + "." + it->first, n);
        std::vector<glm::vec4> rgba;
        for (const auto& c : rgb) rgba.emplace_back(c, 1.0f);
        out.colors.push_back(std::move(rgba));
      } else if (components == 4) {
        out.colors.push_back(read_vectors<4, glm::vec4>(it->second, field + "." + it->first, n));
      } else {
        fail(field + "." + it->first, "must be VEC3 or VEC4");
      }
    }
    read_faces(out, primitive, field);
    if (primitive.material >= 0 && primitive.material < static_cast<int>(model_.materials.size()))
      out.material = static_cast<scene::MaterialIndex>(primitive.material);
    read_targets(out, mesh, primitive, field, target_names);
    return out;
  }

  void read_faces(scene::Mesh& out, const tinygltf::Primitive& primitive, const std::string& field) const {
    const std::size_t n = out.positions.size();
    std::vector<std::uint32_t> indices;
    if (primitive.indices >= 0) {
      for (double v : accessors_.read(primitive.indices, 1, field + ".indices")) {
        if (!index_below(v, n))
          fail(field + ".indices",
               "index " + shown(v) + " is outside the " + std::to_string(n) + " vertices");
        indices.push_back(static_cast<std::uint32_t>(v));
      }
    } else {
      for (std::size_t i = 0; i < n; ++i) indices.push_back(static_cast<std::uint32_t>(i));
    }
    auto& tris = out.triangles;
    auto& lines = out.lines;
    switch (primitive.mode) {
      case TINYGLTF_MODE_POINTS:
        out.points = std::move(indices);
        break;
      case TINYGLTF_MODE_LINE:
        for (std::size_t i = 0; i + 1 < indices.size(); i += 2)
          lines.insert(lines.end(), {indices[i], indices[i + 1]});
        break;
      case TINYGLTF_MODE_LINE_LOOP:
      case TINYGLTF_MODE_LINE_STRIP:
        for (std::size_t i = 0; i + 1 < indices.size(); ++i)
          lines.insert(lines.end(), {indices[i], indices[i + 1]});
        if (primitive.mode == TINYGLTF_MODE_LINE_LOOP && indices.size() > 2)
          lines.insert(lines.end(), {indices.back(), indices.front()});
        break;
      case TINYGLTF_MODE_TRIANGLE_STRIP:
        for (std::size_t i = 0; i + 2 < indices.size(); ++i)
          if (i % 2 == 0)
            tris.insert(tris.end(), {indices[i], indices[i + 1], indices[i + 2]});
          else
            tris.insert(tris.end(), {indices[i + 1], indices[i], indices[i + 2]});
        break;
      case TINYGLTF_MODE_TRIANGLE_FAN:
        for (std::size_t i = 1; i + 1 < indices.size(); ++i)
          tris.insert(tris.end(), {indices[0], indices[i], indices[i + 1]});
        break;
      default:
        for (std::size_t i = 0; i + 2 < indices.size(); i += 3)
          tris.insert(tris.end(), {indices[i], indices[i + 1], indices[i + 2]});
    }
  }

  void read_targets(scene::Mesh& out, const tinygltf::Mesh& mesh, const tinygltf::Primitive& primitive,
                    const std::string& field, const std::vector<std::string>& target_names) const {
    const std::size_t n = out.positions.size();
    for (std::size_t t = 0; t < primitive.targets.size(); ++t) {
      scene::MorphTarget target;
      target.name = t < target_names.size() ? target_names[t] : "target_" + std::to_string(t);
      target.default_weight = t < mesh.weights.size() ? static_cast<float>(mesh.weights[t]) : 0.0f;
      const auto& attributes = primitive.targets[t];
      if (auto it = attributes.find("POSITION"); it != attributes.end())
        target.position_deltas =
            read_vectors<3, glm::vec3>(it->second, field + field_of(".targets", t) + ".POSITION", n);
      else
        target.position_deltas.assign(n, glm::vec3(0.0f));
      out.morph_targets.push_back(std::move(target));
    }
  }

  void add_bones(scene::Mesh& out, int skin_index, const tinygltf::Primitive& primitive,
                 const std::string& field) {
    if (skin_index >= static_cast<int>(model_.skins.size()))
      fail(field, "skin " + std::to_string(skin_index) + " does not exist");
    const auto& skin = model_.skins[skin_index];
    const std::string skin_field = field_of("skins", skin_index);
    std::vector<double> inverse_bind;
    if (skin.inverseBindMatrices >= 0) {
      inverse_bind = accessors_.read(skin.inverseBindMatrices, 16, skin_field + ".inverseBindMatrices");
      if (inverse_bind.size() < skin.joints.size() * 16)
        fail(skin_field, "fewer inverse bind matrices than joints");
    }
    const std::size_t n = out.positions.size();
    std::vector<std::vector<scene::VertexWeight>> weights(skin.joints.size());
    for (int set = 0;; ++set) {
      auto j = primitive.attributes.find("JOINTS_" + std::to_string(set));
      auto w = primitive.attributes.find("WEIGHTS_" + std::to_string(set));
      if (j == primitive.attributes.end() || w == primitive.attributes.end()) break;
      const auto joints = accessors_.read(j->second, 4, field + "." + j->first);
      const auto values = accessors_.read(w->second, 4, field + "." + w->first);
      if (joints.size() != n * 4 || values.size() != n * 4)
        fail(field + "." + j->first, "count differs from POSITION");
      for (std::size_t v = 0; v < n; ++v)
        for (int k = 0; k < 4; ++k) {
          const double weight = values[v * 4 + k];
          if (!(weight > 0)) continue;
          const double joint_value = joints[v * 4 + k];
          if (!index_below(joint_value, skin.joints.size()))
            fail(field + "." + j->first, "joint " + shown(joint_value) + " is outside the skin");
          weights[static_cast<std::size_t>(joint_value)].push_back(
              {static_cast<std::uint32_t>(v), static_cast<float>(weight)});
        }
    }
    for (std::size_t i = 0; i < skin.joints.size(); ++i) {
      const int joint = skin.joints[i];
      if (joint < 0 || joint >= static_cast<int>(model_.nodes.size()))
        fail(skin_field + ".joints", "joint node does not exist");
      // Joints are often read after the mesh (they are its node's children or siblings): the glTF index is
      // kept here and replaced by the scene's once every node is read (bind_joints).
      scene::BoneBinding bone;
      bone.node = static_cast<scene::NodeIndex>(joint);
      if (!inverse_bind.empty())
        for (int c = 0; c < 4; ++c)
          for (int r = 0; r < 4; ++r)
            bone.inverse_bind[c][r] = static_cast<float>(inverse_bind[i * 16 + c * 4 + r]);
      bone.weights = std::move(weights[i]);
      out.bones.push_back(std::move(bone));
    }
  }

  void bind_joints() {
    for (std::size_t m = 0; m < scene_.meshes.size(); ++m)
      for (auto& bone : scene_.meshes[m].bones) {
        const auto node = node_by_index_.find(static_cast<int>(bone.node));
        if (node == node_by_index_.end())
          fail(field_of("meshes", m),
               "a skin joint (node " + std::to_string(bone.node) + ") is not in the scene");
        bone.node = node->second;
      }
  }

  // ---- materials
  // -------------------------------------------------------------------------------------------

  void read_materials() {
    for (const auto& m : model_.materials) {
      scene::Material material;
      material.name = m.name;
      const auto& f = m.pbrMetallicRoughness.baseColorFactor;
      if (f.size() == 4) material.base_color = {float(f[0]), float(f[1]), float(f[2]), float(f[3])};
      material.metallic = static_cast<float>(m.pbrMetallicRoughness.metallicFactor);
      material.roughness = static_cast<float>(m.pbrMetallicRoughness.roughnessFactor);
      material.double_sided = m.doubleSided;
      material.alpha_mode = m.alphaMode == "BLEND"  ? scene::AlphaMode::blend
                            : m.alphaMode == "MASK" ? scene::AlphaMode::mask
                                                    : scene::AlphaMode::opaque;
      material.alpha_cutoff = static_cast<float>(m.alphaCutoff);
      material.base_color_texture = texture(m.pbrMetallicRoughness.baseColorTexture);
      material.metallic_roughness_texture = texture(m.pbrMetallicRoughness.metallicRoughnessTexture);
      material.normal_texture = texture(m.normalTexture);
      material.normal_scale = static_cast<float>(m.normalTexture.scale);
      material.occlusion_texture = texture(m.occlusionTexture);
      material.occlusion_strength = static_cast<float>(m.occlusionTexture.strength);
      material.emissive_texture = texture(m.emissiveTexture);
      if (m.emissiveFactor.size() == 3)
        material.emissive = {float(m.emissiveFactor[0]), float(m.emissiveFactor[1]),
                             float(m.emissiveFactor[2])};
      material.unlit = m.extensions.count("KHR_materials_unlit") != 0;
      material.extras = extras_json(m.extras);
      // gamefmt keeps the game's own texture names in material extras (see gltf_writer.hpp).
      if (material.extras.is_object()) {
        if (const auto names = material.extras.find(kTextureExtrasKey);
            names != material.extras.end() && names->is_object())
          for (const auto& [slot, name] : names->items())
            if (name.is_string()) material.texture_names[slot] = name.get<std::string>();
        material.extras.erase(kTextureExtrasKey);
        if (material.extras.empty()) material.extras = nullptr;
      }
      scene_.materials.push_back(std::move(material));
    }
  }

  // A material's texture slot, with its KHR_texture_transform.
  template <class TextureInfo>
  std::optional<scene::TextureReference> texture(const TextureInfo& slot) {
    auto reference = texture(slot.index, slot.texCoord);
    if (!reference) return reference;
    const auto found = slot.extensions.find("KHR_texture_transform");
    if (found == slot.extensions.end() || !found->second.IsObject()) return reference;
    const tinygltf::Value& value = found->second;
    auto pair = [&](const char* key, glm::vec2 fallback) {
      const tinygltf::Value& v = value.Get(key);
      if (!v.IsArray() || v.ArrayLen() != 2 || !v.Get(0).IsNumber() || !v.Get(1).IsNumber()) return fallback;
      return glm::vec2(float(v.Get(0).GetNumberAsDouble()), float(v.Get(1).GetNumberAsDouble()));
    };
    scene::TextureTransform transform;
    transform.offset = pair("offset", transform.offset);
    transform.scale = pair("scale", transform.scale);
    if (const tinygltf::Value& r = value.Get("rotation"); r.IsNumber())
      transform.rotation = float(r.GetNumberAsDouble());
    if (const tinygltf::Value& t = value.Get("texCoord"); t.IsInt() && t.GetNumberAsInt() >= 0)
      reference->texcoord = static_cast<std::uint32_t>(t.GetNumberAsInt());
    reference->transform = transform;
    return reference;
  }

  // The image a texture shows, kept as the path it names (images are not decoded; an embedded one keeps only
  // its name).
  std::optional<scene::TextureReference> texture(int texture_index, int texcoord) {
    if (texture_index < 0 || texture_index >= static_cast<int>(model_.textures.size())) return std::nullopt;
    const int source = model_.textures[texture_index].source;
    if (source < 0 || source >= static_cast<int>(model_.images.size())) return std::nullopt;
    auto [it, inserted] = images_.emplace(source, scene_.images.size());
    if (inserted) {
      const tinygltf::Image& image = model_.images[source];
      scene::Image out;
      out.name = image.name;
      out.mime_type = image.mimeType;
      if (!image.uri.empty() && image.uri.rfind("data:", 0) != 0) out.path = decode_uri(image.uri);
      scene_.images.push_back(std::move(out));
    }
    return scene::TextureReference{it->second, static_cast<std::uint32_t>(std::max(texcoord, 0))};
  }

  // ---- animations
  // ------------------------------------------------------------------------------------------

  template <class KeyType, int N>
  static std::vector<scene::Key<KeyType>> keys_of(const std::vector<double>& times,
                                                  const std::vector<double>& values, std::size_t per_key,
                                                  std::size_t value_offset) {
    std::vector<scene::Key<KeyType>> keys(times.size());
    for (std::size_t k = 0; k < times.size(); ++k) {
      const double* v = &values[k * per_key + value_offset];
      keys[k].time = times[k];
      if constexpr (N == 4)
        keys[k].value = glm::quat(float(v[3]), float(v[0]), float(v[1]), float(v[2]));
      else
        keys[k].value = glm::vec3(float(v[0]), float(v[1]), float(v[2]));
    }
    return keys;
  }

  void read_animations() {
    for (std::size_t a = 0; a < model_.animations.size(); ++a) {
      const auto& anim = model_.animations[a];
      const std::string field = field_of("animations", a);
      scene::Animation out;
      out.name = anim.name.empty() ? "animation_" + std::to_string(a) : anim.name;
      out.extras = extras_json(anim.extras);
      std::map<int, scene::NodeAnimation> channels;
      std::map<int, scene::MorphWeightAnimation> morphs;
      // Samplers of one animation mostly share their times (gamefmt writes one accessor per key count).
      std::map<int, std::vector<double>> times_of;
      for (std::size_t c = 0; c < anim.channels.size(); ++c) {
        const auto& channel = anim.channels[c];
        const std::string channel_field = field + field_of(".channels", c);
        if (channel.sampler < 0 || channel.sampler >= static_cast<int>(anim.samplers.size()))
          fail(channel_field, "sampler does not exist");
        const auto node = node_by_index_.find(channel.target_node);
        if (node == node_by_index_.end()) continue;  // a node outside the scene
        const auto& sampler = anim.samplers[channel.sampler];
        if (sampler.interpolation == "STEP") out.interpolation = scene::Interpolation::step;
        const bool cubic = sampler.interpolation == "CUBICSPLINE";
        auto [cached, first_use] = times_of.try_emplace(sampler.input);
        if (first_use) {
          cached->second = accessors_.read(sampler.input, 1, channel_field + ".input");
          for (double t : cached->second) out.duration = std::max(out.duration, t);
        }
        const std::vector<double>& times = cached->second;
        const int components = channel.target_path == "rotation"  ? 4
                               : channel.target_path == "weights" ? 1
                                                                  : 3;
        const auto& output_accessor = accessors_.accessor(sampler.output, channel_field + ".output");
        const auto values = accessors_.read(
            sampler.output,
            tinygltf::GetNumComponentsInType(output_accessor.type) == components ? components : -1,
            channel_field + ".output");
        const std::size_t per_key = values.size() / std::max<std::size_t>(times.size(), 1);
        // CUBICSPLINE stores (in-tangent, value, out-tangent) per key: take the value.
        const std::size_t value_offset = cubic ? per_key / 3 : 0;
        if (times.empty() || values.size() != times.size() * per_key || per_key == 0)
          fail(channel_field, "output count does not match the input");
        if (channel.target_path == "weights") {
          auto& morph = morphs[channel.target_node];
          morph.node = node->second;
          const std::size_t count = cubic ? per_key / 3 : per_key;
          morph.keys.resize(times.size());
          for (std::size_t k = 0; k < times.size(); ++k) {
            morph.keys[k].time = times[k];
            morph.keys[k].value.resize(count);
            for (std::size_t i = 0; i < count; ++i)
              morph.keys[k].value[i] = static_cast<float>(values[k * per_key + value_offset + i]);
          }
          continue;
        }
        auto& node_animation = channels[channel.target_node];
        node_animation.node = node->second;
        if (channel.target_path == "translation")
          node_animation.translation = keys_of<glm::vec3, 3>(times, values, per_key, value_offset);
        else if (channel.target_path == "scale")
          node_animation.scale = keys_of<glm::vec3, 3>(times, values, per_key, value_offset);
        else if (channel.target_path == "rotation")
          node_animation.rotation = keys_of<glm::quat, 4>(times, values, per_key, value_offset);
      }
      if (channels.empty() && morphs.empty()) continue;
      for (auto& [index, channel] : channels) out.channels.push_back(std::move(channel));
      for (auto& [index, morph] : morphs) out.morph_channels.push_back(std::move(morph));
      scene_.animations.push_back(std::move(out));
    }
  }

  const tinygltf::Model& model_;
  FieldPath path_;
  AccessorReader accessors_;
  const PrintedExtras* printed_;
  scene::Scene scene_;
  std::set<std::string> used_names_;
  std::vector<std::string> node_names_;
  std::set<int> visiting_;
  std::map<int, scene::NodeIndex> node_by_index_;
  std::map<std::pair<int, int>, std::vector<scene::MeshIndex>> mesh_cache_;
  std::map<int, scene::ImageIndex> images_;
};

}  // namespace

bool looks_like_gltf(std::span<const std::byte> head) {
  if (head.size() >= 4 && std::memcmp(head.data(), "glTF", 4) == 0) return true;
  std::size_t i = 0;
  while (i < head.size() && std::isspace(static_cast<unsigned char>(head[i]))) ++i;
  if (i >= head.size() || head[i] != std::byte{'{'}) return false;
  const std::string_view text(reinterpret_cast<const char*>(head.data()), head.size());
  return text.find("\"asset\"") != std::string_view::npos;
}

scene::Scene read_gltf(std::span<const std::byte> data, std::string_view file_name) {
  const std::string file(file_name);
  if (data.size() > 0xFFFFFFFFu)
    throw FormatError(file, std::nullopt, "", "file is larger than 4 GiB", ErrorKind::limit);
  const std::string base_dir = std::filesystem::path(file).parent_path().string();
  // Checked on the text, before tinygltf builds a model that takes many times its size (a deep chain of
  // nodes) or reads a buffer from where it may not (gltf_document_checks.hpp).
  const auto scan = scan_document(document_json(data));
  if (scan) {
    check_node_tree(*scan, file);
    check_external_buffers(*scan, base_dir, file);
  }
  ExternalFiles external_files(base_dir, scan ? &*scan : nullptr);
  tinygltf::TinyGLTF loader;
  loader.SetImageLoader(&skip_image_loading, nullptr);
  loader.SetFsCallbacks(external_files.callbacks());
  tinygltf::Model model;
  std::string error, warning;
  const auto* bytes = reinterpret_cast<const unsigned char*>(data.data());
  const bool ok =
      data.size() >= 4 && std::memcmp(data.data(), "glTF", 4) == 0
          ? loader.LoadBinaryFromMemory(&model, &error, &warning, bytes,
                                        static_cast<unsigned int>(data.size()), base_dir)
          : loader.LoadASCIIFromString(&model, &error, &warning, reinterpret_cast<const char*>(bytes),
                                       static_cast<unsigned int>(data.size()), base_dir);
  if (!ok) {
    if (const auto& refusal = external_files.refusal())
      throw FormatError(file, std::nullopt, "buffers", *refusal + ": not read", ErrorKind::io);
    while (!error.empty() && (error.back() == '\n' || error.back() == ' ')) error.pop_back();
    throw FormatError(file, std::nullopt, "",
                      "not a readable glTF file: " + (error.empty() ? warning : error));
  }
  return scene_from_model(model, file);
}

scene::Scene scene_from_model(const tinygltf::Model& model, std::string_view file_name,
                              const PrintedExtras* printed) {
  return SceneReader(model, file_name, printed).build();
}

}  // namespace gamefmt::gltf
