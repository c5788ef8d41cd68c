// Asobo BigFile archives in the registry: lossless rewrite, `gamefmt info` (header facts, the object list and
// each Bitmap_Z's size, format and mips) and import of the archive's meshes (bigfile_scene.hpp; FUEL PC
// archives). `gamefmt bigfile` lists, extracts and packs them. One handler per byte order, because the byte
// order follows from the extension.
#include <cstring>
#include <nlohmann/json.hpp>
#include <optional>

#include "../core/handler_base.hpp"
#include "asobo/archive_objects.hpp"
#include "asobo/bigfile_scene.hpp"
#include "gamefmt/asobo/bigfile.hpp"
#include "gamefmt/asobo/bitmap_object.hpp"
#include "gamefmt/asobo/name_hash.hpp"
#include "gamefmt/asobo/names.hpp"
#include "gamefmt/scene/scene_validation.hpp"

namespace gamefmt::asobo {
namespace {

class BigFileHandler final : public HandlerBase<> {
 public:
  explicit BigFileHandler(ByteOrder order) : order_(order) {
    const bool little = order == ByteOrder::little;
    auto& d =
        little
            ? describe("asobo-bigfile", "Asobo BigFile archive, little-endian (FUEL PC)", kFuel, {"dpc"})
            : describe("asobo-bigfile-be", "Asobo BigFile archive, big-endian (Xbox 360, PS3, Wii, GameCube)",
                       kFuel, {"d36", "dp3", "drv", "dgc"});
    d.can_import = d.can_rewrite = true;
    if (little)
      d.companions = {{"names",
                       "name list (.NPC) that turns name hashes into names; default: beside the archive",
                       {"npc"},
                       false}};
    else
      d.companions = {{"names",
                       "name list (.N36, .NP3, .NRV, .NGC) that turns name hashes into names",
                       {"n36", "np3", "nrv", "ngc"},
                       false}};
  }

  // The version text at offset 0 names the format; the block count fixes the byte order.
  bool recognizes(std::span<const std::byte> head) const override {
    constexpr std::string_view prefix = "v1.";
    if (head.size() < kBigFileHeaderSize) return false;
    const std::string_view text(reinterpret_cast<const char*>(head.data()), prefix.size());
    return text == prefix && detect_bigfile_byte_order(head) == order_ &&
           parse_bigfile_version(
               std::string(reinterpret_cast<const char*>(head.data()),
                           strnlen(reinterpret_cast<const char*>(head.data()), kBigFileVersionSize)))
               .has_value();
  }

  scene::Scene import_scene(const ImportRequest& request) const override {
    const BigFile archive = read_bigfile(request.primary.bytes, request.primary.path, order_);
    const auto names = name_list(request);
    auto scene = bigfile_meshes_to_scene(archive, names ? &*names : nullptr, request.primary.path);
    add_reader_warnings(scene, archive.warnings);  // the archive's first, then the objects'
    // Blend weights come from the file as they are (an infinite one passes the converter): refuse the scene
    // here, naming the archive, rather than in whatever writer or Assimp program gets it.
    scene::validate_scene(scene, request.primary.path);
    return scene;
  }

  std::vector<std::byte> rewrite(std::span<const std::byte> data, std::string_view file_name) const override {
    return write_bigfile(read_bigfile(data, file_name, order_), file_name);
  }

  nlohmann::json info(const ImportRequest& request) const override {
    const BigFile archive = read_bigfile(request.primary.bytes, request.primary.path, order_);
    nlohmann::json objects = nlohmann::json::array();
    std::size_t compressed = 0, pooled = 0;
    for (std::size_t b = 0; b < archive.blocks.size(); ++b)
      for (const auto& res : archive.blocks[b].resources) {
        const auto class_name = known_class_name(res.class_name);
        objects.push_back(
            {{"block", b},
             {"class", class_name ? std::string(*class_name) : name_or_hash(res.class_name, nullptr)},
             {"name", name_or_hash(res.name, nullptr)},
             {"link_header_size", res.link_header.size()},
             {"stored_size", res.body.bytes.size()},
             {"body_size", res.body.decompressed_size},
             {"compressed", res.body.compressed},
             {"pooled", res.pooled}});
        compressed += res.body.compressed ? 1 : 0;
        pooled += res.pooled ? 1 : 0;
      }
    nlohmann::json result = {
        {"format", description().id},
        {"version", format_bigfile_version(archive.version)},
        {"byte_order", order_ == ByteOrder::little ? "little" : "big"},
        {"bigfile_type", archive.bigfile_type == 0 ? "rtc" : "normal"},
        {"blocks", archive.blocks.size()},
        {"object_count", objects.size()},
        {"compressed_objects", compressed},
        {"pooled_objects", pooled},
        {"objects", std::move(objects)},
        {"stored_bytes", archive.stored_bytes.size()},  // ranges kept as the file has them
        {"trailing_bytes", archive.trailing_bytes.size()},
        {"warnings", archive.warnings}};
    if (archive.pool)
      result["pool"] = {{"entries", archive.pool->entries.size()},
                        {"body_records", archive.pool->resources.size()},
                        {"reference_records", archive.pool->reference_records.size()}};
    if (auto bitmaps = bitmaps_info(archive, request.primary.path); !bitmaps.empty())
      result["bitmaps"] = std::move(bitmaps);
    return result;
  }

 private:
  // Each Bitmap_Z: width, height, format, mip levels and faces, or why it does not read; nothing for versions
  // whose Bitmap_Z layout is not known (bitmap_object.hpp).
  static nlohmann::json bitmaps_info(const BigFile& archive, const std::string& file_name) {
    nlohmann::json bitmaps = nlohmann::json::array();
    const auto layout = bitmap_layout_for(archive.version, archive.byte_order);
    if (!layout) return bitmaps;
    for (const auto& object : list_objects(archive)) {
      if (object.class_name != name_hash("Bitmap_Z")) continue;
      nlohmann::json entry = {{"name", name_or_hash(object.name, nullptr)}};
      const std::string object_file = file_name + " (object " + name_or_hash(object.name, nullptr) + ")";
      try {
        const auto bitmap = read_bitmap_object(object.resource->link_header, object_body(object, object_file),
                                               object_file, archive.byte_order, *layout);
        const auto shape = bitmap_shape(bitmap, object_file);
        entry.update({{"width", shape.width},
                      {"height", shape.height},
                      {"format", shape.format_name},
                      {"mips", shape.levels},
                      {"faces", shape.faces}});
        if (!bitmap.warnings.empty()) entry["warnings"] = bitmap.warnings;
      } catch (const FormatError& e) {
        entry["error"] = e.what();
      }
      bitmaps.push_back(std::move(entry));
    }
    return bitmaps;
  }

  // The name list given as a companion, else the one beside the archive (X.DPC -> X.NPC), if any.
  static std::optional<NameList> name_list(const ImportRequest& request) {
    if (!request.companions.empty())
      return parse_name_list(request.companions.front().bytes, request.companions.front().path);
    const std::string beside = name_list_path_for(request.primary.path);
    if (beside.empty() || request.files == nullptr) return std::nullopt;
    const auto bytes = request.files->read(beside);
    if (!bytes) return std::nullopt;
    return parse_name_list(*bytes, beside);
  }

  ByteOrder order_;
};

}  // namespace

std::unique_ptr<FormatHandler> make_asobo_bigfile_handler() {
  return std::make_unique<BigFileHandler>(ByteOrder::little);
}
std::unique_ptr<FormatHandler> make_asobo_bigfile_be_handler() {
  return std::make_unique<BigFileHandler>(ByteOrder::big);
}

}  // namespace gamefmt::asobo
