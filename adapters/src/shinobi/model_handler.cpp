#include <algorithm>
#include <cstring>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>

#include "../core/handler_base.hpp"
#include "gamefmt/adapters/common_options.hpp"
#include "gamefmt/shinobi/animation.hpp"
#include "gamefmt/shinobi/model.hpp"
#include "shinobi/grimrock_animations.hpp"
#include "shinobi/grimrock_textures.hpp"
#include "shinobi/model_scene.hpp"

namespace gamefmt::shinobi {
namespace {

std::string stem_of(const std::string& path) {
  return std::filesystem::path(path).stem().string();
}

// The MDL1 version to write; 0: the version the scene was read from, else 2.
const Option<std::int32_t>& version_option() {
  static const Option<std::int32_t> option =
      choice_option<std::int32_t>("version",
                                  "MDL1 version to write: 2 (Legend of Grimrock), 4 (Druidstone), or auto "
                                  "(the version the scene was read "
                                  "from, else 2)",
                                  {{"auto", 0}, {"2", 2}, {"4", 4}}, "auto");
  return option;
}

// Shinobi engine MDL1 models (Legend of Grimrock v2, Druidstone v4). Extras keys: see model_scene.hpp.
class ShinobiModelHandler final : public LosslessHandlerBase<&read_model, &write_model> {
 public:
  ShinobiModelHandler() {
    auto& d =
        describe("shinobi-model", "Shinobi model (Legend of Grimrock, Druidstone)", kGrimrock, {"model"});
    d.can_import = d.can_export = d.can_rewrite = true;
    d.animations = AnimationsWritten::none;
    d.way_back_note =
        "an edited mesh gets the engine's tangents and bounds, bone lists limited to the bones its "
        "vertices use (in their old order), node order and parents kept";
    d.way_back_records = {"shinobi.mesh/stored", "shinobi.animation.*.rotations"};
    d.way_back = WayBack::exact;
    d.companions = {
        {"animations", "ANIM animations of the model; tracks bind to nodes by name", {"animation"}, true}};
    d.export_options = {version_option().spec()};
  }

  bool recognizes(std::span<const std::byte> head) const override {
    return head.size() >= 8 && std::memcmp(head.data(), "MDL1", 4) == 0;
  }

  scene::Scene import_scene(const ImportRequest& request) const override {
    const Model model = read_model(request.primary.bytes, request.primary.path);
    std::vector<std::string> lookup_warnings;
    // The animations given, then those the game would play with the model (none with -O animations=0).
    std::vector<InputFile> found;
    if (animations_option(request.options, request.primary.path))
      found = grimrock_model_animations(request, lookup_warnings);
    std::vector<CompanionAnimation> animations;
    const auto add = [&](const InputFile& file) {
      animations.push_back({read_animation(file.bytes, file.path), stem_of(file.path), file.path});
    };
    std::for_each(request.companions.begin(), request.companions.end(), add);
    std::for_each(found.begin(), found.end(), add);
    auto scene = model_to_scene(model, animations, scene_name(request), request.primary.path);
    auto warnings = model.warnings;
    warnings.insert(warnings.end(), lookup_warnings.begin(), lookup_warnings.end());
    for (const auto& companion : animations)
      warnings.insert(warnings.end(), companion.animation.warnings.begin(),
                      companion.animation.warnings.end());
    add_reader_warnings(scene, warnings);
    attach_grimrock_materials(scene, request);
    return scene;
  }

  std::vector<std::byte> export_scene(const scene::Scene& scene,
                                      const ExportRequest& request) const override {
    std::int32_t version = version_option().get(request.options, request.output_name);
    if (version == 0) version = model_version_of_scene(scene) == 4 ? 4 : 2;
    return write_model(model_from_scene(scene, version, request.output_name, request.warnings),
                       request.output_name);
  }

  nlohmann::json info(const ImportRequest& request) const override {
    const Model model = read_model(request.primary.bytes, request.primary.path);
    std::size_t meshes = 0, lights = 0, vertices = 0, triangles = 0, bones = 0;
    std::set<std::string> materials;
    nlohmann::json nodes = nlohmann::json::array();
    for (const ModelNode& node : model.nodes) {
      nlohmann::json entry = {{"name", node.name}, {"parent", node.parent}};
      if (node.mesh) {
        ++meshes;
        vertices += std::size_t(std::max(node.mesh->mesh.vertex_count, 0));
        bones += node.mesh->bones.size();
        for (const MeshSegment& segment : node.mesh->mesh.segments) {
          triangles += std::size_t(std::max(segment.triangle_count, 0));
          materials.insert(segment.material);
        }
        entry["entity"] = "mesh";
        entry["vertices"] = node.mesh->mesh.vertex_count;
        entry["bones"] = node.mesh->bones.size();
      }
      if (node.light) {
        ++lights;
        entry["entity"] = "light";
      }
      nodes.push_back(entry);
    }
    return {{"format", description().id},
            {"version", model.version},
            {"nodes", nodes},
            {"mesh_entities", meshes},
            {"light_entities", lights},
            {"vertices", vertices},
            {"triangles", triangles},
            {"bones", bones},
            {"materials", materials},
            {"material_definitions",
             grimrock_materials_info(request, std::vector<std::string>(materials.begin(), materials.end()))},
            {"trailing_bytes", model.trailing.size()},
            {"warnings", model.warnings}};
  }
};

}  // namespace

std::unique_ptr<FormatHandler> make_shinobi_model_handler() {
  return std::make_unique<ShinobiModelHandler>();
}

}  // namespace gamefmt::shinobi
