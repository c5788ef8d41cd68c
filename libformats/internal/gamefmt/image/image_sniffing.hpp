#pragma once
// Recognises PNG and JPEG data by its signature and reads its size, so such textures can be embedded in glTF
// unchanged (glTF takes both as they are).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace gamefmt::image {

enum class EncodedImageFormat { png, jpeg };

struct EncodedImageInfo {
  EncodedImageFormat format = EncodedImageFormat::png;
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  bool operator==(const EncodedImageInfo&) const = default;
};

// Nothing when the data starts with neither the PNG signature nor a JPEG start-of-image marker (FF D8 FF).
// Otherwise the size from the PNG IHDR chunk or the first JPEG start-of-frame (SOF0-SOF15 but DHT, JPG and
// DAC) segment; throws FormatError (file, offset, field) when that header is truncated or gives a zero size,
// or a JPEG reaches its scan data or end without a start-of-frame. Reads no pixel data.
std::optional<EncodedImageInfo> sniff_encoded_image(std::span<const std::byte> data,
                                                    std::string_view file_name);

}  // namespace gamefmt::image
