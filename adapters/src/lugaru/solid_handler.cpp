// Lugaru `.solid` handler: import to a scene and export from one (solid_scene.hpp), lossless rewrite, and
// `info` (counts, bounds, winding, kind, scale). Node extras "lugaru.winding" ("cw"/"ccw") and "lugaru.scale"
// carry the winding and the scale a model was imported with, so that exporting it again uses the same ones.
#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "../core/handler_base.hpp"
#include "../core/texture_images.hpp"
#include "gamefmt/core/byte_order.hpp"
#include "lugaru/lugaru_space.hpp"
#include "lugaru/solid_drawing.hpp"
#include "lugaru/solid_kind.hpp"
#include "lugaru/solid_scene.hpp"

namespace gamefmt::lugaru {
namespace {

// Nothing = auto.
const Option<std::optional<SolidWinding>>& winding_option() {
  static const auto option = choice_option<std::optional<SolidWinding>>(
      "winding",
      "front-face winding: cw (characters, clothes, weapons), ccw (world objects), or auto (Lugaru's own "
      "character and weapon names are cw, other files by the sign of their enclosed volume; on export, the "
      "winding the scene was imported with)",
      {{"auto", std::nullopt}, {"cw", SolidWinding::clockwise}, {"ccw", SolidWinding::counter_clockwise}},
      "auto");
  return option;
}

// Nothing = the engine's factor for the model's kind (lugaru_space.hpp).
const Option<std::optional<double>>& scale_option() {
  static const auto option = automatic_number_option(
      "scale",
      "metres per .solid unit; auto: the size the game draws the model at, by its name (Lugaru's own "
      "character, weapon, hawk and eye names; any other name is a level object at scale 1); on export, the "
      "scale the scene was imported with, which an explicit value replaces",
      1e-9, 1e9);
  return option;
}

class SolidHandler final : public LosslessHandlerBase<&read_solid, &write_solid> {
 public:
  SolidHandler() {
    auto& d = describe("lugaru-solid", "Lugaru model", kLugaru, {"solid"});
    d.can_import = d.can_export = d.can_rewrite = true;
    d.animations = AnimationsWritten::none;
    d.way_back_note =
        "the scale and winding the import used are undone exactly; an edited mesh is written as edited, "
        "normals from the scene";
    d.way_back = WayBack::exact;
    d.import_options = {winding_option().spec(), scale_option().spec()};
    d.export_options = {winding_option().spec(), scale_option().spec()};
    d.companions = {{"texture",
                     "a picture for the model's texture (Lugaru names none in its files); default: one with "
                     "the model's base name beside it or in a Textures folder beside it or its folder",
                     picture_extensions(), false}};
  }

  // No magic number: a plausible header whose counts give exactly the file size.
  bool recognizes(std::span<const std::byte> head) const override {
    if (head.size() < kSolidHeaderSize) return false;
    const auto vertices = load_value<std::int16_t>(head.data(), ByteOrder::big);
    const auto triangles = load_value<std::int16_t>(head.data() + 2, ByteOrder::big);
    if (vertices <= 0 || triangles <= 0) return false;
    const std::size_t expected =
        kSolidHeaderSize + kSolidVertexSize * vertices + kSolidTriangleSize * triangles;
    return expected == head.size();  // only decisive when the whole (small) file was given
  }

  scene::Scene import_scene(const ImportRequest& request) const override {
    const auto model = read_solid(request.primary.bytes, request.primary.path);
    auto scene = with_reader_warnings(
        solid_to_scene(model, import_winding(model, request), import_scale(request), scene_name(request)),
        model.warnings);
    attach_picture_texture(scene, request, request.primary.path);
    apply_solid_drawing(scene, request.primary.path);
    return scene;
  }

  std::vector<std::byte> export_scene(const scene::Scene& scene,
                                      const ExportRequest& request) const override {
    const std::string_view output_name = request.output_name;
    auto winding = winding_option().get(request.options, output_name);
    if (!winding) winding = solid_winding_from_scene(scene);
    if (!winding) winding = solid_winding_from_name(output_name);
    auto scale = scale_option().get(request.options, output_name);
    if (!scale) scale = solid_scale_from_scene(scene);
    if (!scale) scale = solid_engine_scale(solid_kind_from_name(output_name));
    return write_solid(
        scene_to_solid(scene, winding.value_or(SolidWinding::counter_clockwise), *scale, output_name),
        output_name);
  }

  nlohmann::json info(const ImportRequest& request) const override {
    const auto model = read_solid(request.primary.bytes, request.primary.path);
    std::array<float, 3> low{}, high{};
    if (!model.positions.empty()) low = high = model.positions.front();
    for (const auto& p : model.positions)
      for (int i = 0; i < 3; ++i) {
        low[i] = std::min(low[i], p[i]);
        high[i] = std::max(high[i], p[i]);
      }
    bool canonical = true;  // the (a, b, b, c, c, 0) pattern of the game's files
    for (const auto& t : model.triangles) {
      const auto& s = t.index_shorts;
      canonical = canonical && s[1] == s[2] && s[3] == s[4] && s[5] == 0;
    }
    return {{"format", description().id},
            {"vertices", model.positions.size()},
            {"triangles", model.triangles.size()},
            {"bounds", {{"min", low}, {"max", high}}},
            {"winding", solid_winding_name(import_winding(model, request))},
            {"kind", solid_kind_name(solid_kind_from_name(request.primary.path))},
            {"scale", import_scale(request)},
            {"canonical_index_pattern", canonical},
            {"trailing_bytes", model.trailing_bytes.size()},
            {"warnings", model.warnings}};
  }

 private:
  static SolidWinding import_winding(const SolidModel& model, const ImportRequest& request) {
    if (const auto chosen = winding_option().get(request.options, request.primary.path)) return *chosen;
    return guess_solid_winding(model, request.primary.path);
  }
  static double import_scale(const ImportRequest& request) {
    if (const auto chosen = scale_option().get(request.options, request.primary.path)) return *chosen;
    return solid_engine_scale(solid_kind_from_name(request.primary.path));
  }
};

}  // namespace

std::unique_ptr<FormatHandler> make_lugaru_solid_handler() {
  return std::make_unique<SolidHandler>();
}

}  // namespace gamefmt::lugaru
