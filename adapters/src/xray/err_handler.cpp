// .err handler (import and lossless rewrite; the game tools never read .err back, so there is no exporter).
#include <filesystem>
#include <nlohmann/json.hpp>

#include "../core/format_handlers.hpp"
#include "../core/reader_warnings.hpp"
#include "gamefmt/xray/level_chunk_layout.hpp"
#include "xray/err_scene.hpp"

namespace gamefmt::xray {
namespace {

class ErrHandler final : public LosslessHandler<&read_err, &write_err> {
 public:
  const FormatDescription& description() const override {
    static const FormatDescription d = [] {
      FormatDescription d;
      d.id = "xray-err";
      d.name = "X-Ray level compiler error geometry";
      d.family = "xray";
      d.extensions = {"err"};
      d.can_import = d.can_rewrite = true;
      return d;
    }();
    return d;
  }

  scene::Scene import_scene(const ImportRequest& request) const override {
    const auto err = read_err(request.primary.bytes, request.primary.path);
    auto scene = err_to_scene(err, std::filesystem::path(request.primary.path).stem().string());
    add_reader_warnings(scene, err.warnings);
    return scene;
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
