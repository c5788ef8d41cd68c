#include "westwood_companions.hpp"

#include <cctype>
#include <cmath>
#include <filesystem>

#include "gamefmt/core/format_error.hpp"

namespace gamefmt::assimp {
namespace {

std::string lower_extension(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  for (auto& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

double parse_fps(const std::string& text, const std::string& file) {
  std::size_t used = 0;
  double value = 0;
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || !std::isfinite(value) || value <= 0 || value > 1000)
    throw FormatError(file, std::nullopt, "option fps", "'" + text + "' is not a frame rate between 0 and 1000");
  return value;
}

}  // namespace

VxlCompanions load_vxl_companions(const ImportRequest& request, const FormatHandler& handler) {
  VxlCompanions out;
  out.vxl = westwood::read_vxl(request.primary.bytes, request.primary.path);
  out.frames_per_second = parse_fps(handler.option(request.options, "fps", false), request.primary.path);
  for (const auto& companion : request.companions) {
    const auto ext = lower_extension(companion.path);
    if (ext == ".hva") {
      out.hva = westwood::read_hva(companion.bytes, companion.path);
      out.hva_name = companion.path;
    } else if (ext == ".pal") {
      out.palette = westwood::read_game_palette(companion.bytes, companion.path);
      out.palette_name = std::filesystem::path(companion.path).filename().string();
    } else {
      throw FormatError(companion.path, std::nullopt, "", "a .vxl takes a .hva and a .pal as companions, not this file");
    }
  }
  if (!out.hva && request.files != nullptr) {
    for (const char* ext : {".hva", ".HVA"}) {
      const auto path = std::filesystem::path(request.primary.path).replace_extension(ext).string();
      if (auto bytes = request.files->read(path)) {
        out.hva = westwood::read_hva(*bytes, path);
        out.hva_name = path;
        break;
      }
    }
  }
  const auto palette_path = handler.option(request.options, "palette", false);
  if (!out.palette && !palette_path.empty()) {
    const auto bytes = request.files != nullptr ? request.files->read(palette_path) : std::nullopt;
    if (!bytes) throw FormatError(palette_path, std::nullopt, "option palette", "cannot read the palette file");
    out.palette = westwood::read_game_palette(*bytes, palette_path);
    out.palette_name = std::filesystem::path(palette_path).filename().string();
  }
  return out;
}

}  // namespace gamefmt::assimp
