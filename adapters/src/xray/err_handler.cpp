// .err handler (import and lossless rewrite; the game tools never read .err back, so there is no exporter).
#include <filesystem>
#include <nlohmann/json.hpp>

#include "../core/handler_base.hpp"
#include "gamefmt/xray/level_chunk_layout.hpp"
#include "xray/err_scene.hpp"

namespace gamefmt::xray {
namespace {

class ErrHandler final : public LosslessHandlerBase<&read_err, &write_err> {
 public:
  ErrHandler() {
    auto& d = describe("xray-err", "X-Ray level compiler error geometry", kXray, {"err"});
    d.can_import = d.can_rewrite = true;
  }

  scene::Scene import_scene(const ImportRequest& request) const override {
    const auto err = read_err(request.primary.bytes, request.primary.path);
    return with_reader_warnings(err_to_scene(err, scene_name(request)), err.warnings);
  }

  nlohmann::json info(const ImportRequest& request) const override {
    const auto err = read_err(request.primary.bytes, request.primary.path);
    return {{"format", description().id},
            {"layout", err.layout == ErrLayout::compiler ? "compiler" : "level_editor"},
            {"t_junctions", err.points.size()},
            {"edges", err.edges.size()},
            {"invalid_faces", err.faces.size()},
            {"kept_chunks", describe_kept_chunks(err.chunks)},
            {"trailing_bytes", err.chunks.trailing_bytes.size()},
            {"warnings", err.warnings}};
  }
};

}  // namespace

std::unique_ptr<FormatHandler> make_xray_err_handler() {
  return std::make_unique<ErrHandler>();
}

}  // namespace gamefmt::xray
