#pragma once
// The files that go with a `.vxl` import: the `.hva` (named, or beside the .vxl with the same base name),
// a game palette (a named .pal companion or the `palette` option) and the `fps` option.
#include <optional>
#include <string>

#include "gamefmt/adapters/format_handler.hpp"
#include "gamefmt/westwood/hva.hpp"
#include "gamefmt/westwood/palette.hpp"
#include "gamefmt/westwood/vxl.hpp"

namespace gamefmt::westwood {

// The .vxl import options (declared by the .vxl handler; the .vox handler reads them when it converts a
// .vxl).
const Option<std::string>& vxl_palette_option();
const Option<double>& vxl_fps_option();
const Option<std::optional<double>>& vxl_scale_option();
// The option's value, else the metres per unit of the game the model is for (westwood_space.hpp).
double vxl_scale(const VxlFile& vxl, const ImportRequest& request);

struct VxlCompanions {
  VxlFile vxl;
  std::optional<HvaFile> hva;
  std::string hva_name;
  std::optional<Palette> palette;
  std::string palette_name;
  double frames_per_second = 6.0;  // kVxlDefaultFramesPerSecond
};

// Throws FormatError for unreadable or malformed companions, an unexpected companion, or a bad option.
VxlCompanions load_vxl_companions(const ImportRequest& request);

}  // namespace gamefmt::westwood
