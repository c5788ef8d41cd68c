#pragma once
// X-Ray `.thm`: the SDK's descriptor beside a texture (gamedata/textures/**/<name>.thm), read by the engine's
// texture manager (OpenXRay ETextureParams.cpp STextureParams::Load, TextureDescrManager.cpp LoadTHM). A list
// of chunks (docs/formats/xray.md, Texture descriptors):
//   0x0810 version: u16 (18 for textures)
//   0x0813 type: u32 (0 object, 1 texture, 2 sound, 3 group)
// and, in a texture descriptor (type 1, or no type chunk), the texture's chunks:
//   0x0812 parameters: u32 format, flags, border colour, fade colour, fade amount, mip filter, width, height
//   0x0814 texture type: u32 (0 image, 1 cube map, 2 bump map, 3 normal map, 4 terrain)
//   0x0815 detail: stringZ texture name, f32 scale
//   0x0816 material: u32 material, f32 weight
//   0x0817 bump: f32 virtual height, u32 mode (0 reserved, 1 none, 2 use, 3 use with parallax), stringZ name
//   0x0818 external normal map: stringZ name
//   0x0819 fade delay: u8
// Other types' chunks (the same ids mean other things there), unknown chunks, chunks flagged compressed,
// duplicates, and bytes after the last whole chunk are kept as stored; a known chunk with bytes after its
// fields is read with a warning and kept as stored. Strings are Windows-1251 bytes, kept as stored.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/core/format_error.hpp"
#include "gamefmt/xray/shared_records.hpp"

namespace gamefmt::xray {

inline constexpr std::uint32_t kThmVersionChunk = 0x0810;
inline constexpr std::uint32_t kThmParamsChunk = 0x0812;
inline constexpr std::uint32_t kThmTypeChunk = 0x0813;
inline constexpr std::uint32_t kThmTextureTypeChunk = 0x0814;
inline constexpr std::uint32_t kThmDetailChunk = 0x0815;
inline constexpr std::uint32_t kThmMaterialChunk = 0x0816;
inline constexpr std::uint32_t kThmBumpChunk = 0x0817;
inline constexpr std::uint32_t kThmNormalMapChunk = 0x0818;
inline constexpr std::uint32_t kThmFadeDelayChunk = 0x0819;

inline constexpr std::uint32_t kThmTypeTexture = 1;
// STextureParams flags the texture manager reads: use the detail texture over the diffuse / the bump.
inline constexpr std::uint32_t kThmFlagDiffuseDetail = 1u << 23;
inline constexpr std::uint32_t kThmFlagBumpDetail = 1u << 26;

enum class ThmBumpMode : std::uint32_t { reserved = 0, none = 1, use = 2, use_parallax = 3 };

struct ThmTextureParams {
  std::uint32_t format = 0;  // 0 DXT1, 1 DXT1 with alpha, 2 DXT3, 3 DXT5, 4.. uncompressed layouts
  std::uint32_t flags = 0;
  std::uint32_t border_color = 0, fade_color = 0, fade_amount = 0, mip_filter = 0;
  std::uint32_t width = 0, height = 0;
};

struct ThmDetail {
  std::string name;  // a texture name as models spell them ("detail\detail_grnd_grass")
  float scale = 0;   // how many times the detail texture repeats over the base texture
};

struct ThmMaterial {
  std::uint32_t material = 0;  // 0 Oren-Nayar/Blinn, 1 Blinn/Phong, 2 Phong/Metal, 3 Metal/Oren-Nayar
  float weight = 0;
};

struct ThmBump {
  float virtual_height = 0;
  std::uint32_t mode = 0;  // ThmBumpMode as stored
  std::string name;        // the bump texture, e.g. "act\act_zombie_1_bump" (its error map: name + "#")
};

struct Thm {
  std::optional<std::uint16_t> version;
  std::optional<std::uint32_t> type;
  // Texture descriptors only:
  std::optional<ThmTextureParams> params;
  std::optional<std::uint32_t> texture_type;
  std::optional<ThmDetail> detail;
  std::optional<ThmMaterial> material;
  std::optional<ThmBump> bump;
  std::optional<std::string> external_normal_map;
  std::optional<std::uint8_t> fade_delay;
  LevelChunkLayout layout;  // chunk order, chunks not decoded, trailing bytes
  Warnings warnings;        // problems the reader tolerated; not written to the file

  bool is_texture() const { return !type || *type == kThmTypeTexture; }
  // The bump texture the engine uses (mode use or use-parallax and a name), or nothing.
  std::optional<std::string> used_bump() const;
  // The detail texture and scale the engine uses (a detail flag set and a name), or nothing.
  std::optional<ThmDetail> used_detail() const;
};

// Throws FormatError for a file that is not a chunk list, a known chunk shorter than its fields or a string
// without its terminating NUL inside the chunk. Tolerates, with warnings, bytes after the last whole chunk
// and bytes after a known chunk's fields.
Thm read_thm(std::span<const std::byte> data, std::string_view file_name);
std::vector<std::byte> write_thm(const Thm& thm, std::string_view file_name = {});
// Content check: starts with a version chunk (id 0x0810, size 2).
bool looks_like_thm(std::span<const std::byte> head);

}  // namespace gamefmt::xray
