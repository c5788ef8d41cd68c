// X-Ray compiled level handlers: `level` (import of the static geometry, needs level.geom; lossless rewrite)
// and `level.geom` / `level.geomx` (lossless rewrite, info). Scene layout and extras: see level_scene.hpp.
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>

#include "../core/handler_base.hpp"
#include "core/kept_bytes.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/text_encoding.hpp"
#include "gamefmt/xray/level_chunk_layout.hpp"
#include "xray/details_scene.hpp"
#include "xray/level_from_scene.hpp"
#include "xray/level_mesh_scene.hpp"
#include "xray/level_parts.hpp"
#include "xray/level_scene.hpp"
#include "xray/xray_game_data.hpp"

namespace gamefmt::xray {
namespace {

struct GeomInput {
  LevelGeom geom;
  std::string path;
};

// level.geom named as a companion, else "<level>.geom" beside the level.
GeomInput load_geom(const ImportRequest& request) {
  for (const auto& companion : request.companions) {
    const auto name = std::filesystem::path(companion.path).filename().string();
    if (name.size() >= 5 && name.ends_with(".geom"))
      return {read_level_geom(companion.bytes, companion.path), companion.path};
    throw FormatError(companion.path, std::nullopt, "",
                      "a level takes its level.geom as companion, not this file");
  }
  const std::string path = request.primary.path + ".geom";
  if (request.files != nullptr) {
    if (auto bytes = request.files->read(path)) return {read_level_geom(*bytes, path), path};
    for (const auto& refusal : request.files->refusals())  // there, but not to be read: say why
      if (refusal.starts_with(path + ":"))
        throw FormatError(request.primary.path, std::nullopt, "level.geom", refusal);
  }
  throw FormatError(request.primary.path, std::nullopt, "level.geom",
                    "the level's vertex and index buffers are in '" + path +
                        "', which was not found; put it beside the level or name it as a companion");
}

nlohmann::json geom_info(const LevelGeom& geom) {
  nlohmann::json buffers = nlohmann::json::array();
  for (const auto& vb : geom.vertex_buffers) {
    nlohmann::json declaration = nlohmann::json::array();
    for (const auto& e : vb.declaration)
      declaration.push_back(
          {{"offset", e.offset}, {"type", e.type}, {"usage", e.usage}, {"usage_index", e.usage_index}});
    buffers.push_back({{"vertices", vb.vertex_count}, {"stride", vb.stride()}, {"declaration", declaration}});
  }
  nlohmann::json index_buffers = nlohmann::json::array();
  for (const auto& ib : geom.index_buffers) index_buffers.push_back(ib.size());
  return {{"xrlc_version", geom.xrlc_version},
          {"xrlc_quality", geom.xrlc_quality},
          {"vertex_buffers", buffers},
          {"index_buffers", index_buffers},
          {"slide_window_sets", geom.slide_windows.size()},
          {"kept_chunks", describe_kept_chunks(geom.layout)},
          {"trailing_bytes", geom.layout.trailing_bytes.size()},
          {"warnings", geom.warnings}};
}

class LevelHandler final : public LosslessHandlerBase<&read_level, &write_level> {
 public:
  LevelHandler() {
    auto& d = describe("xray-level", "X-Ray compiled level (level + level.geom, xrLC 13/14)", kXray, {});
    d.file_names = {"level"};
    d.can_import = d.can_export = d.can_rewrite = true;
    d.animations = AnimationsWritten::none;
    d.companions = {{"geometry", "level.geom (found beside the level when not given)", {"geom"}, false}};
    d.import_options = {level_parts_option_spec(), details_grid_option().spec(),
                        details_mode_option().spec()};
    d.way_back = WayBack::exact;
    d.way_back_note =
        "moved or deleted portals, dynamic lights and glows are written as edited; geometry edits are not "
        "written back (the game's level compiler makes a level's visuals and level.geom)";
    // The stored level is not a way-back record that -O way_back=0 leaves out: without it no level can be
    // written from the scene at all (its visuals are the compiler's work), and it is small beside level.geom.
  }

  bool recognizes(std::span<const std::byte> head) const override { return looks_like_level(head); }

  scene::Scene import_scene(const ImportRequest& request) const override {
    const auto level = read_level(request.primary.bytes, request.primary.path);
    const auto geom = load_geom(request);
    auto scene = level_to_scene(level, geom.geom,
                                std::filesystem::path(request.primary.path).filename().string(), geom.path);
    auto warnings = level.warnings;
    warnings.insert(warnings.end(), geom.geom.warnings.begin(), geom.geom.warnings.end());
    add_reader_warnings(scene, warnings);
    attach_xray_textures(scene, request);
    add_level_parts(scene, request);
    scene.nodes[kLevelRoot].extras[kStoredLevelKey] = kept_bytes_json(request.primary.bytes);
    return scene;
  }

  std::vector<std::byte> export_scene(const scene::Scene& scene,
                                      const ExportRequest& request) const override {
    return level_from_scene(scene, request.output_name, request.warnings);
  }

  nlohmann::json info(const ImportRequest& request) const override {
    const auto level = read_level(request.primary.bytes, request.primary.path);
    std::map<int, std::size_t> types;
    std::size_t with_geometry = 0;
    for (const auto& v : level.visuals) {
      if (v.header) ++types[v.header->type];
      with_geometry += v.geometry.has_value();
    }
    nlohmann::json type_counts = nlohmann::json::object();
    for (const auto& [type, n] : types) type_counts[std::to_string(type)] = n;
    nlohmann::json shaders = nlohmann::json::array();
    for (const auto& s : level.shaders) shaders.push_back(cp1251_to_utf8(s));
    nlohmann::json other_chunks = nlohmann::json::array();
    for (const auto& c : level.layout.others)
      other_chunks.push_back({{"id", c.raw_id}, {"bytes", c.payload.size()}});
    nlohmann::json out = {{"format", description().id},
                          {"xrlc_version", level.xrlc_version},
                          {"xrlc_quality", level.xrlc_quality},
                          {"shaders", shaders},
                          {"visuals", level.visuals.size()},
                          {"visuals_with_geometry", with_geometry},
                          {"visuals_per_type", type_counts},
                          {"sectors", level.sectors.size()},
                          {"portals", level.portals.size()},
                          {"dynamic_lights", level.lights.size()},
                          {"glows", level.glows.size()},
                          {"other_chunks", other_chunks},
                          {"kept_chunks", describe_kept_chunks(level.layout)},
                          {"trailing_bytes", level.layout.trailing_bytes.size()},
                          {"warnings", level.warnings}};
    try {
      out["geom"] = geom_info(load_geom(request).geom);
    } catch (const FormatError& error) {
      out["geom"] = {{"error", error.what()}};
    }
    return out;
  }
};

class LevelGeomHandler final : public LosslessHandlerBase<&read_level_geom, &write_level_geom> {
 public:
  LevelGeomHandler() {
    auto& d = describe("xray-level-geom", "X-Ray level vertex/index buffers (level.geom, level.geomx)", kXray,
                       {"geom", "geomx"});
    d.can_rewrite = true;
    d.role_note = "the vertex and index buffers of a compiled level: converted with its `level` file";
  }

  bool recognizes(std::span<const std::byte> head) const override { return looks_like_level_geom(head); }

  nlohmann::json info(const ImportRequest& request) const override {
    auto out = geom_info(read_level_geom(request.primary.bytes, request.primary.path));
    out["format"] = description().id;
    return out;
  }
};

}  // namespace

std::unique_ptr<FormatHandler> make_xray_level_handler() {
  return std::make_unique<LevelHandler>();
}
std::unique_ptr<FormatHandler> make_xray_level_geom_handler() {
  return std::make_unique<LevelGeomHandler>();
}

}  // namespace gamefmt::xray
