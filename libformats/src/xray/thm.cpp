#include "gamefmt/xray/thm.hpp"

#include <initializer_list>

#include "gamefmt/core/byte_order.hpp"
#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/record_fields.hpp"
#include "gamefmt/xray/chunks.hpp"
#include "gamefmt/xray/level_chunk_layout.hpp"

namespace gamefmt::xray {

// The chunks' records, described once for reading and writing (gamefmt/core/record_fields.hpp).
template <class IO, RecordOf<ThmTextureParams> T>
void fields(IO& io, T& p) {
  io(p.format, "format");
  io(p.flags, "flags");
  io(p.border_color, "border_color");
  io(p.fade_color, "fade_color");
  io(p.fade_amount, "fade_amount");
  io(p.mip_filter, "mip_filter");
  io(p.width, "width");
  io(p.height, "height");
}

template <class IO, RecordOf<ThmDetail> T>
void fields(IO& io, T& d) {
  io.string_z(d.name, "name");
  io(d.scale, "scale");
}

template <class IO, RecordOf<ThmMaterial> T>
void fields(IO& io, T& m) {
  io(m.material, "material");
  io(m.weight, "weight");
}

template <class IO, RecordOf<ThmBump> T>
void fields(IO& io, T& b) {
  io(b.virtual_height, "virtual_height");
  io(b.mode, "mode");
  io.string_z(b.name, "name");
}

namespace {

// The ids this reader decodes: in every descriptor, and in texture descriptors.
constexpr std::initializer_list<std::uint32_t> kCommonIds = {kThmVersionChunk, kThmTypeChunk};
constexpr std::initializer_list<std::uint32_t> kTextureIds = {
    kThmVersionChunk,  kThmTypeChunk, kThmParamsChunk,    kThmTextureTypeChunk, kThmDetailChunk,
    kThmMaterialChunk, kThmBumpChunk, kThmNormalMapChunk, kThmFadeDelayChunk};

void write_thm_chunk(const Thm& thm, std::uint32_t id, ByteWriter& out) {
  FieldWriter record(out);
  switch (id) {
    case kThmVersionChunk:
      if (thm.version) out.u16(*thm.version);
      break;
    case kThmTypeChunk:
      if (thm.type) out.u32(*thm.type);
      break;
    case kThmParamsChunk:
      if (thm.params) record(*thm.params, "params");
      break;
    case kThmTextureTypeChunk:
      if (thm.texture_type) out.u32(*thm.texture_type);
      break;
    case kThmDetailChunk:
      if (thm.detail) record(*thm.detail, "detail");
      break;
    case kThmMaterialChunk:
      if (thm.material) record(*thm.material, "material");
      break;
    case kThmBumpChunk:
      if (thm.bump) record(*thm.bump, "bump");
      break;
    case kThmNormalMapChunk:
      if (thm.external_normal_map) out.string_zero_terminated(*thm.external_normal_map);
      break;
    case kThmFadeDelayChunk:
      if (thm.fade_delay) out.u8(*thm.fade_delay);
      break;
    default:
      break;
  }
}

const char* chunk_field(std::uint32_t id) {
  switch (id) {
    case kThmVersionChunk:
      return "version";
    case kThmTypeChunk:
      return "type";
    case kThmParamsChunk:
      return "params";
    case kThmTextureTypeChunk:
      return "texture_type";
    case kThmDetailChunk:
      return "detail";
    case kThmMaterialChunk:
      return "material";
    case kThmBumpChunk:
      return "bump";
    case kThmNormalMapChunk:
      return "external_normal_map";
    case kThmFadeDelayChunk:
      return "fade_delay";
    default:
      return "chunk";
  }
}

void read_thm_chunk(Thm& thm, const Chunk& chunk, std::string_view file_name) {
  ByteReader r = chunk.reader(file_name);
  FieldReader record(r);
  const char* field = chunk_field(chunk.id);
  switch (chunk.id) {
    case kThmVersionChunk:
      thm.version = r.u16(field);
      break;
    case kThmTypeChunk:
      thm.type = r.u32(field);
      break;
    case kThmParamsChunk:
      record(thm.params.emplace(), field);
      break;
    case kThmTextureTypeChunk:
      thm.texture_type = r.u32(field);
      break;
    case kThmDetailChunk:
      record(thm.detail.emplace(), field);
      break;
    case kThmMaterialChunk:
      record(thm.material.emplace(), field);
      break;
    case kThmBumpChunk:
      record(thm.bump.emplace(), field);
      break;
    case kThmNormalMapChunk:
      thm.external_normal_map = r.string_zero_terminated(field);
      break;
    case kThmFadeDelayChunk:
      thm.fade_delay = r.u8(field);
      break;
    default:
      return;
  }
  // The engine reads the fields and no more.
  if (!r.at_end())
    r.warn(field, "chunk " + std::to_string(chunk.id) + " holds " + std::to_string(r.remaining()) +
                      " bytes after its fields; the chunk is kept as stored");
}

}  // namespace

std::optional<std::string> Thm::used_bump() const {
  if (!is_texture() || !bump || bump->name.empty()) return std::nullopt;
  const auto mode = static_cast<ThmBumpMode>(bump->mode);
  if (mode != ThmBumpMode::use && mode != ThmBumpMode::use_parallax) return std::nullopt;
  return bump->name;
}

std::optional<ThmDetail> Thm::used_detail() const {
  if (!is_texture() || !detail || detail->name.empty() || !params) return std::nullopt;
  if ((params->flags & (kThmFlagDiffuseDetail | kThmFlagBumpDetail)) == 0) return std::nullopt;
  return detail;
}

Thm read_thm(std::span<const std::byte> data, std::string_view file_name) {
  Thm thm;
  ByteReader r(data, file_name, ByteOrder::little);
  r.collect_warnings(&thm.warnings);
  auto level_chunks = read_level_chunks(r, kTextureIds, thm.layout);
  if (level_chunks.chunks.empty()) r.fail("chunks", "the file holds no chunk");
  // The type decides what the other ids mean: only a texture descriptor's are decoded.
  if (const auto type = level_chunks.known.find(kThmTypeChunk); type != level_chunks.known.end())
    read_thm_chunk(thm, *type->second, file_name);
  if (!thm.is_texture()) {
    const auto trailing = std::move(thm.layout.trailing_bytes);
    level_chunks.known = split_level_chunks(level_chunks.chunks, kCommonIds, thm.layout);
    thm.layout.trailing_bytes = std::move(trailing);
  }
  for (const auto& [id, chunk] : level_chunks.known)
    if (id != kThmTypeChunk) read_thm_chunk(thm, *chunk, file_name);
  if (!thm.warnings.empty())
    keep_stored_level_chunks(thm.layout, level_chunks.known,
                             [&](std::uint32_t id, ByteWriter& out) { write_thm_chunk(thm, id, out); });
  return thm;
}

std::vector<std::byte> write_thm(const Thm& thm, std::string_view file_name) {
  ByteWriter w(ByteOrder::little, 256, file_name);
  const auto write_known = [&](std::uint32_t id, ByteWriter& out) { write_thm_chunk(thm, id, out); };
  // A new descriptor: the chunks of the fields it has, in the order the SDK writes them.
  std::vector<std::uint32_t> present;
  const auto add = [&](bool has, std::uint32_t id) {
    if (has) present.push_back(id);
  };
  add(thm.version.has_value(), kThmVersionChunk);
  add(thm.type.has_value(), kThmTypeChunk);
  if (thm.is_texture()) {
    add(thm.params.has_value(), kThmParamsChunk);
    add(thm.texture_type.has_value(), kThmTextureTypeChunk);
    add(thm.detail.has_value(), kThmDetailChunk);
    add(thm.material.has_value(), kThmMaterialChunk);
    add(thm.bump.has_value(), kThmBumpChunk);
    add(thm.external_normal_map.has_value(), kThmNormalMapChunk);
    add(thm.fade_delay.has_value(), kThmFadeDelayChunk);
    write_level_chunks(w, thm.layout, kTextureIds, present, write_known);
  } else {
    write_level_chunks(w, thm.layout, kCommonIds, present, write_known);
  }
  return w.take();
}

bool looks_like_thm(std::span<const std::byte> head) {
  if (head.size() < 10) return false;
  return load_value<std::uint32_t>(head.data(), ByteOrder::little) == kThmVersionChunk &&
         load_value<std::uint32_t>(head.data() + 4, ByteOrder::little) == 2;
}

}  // namespace gamefmt::xray
