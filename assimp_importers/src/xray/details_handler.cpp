// level.details handler (import and lossless rewrite). Baking rule and metadata: see xray_details.hpp.
#include <filesystem>
#include <nlohmann/json.hpp>

#include "../core/format_handlers.hpp"
#include "gamefmt/assimp/metadata_json.hpp"
#include "gamefmt/assimp/xray_details.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/text_encoding.hpp"

namespace gamefmt::assimp {
namespace {

class DetailsHandler final : public FormatHandler {
 public:
  const FormatDescription& description() const override {
    static const FormatDescription d = [] {
      FormatDescription d;
      d.id = "xray-details";
      d.name = "X-Ray level details (grass slots, v2 and v3)";
      d.family = "xray";
      d.extensions = {"details"};
      d.file_names = {"level.details"};
      d.can_import = d.can_rewrite = true;
      d.import_options = {{"details_grid",
                           "each 2 m slot is split into N x N cells; a model at full density fills every cell with one "
                           "baked instance (1..16)",
                           {},
                           "3"},
                          {"details_mode",
                           "instanced: one mesh per model drawn at every placement with EXT_mesh_gpu_instancing; "
                           "baked: all placements of a model merged into one mesh",
                           {"instanced", "baked"},
                           "instanced"}};
      return d;
    }();
    return d;
  }

  std::unique_ptr<aiScene> import_scene(const ImportRequest& request) const override {
    const std::string mode = option(request.options, "details_mode", false);
    if (mode != "instanced" && mode != "baked")
      throw FormatError(request.primary.path, std::nullopt, "option details_mode", "'" + mode + "' is not instanced or baked");
    const auto details = xray::read_details(request.primary.bytes, request.primary.path);
    auto scene = details_to_scene(details, grid(request), std::filesystem::path(request.primary.path).stem().string(),
                                  mode == "baked" ? DetailsMode::baked : DetailsMode::instanced);
    if (!details.warnings.empty()) add_metadata_json(scene->mMetaData, kWarningsKey, details.warnings);
    return scene;
  }

  std::vector<std::byte> rewrite(std::span<const std::byte> data, std::string_view file_name) const override {
    return xray::write_details(xray::read_details(data, file_name), file_name);
  }

  nlohmann::json info(const ImportRequest& request) const override {
    const auto details = xray::read_details(request.primary.bytes, request.primary.path);
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
      nlohmann::json slot = {{"x", i % h.size_x}, {"z", i / h.size_x}, {"y_min", details.slot_y_min(s)},
                             {"y_max", details.slot_y_max(s)}, {"parts", parts}};
      if (h.version == 2) {
        slot["light"] = s.light_v2;
      } else {
        slot["light"] = {{"dir", (s.bits >> 44) & 0xF}, {"hemi", (s.bits >> 48) & 0xF}, {"r", (s.bits >> 52) & 0xF},
                         {"g", (s.bits >> 56) & 0xF}, {"b", (s.bits >> 60) & 0xF}};
      }
      slots.push_back(slot);
    }
    return {{"format", description().id},
            {"header",
             {{"version", h.version}, {"object_count", h.object_count}, {"offset_x", h.offset_x},
              {"offset_z", h.offset_z}, {"size_x", h.size_x}, {"size_z", h.size_z}}},
            {"models", models},
            {"slots", slots},
            {"kept_chunks", xray::describe_kept_chunks(details.layout)},
            {"trailing_bytes", details.layout.trailing_bytes.size()},
            {"warnings", details.warnings}};
  }

 private:
  unsigned grid(const ImportRequest& request) const {
    const std::string text = option(request.options, "details_grid", false);
    unsigned value = 0;
    try {
      std::size_t used = 0;
      value = unsigned(std::stoul(text, &used));
      if (used != text.size()) value = 0;
    } catch (const std::exception&) {
      value = 0;
    }
    if (value < 1 || value > 16)
      throw FormatError(request.primary.path, std::nullopt, "option details_grid", "'" + text + "' is not a number 1..16");
    return value;
  }
};

}  // namespace

std::unique_ptr<FormatHandler> make_xray_details_handler() { return std::make_unique<DetailsHandler>(); }

}  // namespace gamefmt::assimp
