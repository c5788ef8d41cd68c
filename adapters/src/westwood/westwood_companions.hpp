#pragma once
// The files that go with a `.vxl` import: the `.hva` (named, or beside the .vxl with the same base name),
// a game palette (a named .pal companion or the `palette` option) and the `fps` option.
#include <optional>
#include <string>

#include "gamefmt/adapters/format_handler.hpp"
#include "gamefmt/westwood/hva.hpp"
#include "gamefmt/westwood/palette.hpp"
#include "gamefmt/westwood/vxl.hpp"

namespace gamefmt::assimp {

struct VxlCompanions {
  westwood::VxlFile vxl;
  std::optional<westwood::HvaFile> hva;
  std::string hva_name;
  std::optional<westwood::Palette> palette;
  std::string palette_name;
  double frames_per_second = 6.0;
};

// Throws FormatError for unreadable or malformed companions, an unexpected companion, or a bad option.
VxlCompanions load_vxl_companions(const ImportRequest& request, const FormatHandler& handler);

}  // namespace gamefmt::assimp
