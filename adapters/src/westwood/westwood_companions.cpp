#include "westwood_companions.hpp"

#include <cctype>
#include <filesystem>

#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/text_encoding.hpp"
#include "westwood/vxl_scene.hpp"
#include "westwood/westwood_space.hpp"

namespace gamefmt::westwood {
namespace {}  // namespace

const Option<std::string>& vxl_palette_option() {
  static const auto option = text_option(
      "palette",
      "path of a game .pal to colour the voxels with (default: the embedded palette, else a built-in one)");
  return option;
}

const Option<double>& vxl_fps_option() {
  // A frame per 1000 seconds is the slowest rate that is still an animation rather than a rounding accident.
  static const auto option =
      number_option("fps", "frames per second of the HVA animation", kVxlDefaultFramesPerSecond, 0.001, 1000);
  return option;
}

const Option<std::optional<double>>& vxl_scale_option() {
  static const auto option = automatic_number_option(
      "scale",
      "metres per voxel; auto: the size the game draws the model at (a cell, 256 leptons, taken as 6.5 m, "
      "is 42.43 voxels in Red Alert 2 and 33.94 in Tiberian Sun; a model is Red Alert 2's when a limb uses "
      "its normals table 4)",
      1e-9, 1e9);
  return option;
}

double vxl_scale(const VxlFile& vxl, const ImportRequest& request) {
  if (const auto chosen = vxl_scale_option().get(request.options, request.primary.path)) return *chosen;
  return vxl_metres_per_unit(vxl_game(vxl));
}

VxlCompanions load_vxl_companions(const ImportRequest& request) {
  VxlCompanions out;
  out.vxl = read_vxl(request.primary.bytes, request.primary.path);
  out.frames_per_second = vxl_fps_option().get(request.options, request.primary.path);
  for (const auto& companion : request.companions) {
    const auto ext = lower_case_extension(companion.path);
    if (ext == ".hva") {
      out.hva = read_hva(companion.bytes, companion.path);
      out.hva_name = companion.path;
    } else if (ext == ".pal") {
      out.palette = read_game_palette(companion.bytes, companion.path);
      out.palette_name = std::filesystem::path(companion.path).filename().string();
    } else {
      throw FormatError(companion.path, std::nullopt, "",
                        "a .vxl takes a .hva and a .pal as companions, not this file");
    }
  }
  if (!out.hva && request.files != nullptr) {
    for (const char* ext : {".hva", ".HVA"}) {
      const auto path = std::filesystem::path(request.primary.path).replace_extension(ext).string();
      if (auto bytes = request.files->read(path)) {
        out.hva = read_hva(*bytes, path);
        out.hva_name = path;
        break;
      }
    }
  }
  const auto palette_path = vxl_palette_option().get(request.options, request.primary.path);
  if (!out.palette && !palette_path.empty()) {
    const auto bytes = request.files != nullptr ? request.files->read_named(palette_path) : std::nullopt;
    if (!bytes)
      throw FormatError(palette_path, std::nullopt, "option palette", "cannot read the palette file");
    out.palette = read_game_palette(*bytes, palette_path);
    out.palette_name = std::filesystem::path(palette_path).filename().string();
  }
  return out;
}

}  // namespace gamefmt::westwood
