#pragma once
// X-Ray `level.details`: the detail models (grass...) and the 2 m slot grid that says where and how dense
// they grow. Chunked: chunk 0 = header (24 B), chunk 1 = models (sub-chunk i = a .dm body), chunk 2 = slots
// (size_x * size_z, index z * size_x + x). Version 3 slots are 16 bytes of bit fields, version 2 slots 22
// bytes.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "gamefmt/core/format_error.hpp"
#include "gamefmt/xray/dm.hpp"
#include "gamefmt/xray/shared_records.hpp"

namespace gamefmt::xray {

inline constexpr std::size_t kDetailsHeaderSize = 24;
inline constexpr std::size_t kDetailSlotV3Size = 16;
inline constexpr std::size_t kDetailSlotV2Size = 22;
inline constexpr float kDetailSlotSize = 2.0f;  // metres

struct DetailsHeader {
  std::uint32_t version = 3;
  std::uint32_t object_count = 0;  // as stored (normally the number of models)
  std::int32_t offset_x = 0, offset_z = 0;
  std::uint32_t size_x = 0, size_z = 0;
};

// One slot in a version-independent form; `raw_v3` / the v2 fields keep the stored bits.
struct DetailSlot {
  // Version 3: bytes 0..7 as a little-endian u64 (y_base 12, y_height 8, id0..id3 6 each, c_dir, c_hemi, c_r,
  // c_g, c_b 4 each) and the four palettes (4 corner densities of 4 bits).
  std::uint64_t bits = 0;
  std::array<std::uint16_t, 4> palettes{};
  // Version 2: heights as floats, 8-bit ids (0xFF empty) and one u16 of lighting.
  float y_min = 0, y_max = 0;
  std::array<std::uint8_t, 4> ids_v2{};
  std::uint16_t light_v2 = 0;

  // Decoded views (version 3 from `bits`).
  float y_base_v3() const { return float(bits & 0xFFF) * 0.2f - 200.0f; }
  float y_height_v3() const { return float((bits >> 12) & 0xFF) * 0.1f; }
  unsigned id_v3(int k) const { return unsigned((bits >> (20 + 6 * k)) & 0x3F); }
  // Density 0..15 of model slot k at corner c (0 = min x min z, 1 = max x min z, 2 = min x max z, 3 = max x
  // max z).
  unsigned density(int k, int corner) const { return (palettes[k] >> (4 * corner)) & 0xF; }
};

struct Details {
  DetailsHeader header;
  std::vector<DetailModel> models;
  std::vector<std::uint32_t> model_chunk_ids;  // sub-chunk ids as stored (normally 0..n-1)
  std::vector<DetailSlot> slots;
  LevelChunkLayout layout;  // chunk order and undecoded chunks
  Warnings warnings;        // problems the reader tolerated; not written to the file

  // The model index used by slot part k, or nothing when empty (id 0x3F / 0xFF, or all-zero palette).
  std::optional<unsigned> model_of(const DetailSlot& slot, int k) const;
  float slot_y_min(const DetailSlot& slot) const;
  float slot_y_max(const DetailSlot& slot) const;
};

// Throws FormatError on a version other than 2 or 3, a header chunk that is not 24 bytes (the engine asserts
// it), a bad model body, or a slot grid that runs past the end of the file. Tolerates, with warnings, slots
// the engine reads past a short chunk size (CDetailManager reads the header's grid), bytes after a model, the
// models or the slots, and bytes after the last chunk; such chunks are kept as stored.
Details read_details(std::span<const std::byte> data, std::string_view file_name);
std::vector<std::byte> write_details(const Details& details, std::string_view file_name = {});

}  // namespace gamefmt::xray
