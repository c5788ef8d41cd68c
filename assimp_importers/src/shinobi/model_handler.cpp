#include <cstring>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>

#include "../core/format_handlers.hpp"
#include "gamefmt/assimp/metadata_json.hpp"
#include "gamefmt/assimp/shinobi_animation.hpp"
#include "gamefmt/assimp/shinobi_model.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/shinobi/animation.hpp"
#include "gamefmt/shinobi/model.hpp"

namespace gamefmt::assimp {
namespace {

std::string stem_of(const std::string& path) { return std::filesystem::path(path).stem().string(); }

// Shinobi engine MDL1 models (Legend of Grimrock v2, Druidstone v4). Metadata keys: see shinobi_model.hpp.
class ShinobiModelHandler final : public FormatHandler {
 public:
  const FormatDescription& description() const override {
    static const FormatDescription d = [] {
      FormatDescription d;
      d.id = "shinobi-model";
      d.name = "Shinobi model (Legend of Grimrock, Druidstone)";
      d.family = "shinobi";
      d.extensions = {"model"};
      d.can_import = d.can_export = d.can_rewrite = true;
      d.companions = {{"animations", "ANIM animations of the model; tracks bind to nodes by name", {"animation"}, true}};
      d.export_options = {{"version", "MDL1 version to write: 2 (Legend of Grimrock), 4 (Druidstone), or auto (the version the scene was read from, else 2)",
                           {"auto", "2", "4"}, "auto"}};
      return d;
    }();
    return d;
  }

  bool recognizes(std::span<const std::byte> head) const override {
    return head.size() >= 8 && std::memcmp(head.data(), "MDL1", 4) == 0;
  }

  std::unique_ptr<aiScene> import_scene(const ImportRequest& request) const override {
    const auto model = shinobi::read_model(request.primary.bytes, request.primary.path);
    std::vector<shinobi::Animation> animations;
    std::set<std::string> animated;
    for (const auto& companion : request.companions) {
      animations.push_back(shinobi::read_animation(companion.bytes, companion.path));
      for (const auto& track : animations.back().tracks) animated.insert(track.node_name);
    }
    auto scene = model_to_scene(model, stem_of(request.primary.path), request.primary.path, animated);
    for (std::size_t a = 0; a < animations.size(); ++a)
      add_animation_to_scene(*scene, animations[a], stem_of(request.companions[a].path), request.companions[a].path);
    auto warnings = model.warnings;
    for (const auto& animation : animations) warnings.insert(warnings.end(), animation.warnings.begin(), animation.warnings.end());
    if (!warnings.empty()) add_metadata_json(scene->mMetaData, kWarningsKey, warnings);
    return scene;
  }

  std::vector<std::byte> export_scene(const aiScene& scene, const Options& options, std::string_view output_name) const override {
    const std::string choice = option(options, "version", true);
    std::int32_t version = 0;
    if (choice == "2" || choice == "4") {
      version = std::stoi(choice);
    } else if (choice == "auto") {
      version = model_version_of_scene(scene) == 4 ? 4 : 2;
    } else {
      throw FormatError(std::string(output_name), std::nullopt, "option version", "unknown value '" + choice + "' (auto, 2 or 4)");
    }
    return shinobi::write_model(scene_to_model(scene, version, output_name), output_name);
  }

  std::vector<std::byte> rewrite(std::span<const std::byte> data, std::string_view file_name) const override {
    return shinobi::write_model(shinobi::read_model(data, file_name), file_name);
  }

  nlohmann::json info(const ImportRequest& request) const override {
    const auto model = shinobi::read_model(request.primary.bytes, request.primary.path);
    std::size_t meshes = 0, lights = 0, vertices = 0, triangles = 0, bones = 0;
    std::set<std::string> materials;
    nlohmann::json nodes = nlohmann::json::array();
    for (const auto& node : model.nodes) {
      nlohmann::json entry = {{"name", node.name}, {"parent", node.parent}};
      if (node.mesh) {
        ++meshes;
        vertices += std::size_t(std::max(node.mesh->mesh.vertex_count, 0));
        bones += node.mesh->bones.size();
        for (const auto& segment : node.mesh->mesh.segments) {
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
    return {{"format", description().id}, {"version", model.version},      {"nodes", nodes},
            {"mesh_entities", meshes},    {"light_entities", lights},       {"vertices", vertices},
            {"triangles", triangles},     {"bones", bones},                 {"materials", materials},
            {"trailing_bytes", model.trailing.size()}, {"warnings", model.warnings}};
  }
};

}  // namespace

std::unique_ptr<FormatHandler> make_shinobi_model_handler() { return std::make_unique<ShinobiModelHandler>(); }

}  // namespace gamefmt::assimp
