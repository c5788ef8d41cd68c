// Westwood `.vxl` handler: lossless rewrite, import to a scene (with the `.hva` beside it or named after it,
// and an optional game palette), and `info` with limbs, sizes and voxel counts.
#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "../core/handler_base.hpp"
#include "westwood/vxl_scene.hpp"
#include "westwood/westwood_space.hpp"
#include "westwood_companions.hpp"

namespace gamefmt::westwood {
namespace {

class VxlHandler final : public LosslessHandlerBase<&read_vxl, &write_vxl> {
 public:
  VxlHandler() {
    auto& d = describe("westwood-vxl", "Westwood voxel model", kWestwood, {"vxl"});
    d.can_import = d.can_rewrite = true;
    d.companions = {{"animations", "HVA limb animation (found beside the .vxl by base name)", {"hva"}, false},
                    {"palette", "game palette (6-bit .pal) for the colours", {"pal"}, false}};
    d.import_options = {vxl_palette_option().spec(), vxl_fps_option().spec(), vxl_scale_option().spec()};
    d.export_note = "only from a MagicaVoxel .vox: `gamefmt convert model.vox [original.vxl] -o model.vxl`";
  }

  bool recognizes(std::span<const std::byte> head) const override {
    return head.size() >= 16 &&
           std::equal(kVxlMagic.begin(), kVxlMagic.begin() + 15, reinterpret_cast<const char*>(head.data()));
  }

  scene::Scene import_scene(const ImportRequest& request) const override {
    const auto companions = load_vxl_companions(request);
    VxlSceneInput input;
    input.vxl = &companions.vxl;
    input.vxl_name = request.primary.path;
    input.hva = companions.hva ? &*companions.hva : nullptr;
    input.hva_name = companions.hva_name;
    input.palette = companions.palette;
    input.palette_name = companions.palette_name;
    input.frames_per_second = companions.frames_per_second;
    input.scale = vxl_scale(companions.vxl, request);
    auto scene = vxl_to_scene(input, scene_name(request));
    auto warnings = companions.vxl.warnings;
    if (companions.hva)
      warnings.insert(warnings.end(), companions.hva->warnings.begin(), companions.hva->warnings.end());
    return with_reader_warnings(std::move(scene), warnings);
  }

  nlohmann::json info(const ImportRequest& request) const override {
    const auto companions = load_vxl_companions(request);
    const auto& vxl = companions.vxl;
    nlohmann::json limbs = nlohmann::json::array();
    std::size_t total = 0;
    for (std::size_t i = 0; i < vxl.limbs.size(); ++i) {
      const auto& limb = vxl.limbs[i];
      const auto& t = limb.tailer;
      const auto voxels = decode_limb_voxels(limb, request.primary.path, 0, i).filled_count();
      total += voxels;
      limbs.push_back({{"name", name_text(limb.header.name)},
                       {"size", {t.size_x, t.size_y, t.size_z}},
                       {"voxels", voxels},
                       {"normals_type", t.normals_type},
                       {"scale", t.scale},
                       {"bounds", {{"min", t.min_bounds}, {"max", t.max_bounds}}}});
    }
    nlohmann::json out = {{"format", description().id},
                          {"limbs", limbs},
                          {"voxels", total},
                          {"embedded_palette", !palette_is_empty(vxl.palette)},
                          {"remap", {vxl.remap_start, vxl.remap_end}},
                          {"game", vxl_game_name(vxl_game(vxl))},
                          {"scale", vxl_scale(vxl, request)},
                          {"trailing_bytes", vxl.trailing_bytes.size()},
                          {"warnings", vxl.warnings}};
    if (companions.hva) {
      out["hva"] = {{"file", companions.hva_name},
                    {"frames", companions.hva->frame_count},
                    {"sections", companions.hva->section_names.size()}};
    }
    return out;
  }
};

}  // namespace

std::unique_ptr<FormatHandler> make_westwood_vxl_handler() {
  return std::make_unique<VxlHandler>();
}

}  // namespace gamefmt::westwood
