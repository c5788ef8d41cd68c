#include "gamefmt/image/image_sniffing.hpp"

#include <array>
#include <cstring>

#include "gamefmt/core/byte_reader.hpp"

namespace gamefmt::image {
namespace {

constexpr std::array<std::uint8_t, 8> kPngSignature{0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

bool starts_with(std::span<const std::byte> data, std::span<const std::uint8_t> prefix) {
  return data.size() >= prefix.size() && std::memcmp(data.data(), prefix.data(), prefix.size()) == 0;
}

EncodedImageInfo png_size(ByteReader& r) {
  r.skip(8, "signature");
  auto ihdr = r.enter("ihdr");
  const auto length_offset = r.absolute_offset();
  const auto length = r.u32("length");
  const auto type_offset = r.absolute_offset();
  const auto type = r.string_of_size(4, "type");
  if (type != "IHDR") r.fail_at(type_offset, "type", "the first chunk is '" + type + "', not 'IHDR'");
  if (length != 13) r.fail_at(length_offset, "length", "is " + std::to_string(length) + ", not 13");
  EncodedImageInfo info{EncodedImageFormat::png, 0, 0};
  const auto width_offset = r.absolute_offset();
  info.width = r.u32("width");
  info.height = r.u32("height");
  if (info.width == 0 || info.height == 0 || info.width > 0x7FFFFFFF || info.height > 0x7FFFFFFF)
    r.fail_at(width_offset, "width",
              std::to_string(info.width) + " x " + std::to_string(info.height) +
                  " is not a PNG size (each side is 1 to 2^31 - 1)");
  return info;
}

// Walks the marker segments after start-of-image up to the first start-of-frame, which holds the size.
EncodedImageInfo jpeg_size(ByteReader& r) {
  r.skip(2, "start_of_image");
  for (std::size_t index = 0;; ++index) {
    auto segment = r.enter("segments", index);
    const auto marker_offset = r.absolute_offset();
    if (r.u8("marker_prefix") != 0xFF) r.fail_at(marker_offset, "marker_prefix", "is not 0xFF");
    std::uint8_t marker = r.u8("marker");
    while (marker == 0xFF) marker = r.u8("marker");                      // fill bytes may precede a marker
    if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) continue;  // TEM, RSTn: no length
    if (marker == 0xD9 || marker == 0xDA)
      r.fail_at(
          marker_offset, "marker",
          std::string(marker == 0xD9 ? "end of image" : "start of scan") + " before any start-of-frame");
    const auto length_offset = r.absolute_offset();
    const auto length = r.u16("length");
    if (length < 2) r.fail_at(length_offset, "length", "is " + std::to_string(length) + ", less than 2");
    const bool start_of_frame =
        marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
    if (!start_of_frame) {
      r.skip(length - 2u, "payload");
      continue;
    }
    auto frame = r.sub_reader(length - 2u, "payload");
    frame.skip(1, "sample_precision");
    const auto height_offset = frame.absolute_offset();
    EncodedImageInfo info{EncodedImageFormat::jpeg, 0, 0};
    info.height = frame.u16("height");
    info.width = frame.u16("width");
    if (info.height == 0)
      frame.fail_at(height_offset, "height", "is 0 (a height given later by a DNL marker is not supported)");
    if (info.width == 0) frame.fail_at(height_offset + 2, "width", "is 0");
    return info;
  }
}

}  // namespace

std::optional<EncodedImageInfo> sniff_encoded_image(std::span<const std::byte> data,
                                                    std::string_view file_name) {
  ByteReader r(data, file_name, ByteOrder::big);
  if (starts_with(data, kPngSignature)) return png_size(r);
  if (starts_with(data, std::array<std::uint8_t, 3>{0xFF, 0xD8, 0xFF})) return jpeg_size(r);
  return std::nullopt;
}

}  // namespace gamefmt::image
