#include <algorithm>
#include <cctype>
#include <string>

#include "core/blender_names.hpp"
#include "gamefmt/core/field_path.hpp"
#include "gamefmt/core/text_encoding.hpp"
#include "gamefmt/scene/extras.hpp"
#include "xray/dm_scene.hpp"
#include "xray/level_mesh_scene.hpp"

namespace gamefmt::xray {
namespace {

constexpr const char* kShaderKey = "xray.dm.shader";
constexpr const char* kTextureKey = "xray.dm.texture";
constexpr std::string_view kTextureSuffix = ".dds";
constexpr std::size_t kMaxVertices = 65536;  // a .dm indexes its vertices with 16 bits
// The shader of a mesh without material: earlier versions, which went through Assimp, saw Assimp's default
// material there, and wrote its name.
constexpr const char* kNoMaterialShader = "DefaultMaterial";

std::string texture_file_to_name(std::string path) {
  std::replace(path.begin(), path.end(), '/', '\\');
  if (path.size() > kTextureSuffix.size()) {
    if (lower_ascii(std::string_view(path).substr(path.size() - kTextureSuffix.size())) == kTextureSuffix)
      path.resize(path.size() - kTextureSuffix.size());
  }
  return path;
}

// The file the material's base colour comes from: the game's texture name when the material keeps one, else
// its image's path.
std::string base_color_texture_file(const scene::Scene& scene, const scene::Material& material) {
  if (const auto it = material.texture_names.find("base_color"); it != material.texture_names.end())
    return it->second;
  if (material.base_color_texture && material.base_color_texture->image < scene.images.size())
    return scene.images[material.base_color_texture->image].path;
  return {};
}

std::string to_cp1251(const std::string& utf8, const FieldPath& path, const char* field) {
  auto text = utf8_to_cp1251(utf8);
  if (!text)
    path.fail(field, "'" + utf8 + "' has characters Windows-1251 cannot hold", ErrorKind::cannot_write);
  return *text;
}

}  // namespace

DetailModel dm_from_scene(const scene::Scene& scene, std::string_view output_name,
                          std::vector<std::string>* warnings) {
  const FieldPath path(output_name);
  const LevelSceneView view(scene);
  DetailModel model;
  std::string shader, texture;
  bool have_material = false;
  std::optional<scene::NodeIndex> first_mesh_node;
  for (const scene::NodeIndex node : view.nodes()) {
    if (scene.nodes[node].meshes.empty()) continue;
    if (!first_mesh_node) first_mesh_node = node;
    for (const scene::Mesh* mesh : view.meshes_of(node)) {
      if (!have_material && !mesh->material) {
        shader = kNoMaterialShader;
        have_material = true;
      } else if (!have_material && *mesh->material < scene.materials.size()) {
        const scene::Material& material = scene.materials[*mesh->material];
        // The node keeps the shader the file had; Blender may have renamed the material to "<shader>.001".
        shader = game_material_name(material.name,
                                    scene::get_or<std::string>(scene.nodes[node].extras, kShaderKey, ""));
        if (warnings != nullptr && without_blender_suffix(shader) != shader)
          warnings->push_back(blender_suffix_kept_warning(shader, "the .dm's shader"));
        if (const auto file = base_color_texture_file(scene, material); !file.empty())
          texture = texture_file_to_name(file);
        have_material = true;
      }
      const std::size_t base = model.vertices.size();
      const auto positions = view.xray_positions(node, *mesh);
      for (std::size_t v = 0; v < positions.size(); ++v) {
        DmVertex vertex;
        vertex.position = positions[v];
        if (!mesh->texcoords.empty()) {
          vertex.u = mesh->texcoords[0][v].x;
          vertex.v = xray_v(mesh->texcoords[0][v].y);
        }
        model.vertices.push_back(vertex);
      }
      if (model.vertices.size() > kMaxVertices)
        path.fail("vertices", "the scene has more than 65536 vertices; a .dm indexes them with 16 bits",
                  ErrorKind::limit);
      const auto& t = mesh->triangles;
      for (std::size_t i = 0; i + 2 < t.size(); i += 3)  // winding flipped back
        for (const std::uint32_t index : {t[i], t[i + 2], t[i + 1]})
          model.indices.push_back(std::uint16_t(base + index));
    }
  }
  const scene::Extras no_extras;
  const scene::Extras& extras = first_mesh_node ? scene.nodes[*first_mesh_node].extras : no_extras;
  if (shader.empty()) shader = scene::get_or<std::string>(extras, kShaderKey, "");
  if (texture.empty()) texture = scene::get_or<std::string>(extras, kTextureKey, "");
  model.shader = to_cp1251(shader, path, "shader");
  model.texture = to_cp1251(texture, path, "texture");
  if (first_mesh_node) {
    const double flags = view.inherited_number(*first_mesh_node, "xray.dm.flags", 0);
    model.flags = flags >= 0 && flags <= 4294967295.0 ? std::uint32_t(flags) : 0;
    model.min_scale = float(view.inherited_number(*first_mesh_node, "xray.dm.min_scale", 1));
    model.max_scale = float(view.inherited_number(*first_mesh_node, "xray.dm.max_scale", 1));
  } else {
    model.flags = 0;
    model.min_scale = model.max_scale = 1.0f;
  }
  return model;
}

}  // namespace gamefmt::xray
