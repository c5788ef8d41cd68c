#include <tiny_gltf.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <set>
#include <unordered_map>

#include "gamefmt/core/field_path.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/text_encoding.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/scene/scene_queries.hpp"
#include "gamefmt/scene/scene_validation.hpp"
#include "gamefmt/scene/skin_binding.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "gltf_buffer_builder.hpp"
#include "gltf_model_reader.hpp"
#include "gltf_serialiser.hpp"
#include "json_values.hpp"
#include "utf8_names.hpp"

namespace gamefmt::gltf {
namespace {

using scene::MeshIndex;
using scene::NodeIndex;

constexpr const char* kTextureExtrasKey = "gamefmt_textures";
constexpr const char* kWarningsKey = "gamefmt.warnings";
constexpr const char* kInstancingExtension = "EXT_mesh_gpu_instancing";
constexpr const char* kUnlitExtension = "KHR_materials_unlit";
constexpr const char* kTextureTransformExtension = "KHR_texture_transform";

bool is_identity(const glm::mat4& m) {
  return m == glm::mat4(1.0f);
}

std::vector<double> column_major(const glm::mat4& m) {
  std::vector<double> out;
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r) out.push_back(m[c][r]);
  return out;
}

glm::quat normalized_or_identity(const glm::quat& q) {
  const float length = std::sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
  if (!(length > 1e-12f) || !std::isfinite(length)) return {1.0f, 0.0f, 0.0f, 0.0f};
  return {q.w / length, q.x / length, q.y / length, q.z / length};
}

float finite_or_zero(float v) {
  return std::isfinite(v) ? v : 0.0f;
}
float unit(float v) {
  return std::isfinite(v) ? std::clamp(v, 0.0f, 1.0f) : 0.0f;
}

// Merges a JSON object of glTF extensions into `into`, recording their names.
void merge_extensions(const nlohmann::json& extensions, tinygltf::ExtensionMap& into,
                      std::set<std::string>& used, const FieldPath& path) {
  if (extensions.is_null()) return;
  if (!extensions.is_object()) path.fail("extensions", "must be a JSON object");
  for (const auto& [name, value] : extensions.items()) {
    into[name] = to_value(value);
    used.insert(name);
  }
}

// A relative '/'-separated path as a URI: bytes outside printable ASCII and the URI delimiters
// percent-encoded.
std::string uri_of_relative_path(const std::string& path) {
  std::string uri;
  for (char c : path) {
    const auto u = static_cast<unsigned char>(c);
    if (u <= 0x20 || u >= 0x7F || c == '%' || c == '#' || c == '?' || c == '"') {
      char hex[4];
      std::snprintf(hex, sizeof hex, "%%%02X", u);
      uri += hex;
    } else {
      uri += c;
    }
  }
  return uri;
}

// A scene's extras, with its warnings at kWarningsKey, printed ahead (gltf_serialiser.hpp), without a copy of
// the extras: the placeholder for the model.
tinygltf::Value printed_scene_extras(const scene::Scene& scene, PrintedExtras& printed) {
  static const nlohmann::json none = nlohmann::json::object();
  const nlohmann::json& extras = scene.extras.is_object() ? scene.extras : none;
  if (scene.warnings.empty()) return printed.add(extras);
  const nlohmann::json warnings = scene.warnings;
  return printed.add(extras, kWarningsKey, &warnings);
}

class SceneWriter {
 public:
  // `image_files`, when given, receives the images with data as files beside the output instead of embedding
  // them.
  SceneWriter(const scene::Scene& scene, const WriteOptions& options, std::string_view output_name,
              std::vector<FileBeside>* image_files = nullptr)
      : scene_(scene), options_(options), path_(output_name), buffers_(model_), image_files_(image_files) {}

  tinygltf::Model build() {
    scene::validate_scene(scene_, path_.file());
    model_.asset.version = "2.0";
    model_.asset.generator = options_.generator;
    for (NodeIndex joint : scene::joint_nodes(scene_)) joint_nodes_.insert(joint);
    for (const auto& animation : scene_.animations)
      for (const auto& channel : animation.channels) animated_nodes_.insert(channel.node);
    write_materials();
    tinygltf::Scene gltf_scene;
    gltf_scene.name = scene_.name;
    for (NodeIndex root : scene_.roots) gltf_scene.nodes.push_back(write_node(root));
    extra_roots_ = &gltf_scene.nodes;
    write_all_meshes();
    write_animations();
    gltf_scene.extras = scene_extras();
    merge_extensions(scene_.gltf_extensions, model_.extensions, extensions_used_, path_);
    model_.scenes.push_back(std::move(gltf_scene));
    model_.defaultScene = 0;
    for (const auto& name : extensions_used_) model_.extensionsUsed.push_back(name);
    if (model_.buffers[0].data.empty()) model_.buffers.clear();
    return std::move(model_);
  }
  // The extras printed ahead for the model build() gave.
  const PrintedExtras& printed() const { return printed_; }

 private:
  tinygltf::Value scene_extras() { return printed_scene_extras(scene_, printed_); }

  void set_transform(tinygltf::Node& out, NodeIndex index) {
    const scene::Node& node = scene_.nodes[index];
    if (const auto* trs = std::get_if<scene::Trs>(&node.transform)) {
      write_trs(out, trs->translation, normalized_or_identity(trs->rotation), trs->scale);
      return;
    }
    const glm::mat4& matrix = std::get<glm::mat4>(node.transform);
    if (is_identity(matrix)) return;
    scene::Trs trs = scene::decompose(matrix);
    trs.rotation = normalized_or_identity(trs.rotation);
    const glm::mat4 rebuilt = scene::compose(trs);
    bool matches = true;
    for (int c = 0; c < 4; ++c)
      for (int r = 0; r < 4; ++r)
        matches = matches &&
                  std::fabs(rebuilt[c][r] - matrix[c][r]) <= 1e-5f * std::max(1.0f, std::fabs(matrix[c][r]));
    if (!matches && animated_nodes_.count(index) == 0) {  // shear: only a matrix can say it
      out.matrix = column_major(matrix);
      return;
    }
    write_trs(out, trs.translation, trs.rotation, trs.scale);
  }

  static void write_trs(tinygltf::Node& out, const glm::vec3& t, const glm::quat& r, const glm::vec3& s) {
    if (t != glm::vec3(0.0f)) out.translation = {t.x, t.y, t.z};
    // Not `w != 1`: below about 3e-4 rad, w rounds to 1 in float while x, y, z still hold the rotation.
    if (r.x != 0.0f || r.y != 0.0f || r.z != 0.0f || r.w != 1.0f) out.rotation = {r.x, r.y, r.z, r.w};
    if (s != glm::vec3(1.0f)) out.scale = {s.x, s.y, s.z};
  }

  // True when the node asks for instancing and its children are plain instances: no children of their own, no
  // skin, joint or animation, and all holding the same non-skinned meshes (the node itself has none).
  bool instancing_group(NodeIndex index) const {
    const scene::Node& node = scene_.nodes[index];
    if (!node.children_are_instances) return false;
    if (!node.meshes.empty() || node.children.empty() || scene_.nodes[node.children[0]].meshes.empty())
      return false;
    const scene::Node& first = scene_.nodes[node.children[0]];
    for (NodeIndex c : node.children) {
      const scene::Node& child = scene_.nodes[c];
      if (!child.children.empty() || child.meshes != first.meshes || joint_nodes_.count(c) != 0 ||
          animated_nodes_.count(c) != 0)
        return false;
      for (MeshIndex m : child.meshes)
        if (!scene_.meshes[m].bones.empty()) return false;
    }
    return true;
  }

  // EXT_mesh_gpu_instancing: the children's TRS become per-instance accessors on the node itself.
  void write_instances(NodeIndex index, int gltf_index) {
    std::vector<float> translations, rotations, scales;
    for (NodeIndex c : scene_.nodes[index].children) {
      scene::Trs trs = scene::decompose(scene::matrix_of(scene_.nodes[c]));
      trs.rotation = normalized_or_identity(trs.rotation);
      translations.insert(translations.end(),
                          {finite_or_zero(trs.translation.x), finite_or_zero(trs.translation.y),
                           finite_or_zero(trs.translation.z)});
      rotations.insert(rotations.end(), {trs.rotation.x, trs.rotation.y, trs.rotation.z, trs.rotation.w});
      scales.insert(scales.end(),
                    {finite_or_zero(trs.scale.x), finite_or_zero(trs.scale.y), finite_or_zero(trs.scale.z)});
    }
    tinygltf::Value::Object attributes{
        {"TRANSLATION", tinygltf::Value(buffers_.add_floats(translations, 3, 0, false))},
        {"ROTATION", tinygltf::Value(buffers_.add_floats(rotations, 4, 0, false))},
        {"SCALE", tinygltf::Value(buffers_.add_floats(scales, 3, 0, false))}};
    model_.nodes[gltf_index].extensions[kInstancingExtension] =
        tinygltf::Value(tinygltf::Value::Object{{"attributes", tinygltf::Value(std::move(attributes))}});
    extensions_used_.insert(kInstancingExtension);
    instanced_nodes_.push_back({gltf_index, scene_.nodes[index].children[0]});
  }

  int write_node(NodeIndex index) {
    const int gltf_index = static_cast<int>(model_.nodes.size());
    model_.nodes.emplace_back();
    node_index_[index] = gltf_index;
    const scene::Node& node = scene_.nodes[index];
    {
      auto field = path_.enter_key("nodes", node.name);
      tinygltf::Node& out = model_.nodes[gltf_index];
      out.name = node.name;
      set_transform(out, index);
      out.extras = printed_.add(node.extras);
      merge_extensions(node.gltf_extensions, out.extensions, extensions_used_, path_);
    }
    if (instancing_group(index)) {
      write_instances(index, gltf_index);
      return gltf_index;
    }
    std::vector<int> children;
    for (NodeIndex child : node.children) children.push_back(write_node(child));
    model_.nodes[gltf_index].children = std::move(children);
    if (!node.meshes.empty()) mesh_nodes_.push_back(index);
    return gltf_index;
  }

  // ---- materials and images
  // --------------------------------------------------------------------------------

  void write_materials() {
    for (const scene::Material& material : scene_.materials) {
      tinygltf::Material out;
      out.name = material.name;
      auto clamp01 = [](float v) { return std::isfinite(v) ? std::clamp(double(v), 0.0, 1.0) : 1.0; };
      const glm::vec4& color = material.base_color;
      out.pbrMetallicRoughness.baseColorFactor = {clamp01(color.r), clamp01(color.g), clamp01(color.b),
                                                  clamp01(color.a)};
      out.pbrMetallicRoughness.metallicFactor = clamp01(material.metallic);
      out.pbrMetallicRoughness.roughnessFactor = clamp01(material.roughness);
      out.alphaMode = material.alpha_mode == scene::AlphaMode::blend  ? "BLEND"
                      : material.alpha_mode == scene::AlphaMode::mask ? "MASK"
                                                                      : "OPAQUE";
      out.alphaCutoff = clamp01(material.alpha_cutoff);
      out.doubleSided = material.double_sided;
      nlohmann::json extras = material.extras.is_object() ? material.extras : nlohmann::json::object();
      if (!material.texture_names.empty()) extras[kTextureExtrasKey] = material.texture_names;
      out.extras = to_value(extras);
      if (material.base_color_texture) {
        set_texture(out.pbrMetallicRoughness.baseColorTexture, material.base_color_texture);
      } else if (auto it = material.texture_names.find("base_color"); it != material.texture_names.end()) {
        if (const int image = image_beside_output(it->second); image >= 0)
          out.pbrMetallicRoughness.baseColorTexture.index = texture_of_image(image);
      }
      set_texture(out.pbrMetallicRoughness.metallicRoughnessTexture, material.metallic_roughness_texture);
      if (set_texture(out.normalTexture, material.normal_texture))
        out.normalTexture.scale = material.normal_scale;
      if (set_texture(out.occlusionTexture, material.occlusion_texture))
        out.occlusionTexture.strength = clamp01(material.occlusion_strength);
      set_texture(out.emissiveTexture, material.emissive_texture);
      if (material.emissive != glm::vec3(0.0f))
        out.emissiveFactor = {clamp01(material.emissive.r), clamp01(material.emissive.g),
                              clamp01(material.emissive.b)};
      if (material.unlit) {
        out.extensions[kUnlitExtension] = tinygltf::Value(tinygltf::Value::Object());
        extensions_used_.insert(kUnlitExtension);
      }
      model_.materials.push_back(std::move(out));
    }
  }

  // Points a glTF texture slot at the scene's texture (with its KHR_texture_transform); false when the
  // material has none there or its image cannot be written.
  template <class TextureInfo>
  bool set_texture(TextureInfo& slot, const std::optional<scene::TextureReference>& texture) {
    if (!texture) return false;
    const int index = texture_for(texture->image);
    if (index < 0) return false;
    slot.index = index;
    slot.texCoord = static_cast<int>(texture->texcoord);
    if (texture->transform) {
      const scene::TextureTransform& t = *texture->transform;
      tinygltf::Value::Object transform;
      transform["offset"] = tinygltf::Value(
          tinygltf::Value::Array{tinygltf::Value(double(t.offset.x)), tinygltf::Value(double(t.offset.y))});
      transform["rotation"] = tinygltf::Value(double(t.rotation));
      transform["scale"] = tinygltf::Value(
          tinygltf::Value::Array{tinygltf::Value(double(t.scale.x)), tinygltf::Value(double(t.scale.y))});
      slot.extensions[kTextureTransformExtension] = tinygltf::Value(std::move(transform));
      extensions_used_.insert(kTextureTransformExtension);
    }
    return true;
  }

  int sampler() {
    if (model_.samplers.empty()) {
      tinygltf::Sampler s;
      s.magFilter = TINYGLTF_TEXTURE_FILTER_LINEAR;
      s.minFilter = TINYGLTF_TEXTURE_FILTER_LINEAR_MIPMAP_LINEAR;
      s.wrapS = s.wrapT = TINYGLTF_TEXTURE_WRAP_REPEAT;
      model_.samplers.push_back(s);
    }
    return 0;
  }

  // One texture per image, however many slots use it.
  int texture_of_image(int image) {
    if (auto it = textures_by_image_.find(image); it != textures_by_image_.end()) return it->second;
    tinygltf::Texture t;
    t.source = image;
    t.sampler = sampler();
    model_.textures.push_back(t);
    return textures_by_image_[image] = static_cast<int>(model_.textures.size() - 1);
  }

  // A scene image, embedded or referred to; -1 when it has neither usable data nor a usable file.
  int texture_for(scene::ImageIndex index) {
    const scene::Image& image = scene_.images[index];
    int gltf_image = -1;
    if (auto it = scene_images_.find(index); it != scene_images_.end()) {
      gltf_image = it->second;
    } else if (!image.data.empty()) {
      tinygltf::Image out;
      out.name = image.name;
      out.mimeType = image.mime_type;
      if (image_files_ != nullptr) {
        const std::string name = std::filesystem::path(path_.file()).stem().string() + "_" +
                                 std::to_string(model_.images.size()) +
                                 (image.mime_type == "image/jpeg" ? ".jpg" : ".png");
        out.uri = uri_of_relative_path(name);
        image_files_->push_back({name, image.data});
      } else {
        out.bufferView = buffers_.add_bytes(image.data);
      }
      model_.images.push_back(std::move(out));
      gltf_image = scene_images_[index] = static_cast<int>(model_.images.size() - 1);
    } else {
      gltf_image = scene_images_[index] = image_beside_output(image.path);
    }
    return gltf_image < 0 ? -1 : texture_of_image(gltf_image);
  }

  // An image for a texture file that exists beside the output (relative paths) or at its absolute path, in a
  // format glTF allows (PNG, JPEG); otherwise none: a reference to a missing or .dds file is an error in
  // glTF.
  int image_beside_output(const std::string& path) {
    if (path.empty() || path[0] == '*') return -1;  // Assimp's embedded-texture names
    if (auto it = images_by_path_.find(path); it != images_by_path_.end()) return it->second;
    std::string portable = path;
    std::replace(portable.begin(), portable.end(), '\\', '/');
    const std::string extension = lower_case_extension(portable);
    const std::filesystem::path folder = std::filesystem::path(path_.file()).parent_path();
    std::error_code error;
    const bool usable = (extension == ".png" || extension == ".jpg" || extension == ".jpeg") &&
                        std::filesystem::is_regular_file(folder / portable, error);
    if (!usable) return images_by_path_[path] = -1;
    tinygltf::Image image;
    image.uri = uri_of_relative_path(portable);
    image.name = path;
    model_.images.push_back(std::move(image));
    return images_by_path_[path] = static_cast<int>(model_.images.size() - 1);
  }

  // ---- meshes and skins
  // ------------------------------------------------------------------------------------

  void write_all_meshes() {
    for (const auto& [gltf_index, first_instance] : instanced_nodes_)
      model_.nodes[gltf_index].mesh = mesh_for(scene_.nodes[first_instance].meshes, nullptr);
    for (NodeIndex index : mesh_nodes_) {
      std::vector<MeshIndex> plain, skinned;
      for (MeshIndex m : scene_.nodes[index].meshes)
        (scene_.meshes[m].bones.empty() ? plain : skinned).push_back(m);
      const int gltf_index = node_index_.at(index);
      if (!plain.empty()) model_.nodes[gltf_index].mesh = mesh_for(plain, nullptr);
      if (!skinned.empty()) attach_skinned(index, gltf_index, skinned, plain.empty());
    }
  }

  // glTF ignores the transform of a node with a skinned mesh and wants it at the scene root: the node itself
  // moves there when nothing else depends on its place, otherwise a new root node carries the mesh.
  void attach_skinned(NodeIndex index, int gltf_index, const std::vector<MeshIndex>& meshes,
                      bool only_skinned) {
    std::vector<int> joints;
    const int skin = skin_for(meshes, joints);
    const int mesh = mesh_for(meshes, &joints);
    const bool movable = only_skinned && scene_.nodes[index].children.empty() &&
                         joint_nodes_.count(index) == 0 && animated_nodes_.count(index) == 0;
    int target = gltf_index;
    if (movable) {
      for (auto& n : model_.nodes)
        n.children.erase(std::remove(n.children.begin(), n.children.end(), gltf_index), n.children.end());
      if (std::find(extra_roots_->begin(), extra_roots_->end(), gltf_index) == extra_roots_->end())
        extra_roots_->push_back(gltf_index);
      auto& moved = model_.nodes[gltf_index];
      moved.translation.clear();
      moved.rotation.clear();
      moved.scale.clear();
      moved.matrix.clear();
    } else {
      tinygltf::Node carrier;
      carrier.name = scene_.nodes[index].name + "_skinned";
      model_.nodes.push_back(std::move(carrier));
      target = static_cast<int>(model_.nodes.size() - 1);
      extra_roots_->push_back(target);
    }
    model_.nodes[target].mesh = mesh;
    model_.nodes[target].skin = skin;
    morph_target_node_[index] = target;
  }

  int skin_for(const std::vector<MeshIndex>& meshes, std::vector<int>& joints) {
    std::map<NodeIndex, glm::mat4> inverse_bind;
    std::vector<NodeIndex> order;
    for (MeshIndex m : meshes)
      for (const auto& bone : scene_.meshes[m].bones)
        if (inverse_bind.emplace(bone.node, bone.inverse_bind).second) order.push_back(bone.node);
    tinygltf::Skin skin;
    std::vector<float> matrices;
    for (NodeIndex node : order) {
      const auto it = node_index_.find(node);
      if (it == node_index_.end()) {
        auto field = path_.enter_key("nodes", scene_.nodes[node].name);
        path_.fail("", "a joint of a skin is not part of the scene's node tree (or is an instance)");
      }
      skin.joints.push_back(it->second);
      // glTF requires an exact (0, 0, 0, 1) bottom row; an inverse computed in float may leave 1.0000001
      // there.
      for (double v : column_major(scene::with_affine_bottom_row(inverse_bind[node])))
        matrices.push_back(static_cast<float>(v));
    }
    skin.inverseBindMatrices = buffers_.add_floats(matrices, 16, 0, false);
    joints = skin.joints;
    model_.skins.push_back(std::move(skin));
    return static_cast<int>(model_.skins.size() - 1);
  }

  int mesh_for(const std::vector<MeshIndex>& meshes, const std::vector<int>* skin_joints) {
    if (skin_joints == nullptr)
      if (auto it = plain_meshes_.find(meshes); it != plain_meshes_.end()) return it->second;
    tinygltf::Mesh out;
    const scene::Mesh& first = scene_.meshes[meshes.front()];
    out.name = first.name;
    std::size_t targets = 0;
    for (MeshIndex m : meshes) targets = std::max(targets, scene_.meshes[m].morph_targets.size());
    for (MeshIndex m : meshes) write_primitives(scene_.meshes[m], skin_joints, targets, out);
    nlohmann::json extras = first.extras.is_object() ? first.extras : nlohmann::json::object();
    if (targets > 0) {
      auto names = nlohmann::json::array();
      for (std::size_t t = 0; t < targets; ++t) {
        const bool has = t < first.morph_targets.size();
        out.weights.push_back(has ? first.morph_targets[t].default_weight : 0.0);
        const std::string name = has ? first.morph_targets[t].name : "";
        names.push_back(name.empty() ? "target_" + std::to_string(t) : name);
      }
      extras["targetNames"] = names;
    }
    out.extras = to_value(extras);
    model_.meshes.push_back(std::move(out));
    const int index = static_cast<int>(model_.meshes.size() - 1);
    if (skin_joints == nullptr) plain_meshes_[meshes] = index;
    return index;
  }

  void write_primitives(const scene::Mesh& mesh, const std::vector<int>* skin_joints, std::size_t targets,
                        tinygltf::Mesh& out) {
    auto field = path_.enter_key("meshes", mesh.name);
    const std::map<std::string, int> attributes = write_attributes(mesh, skin_joints);
    std::vector<std::map<std::string, int>> target_attributes;
    for (std::size_t t = 0; t < targets; ++t) target_attributes.push_back(write_target(mesh, t));
    const std::vector<std::uint32_t>* by_mode[3] = {&mesh.points, &mesh.lines, &mesh.triangles};
    static constexpr int kModes[3] = {TINYGLTF_MODE_POINTS, TINYGLTF_MODE_LINE, TINYGLTF_MODE_TRIANGLES};
    for (int mode = 0; mode < 3; ++mode) {
      if (by_mode[mode]->empty()) continue;
      tinygltf::Primitive primitive;
      primitive.mode = kModes[mode];
      primitive.attributes = attributes;
      if (mode != 2) {
        primitive.attributes.erase("NORMAL");
        primitive.attributes.erase("TANGENT");
      }
      primitive.indices =
          buffers_.add_indices(*by_mode[mode], static_cast<std::uint32_t>(mesh.positions.size()));
      if (mesh.material) primitive.material = static_cast<int>(*mesh.material);
      primitive.targets = target_attributes;
      out.primitives.push_back(std::move(primitive));
    }
  }

  std::map<std::string, int> write_attributes(const scene::Mesh& mesh, const std::vector<int>* skin_joints) {
    std::map<std::string, int> attributes;
    const std::size_t n = mesh.positions.size();
    std::vector<float> values;
    values.reserve(n * 4);
    for (std::size_t v = 0; v < n; ++v) {
      const glm::vec3& p = mesh.positions[v];
      if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) {
        auto at = path_.enter("positions", v);
        path_.fail("", "position is not finite");
      }
      values.insert(values.end(), {p.x, p.y, p.z});
    }
    attributes["POSITION"] = buffers_.add_floats(values, 3, TINYGLTF_TARGET_ARRAY_BUFFER, true);
    if (!mesh.normals.empty()) {
      values.clear();
      for (const glm::vec3& normal : mesh.normals) {
        const float length = glm::length(normal);
        const glm::vec3 unit_normal =
            (length > 1e-12f && std::isfinite(length)) ? scene::divide(normal, length) : glm::vec3(0, 0, 1);
        values.insert(values.end(), {unit_normal.x, unit_normal.y, unit_normal.z});
      }
      attributes["NORMAL"] = buffers_.add_floats(values, 3, TINYGLTF_TARGET_ARRAY_BUFFER, false);
    }
    if (!mesh.tangents.empty()) {
      values.clear();
      for (const glm::vec4& tangent : mesh.tangents) {
        const glm::vec3 xyz(tangent);
        const float length = glm::length(xyz);
        const glm::vec3 unit_xyz =
            (length > 1e-12f && std::isfinite(length)) ? scene::divide(xyz, length) : glm::vec3(1, 0, 0);
        values.insert(values.end(), {unit_xyz.x, unit_xyz.y, unit_xyz.z, tangent.w < 0 ? -1.0f : 1.0f});
      }
      attributes["TANGENT"] = buffers_.add_floats(values, 4, TINYGLTF_TARGET_ARRAY_BUFFER, false);
    }
    for (std::size_t set = 0; set < mesh.texcoords.size(); ++set) {
      values.clear();
      for (const glm::vec2& uv : mesh.texcoords[set])
        values.insert(values.end(), {finite_or_zero(uv.x), finite_or_zero(uv.y)});
      attributes["TEXCOORD_" + std::to_string(set)] =
          buffers_.add_floats(values, 2, TINYGLTF_TARGET_ARRAY_BUFFER, false);
    }
    for (std::size_t set = 0; set < mesh.colors.size(); ++set) {
      values.clear();
      for (const glm::vec4& c : mesh.colors[set])
        values.insert(values.end(), {unit(c.r), unit(c.g), unit(c.b), unit(c.a)});
      attributes["COLOR_" + std::to_string(set)] =
          buffers_.add_floats(values, 4, TINYGLTF_TARGET_ARRAY_BUFFER, false);
    }
    if (skin_joints != nullptr) write_skin_attributes(mesh, *skin_joints, attributes);
    return attributes;
  }

  // Up to four strongest influences per vertex, renormalized; a vertex no bone weights follows the first
  // joint.
  void write_skin_attributes(const scene::Mesh& mesh, const std::vector<int>& skin_joints,
                             std::map<std::string, int>& attributes) {
    std::unordered_map<int, std::uint16_t> joint_slot;
    for (std::size_t i = 0; i < skin_joints.size(); ++i)
      joint_slot[skin_joints[i]] = static_cast<std::uint16_t>(i);
    const std::size_t n = mesh.positions.size();
    std::vector<std::vector<std::pair<float, std::uint16_t>>> influences(n);
    for (const auto& bone : mesh.bones) {
      const auto slot = joint_slot.at(node_index_.at(bone.node));
      for (const auto& weight : bone.weights)
        if (weight.weight > 0) influences[weight.vertex].emplace_back(weight.weight, slot);
    }
    std::vector<std::uint16_t> joints(n * 4, 0);
    std::vector<float> weights(n * 4, 0.0f);
    for (std::size_t v = 0; v < n; ++v) {
      auto& list = influences[v];
      std::sort(list.begin(), list.end(), [](const auto& a, const auto& b) {
        return a.first > b.first || (a.first == b.first && a.second < b.second);
      });
      if (list.size() > 4) list.resize(4);
      float sum = 0;
      for (const auto& [w, j] : list) sum += w;
      if (list.empty() || !(sum > 0)) {
        weights[v * 4] = 1.0f;
        continue;
      }
      for (std::size_t k = 0; k < list.size(); ++k) {
        joints[v * 4 + k] = list[k].second;
        weights[v * 4 + k] = list[k].first / sum;
      }
    }
    attributes["JOINTS_0"] = buffers_.add_joints(joints, skin_joints.size() <= 256);
    attributes["WEIGHTS_0"] = buffers_.add_floats(weights, 4, TINYGLTF_TARGET_ARRAY_BUFFER, false);
  }

  std::map<std::string, int> write_target(const scene::Mesh& mesh, std::size_t t) {
    std::vector<float> deltas(mesh.positions.size() * 3, 0.0f);
    if (t < mesh.morph_targets.size())
      for (std::size_t v = 0; v < mesh.positions.size(); ++v) {
        const glm::vec3& d = mesh.morph_targets[t].position_deltas[v];
        deltas[v * 3] = finite_or_zero(d.x);
        deltas[v * 3 + 1] = finite_or_zero(d.y);
        deltas[v * 3 + 2] = finite_or_zero(d.z);
      }
    std::map<std::string, int> out;
    out["POSITION"] = buffers_.add_floats(deltas, 3, TINYGLTF_TARGET_ARRAY_BUFFER, true);
    return out;
  }

  // ---- animations
  // ------------------------------------------------------------------------------------------

  // One accessor per distinct key times. The channels of an animation mostly share their times: the last
  // ones are compared first.
  int time_accessor(const std::vector<float>& times) {
    if (last_time_accessor_ && last_time_accessor_->first == times) return last_time_accessor_->second;
    auto it = time_accessors_.find(times);
    if (it == time_accessors_.end())
      it = time_accessors_.emplace(times, buffers_.add_floats(times, 1, 0, true)).first;
    last_time_accessor_ = &*it;
    return it->second;
  }

  // Times shifted by `shift` seconds; keys at equal times after rounding keep the last one (glTF needs
  // increasing times).
  template <class KeyList, class Emit>
  static void keyed_track(const KeyList& keys, double shift, std::vector<float>& times, Emit emit) {
    for (const auto& key : keys) {
      const float t = static_cast<float>(key.time - shift);
      if (!times.empty() && !(t > times.back())) {
        times.back() = std::max(times.back(), t);
        emit(key, true);
        continue;
      }
      times.push_back(t);
      emit(key, false);
    }
  }

  void add_channel(tinygltf::Animation& anim, int node, const char* path, const std::vector<float>& times,
                   const std::vector<float>& values, int components, const std::string& interpolation) {
    if (times.empty()) return;
    tinygltf::AnimationSampler sampler;
    sampler.input = time_accessor(times);
    sampler.output = buffers_.add_floats(values, components, 0, false);
    sampler.interpolation = interpolation;
    anim.samplers.push_back(std::move(sampler));
    tinygltf::AnimationChannel channel;
    channel.sampler = static_cast<int>(anim.samplers.size() - 1);
    channel.target_node = node;
    channel.target_path = path;
    anim.channels.push_back(std::move(channel));
  }

  // Room for what the animations add at most (two accessors and views and the key data per channel), so that
  // the model's vectors and the buffer do not grow again and again on a character with many animations.
  void reserve_for_animations() {
    std::size_t tracks = 0, bytes = 0, animations = 0;
    for (const scene::Animation& animation : scene_.animations) {
      animations += animation.channels.empty() && animation.morph_channels.empty() ? 0 : 1;
      for (const auto& channel : animation.channels) {
        tracks += !channel.translation.empty() + !channel.rotation.empty() + !channel.scale.empty();
        bytes += (channel.translation.size() + channel.scale.size()) * (4 + 12) +
                 channel.rotation.size() * (4 + 16);
      }
      for (const auto& channel : animation.morph_channels) {
        ++tracks;
        for (const auto& key : channel.keys) bytes += 4 + 4 * key.value.size();
      }
    }
    model_.accessors.reserve(model_.accessors.size() + 2 * tracks);
    model_.bufferViews.reserve(model_.bufferViews.size() + 2 * tracks);
    model_.animations.reserve(animations);
    buffers_.reserve(bytes + 4 * 2 * tracks);  // and the padding to multiples of 4
  }

  void write_animations() {
    reserve_for_animations();
    for (const scene::Animation& source : scene_.animations) {
      auto field = path_.enter_key("animations", source.name);
      tinygltf::Animation anim;
      anim.name = source.name;
      anim.channels.reserve(3 * source.channels.size() + source.morph_channels.size());
      anim.samplers.reserve(3 * source.channels.size() + source.morph_channels.size());
      const std::string interpolation =
          source.interpolation == scene::Interpolation::step ? "STEP" : "LINEAR";
      // glTF times cannot be negative: an animation that starts before 0 is shifted to start at 0.
      double earliest = 0;
      auto note = [&](const auto& keys) {
        if (!keys.empty()) earliest = std::min(earliest, keys.front().time);
      };
      for (const auto& channel : source.channels) {
        note(channel.translation);
        note(channel.rotation);
        note(channel.scale);
      }
      std::set<std::pair<int, std::string>> targeted;
      std::vector<float> times, values;  // of one channel at a time
      for (const auto& channel : source.channels) {
        const auto found = node_index_.find(channel.node);
        if (found == node_index_.end())
          path_.fail("channels",
                     "node '" + scene_.nodes[channel.node].name + "' is not written (an instance)");
        const int node = found->second;
        times.clear();
        values.clear();
        auto vector_emit = [&](const scene::Key<glm::vec3>& key, bool replace) {
          if (replace) values.resize(values.size() - 3);
          values.push_back(finite_or_zero(key.value.x));
          values.push_back(finite_or_zero(key.value.y));
          values.push_back(finite_or_zero(key.value.z));
        };
        if (targeted.emplace(node, "translation").second) {
          keyed_track(channel.translation, earliest, times, vector_emit);
          add_channel(anim, node, "translation", times, values, 3, interpolation);
        }
        times.clear();
        values.clear();
        if (targeted.emplace(node, "rotation").second) {
          glm::quat previous(1.0f, 0.0f, 0.0f, 0.0f);
          keyed_track(channel.rotation, earliest, times, [&](const scene::Key<glm::quat>& key, bool replace) {
            if (replace) values.resize(values.size() - 4);
            glm::quat q = normalized_or_identity(key.value);
            // Keep neighbouring keys in the same hemisphere so LINEAR blends take the short way.
            if (!values.empty() &&
                q.w * previous.w + q.x * previous.x + q.y * previous.y + q.z * previous.z < 0)
              q = glm::quat(-q.w, -q.x, -q.y, -q.z);
            previous = q;
            values.push_back(q.x);
            values.push_back(q.y);
            values.push_back(q.z);
            values.push_back(q.w);
          });
          add_channel(anim, node, "rotation", times, values, 4, interpolation);
        }
        times.clear();
        values.clear();
        if (targeted.emplace(node, "scale").second) {
          keyed_track(channel.scale, earliest, times, vector_emit);
          add_channel(anim, node, "scale", times, values, 3, interpolation);
        }
      }
      for (const auto& channel : source.morph_channels)
        write_morph_channel(anim, channel, earliest, interpolation, targeted);
      anim.extras = to_value(source.extras);
      if (!anim.channels.empty()) model_.animations.push_back(std::move(anim));
    }
  }

  void write_morph_channel(tinygltf::Animation& anim, const scene::MorphWeightAnimation& channel,
                           double shift, const std::string& interpolation,
                           std::set<std::pair<int, std::string>>& targeted) {
    auto field = path_.enter_key("morph_channels", scene_.nodes[channel.node].name);
    int target = -1;
    if (auto it = morph_target_node_.find(channel.node); it != morph_target_node_.end())
      target = it->second;
    else if (auto node = node_index_.find(channel.node); node != node_index_.end())
      target = node->second;
    if (target < 0 || model_.nodes[target].mesh < 0) path_.fail("", "the node has no glTF mesh");
    const std::size_t count = model_.meshes[model_.nodes[target].mesh].weights.size();
    if (count == 0 || !targeted.emplace(target, "weights").second) return;
    std::vector<float> times, values;
    keyed_track(channel.keys, shift, times, [&](const scene::Key<std::vector<float>>& key, bool replace) {
      if (replace) values.resize(values.size() - count);
      const std::size_t start = values.size();
      values.resize(start + count, 0.0f);
      for (std::size_t i = 0; i < key.value.size() && i < count; ++i)
        values[start + i] = finite_or_zero(key.value[i]);
    });
    add_channel(anim, target, "weights", times, values, 1, interpolation);
  }

  const scene::Scene& scene_;
  const WriteOptions& options_;
  FieldPath path_;
  tinygltf::Model model_;
  PrintedExtras printed_;
  BufferBuilder buffers_;
  std::unordered_map<NodeIndex, int> node_index_;
  std::set<NodeIndex> joint_nodes_, animated_nodes_;
  std::vector<NodeIndex> mesh_nodes_;
  std::vector<std::pair<int, NodeIndex>> instanced_nodes_;  // glTF node, its first instance
  std::map<std::vector<MeshIndex>, int> plain_meshes_;
  std::map<std::vector<float>, int> time_accessors_;
  const std::pair<const std::vector<float>, int>* last_time_accessor_ = nullptr;
  std::unordered_map<NodeIndex, int> morph_target_node_;
  std::map<std::string, int> images_by_path_;
  std::map<int, int> textures_by_image_;
  std::map<scene::ImageIndex, int> scene_images_;
  std::set<std::string> extensions_used_;
  std::vector<int>* extra_roots_ = nullptr;
  std::vector<FileBeside>* image_files_ = nullptr;
};

}  // namespace

namespace {

[[noreturn]] void not_json(std::string_view output_name, const std::exception& e) {
  throw FormatError(std::string(output_name), std::nullopt, "extras",
                    std::string("a value cannot be written as JSON (") + e.what() + ")",
                    ErrorKind::cannot_write);
}

// The model `writer` builds, with UTF-8 names.
tinygltf::Model built_model(SceneWriter& writer, std::string_view output_name) {
  tinygltf::Model model;
  try {
    model = writer.build();
  } catch (const nlohmann::json::type_error& e) {  // extras printed ahead: text that is not UTF-8
    not_json(output_name, e);
  }
  make_names_utf8(model);
  return model;
}

// The glTF bytes of a built model.
std::vector<std::byte> serialise_model(tinygltf::Model model, const PrintedExtras& printed,
                                       const WriteOptions& options, std::string_view output_name) {
  std::vector<std::byte> bytes;
  try {
    bytes = serialise_gltf(std::move(model), options.binary, &printed);
  } catch (const std::exception& e) {  // tinygltf's JSON library throws on text that is not UTF-8
    not_json(output_name, e);
  }
  if (bytes.empty())
    throw FormatError(std::string(output_name), std::nullopt, "", "tinygltf could not serialise the model",
                      ErrorKind::cannot_write);
  return bytes;
}

// The glTF bytes of `scene` as `writer` builds it.
std::vector<std::byte> serialise(SceneWriter writer, const WriteOptions& options,
                                 std::string_view output_name) {
  tinygltf::Model model = built_model(writer, output_name);
  return serialise_model(std::move(model), writer.printed(), options, output_name);
}

}  // namespace

std::vector<std::byte> write_gltf(const scene::Scene& scene, const WriteOptions& options,
                                  std::string_view output_name) {
  return serialise(SceneWriter(scene, options, output_name), options, output_name);
}

struct BuiltGltf::Built {
  tinygltf::Model model;
  PrintedExtras printed;
  WriteOptions options;
  std::string output_name;
};

BuiltGltf::BuiltGltf(const scene::Scene& scene, const WriteOptions& options, std::string_view output_name)
    : built_(std::make_unique<Built>()) {
  SceneWriter writer(scene, options, output_name);
  built_->model = built_model(writer, output_name);
  built_->printed = writer.printed();
  built_->options = options;
  built_->output_name = output_name;
}

BuiltGltf::~BuiltGltf() = default;
BuiltGltf::BuiltGltf(BuiltGltf&&) noexcept = default;
BuiltGltf& BuiltGltf::operator=(BuiltGltf&&) noexcept = default;

scene::Scene BuiltGltf::read_back() const {
  return scene_from_model(built_->model, built_->output_name, &built_->printed);
}

std::vector<std::byte> BuiltGltf::write(const scene::Scene& scene) && {
  if (!built_->model.scenes.empty())
    built_->model.scenes.front().extras = printed_scene_extras(scene, built_->printed);
  return serialise_model(std::move(built_->model), built_->printed, built_->options, built_->output_name);
}

GltfWithFiles write_gltf_with_image_files(const scene::Scene& scene, const WriteOptions& options,
                                          std::string_view output_name) {
  WriteOptions text = options;
  text.binary = false;
  GltfWithFiles out;
  out.document = serialise(SceneWriter(scene, text, output_name, &out.images), text, output_name);
  return out;
}

}  // namespace gamefmt::gltf
