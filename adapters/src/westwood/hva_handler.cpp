// Westwood `.hva` handler: a companion of the `.vxl` with no mesh of its own, so no scene import; lossless
// rewrite and `info` (frames and section names).
#include <nlohmann/json.hpp>

#include "../core/handler_base.hpp"
#include "gamefmt/westwood/hva.hpp"

namespace gamefmt::westwood {
namespace {

class HvaHandler final : public LosslessHandlerBase<&read_hva, &write_hva> {
 public:
  HvaHandler() {
    auto& d = describe("westwood-hva", "Westwood voxel animation", kWestwood, {"hva"});
    d.can_rewrite = true;
    d.role_note = "the limb animation of a .vxl: converted with the .vxl, which finds it by base name";
  }

  nlohmann::json info(const ImportRequest& request) const override {
    const auto hva = read_hva(request.primary.bytes, request.primary.path);
    nlohmann::json sections = nlohmann::json::array();
    for (const auto& name : hva.section_names) sections.push_back(name_text(name));
    return {{"format", description().id},
            {"file_name", name_text(hva.file_name)},
            {"frames", hva.frame_count},
            {"sections", sections},
            {"trailing_bytes", hva.trailing_bytes.size()},
            {"warnings", hva.warnings}};
  }
};

}  // namespace

std::unique_ptr<FormatHandler> make_westwood_hva_handler() {
  return std::make_unique<HvaHandler>();
}

}  // namespace gamefmt::westwood
