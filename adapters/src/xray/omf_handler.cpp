#include <filesystem>
#include <nlohmann/json.hpp>

#include "../core/handler_base.hpp"
#include "gamefmt/core/byte_order.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/text_encoding.hpp"
#include "xray/motion_record.hpp"
#include "xray/motion_scene.hpp"

namespace gamefmt::xray {
namespace {

// X-Ray `.omf` motions. Import gives a bone node per bone-part bone and an animation per motion (parameters
// in the scene extras of motion_scene.hpp); export samples the scene's animations at 30 fps, and writes back
// the stored keys and parts of the file while the scene holds what the import made of them
// (motion_record.hpp): an unedited round trip through glTF gives the original bytes.
class OmfHandler final : public LosslessHandlerBase<&read_omf, &write_omf> {
 public:
  OmfHandler() {
    auto& d = describe("xray-omf", "X-Ray skeletal motions", kXray, {"omf"});
    d.can_import = d.can_export = d.can_rewrite = true;
    d.way_back = WayBack::exact;
    d.way_back_note =
        "an edited bone's keys are quantised anew (the other bones keep their stored keys); edited "
        "parameters are written from the extras";
    d.way_back_records = omf_way_back_records();
  }

  // Starts with the motion key chunk (0x0E) whose first sub-chunk is the motion count (id 0, 4 bytes).
  bool recognizes(std::span<const std::byte> head) const override {
    if (head.size() < 20) return false;
    return load_value<std::uint32_t>(head.data(), ByteOrder::little) == kChunkMotionKeys &&
           load_value<std::uint32_t>(head.data() + 8, ByteOrder::little) == 0 &&
           load_value<std::uint32_t>(head.data() + 12, ByteOrder::little) == 4;
  }

  scene::Scene import_scene(const ImportRequest& request) const override {
    const auto omf = read_omf(request.primary.bytes, request.primary.path);
    return with_reader_warnings(omf_to_scene(omf, scene_name(request), motion_records_for(request)),
                                omf.warnings);
  }

  std::vector<std::byte> export_scene(const scene::Scene& scene,
                                      const ExportRequest& request) const override {
    try {
      return write_omf(scene_to_omf(scene, request.output_name), request.output_name);
    } catch (const nlohmann::json::exception& e) {  // a motion record of the extras that is not ours
      throw FormatError(request.output_name, std::nullopt, "extras", e.what());
    }
  }

  nlohmann::json info(const ImportRequest& request) const override {
    const auto omf = read_omf(request.primary.bytes, request.primary.path);
    nlohmann::json motions = nlohmann::json::array();
    for (const auto& motion : omf.keys.motions)
      motions.push_back({{"name", cp1251_to_utf8(motion.name)}, {"frames", motion.frame_count}});
    nlohmann::json parts = nlohmann::json::array();
    for (const auto& part : omf.params.parts)
      parts.push_back({{"name", cp1251_to_utf8(part.name)}, {"bones", part.bones.size()}});
    return {{"format", description().id},
            {"params_version", omf.params.version},
            {"bones", omf.params.bone_count()},
            {"bone_parts", parts},
            {"motions", motions},
            {"trailing_bytes", omf.trailing_bytes.size()},
            {"warnings", omf.warnings}};
  }
};

}  // namespace

std::unique_ptr<FormatHandler> make_xray_omf_handler() {
  return std::make_unique<OmfHandler>();
}

}  // namespace gamefmt::xray
