#include "gamefmt/asobo/names.hpp"

#include <array>
#include <charconv>
#include <cstdio>

#include "gamefmt/asobo/name_hash.hpp"
#include "gamefmt/core/format_error.hpp"

namespace gamefmt::asobo {
namespace {

// The classes of FUEL (v1.381.67.09, PC); hashed at start-up so the table cannot disagree with name_hash.
constexpr std::array<std::string_view, 39> kClassNames = {
    "Animation_Z",     "Binary_Z",    "Bitmap_Z",       "Camera_Z",  "CameraZone_Z",   "CollisionVol_Z",
    "Fonts_Z",         "GameObj_Z",   "GenWorld_Z",     "GwRoad_Z",  "HFog_Z",         "HFogData_Z",
    "Light_Z",         "LightData_Z", "Lod_Z",          "LodData_Z", "Material_Z",     "MaterialAnim_Z",
    "MaterialObj_Z",   "Mesh_Z",      "MeshData_Z",     "Node_Z",    "Omni_Z",         "Particles_Z",
    "ParticlesData_Z", "RotShape_Z",  "RotShapeData_Z", "Rtc_Z",     "Skel_Z",         "Skin_Z",
    "Sound_Z",         "Spline_Z",    "SplineGraph_Z",  "Surface_Z", "SurfaceDatas_Z", "UserDefine_Z",
    "Warp_Z",          "World_Z",     "WorldRef_Z",
};

const std::unordered_map<std::uint32_t, std::string_view>& class_table() {
  static const auto table = [] {
    std::unordered_map<std::uint32_t, std::string_view> t;
    for (const auto name : kClassNames) t.emplace(name_hash(name), name);
    return t;
  }();
  return table;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

}  // namespace

std::optional<std::string_view> known_class_name(std::uint32_t class_hash) {
  const auto& table = class_table();
  const auto it = table.find(class_hash);
  if (it == table.end()) return std::nullopt;
  return it->second;
}

NameList parse_name_list(std::span<const std::byte> bytes, std::string_view file_name) {
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  NameList names;
  std::size_t line_start = 0;
  while (line_start < text.size()) {
    auto line_end = text.find('\n', line_start);
    if (line_end == std::string_view::npos) line_end = text.size();
    const std::string_view line = trim(text.substr(line_start, line_end - line_start));
    const auto offset = line_start;
    line_start = line_end + 1;
    if (line.empty() || line.front() == '#') continue;

    const auto space = line.find_first_of(" \t");
    const bool starts_with_digit = line.front() >= '0' && line.front() <= '9';
    if (!starts_with_digit || space == std::string_view::npos) {
      names.emplace(name_hash(line), std::string(line));
      continue;
    }
    std::string_view number = line.substr(0, space);
    int base = 10;
    if (number.size() > 2 && number[0] == '0' && (number[1] == 'x' || number[1] == 'X')) {
      number.remove_prefix(2);
      base = 16;
    }
    std::uint32_t hash = 0;
    const auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), hash, base);
    if (error != std::errc() || end != number.data() + number.size()) {
      // A name that merely starts with a digit.
      names.emplace(name_hash(line), std::string(line));
      continue;
    }
    std::string_view name = trim(line.substr(space));
    if (name.size() >= 2 && name.front() == '"' && name.back() == '"')
      name = name.substr(1, name.size() - 2);
    else if (!name.empty() && name.front() == '"')
      throw FormatError(std::string(file_name), offset, "name list", "unterminated quoted name");
    names.emplace(hash, std::string(name));
  }
  return names;
}

std::string name_or_hash(std::uint32_t hash, const NameList* names) {
  if (names != nullptr) {
    const auto it = names->find(hash);
    if (it != names->end()) return it->second;
  }
  char text[16];
  std::snprintf(text, sizeof text, "%08X", hash);
  return text;
}

std::string name_list_path_for(std::string_view archive_path) {
  const auto dot = archive_path.rfind('.');
  const auto slash = archive_path.find_last_of("/\\");
  if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash) ||
      archive_path.size() - dot < 3)
    return {};
  std::string path(archive_path);
  const char first = path[dot + 1];
  path[dot + 1] = first >= 'a' && first <= 'z' ? 'n' : 'N';
  return path;
}

}  // namespace gamefmt::asobo
