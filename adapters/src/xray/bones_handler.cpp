// X-Ray SDK `.bones` handler (bone physics data and bone parts): import (bones_scene.hpp) and lossless
// rewrite.
#include <filesystem>
#include <nlohmann/json.hpp>

#include "../core/handler_base.hpp"
#include "gamefmt/core/text_encoding.hpp"
#include "gamefmt/xray/bones_file.hpp"
#include "gamefmt/xray/level_chunk_layout.hpp"
#include "xray/bones_scene.hpp"
#include "xray/object_scene.hpp"

namespace gamefmt::xray {
namespace {

class BonesHandler final : public LosslessHandlerBase<&read_bones_file, &write_bones_file> {
 public:
  BonesHandler() {
    auto& d = describe("xray-bones", "X-Ray SDK bone data", kXray, {"bones"});
    d.can_import = d.can_rewrite = true;
  }

  scene::Scene import_scene(const ImportRequest& request) const override {
    const auto file = read_bones_file(request.primary.bytes, request.primary.path);
    return with_reader_warnings(bones_to_scene(file, scene_name(request)), file.warnings);
  }

  nlohmann::json info(const ImportRequest& request) const override {
    const auto file = read_bones_file(request.primary.bytes, request.primary.path);
    nlohmann::json bones = nlohmann::json::array();
    for (const auto& bone : file.bones)
      bones.push_back({{"name", cp1251_to_utf8(bone.name)}, {"data", sdk_bone_json(bone)}});
    return {{"format", description().id},
            {"bones", bones},
            {"bone_parts", file.parts ? sdk_bone_parts_json(*file.parts) : nlohmann::json()},
            {"kept_chunks", describe_kept_chunks(file.extra)},
            {"trailing_bytes", file.trailing_bytes.size()},
            {"warnings", file.warnings}};
  }
};

}  // namespace

std::unique_ptr<FormatHandler> make_xray_bones_handler() {
  return std::make_unique<BonesHandler>();
}

}  // namespace gamefmt::xray
