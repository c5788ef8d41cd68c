// libFuzzer target for the image module (gamefmt/image), which no format handler reaches yet: the bytes go
// through the DDS reader, the block decoder and the PNG writer, and the PNG/JPEG sniffer. Only FormatError
// may come out; anything else (a crash, a sanitizer report, another exception, a timeout, a huge allocation)
// is a finding, and so is a PNG that does not say the size of the image it was made from.
#include <cstddef>
#include <cstdint>
#include <span>

#include "gamefmt/core/format_error.hpp"
#include "gamefmt/image/dds.hpp"
#include "gamefmt/image/image_sniffing.hpp"
#include "gamefmt/image/png.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gamefmt::image;
  const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);
  try {
    (void)sniff_encoded_image(bytes, "fuzz.img");
  } catch (const gamefmt::FormatError&) {
  }
  try {
    const auto image = decode_top_level(read_dds(bytes, "fuzz.dds"));
    const auto png = encode_png(image);
    const auto info = sniff_encoded_image(png, "fuzz.png");
    if (!info || info->format != EncodedImageFormat::png || info->width != image.width ||
        info->height != image.height)
      __builtin_trap();
  } catch (const gamefmt::FormatError&) {
  }
  return 0;
}
