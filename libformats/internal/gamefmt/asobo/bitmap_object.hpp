#pragma once
// Bitmap_Z objects: a texture of a Zouna archive, in one of two layouts (docs/formats/asobo.md, "Bitmap_Z").
//
//   fuel (FUEL PC, v1.381.67.09): every field is in the link header, the body is the texels:
//     link header (32 bytes): Name link_name; u16 bitmap_class (0 single, 2 cube map); u32 width, height;
//       u32 precalculated_size; u8 flags, bitmap_type; u16 padding; f32 layer; u8 format0 (0 for a cube map,
//       else format1); u8 mipmap_count (levels - 1); u8 four; u8 bitmap_class2; u8 format1 (7 A8L8, 14 DXT1,
//       16 DXT5); u8 transparency.
//     body: every mip level of every face (one face, or six for a cube map, each with its levels), top level
//       first, without a DDS header.
//   dds_in_body (v1.231 to v1.291, e.g. WALL-E v1.291.03.06): the link header is the ResourceObject one (kept
//     as bytes); the body starts with u32 width, height, precalculated_size; u16 flag; u8 format,
//     mipmap_count, unknown (19 bytes), then the data: a whole DDS file (starting "DDS "), or pixels gamefmt
//     does not know how to read.
//
// The struct keeps every byte: link-header bytes after the fields (`link_header_rest`) and the whole data,
// including bytes after the mip chain, so write_bitmap_object(read_bitmap_object(x)) == x.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/asobo/bigfile.hpp"
#include "gamefmt/core/byte_order.hpp"
#include "gamefmt/core/format_error.hpp"

namespace gamefmt::asobo {

enum class BitmapLayout : std::uint8_t { fuel, dds_in_body };

inline constexpr std::size_t kFuelBitmapLinkHeaderSize = 32;
inline constexpr std::size_t kDdsInBodyBitmapHeaderSize = 19;
inline constexpr std::uint16_t kBitmapClassSingle = 0;
inline constexpr std::uint16_t kBitmapClassCubeMap = 2;
inline constexpr std::uint8_t kBitmapFormatMultiple = 0;  // format0 of a cube map
inline constexpr std::uint8_t kBitmapFormatA8L8 = 7;
inline constexpr std::uint8_t kBitmapFormatDxt1 = 14;
inline constexpr std::uint8_t kBitmapFormatDxt5 = 16;
// Larger bitmaps are refused before anything is allocated (as the DDS reader's limit).
inline constexpr std::uint32_t kBitmapMaxSide = 16384;

// The layout of the archive's version, or nothing when no public source describes its Bitmap_Z: fuel for
// v1.381.67.09 little-endian, dds_in_body for v1.231 to v1.291 in either byte order.
std::optional<BitmapLayout> bitmap_layout_for(BigFileVersion version, ByteOrder order);

// The FUEL link header, field by field.
struct FuelBitmapFields {
  std::uint32_t link_name = 0;
  std::uint16_t bitmap_class = kBitmapClassSingle;
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  std::uint32_t precalculated_size = 0;  // the body size (0 for A8L8 in the files bff writes)
  std::uint8_t flags = 0;
  std::uint8_t bitmap_type = 0;
  std::uint16_t padding = 0;
  float layer = 0;
  std::uint8_t format0 = kBitmapFormatDxt1;
  std::uint8_t mipmap_count = 0;  // levels - 1
  std::uint8_t four = 4;
  std::uint8_t bitmap_class2 = 3;  // 3 single, 0 cube map
  std::uint8_t format1 = kBitmapFormatDxt1;
  std::uint8_t transparency = 0;  // 0 none, 1 one bit, 2 alpha, 255 cube map
};

// The body header of the dds_in_body layout.
struct DdsInBodyBitmapFields {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  std::uint32_t precalculated_size = 0;
  std::uint16_t flag = 0;
  std::uint8_t format = 0;
  std::uint8_t mipmap_count = 0;
  std::uint8_t unknown = 0;
};

struct BitmapObject {
  BitmapLayout layout = BitmapLayout::fuel;
  FuelBitmapFields fuel;                    // layout fuel
  DdsInBodyBitmapFields dds_in_body;        // layout dds_in_body
  std::vector<std::byte> link_header_rest;  // after the fuel fields; the whole link header for dds_in_body
  std::vector<std::byte> data;              // fuel: the body; dds_in_body: after the 19-byte header
  Warnings warnings;                        // problems the reader tolerated
};

// What the texels are, from the fields: the same for both layouts.
enum class BitmapEncoding : std::uint8_t { dxt1, dxt5, a8l8, dds_file };
struct BitmapShape {
  BitmapEncoding encoding = BitmapEncoding::dxt1;
  std::uint32_t width = 0, height = 0;  // dds_file: as the DDS header says
  std::uint32_t levels = 1;
  std::uint32_t faces = 1;       // 6 for a cube map
  std::uint64_t chain_size = 0;  // bytes of every level of every face (fuel layout)
  std::string format_name;       // "DXT1", "DXT5", "A8L8", or the DDS file's format
};

// The bytes one mip level of a width x height bitmap takes in a fuel body (DXT: 4x4 blocks, at least one).
std::uint64_t fuel_bitmap_level_size(std::uint8_t format, std::uint32_t width, std::uint32_t height);

// Reads a Bitmap_Z object (its link header and decompressed body). Throws FormatError (file, offset, field)
// for a link header or body too short for its fields, an unknown format1, a width or height of 0 or above
// kBitmapMaxSide, more mip levels than the size allows, or a mip chain longer than the body (fuel). The
// data of a dds_in_body object is kept as it is (bitmap_shape looks at it). Tolerated with a warning: bytes
// after the chain, a precalculated size that is neither 0 nor the body size, format0 that is neither format1
// nor (cube map) 0.
BitmapObject read_bitmap_object(std::span<const std::byte> link_header, std::span<const std::byte> body,
                                std::string_view file_name, ByteOrder order, BitmapLayout layout);

struct ObjectBytes {
  std::vector<std::byte> link_header;
  std::vector<std::byte> body;
};
// The link header and body of the object, every field as the struct holds it.
ObjectBytes write_bitmap_object(const BitmapObject& bitmap, ByteOrder order);

// Width, height, format, levels and faces (a dds_in_body object's from its DDS header). Throws FormatError as
// read_bitmap_object does for the same problems, and for dds_in_body data that is not a DDS file the image
// reader takes (gamefmt/image/dds.hpp).
BitmapShape bitmap_shape(const BitmapObject& bitmap, std::string_view file_name);

}  // namespace gamefmt::asobo
