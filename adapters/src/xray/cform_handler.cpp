// level.cform handler. Node extras written on import and read on export: see cform_scene.hpp.
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>

#include "../core/handler_base.hpp"
#include "gamefmt/core/byte_order.hpp"
#include "xray/cform_scene.hpp"

namespace gamefmt::xray {
namespace {

class CformHandler final : public LosslessHandlerBase<&read_cform, &write_cform> {
 public:
  CformHandler() {
    auto& d = describe("xray-cform", "X-Ray level collision mesh (level.cform v4)", kXray, {"cform"});
    d.can_import = d.can_export = d.can_rewrite = true;
    d.animations = AnimationsWritten::none;
    d.way_back_note = "edited triangles are regrouped by material, flags and sectors kept";
    d.way_back = WayBack::exact;
  }

  // Version 4 and counts that give exactly the file size (the head is the whole file up to 64 KiB).
  bool recognizes(std::span<const std::byte> head) const override {
    if (head.size() < kCformHeaderSize) return false;
    if (load_value<std::uint32_t>(head.data(), ByteOrder::little) != kCformVersion) return false;
    const std::uint64_t vertices = load_value<std::uint32_t>(head.data() + 4, ByteOrder::little);
    const std::uint64_t triangles = load_value<std::uint32_t>(head.data() + 8, ByteOrder::little);
    const std::uint64_t expected =
        kCformHeaderSize + kCformVertexSize * vertices + kCformTriangleSize * triangles;
    return expected == head.size() || (head.size() == 65536 && expected > head.size());
  }

  scene::Scene import_scene(const ImportRequest& request) const override {
    const auto cform = read_cform(request.primary.bytes, request.primary.path);
    return with_reader_warnings(cform_to_scene(cform, scene_name(request)), cform.warnings);
  }

  std::vector<std::byte> export_scene(const scene::Scene& scene,
                                      const ExportRequest& request) const override {
    return write_cform(cform_from_scene(scene, request.output_name), request.output_name);
  }

  nlohmann::json info(const ImportRequest& request) const override {
    const auto cform = read_cform(request.primary.bytes, request.primary.path);
    std::map<std::uint32_t, std::size_t> materials, sectors;
    std::size_t no_shadows = 0, no_wallmarks = 0;
    for (const auto& t : cform.triangles) {
      ++materials[t.material()];
      ++sectors[t.sector()];
      no_shadows += t.suppress_shadows();
      no_wallmarks += t.suppress_wallmarks();
    }
    nlohmann::json material_counts = nlohmann::json::object(), sector_counts = nlohmann::json::object();
    for (const auto& [id, n] : materials) material_counts[std::to_string(id)] = n;
    for (const auto& [id, n] : sectors) sector_counts[std::to_string(id)] = n;
    return {{"format", description().id},
            {"version", cform.version},
            {"vertices", cform.vertices.size()},
            {"triangles", cform.triangles.size()},
            {"bounds", {{"min", cform.bounds_min}, {"max", cform.bounds_max}}},
            {"triangles_per_material", material_counts},
            {"triangles_per_sector", sector_counts},
            {"suppress_shadows", no_shadows},
            {"suppress_wallmarks", no_wallmarks},
            {"trailing_bytes", cform.trailing_bytes.size()},
            {"warnings", cform.warnings}};
  }
};

}  // namespace

std::unique_ptr<FormatHandler> make_xray_cform_handler() {
  return std::make_unique<CformHandler>();
}

}  // namespace gamefmt::xray
