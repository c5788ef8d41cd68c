#include "gamefmt/asobo/bitmap_object.hpp"

#include <algorithm>
#include <string>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/record_fields.hpp"
#include "gamefmt/image/dds.hpp"

namespace gamefmt::asobo {

template <class IO, RecordOf<FuelBitmapFields> T>
void fields(IO& io, T& f) {
  io(f.link_name, "link_name");
  io(f.bitmap_class, "bitmap_class");
  io(f.width, "width");
  io(f.height, "height");
  io(f.precalculated_size, "precalculated_size");
  io(f.flags, "flags");
  io(f.bitmap_type, "bitmap_type");
  io(f.padding, "padding");
  io(f.layer, "layer");
  io(f.format0, "format0");
  io(f.mipmap_count, "mipmap_count");
  io(f.four, "four");
  io(f.bitmap_class2, "bitmap_class2");
  io(f.format1, "format1");
  io(f.transparency, "transparency");
}

template <class IO, RecordOf<DdsInBodyBitmapFields> T>
void fields(IO& io, T& f) {
  io(f.width, "width");
  io(f.height, "height");
  io(f.precalculated_size, "precalculated_size");
  io(f.flag, "flag");
  io(f.format, "format");
  io(f.mipmap_count, "mipmap_count");
  io(f.unknown, "unknown");
}

namespace {

const char* fuel_format_name(std::uint8_t format) {
  switch (format) {
    case kBitmapFormatA8L8:
      return "A8L8";
    case kBitmapFormatDxt1:
      return "DXT1";
    case kBitmapFormatDxt5:
      return "DXT5";
    default:
      return nullptr;
  }
}

// The levels a width x height texture can have: down to 1 x 1.
std::uint32_t full_chain_levels(std::uint32_t width, std::uint32_t height) {
  std::uint32_t levels = 1;
  for (std::uint32_t side = std::max(width, height); side > 1; side >>= 1) ++levels;
  return levels;
}

// The shape of a fuel bitmap, each problem reported at its link-header offset (`fail(offset, field, text)`).
template <class Fail>
BitmapShape fuel_shape(const FuelBitmapFields& f, std::size_t body_size, Fail fail) {
  BitmapShape shape;
  const char* name = fuel_format_name(f.format1);
  if (name == nullptr)
    fail(30, "format1",
         "format " + std::to_string(f.format1) + " is none of 7 (A8L8), 14 (DXT1) and 16 (DXT5)");
  shape.format_name = name == nullptr ? "" : name;
  shape.encoding = f.format1 == kBitmapFormatA8L8   ? BitmapEncoding::a8l8
                   : f.format1 == kBitmapFormatDxt1 ? BitmapEncoding::dxt1
                                                    : BitmapEncoding::dxt5;
  if (f.width == 0 || f.width > kBitmapMaxSide)
    fail(6, "width", std::to_string(f.width) + " is not 1 to " + std::to_string(kBitmapMaxSide));
  if (f.height == 0 || f.height > kBitmapMaxSide)
    fail(10, "height", std::to_string(f.height) + " is not 1 to " + std::to_string(kBitmapMaxSide));
  shape.width = f.width;
  shape.height = f.height;
  shape.levels = std::uint32_t{f.mipmap_count} + 1;
  const std::uint32_t most = full_chain_levels(f.width, f.height);
  if (shape.levels > most)
    fail(27, "mipmap_count",
         std::to_string(shape.levels) + " mip levels; a " + std::to_string(f.width) + " x " +
             std::to_string(f.height) + " bitmap has at most " + std::to_string(most));
  shape.faces = f.bitmap_class == kBitmapClassCubeMap ? 6 : 1;
  std::uint64_t face_size = 0;
  for (std::uint32_t level = 0; level < shape.levels; ++level)
    face_size +=
        fuel_bitmap_level_size(f.format1, std::max(1u, f.width >> level), std::max(1u, f.height >> level));
  shape.chain_size = face_size * shape.faces;
  if (shape.chain_size > body_size)
    fail(27, "mipmap_count",
         std::to_string(shape.faces) + " face(s) of " + std::to_string(shape.levels) + " " +
             shape.format_name + " level(s) from " + std::to_string(f.width) + " x " +
             std::to_string(f.height) + " take " + std::to_string(shape.chain_size) +
             " bytes; the body has " + std::to_string(body_size));
  return shape;
}

}  // namespace

std::optional<BitmapLayout> bitmap_layout_for(BigFileVersion version, ByteOrder order) {
  if (version == kBigFileNewestVersion)
    return order == ByteOrder::little ? std::optional(BitmapLayout::fuel) : std::nullopt;
  if (version.major == 1 && version.minor >= 231 && version.minor <= 291) return BitmapLayout::dds_in_body;
  return std::nullopt;
}

std::uint64_t fuel_bitmap_level_size(std::uint8_t format, std::uint32_t width, std::uint32_t height) {
  if (format == kBitmapFormatA8L8) return std::uint64_t{width} * height * 2;
  const std::uint64_t blocks = std::uint64_t{std::max(1u, (width + 3) / 4)} * std::max(1u, (height + 3) / 4);
  return blocks * (format == kBitmapFormatDxt1 ? 8 : 16);
}

BitmapObject read_bitmap_object(std::span<const std::byte> link_header, std::span<const std::byte> body,
                                std::string_view file_name, ByteOrder order, BitmapLayout layout) {
  BitmapObject bitmap;
  bitmap.layout = layout;
  if (layout == BitmapLayout::dds_in_body) {
    bitmap.link_header_rest.assign(link_header.begin(), link_header.end());
    ByteReader r(body, file_name, order);
    FieldReader io(r);
    io(bitmap.dds_in_body, "body");
    const auto data = r.bytes(r.remaining(), "data");
    bitmap.data.assign(data.begin(), data.end());
    return bitmap;
  }

  ByteReader link(link_header, file_name, order);
  link.collect_warnings(&bitmap.warnings);
  {
    FieldReader io(link);
    io(bitmap.fuel, "link_header");
    const auto rest = link.bytes(link.remaining(), "link_header.rest");
    bitmap.link_header_rest.assign(rest.begin(), rest.end());
  }
  const auto& f = bitmap.fuel;
  const auto shape = fuel_shape(f, body.size(), [&](std::size_t offset, const char* field, std::string text) {
    auto scope = link.enter("link_header");
    link.fail_at(offset, field, std::move(text));
  });
  if (shape.chain_size < body.size())
    link.warn_at(0, "body",
                 std::to_string(body.size() - shape.chain_size) + " bytes after the mip chain (" +
                     std::to_string(shape.chain_size) + " bytes), kept");
  if (f.precalculated_size != 0 && f.precalculated_size != body.size())
    link.warn_at(14, "link_header.precalculated_size",
                 std::to_string(f.precalculated_size) + " is neither 0 nor the body's " +
                     std::to_string(body.size()) + " bytes");
  if (f.format0 != f.format1 &&
      !(f.bitmap_class == kBitmapClassCubeMap && f.format0 == kBitmapFormatMultiple))
    link.warn_at(26, "link_header.format0",
                 std::to_string(f.format0) + " differs from format1 (" + std::to_string(f.format1) + ")");
  bitmap.data.assign(body.begin(), body.end());
  return bitmap;
}

ObjectBytes write_bitmap_object(const BitmapObject& bitmap, ByteOrder order) {
  ObjectBytes out;
  if (bitmap.layout == BitmapLayout::dds_in_body) {
    out.link_header = bitmap.link_header_rest;
    ByteWriter w(order, kDdsInBodyBitmapHeaderSize + bitmap.data.size());
    FieldWriter io(w);
    io(bitmap.dds_in_body, "body");
    w.bytes(bitmap.data);
    out.body = w.take();
    return out;
  }
  ByteWriter w(order, kFuelBitmapLinkHeaderSize + bitmap.link_header_rest.size());
  FieldWriter io(w);
  io(bitmap.fuel, "link_header");
  w.bytes(bitmap.link_header_rest);
  out.link_header = w.take();
  out.body = bitmap.data;
  return out;
}

BitmapShape bitmap_shape(const BitmapObject& bitmap, std::string_view file_name) {
  if (bitmap.layout == BitmapLayout::fuel)
    return fuel_shape(bitmap.fuel, bitmap.data.size(),
                      [&](std::size_t offset, const char* field, std::string text) {
                        throw FormatError(std::string(file_name), offset, std::string("link_header.") + field,
                                          std::move(text));
                      });
  // The DDS file starts after the 19-byte body header.
  const auto texture = image::read_dds(bitmap.data, file_name);
  BitmapShape shape;
  shape.encoding = BitmapEncoding::dds_file;
  shape.width = texture.width;
  shape.height = texture.height;
  shape.levels = texture.mip_levels;
  shape.faces = static_cast<std::uint32_t>(std::min<std::uint64_t>(texture.faces, UINT32_MAX));
  shape.chain_size = bitmap.data.size();
  shape.format_name = texture.format_name;
  return shape;
}

}  // namespace gamefmt::asobo
