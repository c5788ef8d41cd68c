#include "gamefmt/scene/scene_validation.hpp"

#include <cmath>
#include <string>

#include "gamefmt/core/field_path.hpp"
#include "gamefmt/core/format_error.hpp"

namespace gamefmt::scene {
namespace {

class SceneChecker {
 public:
  SceneChecker(const Scene& scene, std::string_view file) : scene_(scene), path_(file) {}

  void run() {
    check_tree();
    for (std::size_t m = 0; m < scene_.meshes.size(); ++m) {
      auto field = path_.enter("meshes", m);
      check_mesh(scene_.meshes[m]);
    }
    for (std::size_t m = 0; m < scene_.materials.size(); ++m) {
      auto field = path_.enter("materials", m);
      check_material(scene_.materials[m]);
    }
    for (std::size_t a = 0; a < scene_.animations.size(); ++a) {
      auto field = path_.enter("animations", a);
      check_animation(scene_.animations[a]);
    }
  }

 private:
  void index(std::size_t value, std::size_t count, const char* field, const char* what) const {
    if (value >= count)
      path_.fail(field, std::string(what) + " " + std::to_string(value) + " is outside the " +
                            std::to_string(count) + " " + what + "s");
  }

  void check_tree() {
    std::vector<int> parents(scene_.nodes.size(), 0);
    auto count_parent = [&](std::size_t node, const char* field) {
      index(node, scene_.nodes.size(), field, "node");
      if (++parents[node] > 1)
        path_.fail(field, "node " + std::to_string(node) + " has more than one parent");
    };
    for (std::size_t r = 0; r < scene_.roots.size(); ++r) {
      auto field = path_.enter("roots", r);
      count_parent(scene_.roots[r], "");
    }
    for (std::size_t n = 0; n < scene_.nodes.size(); ++n) {
      auto field = path_.enter("nodes", n);
      const Node& node = scene_.nodes[n];
      for (std::size_t c = 0; c < node.children.size(); ++c) {
        auto child = path_.enter("children", c);
        count_parent(node.children[c], "");
      }
      for (std::size_t m = 0; m < node.meshes.size(); ++m) {
        auto mesh = path_.enter("meshes", m);
        index(node.meshes[m], scene_.meshes.size(), "", "mesh");
      }
    }
    // Every node with a parent is reached from a root exactly once unless it sits on a cycle.
    std::vector<bool> reached(scene_.nodes.size(), false);
    std::vector<std::size_t> stack(scene_.roots.begin(), scene_.roots.end());
    while (!stack.empty()) {
      const std::size_t n = stack.back();
      stack.pop_back();
      reached[n] = true;
      stack.insert(stack.end(), scene_.nodes[n].children.begin(), scene_.nodes[n].children.end());
    }
    for (std::size_t n = 0; n < scene_.nodes.size(); ++n)
      if (!reached[n] && parents[n] > 0) {
        auto field = path_.enter("nodes", n);
        path_.fail("children", "the node tree has a cycle");
      }
  }

  template <class Stream>
  void same_length(const Stream& stream, std::size_t vertices, const char* field) const {
    if (!stream.empty() && stream.size() != vertices)
      path_.fail(field,
                 std::to_string(stream.size()) + " values for " + std::to_string(vertices) + " vertices");
  }

  void faces(const std::vector<std::uint32_t>& indices, std::size_t per_face, std::size_t vertices,
             const char* field) const {
    if (indices.size() % per_face != 0)
      path_.fail(field, std::to_string(indices.size()) + " indices do not make whole faces of " +
                            std::to_string(per_face));
    for (std::size_t i = 0; i < indices.size(); ++i)
      if (indices[i] >= vertices) {
        auto at = path_.enter(field, i);
        path_.fail("", "vertex index " + std::to_string(indices[i]) + " is outside the " +
                           std::to_string(vertices) + " vertices");
      }
  }

  void check_mesh(const Mesh& mesh) const {
    const std::size_t n = mesh.positions.size();
    if (n == 0) path_.fail("positions", "the mesh has no vertices");
    if (mesh.material) index(*mesh.material, scene_.materials.size(), "material", "material");
    same_length(mesh.normals, n, "normals");
    same_length(mesh.tangents, n, "tangents");
    for (std::size_t s = 0; s < mesh.texcoords.size(); ++s) {
      auto field = path_.enter("texcoords", s);
      if (mesh.texcoords[s].size() != n) same_length(mesh.texcoords[s], n, "");
      if (mesh.texcoords[s].empty()) path_.fail("", "an empty UV set");
    }
    for (std::size_t s = 0; s < mesh.colors.size(); ++s) {
      auto field = path_.enter("colors", s);
      if (mesh.colors[s].size() != n)
        path_.fail("",
                   std::to_string(mesh.colors[s].size()) + " values for " + std::to_string(n) + " vertices");
    }
    faces(mesh.triangles, 3, n, "triangles");
    faces(mesh.lines, 2, n, "lines");
    faces(mesh.points, 1, n, "points");
    for (std::size_t b = 0; b < mesh.bones.size(); ++b) {
      auto field = path_.enter("bones", b);
      const BoneBinding& bone = mesh.bones[b];
      index(bone.node, scene_.nodes.size(), "node", "node");
      for (std::size_t w = 0; w < bone.weights.size(); ++w) {
        const bool inside = bone.weights[w].vertex < n;
        const bool usable = std::isfinite(bone.weights[w].weight) && bone.weights[w].weight >= 0;
        if (inside && usable) continue;
        auto weight = path_.enter("weights", w);
        if (!inside)
          path_.fail("vertex", "vertex " + std::to_string(bone.weights[w].vertex) + " is outside the mesh");
        path_.fail("weight", "is negative or not finite");
      }
    }
    for (std::size_t t = 0; t < mesh.morph_targets.size(); ++t) {
      auto field = path_.enter("morph_targets", t);
      if (mesh.morph_targets[t].position_deltas.size() != n)
        path_.fail("position_deltas", "vertex count differs from its mesh");
    }
  }

  void check_material(const Material& material) const {
    if (material.base_color_texture)
      index(material.base_color_texture->image, scene_.images.size(), "base_color_texture", "image");
    if (material.normal_texture)
      index(material.normal_texture->image, scene_.images.size(), "normal_texture", "image");
    if (material.metallic_roughness_texture)
      index(material.metallic_roughness_texture->image, scene_.images.size(), "metallic_roughness_texture",
            "image");
    if (material.occlusion_texture)
      index(material.occlusion_texture->image, scene_.images.size(), "occlusion_texture", "image");
    if (material.emissive_texture)
      index(material.emissive_texture->image, scene_.images.size(), "emissive_texture", "image");
  }

  // The path of a key is named only when it fails: an animated character has hundreds of thousands of keys.
  template <class KeyList>
  void check_keys(const KeyList& keys, const char* field) const {
    for (std::size_t k = 0; k < keys.size(); ++k) {
      const bool finite = std::isfinite(keys[k].time);
      if (finite && (k == 0 || !(keys[k].time < keys[k - 1].time))) continue;
      auto at = path_.enter(field, k);
      path_.fail("time", finite ? "key times go backwards" : "is not finite");
    }
  }

  void check_animation(const Animation& animation) const {
    for (std::size_t c = 0; c < animation.channels.size(); ++c) {
      auto field = path_.enter("channels", c);
      const NodeAnimation& channel = animation.channels[c];
      index(channel.node, scene_.nodes.size(), "node", "node");
      check_keys(channel.translation, "translation");
      check_keys(channel.rotation, "rotation");
      check_keys(channel.scale, "scale");
    }
    for (std::size_t c = 0; c < animation.morph_channels.size(); ++c) {
      auto field = path_.enter("morph_channels", c);
      index(animation.morph_channels[c].node, scene_.nodes.size(), "node", "node");
      check_keys(animation.morph_channels[c].keys, "keys");
    }
  }

  const Scene& scene_;
  mutable FieldPath path_;
};

}  // namespace

void validate_scene(const Scene& scene, std::string_view file) {
  SceneChecker(scene, file).run();
}

}  // namespace gamefmt::scene
