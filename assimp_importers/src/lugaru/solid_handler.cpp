#include <filesystem>
#include <nlohmann/json.hpp>

#include "../core/format_handlers.hpp"
#include "gamefmt/assimp/metadata_json.hpp"
#include "gamefmt/assimp/lugaru_solid.hpp"
#include "gamefmt/core/byte_order.hpp"
#include "gamefmt/core/format_error.hpp"

namespace gamefmt::assimp {
namespace {

const char* winding_name(SolidWinding w) { return w == SolidWinding::clockwise ? "cw" : "ccw"; }

class SolidHandler final : public FormatHandler {
 public:
  const FormatDescription& description() const override {
    static const FormatDescription d = [] {
      FormatDescription d;
      d.id = "lugaru-solid";
      d.name = "Lugaru model";
      d.family = "lugaru";
      d.extensions = {"solid"};
      d.can_import = d.can_export = d.can_rewrite = true;
      const OptionSpec winding{"winding",
                               "front-face winding: cw (characters, clothes, weapons), ccw (world objects), or auto "
                               "(Lugaru's own character and weapon names are cw, other files by the sign of their "
                               "enclosed volume; on export, the winding the scene was imported with)",
                               {"auto", "cw", "ccw"},
                               "auto"};
      d.import_options = {winding};
      d.export_options = {winding};
      return d;
    }();
    return d;
  }

  // No magic number: a plausible header whose counts give exactly the file size.
  bool recognizes(std::span<const std::byte> head) const override {
    if (head.size() < lugaru::kSolidHeaderSize) return false;
    const auto vertices = load_value<std::int16_t>(head.data(), ByteOrder::big);
    const auto triangles = load_value<std::int16_t>(head.data() + 2, ByteOrder::big);
    if (vertices <= 0 || triangles <= 0) return false;
    const std::size_t expected = lugaru::kSolidHeaderSize + lugaru::kSolidVertexSize * vertices +
                                 lugaru::kSolidTriangleSize * triangles;
    return expected == head.size();  // only decisive when the whole (small) file was given
  }

  std::unique_ptr<aiScene> import_scene(const ImportRequest& request) const override {
    const auto model = lugaru::read_solid(request.primary.bytes, request.primary.path);
    auto scene = solid_to_scene(model, import_winding(model, request), std::filesystem::path(request.primary.path).stem().string());
    if (!model.warnings.empty()) add_metadata_json(scene->mMetaData, kWarningsKey, model.warnings);
    return scene;
  }

  std::vector<std::byte> export_scene(const aiScene& scene, const Options& options,
                                      std::string_view output_name) const override {
    const std::string choice = option(options, "winding", true);
    SolidWinding winding;
    if (choice == "cw") {
      winding = SolidWinding::clockwise;
    } else if (choice == "ccw") {
      winding = SolidWinding::counter_clockwise;
    } else if (choice == "auto") {
      winding = solid_winding_from_scene(scene)
                    .value_or(solid_winding_from_name(output_name).value_or(SolidWinding::counter_clockwise));
    } else {
      throw FormatError(std::string(output_name), std::nullopt, "option winding", "unknown value '" + choice + "'");
    }
    return lugaru::write_solid(scene_to_solid(scene, winding, output_name), output_name);
  }

  std::vector<std::byte> rewrite(std::span<const std::byte> data, std::string_view file_name) const override {
    return lugaru::write_solid(lugaru::read_solid(data, file_name), file_name);
  }

  nlohmann::json info(const ImportRequest& request) const override {
    const auto model = lugaru::read_solid(request.primary.bytes, request.primary.path);
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
            {"winding", winding_name(import_winding(model, request))},
            {"canonical_index_pattern", canonical},
            {"trailing_bytes", model.trailing_bytes.size()},
            {"warnings", model.warnings}};
  }

 private:
  SolidWinding import_winding(const lugaru::SolidModel& model, const ImportRequest& request) const {
    const std::string choice = option(request.options, "winding", false);
    if (choice == "cw") return SolidWinding::clockwise;
    if (choice == "ccw") return SolidWinding::counter_clockwise;
    if (choice != "auto")
      throw FormatError(request.primary.path, std::nullopt, "option winding", "unknown value '" + choice + "'");
    return guess_solid_winding(model, request.primary.path);
  }
};

}  // namespace

std::unique_ptr<FormatHandler> make_lugaru_solid_handler() { return std::make_unique<SolidHandler>(); }

}  // namespace gamefmt::assimp
