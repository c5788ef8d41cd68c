// level.details handler (import and lossless rewrite). Baking rule and extras: see details_scene.hpp.
#include <filesystem>
#include <nlohmann/json.hpp>

#include "../core/handler_base.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/text_encoding.hpp"
#include "gamefmt/xray/level_chunk_layout.hpp"
#include "xray/details_scene.hpp"
#include "xray/xray_game_data.hpp"

namespace gamefmt::xray {

const Option<long long>& details_grid_option() {
  static const auto option = integer_option("details_grid",
                                            "each 2 m slot is split into N x N cells; a model at full "
                                            "density fills every cell with one baked instance",
                                            3, 1, 16);
  return option;
}

const Option<DetailsMode>& details_mode_option() {
  static const auto option = choice_option<DetailsMode>(
      "details_mode",
      "instanced: one mesh per model drawn at every placement with EXT_mesh_gpu_instancing; baked: all "
      "placements "
      "of a model merged into one mesh",
      {{"instanced", DetailsMode::instanced}, {"baked", DetailsMode::baked}}, "instanced");
  return option;
}

namespace {

unsigned grid(const ImportRequest& request) {
  return unsigned(details_grid_option().get(request.options, request.primary.path));
}

class DetailsHandler final : public LosslessHandlerBase<&read_details, &write_details> {
 public:
  DetailsHandler() {
    auto& d = describe("xray-details", "X-Ray level details (grass slots, v2 and v3)", kXray, {"details"});
    d.file_names = {"level.details"};
    d.can_import = d.can_rewrite = true;
    d.import_options = {details_grid_option().spec(), details_mode_option().spec()};
  }

  scene::Scene import_scene(const ImportRequest& request) const override {
    const DetailsPlacement placement{.grid = grid(request),
                                     .mode = details_mode_option().get(request.options, request.primary.path),
                                     .max_instances = request.limits.max_detail_instances};
    const auto details = read_details(request.primary.bytes, request.primary.path);
    auto scene = with_reader_warnings(
        details_to_scene(details, placement, scene_name(request), request.primary.path), details.warnings);
    attach_xray_textures(scene, request);
    return scene;
  }

  nlohmann::json info(const ImportRequest& request) const override {
    const auto details = read_details(request.primary.bytes, request.primary.path);
    const auto& h = details.header;
    nlohmann::json models = nlohmann::json::array();
    const auto counts = details_instance_counts(details, grid(request));
    for (std::size_t m = 0; m < details.models.size(); ++m)
      models.push_back({{"shader", cp1251_to_utf8(details.models[m].shader)},
                        {"texture", cp1251_to_utf8(details.models[m].texture)},
                        {"vertices", details.models[m].vertices.size()},
                        {"triangles", details.models[m].indices.size() / 3},
                        {"baked_instances", counts[m]}});
    nlohmann::json slots = nlohmann::json::array();
    for (std::size_t i = 0; i < details.slots.size(); ++i) {
      const auto& s = details.slots[i];
      nlohmann::json parts = nlohmann::json::array();
      for (int k = 0; k < 4; ++k) {
        const unsigned id = h.version == 2 ? s.ids_v2[k] : s.id_v3(k);
        parts.push_back({{"id", id},
                         {"used", details.model_of(s, k).has_value()},
                         {"density", {s.density(k, 0), s.density(k, 1), s.density(k, 2), s.density(k, 3)}}});
      }
      nlohmann::json slot = {{"x", i % h.size_x},
                             {"z", i / h.size_x},
                             {"y_min", details.slot_y_min(s)},
                             {"y_max", details.slot_y_max(s)},
                             {"parts", parts}};
      if (h.version == 2) {
        slot["light"] = s.light_v2;
      } else {
        slot["light"] = {{"dir", (s.bits >> 44) & 0xF},
                         {"hemi", (s.bits >> 48) & 0xF},
                         {"r", (s.bits >> 52) & 0xF},
                         {"g", (s.bits >> 56) & 0xF},
                         {"b", (s.bits >> 60) & 0xF}};
      }
      slots.push_back(slot);
    }
    return {{"format", description().id},
            {"header",
             {{"version", h.version},
              {"object_count", h.object_count},
              {"offset_x", h.offset_x},
              {"offset_z", h.offset_z},
              {"size_x", h.size_x},
              {"size_z", h.size_z}}},
            {"models", models},
            {"slots", slots},
            {"kept_chunks", describe_kept_chunks(details.layout)},
            {"trailing_bytes", details.layout.trailing_bytes.size()},
            {"warnings", details.warnings}};
  }
};

}  // namespace

std::unique_ptr<FormatHandler> make_xray_details_handler() {
  return std::make_unique<DetailsHandler>();
}

}  // namespace gamefmt::xray
