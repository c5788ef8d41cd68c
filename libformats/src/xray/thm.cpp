#include "gamefmt/xray/thm.hpp"

#include <initializer_list>

#include "gamefmt/core/byte_order.hpp"
#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/xray/chunks.hpp"
#include "gamefmt/xray/level_chunk_layout.hpp"

namespace gamefmt::xray {
namespace {

// The ids this reader decodes: in every descriptor, and in texture descriptors.
constexpr std::initializer_list<std::uint32_t> kCommonIds = {kThmVersionChunk, kThmTypeChunk};
constexpr std::initializer_list<std::uint32_t> kTextureIds = {
    kThmVersionChunk,  kThmTypeChunk, kThmParamsChunk,    kThmTextureTypeChunk, kThmDetailChunk,
    kThmMaterialChunk, kThmBumpChunk, kThmNormalMapChunk, kThmFadeDelayChunk};

void write_thm_chunk(const Thm& thm, std::uint32_t id, ByteWriter& out) {
  switch (id) {
    case kThmVersionChunk:
      if (thm.version) out.u16(*thm.version);
      break;
    case kThmTypeChunk:
      if (thm.type) out.u32(*thm.type);
      break;
    case kThmParamsChunk:
      if (const auto& p = thm.params) {
        for (const std::uint32_t v : {p->format, p->flags, p->border_color, p->fade_color, p->fade_amount,
                                      p->mip_filter, p->width, p->height})
          out.u32(v);
      }
      break;
    case kThmTextureTypeChunk:
      if (thm.texture_type) out.u32(*thm.texture_type);
      break;
    case kThmDetailChunk:
      if (thm.detail) {
        out.string_zero_terminated(thm.detail->name);
        out.f32(thm.detail->scale);
      }
      break;
    case kThmMaterialChunk:
      if (thm.material) {
        out.u32(thm.material->material);
        out.f32(thm.material->weight);
      }
      break;
    case kThmBumpChunk:
      if (thm.bump) {
        out.f32(thm.bump->virtual_height);
        out.u32(thm.bump->mode);
        out.string_zero_terminated(thm.bump->name);
      }
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
  const char* field = chunk_field(chunk.id);
  switch (chunk.id) {
    case kThmVersionChunk:
      thm.version = r.u16(field);
      break;
    case kThmTypeChunk:
      thm.type = r.u32(field);
      break;
    case kThmParamsChunk: {
      ThmTextureParams p;
      p.format = r.u32("params.format");
      p.flags = r.u32("params.flags");
      p.border_color = r.u32("params.border_color");
      p.fade_color = r.u32("params.fade_color");
      p.fade_amount = r.u32("params.fade_amount");
      p.mip_filter = r.u32("params.mip_filter");
      p.width = r.u32("params.width");
      p.height = r.u32("params.height");
      thm.params = p;
      break;
    }
    case kThmTextureTypeChunk:
      thm.texture_type = r.u32(field);
      break;
    case kThmDetailChunk: {
      ThmDetail d;
      d.name = r.string_zero_terminated("detail.name");
      d.scale = r.f32("detail.scale");
      thm.detail = std::move(d);
      break;
    }
    case kThmMaterialChunk: {
      ThmMaterial m;
      m.material = r.u32("material.material");
      m.weight = r.f32("material.weight");
      thm.material = m;
      break;
    }
    case kThmBumpChunk: {
      ThmBump b;
      b.virtual_height = r.f32("bump.virtual_height");
      b.mode = r.u32("bump.mode");
      b.name = r.string_zero_terminated("bump.name");
      thm.bump = std::move(b);
      break;
    }
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
