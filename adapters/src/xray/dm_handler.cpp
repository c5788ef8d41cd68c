// .dm handler. Node and material conventions: see dm_scene.hpp.
#include <filesystem>
#include <nlohmann/json.hpp>

#include "../core/handler_base.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/text_encoding.hpp"
#include "xray/dm_scene.hpp"
#include "xray/xray_game_data.hpp"

namespace gamefmt::xray {
namespace {

class DmHandler final : public LosslessHandlerBase<&read_dm, &write_dm> {
 public:
  DmHandler() {
    auto& d = describe("xray-dm", "X-Ray detail model", kXray, {"dm"});
    d.can_import = d.can_export = d.can_rewrite = true;
    d.animations = AnimationsWritten::none;
    d.way_back_note = "an edited mesh is written as edited, with its shader and texture";
    d.way_back = WayBack::exact;
  }

  // No magic number: a small whole file that parses exactly, with printable names.
  bool recognizes(std::span<const std::byte> head) const override {
    if (head.size() >= 65536 || head.empty() || std::to_integer<unsigned char>(head[0]) < 0x20) return false;
    try {
      const auto model = read_dm(head, "");
      return !model.indices.empty() && model.trailing_bytes.empty();
    } catch (const FormatError&) {
      return false;
    }
  }

  scene::Scene import_scene(const ImportRequest& request) const override {
    const auto model = read_dm(request.primary.bytes, request.primary.path);
    auto scene = with_reader_warnings(dm_to_scene(model, scene_name(request)), model.warnings);
    attach_xray_textures(scene, request);
    return scene;
  }

  std::vector<std::byte> export_scene(const scene::Scene& scene,
                                      const ExportRequest& request) const override {
    return write_dm(dm_from_scene(scene, request.output_name, request.warnings), request.output_name);
  }

  nlohmann::json info(const ImportRequest& request) const override {
    const auto model = read_dm(request.primary.bytes, request.primary.path);
    return {{"format", description().id},
            {"shader", cp1251_to_utf8(model.shader)},
            {"texture", cp1251_to_utf8(model.texture)},
            {"textures", xray_textures_info(request, {cp1251_to_utf8(model.texture)})},
            {"flags", model.flags},
            {"no_waving", (model.flags & kDmNoWaving) != 0},
            {"min_scale", model.min_scale},
            {"max_scale", model.max_scale},
            {"vertices", model.vertices.size()},
            {"triangles", model.indices.size() / 3},
            {"trailing_bytes", model.trailing_bytes.size()},
            {"warnings", model.warnings}};
  }
};

}  // namespace

std::unique_ptr<FormatHandler> make_xray_dm_handler() {
  return std::make_unique<DmHandler>();
}

}  // namespace gamefmt::xray
