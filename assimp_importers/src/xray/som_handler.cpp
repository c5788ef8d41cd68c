// level.som handler. Node metadata written on import and read on export: see xray_occluders.hpp.
#include <filesystem>
#include <nlohmann/json.hpp>

#include "../core/format_handlers.hpp"
#include "gamefmt/assimp/xray_occluders.hpp"

namespace gamefmt::assimp {
namespace {

class SomHandler final : public FormatHandler {
 public:
  const FormatDescription& description() const override {
    static const FormatDescription d = [] {
      FormatDescription d;
      d.id = "xray-som";
      d.name = "X-Ray sound occluders (level.som)";
      d.family = "xray";
      d.extensions = {"som"};
      d.can_import = d.can_export = d.can_rewrite = true;
      return d;
    }();
    return d;
  }

  bool recognizes(std::span<const std::byte> head) const override {
    return xray::looks_like_level_record_file(head, xray::kSomPolygonSize);
  }

  std::unique_ptr<aiScene> import_scene(const ImportRequest& request) const override {
    return som_to_scene(xray::read_som(request.primary.bytes, request.primary.path),
                        std::filesystem::path(request.primary.path).stem().string());
  }

  std::vector<std::byte> export_scene(const aiScene& scene, const Options&, std::string_view) const override {
    return xray::write_som(scene_to_som(scene));
  }

  std::vector<std::byte> rewrite(std::span<const std::byte> data, std::string_view file_name) const override {
    return xray::write_som(xray::read_som(data, file_name));
  }

  nlohmann::json info(const ImportRequest& request) const override {
    const auto file = xray::read_som(request.primary.bytes, request.primary.path);
    std::size_t two_sided = 0;
    for (const auto& p : file.polygons) two_sided += p.two_sided != 0 ? 1 : 0;
    return {{"format", description().id},
            {"version", file.version},
            {"polygons", file.polygons.size()},
            {"two_sided_polygons", two_sided},
            {"chunks", file.layout.order.size()}};
  }
};

}  // namespace

std::unique_ptr<FormatHandler> make_xray_som_handler() { return std::make_unique<SomHandler>(); }

}  // namespace gamefmt::assimp
