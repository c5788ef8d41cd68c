// .dm handler. Node and material conventions: see xray_dm.hpp.
#include <filesystem>
#include <nlohmann/json.hpp>

#include "../core/format_handlers.hpp"
#include "../core/legacy_ai_scene_handler.hpp"
#include "xray/dm_scene.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/text_encoding.hpp"

namespace gamefmt::assimp {
namespace {

class DmHandler final : public LegacyAiSceneHandler {
 public:
  const FormatDescription& description() const override {
    static const FormatDescription d = [] {
      FormatDescription d;
      d.id = "xray-dm";
      d.name = "X-Ray detail model";
      d.family = "xray";
      d.extensions = {"dm"};
      d.can_import = d.can_export = d.can_rewrite = true;
      return d;
    }();
    return d;
  }

  // No magic number: a small whole file that parses exactly, with printable names.
  bool recognizes(std::span<const std::byte> head) const override {
    if (head.size() >= 65536 || head.empty() || std::to_integer<unsigned char>(head[0]) < 0x20) return false;
    try {
      const auto model = xray::read_dm(head, "");
      return !model.indices.empty();
    } catch (const FormatError&) {
      return false;
    }
  }

  std::unique_ptr<aiScene> legacy_import(const ImportRequest& request) const override {
    return dm_to_scene(xray::read_dm(request.primary.bytes, request.primary.path),
                       std::filesystem::path(request.primary.path).stem().string());
  }

  std::vector<std::byte> legacy_export(const aiScene& scene, const Options&, std::string_view output_name) const override {
    return xray::write_dm(scene_to_dm(scene, output_name), output_name);
  }

  std::vector<std::byte> rewrite(std::span<const std::byte> data, std::string_view file_name) const override {
    return xray::write_dm(xray::read_dm(data, file_name), file_name);
  }

  nlohmann::json info(const ImportRequest& request) const override {
    const auto model = xray::read_dm(request.primary.bytes, request.primary.path);
    return {{"format", description().id},
            {"shader", cp1251_to_utf8(model.shader)},
            {"texture", cp1251_to_utf8(model.texture)},
            {"flags", model.flags},
            {"no_waving", (model.flags & xray::kDmNoWaving) != 0},
            {"min_scale", model.min_scale},
            {"max_scale", model.max_scale},
            {"vertices", model.vertices.size()},
            {"triangles", model.indices.size() / 3}};
  }
};

}  // namespace

std::unique_ptr<FormatHandler> make_xray_dm_handler() { return std::make_unique<DmHandler>(); }

}  // namespace gamefmt::assimp
