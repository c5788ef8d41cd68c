// .dm handler. Node and material conventions: see xray_dm.hpp.
#include <filesystem>
#include <nlohmann/json.hpp>

#include "../core/format_handlers.hpp"
#include "gamefmt/assimp/metadata_json.hpp"
#include "gamefmt/assimp/xray_dm.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/text_encoding.hpp"

namespace gamefmt::assimp {
namespace {

class DmHandler final : public FormatHandler {
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
      return !model.indices.empty() && model.trailing_bytes.empty();
    } catch (const FormatError&) {
      return false;
    }
  }

  std::unique_ptr<aiScene> import_scene(const ImportRequest& request) const override {
    const auto model = xray::read_dm(request.primary.bytes, request.primary.path);
    auto scene = dm_to_scene(model, std::filesystem::path(request.primary.path).stem().string());
    if (!model.warnings.empty()) add_metadata_json(scene->mMetaData, kWarningsKey, model.warnings);
    return scene;
  }

  std::vector<std::byte> export_scene(const aiScene& scene, const Options&, std::string_view output_name) const override {
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
            {"triangles", model.indices.size() / 3},
            {"trailing_bytes", model.trailing_bytes.size()},
            {"warnings", model.warnings}};
  }
};

}  // namespace

std::unique_ptr<FormatHandler> make_xray_dm_handler() { return std::make_unique<DmHandler>(); }

}  // namespace gamefmt::assimp
