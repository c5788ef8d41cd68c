// X-Ray SDK `.bones` handler (bone physics data and bone parts): import and lossless rewrite. The file has no
// bind pose or hierarchy, so the scene is one node per bone, flat under a root named after the file, with the
// bone's data in node metadata "xray.bone" (as for `.object` bones, xray_object.hpp) and the parts in scene
// metadata "xray.bone_parts_sdk": [ { name, bones: [names] } ] (absent when the file has no parts chunk).
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>

#include "../core/format_handlers.hpp"
#include "gamefmt/assimp/metadata_json.hpp"
#include "gamefmt/assimp/scene_building.hpp"
#include "gamefmt/assimp/xray_object.hpp"
#include "gamefmt/core/byte_order.hpp"
#include "gamefmt/core/text_encoding.hpp"
#include "gamefmt/xray/bones_file.hpp"

namespace gamefmt::assimp {
namespace {

nlohmann::json parts_json(const std::vector<xray::SdkBonePart>& parts) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& part : parts) {
    nlohmann::json bones = nlohmann::json::array();
    for (const auto& bone : part.bones) bones.push_back(cp1251_to_utf8(bone));
    out.push_back({{"name", cp1251_to_utf8(part.name)}, {"bones", bones}});
  }
  return out;
}

class BonesHandler final : public FormatHandler {
 public:
  const FormatDescription& description() const override {
    static const FormatDescription d = [] {
      FormatDescription d;
      d.id = "xray-bones";
      d.name = "X-Ray SDK bone data";
      d.family = "xray";
      d.extensions = {"bones"};
      d.can_import = d.can_rewrite = true;
      return d;
    }();
    return d;
  }

  std::unique_ptr<aiScene> import_scene(const ImportRequest& request) const override {
    const auto file = xray::read_bones_file(request.primary.bytes, request.primary.path);
    auto scene = std::make_unique<aiScene>();
    scene->mFlags |= AI_SCENE_FLAGS_INCOMPLETE;
    std::set<std::string> used;
    const auto unique = [&](std::string name) {
      if (name.empty()) name = "bone";
      std::string candidate = name;
      for (int n = 2; !used.insert(candidate).second; ++n) candidate = name + "#" + std::to_string(n);
      return candidate;
    };
    std::vector<aiNode*> nodes;
    for (const auto& bone : file.bones) {
      aiNode* node = make_node(unique(cp1251_to_utf8(bone.name)));
      add_metadata_json(node->mMetaData, kXrayBoneKey, sdk_bone_json(bone));
      nodes.push_back(node);
    }
    scene->mRootNode = make_node(unique(std::filesystem::path(request.primary.path).stem().string()));
    set_children(*scene->mRootNode, nodes);
    if (file.parts) add_metadata_json(scene->mMetaData, "xray.bone_parts_sdk", parts_json(*file.parts));
    if (!file.warnings.empty()) add_metadata_json(scene->mMetaData, kWarningsKey, file.warnings);
    return scene;
  }

  std::vector<std::byte> rewrite(std::span<const std::byte> data, std::string_view file_name) const override {
    return xray::write_bones_file(xray::read_bones_file(data, file_name));
  }

  nlohmann::json info(const ImportRequest& request) const override {
    const auto file = xray::read_bones_file(request.primary.bytes, request.primary.path);
    nlohmann::json bones = nlohmann::json::array();
    for (const auto& bone : file.bones) bones.push_back({{"name", cp1251_to_utf8(bone.name)}, {"data", sdk_bone_json(bone)}});
    return {{"format", description().id},
            {"bones", bones},
            {"bone_parts", file.parts ? parts_json(*file.parts) : nlohmann::json()},
            {"kept_chunks", xray::describe_kept_chunks(file.extra)},
            {"trailing_bytes", file.trailing_bytes.size()},
            {"warnings", file.warnings}};
  }
};

}  // namespace

std::unique_ptr<FormatHandler> make_xray_bones_handler() { return std::make_unique<BonesHandler>(); }

}  // namespace gamefmt::assimp
