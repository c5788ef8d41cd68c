#include "gamefmt/xray/details.hpp"

#include <string>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/xray/chunks.hpp"
#include "gamefmt/xray/level_chunk_layout.hpp"

namespace gamefmt::xray {

std::optional<unsigned> Details::model_of(const DetailSlot& slot, int k) const {
  unsigned id;
  if (header.version == 2) {
    id = slot.ids_v2[k];
    if (id == 0xFF) return std::nullopt;
  } else {
    id = slot.id_v3(k);
    if (id == 0x3F) return std::nullopt;
  }
  if (slot.palettes[k] == 0 || id >= models.size()) return std::nullopt;
  return id;
}

float Details::slot_y_min(const DetailSlot& slot) const {
  return header.version == 2 ? slot.y_min : slot.y_base_v3();
}
float Details::slot_y_max(const DetailSlot& slot) const {
  return header.version == 2 ? slot.y_max : slot.y_base_v3() + slot.y_height_v3();
}

namespace {

// The payload of the header (0), models (1) or slots (2) chunk.
void write_details_chunk(const Details& details, std::uint32_t id, ByteWriter& out) {
  if (id == 0) {
    out.u32(details.header.version);
    out.u32(details.header.object_count);
    out.i32(details.header.offset_x);
    out.i32(details.header.offset_z);
    out.u32(details.header.size_x);
    out.u32(details.header.size_z);
  } else if (id == 1) {
    ChunkWriter models(out);
    for (std::size_t i = 0; i < details.models.size(); ++i) {
      const auto at =
          models.begin(i < details.model_chunk_ids.size() ? details.model_chunk_ids[i] : std::uint32_t(i));
      write_dm_body(details.models[i], out);
      models.end(at);
    }
  } else {
    for (const auto& slot : details.slots) {
      if (details.header.version == 2) {
        out.f32(slot.y_min);
        out.f32(slot.y_max);
        for (int k = 0; k < 4; ++k) {
          out.u8(slot.ids_v2[k]);
          out.u16(slot.palettes[k]);
        }
        out.u16(slot.light_v2);
      } else {
        out.u64(slot.bits);
        out.write_array(slot.palettes);
      }
    }
  }
}

}  // namespace

Details read_details(std::span<const std::byte> data, std::string_view file_name) {
  Details details;
  ByteReader r(data, file_name, ByteOrder::little);
  r.collect_warnings(&details.warnings);
  const auto level_chunks = read_level_chunks(r, {0, 1, 2}, details.layout);
  const auto& known = level_chunks.known;

  const Chunk& header_chunk = require_level_chunk(known, 0, r, "header");
  ByteReader h = header_chunk.reader(file_name);
  {
    auto field = h.enter("header");
    const auto version_offset = h.absolute_offset();
    details.header.version = h.u32("version");
    if (details.header.version != 2 && details.header.version != 3)
      h.fail_at(version_offset, "version",
                "version " + std::to_string(details.header.version) + " is not supported (2 or 3)");
    details.header.object_count = h.u32("object_count");
    details.header.offset_x = h.i32("offset_x");
    details.header.offset_z = h.i32("offset_z");
    details.header.size_x = h.u32("size_x");
    details.header.size_z = h.u32("size_z");
    // r_chunk_safe asserts the header's size.
    if (!h.at_end())
      h.fail("", "the header chunk holds " + std::to_string(header_chunk.payload.size()) + " bytes, not 24");
  }

  const Chunk& models_chunk = require_level_chunk(known, 1, r, "models");
  std::span<const std::byte> after_models;  // the engine opens the models by id: bytes after them do no harm
  for (const auto& model_chunk : read_sub_chunks(models_chunk, file_name, "models", &after_models)) {
    ByteReader m = model_chunk.reader(file_name);
    auto field = m.enter("models", details.models.size());
    if (model_chunk.compressed) m.fail("", "compressed detail models are not supported");
    details.model_chunk_ids.push_back(model_chunk.id);
    details.models.push_back(read_dm_body(m));
    read_dm_trailing_bytes(m, details.models.back());  // CDetail::Load reads the model and no more
  }

  // The engine reads the header's grid of slots from the chunk's start, on past a size that is too short.
  const Chunk& slots_chunk = require_level_chunk(known, 2, r, "slots");
  const std::size_t slot_size = details.header.version == 2 ? kDetailSlotV2Size : kDetailSlotV3Size;
  ByteReader s = slots_chunk.reader_through_file(file_name);
  const std::size_t count =
      s.count(std::uint64_t(details.header.size_x) * details.header.size_z, slot_size, "slots");
  if (count * slot_size < slots_chunk.payload.size())
    r.warn_at(slots_chunk.payload_offset - 4, "slots",
              "chunk 2 holds " + std::to_string(slots_chunk.payload.size()) +
                  " bytes, the header's grid of " + std::to_string(details.header.size_x) + " x " +
                  std::to_string(details.header.size_z) + " slots takes " +
                  std::to_string(count * slot_size) + "; the chunk is kept as stored");
  details.slots.resize(count);
  for (std::size_t i = 0; i < count; ++i) {
    auto field = s.enter("slots", i);
    auto& slot = details.slots[i];
    if (details.header.version == 2) {
      slot.y_min = s.f32("y_min");
      slot.y_max = s.f32("y_max");
      for (int k = 0; k < 4; ++k) {
        slot.ids_v2[k] = s.u8("id");
        slot.palettes[k] = s.u16("palette");
      }
      slot.light_v2 = s.u16("light");
    } else {
      slot.bits = s.u64("bits");
      s.read_array(slot.palettes, "palettes");
    }
  }
  slots_chunk.read_past_size(s, "slots");
  if (!details.warnings.empty())
    keep_stored_level_chunks(details.layout, known, [&](std::uint32_t id, ByteWriter& out) {
      write_details_chunk(details, id, out);
    });
  return details;
}

std::vector<std::byte> write_details(const Details& details, std::string_view file_name) {
  ByteWriter w(ByteOrder::little, 0, file_name);
  if (std::uint64_t(details.header.size_x) * details.header.size_z != details.slots.size())
    w.fail("slots", std::to_string(details.slots.size()) + " slots do not fill the " +
                        std::to_string(details.header.size_x) + " x " +
                        std::to_string(details.header.size_z) + " grid");
  for (std::size_t i = 0; i < details.models.size(); ++i) {
    auto model = w.enter("models", i);
    check_dm(details.models[i], w);
  }
  write_level_chunks(w, details.layout, {0, 1, 2}, {0, 1, 2},
                     [&](std::uint32_t id, ByteWriter& out) { write_details_chunk(details, id, out); });
  return w.take();
}

}  // namespace gamefmt::xray
