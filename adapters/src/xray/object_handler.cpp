// X-Ray SDK `.object` handler: import (meshes, skeleton, embedded motions), export from any scene, lossless
// rewrite. Scene layout and extras: object_scene.hpp.
#include <filesystem>
#include <nlohmann/json.hpp>

#include "../core/handler_base.hpp"
#include "gamefmt/core/byte_order.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/text_encoding.hpp"
#include "gamefmt/xray/chunks.hpp"
#include "gamefmt/xray/level_chunk_layout.hpp"
#include "xray/object_scene.hpp"
#include "xray/object_way_back.hpp"
#include "xray/sdk_motion_scene.hpp"
#include "xray/xray_game_data.hpp"

namespace gamefmt::xray {
namespace {

std::vector<SdkMotion> read_motion_companion(const InputFile& file) {
  const std::string extension = lower_case_extension(file.path);
  if (extension == ".skl") {
    auto motion = read_skl(file.bytes, file.path).motion;
    return {std::move(motion)};
  }
  return read_skls(file.bytes, file.path).motions;
}

// Options, declared once: their specs are what `gamefmt formats` lists, and they read the values.
const Option<ObjectMotions>& motions_option() {
  static const auto option = choice_option<ObjectMotions>(
      "motions",
      "animations embedded in the object: auto (the object's own motions when it came from an .object, not "
      "those of motion companions; else all), embedded (all), none",
      {{"auto", ObjectMotions::automatic},
       {"embedded", ObjectMotions::embedded},
       {"none", ObjectMotions::none}},
      "auto");
  return option;
}

const Option<std::optional<SmoothingRule>>& smoothing_option() {
  static const auto option = choice_option<std::optional<SmoothingRule>>(
      "smoothing",
      "how smoothing groups are read: cop (Clear Sky / Call of Pripyat edge flags), soc (Shadow of Chernobyl "
      "group ids), max (3ds Max bit masks), flat; auto: max when the mesh says so, else cop",
      {{"auto", std::nullopt},
       {"cop", SmoothingRule::cop},
       {"soc", SmoothingRule::soc},
       {"max", SmoothingRule::max},
       {"flat", SmoothingRule::flat}},
      "auto");
  return option;
}

class ObjectHandler final : public LosslessHandlerBase<&read_object, &write_object> {
 public:
  ObjectHandler() {
    auto& d = describe("xray-object", "X-Ray SDK editable object", kXray, {"object"});
    d.can_import = d.can_export = d.can_rewrite = true;
    d.animations = AnimationsWritten::own;
    d.own_animations = "/xray.object/embedded_motions";
    d.way_back = WayBack::exact;
    d.way_back_note =
        "the file travels in the scene extras and comes back while the scene is what its import makes of "
        "it; an edited scene is written from the scene (normals in the 0x1014 chunk, smoothing groups 0, "
        "one UV map), its unedited motions as stored";
    d.way_back_records = {"xray.object.file", sdk_motions_way_back_record()};
    d.companions = {
        {"motions", "SDK motion files (.skl, .skls) whose bones are matched by name", {"skl", "skls"}, true}};
    d.import_options = {smoothing_option().spec()};
    d.export_options = {motions_option().spec()};
  }

  // The body chunk 0x7777 (possibly compressed) holding the version chunk first (uncompressed files).
  bool recognizes(std::span<const std::byte> head) const override {
    if (head.size() < 8) return false;
    const auto id = load_value<std::uint32_t>(head.data(), ByteOrder::little);
    if (id == (kObjectChunkBody | kChunkCompressedFlag)) return true;
    return id == kObjectChunkBody && head.size() >= 12 &&
           load_value<std::uint32_t>(head.data() + 8, ByteOrder::little) == kObjectChunkVersion;
  }

  scene::Scene import_scene(const ImportRequest& request) const override {
    const auto object = read_object(request.primary.bytes, request.primary.path);
    ObjectImportOptions options;
    options.smoothing = smoothing_option().get(request.options, request.primary.path);
    options.source = request.primary.path;
    options.limits = request.limits;
    const std::string name = scene_name(request);
    auto scene = object_to_scene(object, name, options);
    keep_object_file(scene, request.primary.bytes, name, options);
    add_reader_warnings(scene, object.warnings);
    // object_to_scene makes the object's bones nodes 0 .. bones-1.
    std::vector<scene::NodeIndex> bones(object.bones ? object.bones->size() : 0);
    for (std::size_t i = 0; i < bones.size(); ++i) bones[i] = i;
    for (const auto& companion : request.companions)
      add_sdk_motions(scene, read_motion_companion(companion), bones, companion.path, request.limits, true);
    attach_xray_textures(scene, request);
    return scene;
  }

  std::vector<std::byte> export_scene(const scene::Scene& scene,
                                      const ExportRequest& request) const override {
    const ObjectMotions motions = motions_option().get(request.options, request.output_name);
    try {
      if (const auto kept = unchanged_object_file(scene, request.output_name, request.limits, motions))
        return write_object(*kept, request.output_name);
      return write_object(
          scene_to_object(scene, request.output_name, request.limits, request.warnings, motions),
          request.output_name);
    } catch (const nlohmann::json::exception& e) {  // a record of the extras that is not ours
      throw FormatError(request.output_name, std::nullopt, "extras", e.what());
    }
  }

  nlohmann::json info(const ImportRequest& request) const override {
    const auto object = read_object(request.primary.bytes, request.primary.path);
    nlohmann::json surfaces = nlohmann::json::array();
    std::vector<std::string> textures;
    for (const auto& s : object.surfaces) textures.push_back(cp1251_to_utf8(s.texture));
    for (const auto& s : object.surfaces)
      surfaces.push_back({{"name", cp1251_to_utf8(s.name)},
                          {"texture", cp1251_to_utf8(s.texture)},
                          {"engine_shader", cp1251_to_utf8(s.engine_shader)},
                          {"compiler_shader", cp1251_to_utf8(s.compiler_shader)},
                          {"game_material", cp1251_to_utf8(s.game_material)}});
    nlohmann::json meshes = nlohmann::json::array();
    if (object.meshes)
      for (const auto& m : *object.meshes) {
        std::size_t weight_maps = 0;
        for (const auto& vmap : m.vmaps) weight_maps += vmap.is_weight() ? 1 : 0;
        meshes.push_back({{"name", cp1251_to_utf8(m.name)},
                          {"points", m.points.size()},
                          {"faces", m.faces.size()},
                          {"vmaps", m.vmaps.size()},
                          {"weight_maps", weight_maps},
                          {"smoothing_groups", m.smoothing.has_value()},
                          {"normals", m.normals.has_value()}});
      }
    nlohmann::json bones = nlohmann::json::array();
    if (object.bones)
      for (const auto& b : *object.bones)
        bones.push_back({{"name", cp1251_to_utf8(b.name)}, {"parent", cp1251_to_utf8(b.parent)}});
    nlohmann::json motions = nlohmann::json::array();
    if (object.motions)
      for (const auto& m : *object.motions)
        motions.push_back({{"name", cp1251_to_utf8(m.name)},
                           {"frame_start", m.frame_start},
                           {"frame_end", m.frame_end},
                           {"fps", m.fps},
                           {"version", m.version},
                           {"bones", m.bones.size()}});
    std::size_t kept = 0;
    for (const auto& slot : object.layout) kept += slot.kept ? 1 : 0;
    return {{"format", description().id},
            {"compressed", object.compressed},
            {"flags", object.flags.value_or(0)},
            {"surfaces", surfaces},
            {"textures", xray_textures_info(request, textures)},
            {"meshes", meshes},
            {"bones", bones},
            {"motions", motions},
            {"bone_parts", object.bone_parts ? object.bone_parts->size() : 0},
            {"unmodelled_chunks", kept},
            {"kept_chunks", describe_kept_chunks(object.layout)},
            {"trailing_bytes", object.trailing_bytes.size()},
            {"warnings", object.warnings}};
  }
};

}  // namespace

std::unique_ptr<FormatHandler> make_xray_object_handler() {
  return std::make_unique<ObjectHandler>();
}

}  // namespace gamefmt::xray
