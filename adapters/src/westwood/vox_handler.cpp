// MagicaVoxel `.vox` handler (family westwood): lossless rewrite, direct conversion to and from `.vxl`
// (vox_conversion.hpp), import to a scene (through the same limb layout as a .vxl) and `info`.
#include <filesystem>
#include <nlohmann/json.hpp>

#include "../core/handler_base.hpp"
#include "gamefmt/core/format_error.hpp"
#include "westwood/vox_conversion.hpp"
#include "westwood/vxl_scene.hpp"
#include "westwood_companions.hpp"

namespace gamefmt::westwood {
namespace {

constexpr std::string_view kVxlId = "westwood-vxl";

const Option<std::uint8_t>& normals_type_option() {
  static const auto option = choice_option<std::uint8_t>(
      "normals_type",
      "normals table of a .vxl built without an original: 2 (Tiberian Sun) or 4 (Red Alert 2)",
      {{"2", 2}, {"4", 4}}, "4");
  return option;
}

class VoxHandler final : public LosslessHandlerBase<&read_vox, &write_vox> {
 public:
  VoxHandler() {
    auto& d = describe("magicavoxel-vox", "MagicaVoxel model", kMagicaVoxel, {"vox"});
    d.can_import = d.can_rewrite = true;
    d.companions = {{"original",
                     "the .vxl the .vox was made from (limb data, normals) when converting back",
                     {"vxl"},
                     false}};
    d.import_options = {normals_type_option().spec(), vxl_scale_option().spec()};
    d.export_note = "only from a Westwood .vxl: `gamefmt convert model.vxl -o model.vox`";
  }

  bool recognizes(std::span<const std::byte> head) const override {
    return head.size() >= 8 && std::string_view(reinterpret_cast<const char*>(head.data()), 4) == "VOX ";
  }

  scene::Scene import_scene(const ImportRequest& request) const override {
    Warnings warnings;
    const auto vxl = to_vxl(request, &warnings);
    VxlSceneInput input;
    input.vxl = &vxl;
    input.vxl_name = request.primary.path;
    input.scale = vxl_scale(vxl, request);
    return with_reader_warnings(vxl_to_scene(input, scene_name(request)), warnings);
  }

  nlohmann::json info(const ImportRequest& request) const override {
    const auto vox = read_vox(request.primary.bytes, request.primary.path);
    nlohmann::json models = nlohmann::json::array();
    std::size_t total = 0;
    for (const auto& m : vox_models(vox, request.primary.path)) {
      models.push_back({{"name", m.name}, {"size", m.size}, {"voxels", m.voxels.size()}});
      total += m.voxels.size();
    }
    return {{"format", description().id},
            {"version", vox.version},
            {"models", models},
            {"voxels", total},
            {"palette", vox_palette(vox, request.primary.path).has_value()},
            {"original_vxl", find_chunk(vox, kVoxOriginalVxlChunk) != nullptr},
            {"trailing_bytes", vox.trailing_bytes.size()},
            {"warnings", vox.warnings}};
  }

  // .vox -> .vxl
  std::optional<std::vector<std::byte>> convert_to(const ImportRequest& request, const FormatHandler& target,
                                                   const ExportRequest& output) const override {
    const std::string_view output_name = output.output_name;
    if (target.description().id != kVxlId) return std::nullopt;
    return write_vxl(to_vxl(request), output_name);
  }

  // .vxl -> .vox
  std::optional<std::vector<std::byte>> convert_from(const ImportRequest& request,
                                                     const FormatHandler* source,
                                                     const ExportRequest& output) const override {
    if (source == nullptr || source->description().id != kVxlId) return std::nullopt;
    const auto companions = load_vxl_companions(request);
    return write_vox(vxl_to_vox(companions.vxl, request.primary.bytes, companions.palette),
                     output.output_name);
  }

 private:
  // `warnings`, when given, receives what the .vox reader tolerated.
  VxlFile to_vxl(const ImportRequest& request, Warnings* warnings = nullptr) const {
    const auto vox = read_vox(request.primary.bytes, request.primary.path);
    if (warnings != nullptr) *warnings = vox.warnings;
    std::optional<VxlFile> original;
    for (const auto& companion : request.companions) {
      if (std::filesystem::path(companion.path).extension() != ".vxl")
        throw FormatError(companion.path, std::nullopt, "",
                          "a .vox takes only its original .vxl as companion");
      original = read_vxl(companion.bytes, companion.path);
    }
    if (!original) original = original_vxl_in_vox(vox, request.primary.path);
    const std::uint8_t normals_type = normals_type_option().get(request.options, request.primary.path);
    return vox_to_vxl(vox, request.primary.path, original ? &*original : nullptr, normals_type);
  }
};

}  // namespace

std::unique_ptr<FormatHandler> make_magicavoxel_vox_handler() {
  return std::make_unique<VoxHandler>();
}

}  // namespace gamefmt::westwood
