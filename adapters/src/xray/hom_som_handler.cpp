// level.hom and level.som handlers: the two occluder files differ only in their record and its two-sided
// flag. Node extras written on import and read on export: see hom_som_scene.hpp.
#include <filesystem>
#include <nlohmann/json.hpp>

#include "../core/handler_base.hpp"
#include "gamefmt/core/record_fields.hpp"
#include "gamefmt/xray/level_chunk_layout.hpp"
#include "xray/hom_som_scene.hpp"

namespace gamefmt::xray {
namespace {

struct HomTraits {
  static constexpr const char* id = "xray-hom";
  static constexpr const char* name = "X-Ray visual occluders (level.hom)";
  static constexpr const char* extension = "hom";
  static constexpr std::size_t record_size = kHomPolygonSize;
  static auto read(std::span<const std::byte> data, std::string_view file) { return read_hom(data, file); }
  static auto write(const Hom& file, std::string_view name) { return write_hom(file, name); }
  static auto to_scene(const Hom& file, std::string_view name) { return hom_to_scene(file, name); }
  static auto from_scene(const scene::Scene& scene) { return hom_from_scene(scene); }
  static bool two_sided(const HomPolygon& p) { return p.two_sided(); }
};

struct SomTraits {
  static constexpr const char* id = "xray-som";
  static constexpr const char* name = "X-Ray sound occluders (level.som)";
  static constexpr const char* extension = "som";
  static constexpr std::size_t record_size = kSomPolygonSize;
  static auto read(std::span<const std::byte> data, std::string_view file) { return read_som(data, file); }
  static auto write(const Som& file, std::string_view name) { return write_som(file, name); }
  static auto to_scene(const Som& file, std::string_view name) { return som_to_scene(file, name); }
  static auto from_scene(const scene::Scene& scene) { return som_from_scene(scene); }
  static bool two_sided(const SomPolygon& p) { return p.two_sided != 0; }
};

template <class Traits>
class OccluderHandler final : public LosslessHandlerBase<&Traits::read, &Traits::write> {
 public:
  OccluderHandler() {
    auto& d = this->describe(Traits::id, Traits::name, kXray, {Traits::extension});
    d.can_import = d.can_export = d.can_rewrite = true;
    d.animations = AnimationsWritten::none;
    d.way_back = WayBack::exact;
    d.way_back_note = "an edited mesh is written as edited, with its two-sided flag or occlusion factor";
  }

  bool recognizes(std::span<const std::byte> head) const override {
    return looks_like_level_record_file(head, Traits::record_size);
  }

  scene::Scene import_scene(const ImportRequest& request) const override {
    const auto file = Traits::read(request.primary.bytes, request.primary.path);
    return this->with_reader_warnings(Traits::to_scene(file, this->scene_name(request)), file.warnings);
  }

  std::vector<std::byte> export_scene(const scene::Scene& scene,
                                      const ExportRequest& request) const override {
    return Traits::write(Traits::from_scene(scene), request.output_name);
  }

  nlohmann::json info(const ImportRequest& request) const override {
    const auto file = Traits::read(request.primary.bytes, request.primary.path);
    std::size_t two_sided = 0;
    for (const auto& p : file.polygons) two_sided += Traits::two_sided(p) ? 1 : 0;
    return {{"format", this->description().id},
            {"version", file.version},
            {"polygons", file.polygons.size()},
            {"two_sided_polygons", two_sided},
            {"chunks", file.layout.order.size()},
            {"kept_chunks", describe_kept_chunks(file.layout)},
            {"trailing_bytes", file.layout.trailing_bytes.size()},
            {"warnings", file.warnings}};
  }
};

}  // namespace

std::unique_ptr<FormatHandler> make_xray_hom_handler() {
  return std::make_unique<OccluderHandler<HomTraits>>();
}
std::unique_ptr<FormatHandler> make_xray_som_handler() {
  return std::make_unique<OccluderHandler<SomTraits>>();
}

}  // namespace gamefmt::xray
