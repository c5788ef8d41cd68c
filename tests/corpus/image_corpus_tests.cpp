// Every DDS texture of the corpus (X-Ray gamedata/textures, the Grimrock mod's mod_assets) decodes, and to
// the same pixels, bit for bit, as two decoders that are not gamefmt's: libsquish (linked here) and Pillow
// (Debian's python3-pil, run by Debian's /usr/bin/python3: a python3 earlier in PATH may lack Debian's
// packages). When they differ, the message says where, what each gave, and the block's mode. The pixels also
// survive encode_png, read back with stb_image.
#include <squish.h>
#include <stb/stb_image.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <sstream>

#include "gamefmt/core/file_io.hpp"
#include "gamefmt/image/dds.hpp"
#include "gamefmt/image/png.hpp"
#include "test_support.hpp"

using namespace gamefmt;
using image::DdsEncoding;

namespace {

// Writes the top level of each DDS file given (source, target, source, target...) as raw RGBA bytes.
constexpr const char* kPillowScript = R"(
import sys
from PIL import Image
arguments = sys.argv[1:]
for source, target in zip(arguments[0::2], arguments[1::2]):
    with Image.open(source) as picture:
        picture.load()
        with open(target, 'wb') as out:
            out.write(picture.convert('RGBA').tobytes())
)";

std::vector<std::filesystem::path> corpus_textures() {
  std::vector<std::filesystem::path> files;
  for (const auto* folder : {"xray/gamedata/textures", "grimrock/mod/mod_assets"}) {
    const auto found = test::files_with_extension(*test::corpus_dir() / folder, "dds");
    files.insert(files.end(), found.begin(), found.end());
  }
  return files;
}

std::vector<std::uint8_t> decode_with_libsquish(const image::DdsTexture& texture) {
  const int flags = texture.encoding == DdsEncoding::bc1   ? squish::kDxt1
                    : texture.encoding == DdsEncoding::bc2 ? squish::kDxt3
                                                           : squish::kDxt5;
  std::vector<std::uint8_t> rgba(std::size_t{texture.width} * texture.height * 4);
  squish::DecompressImage(rgba.data(), int(texture.width), int(texture.height), texture.top_level.data(),
                          flags);
  return rgba;
}

// Empty when the two decodings agree; else the first pixel that differs, both values, and its block's mode.
std::string first_difference(const image::DdsTexture& texture, const std::vector<std::uint8_t>& ours,
                             const char* other_name, const std::vector<std::uint8_t>& other) {
  if (ours.size() != other.size())
    return std::string(other_name) + " gave " + std::to_string(other.size()) + " bytes, gamefmt " +
           std::to_string(ours.size());
  std::size_t differing = 0, first = 0;
  for (std::size_t i = 0; i < ours.size(); ++i)
    if (ours[i] != other[i] && differing++ == 0) first = i;
  if (differing == 0) return {};
  const std::size_t pixel = first / 4, x = pixel % texture.width, y = pixel / texture.width;
  const auto rgba = [&](const std::vector<std::uint8_t>& v) {
    std::ostringstream text;
    text << '(' << int(v[4 * pixel]) << ", " << int(v[4 * pixel + 1]) << ", " << int(v[4 * pixel + 2]) << ", "
         << int(v[4 * pixel + 3]) << ')';
    return text.str();
  };
  std::ostringstream text;
  text << differing << " bytes differ from " << other_name << "; first at pixel (" << x << ", " << y
       << "): gamefmt " << rgba(ours) << ", " << other_name << ' ' << rgba(other);
  if (texture.encoding != DdsEncoding::uncompressed) {
    const std::size_t block_size = texture.encoding == DdsEncoding::bc1 ? 8 : 16;
    const std::size_t block = (y / 4) * ((texture.width + 3) / 4) + x / 4;
    const auto* colour = &texture.top_level[block * block_size + block_size - 8];
    const auto c0 = std::to_integer<unsigned>(colour[0]) | std::to_integer<unsigned>(colour[1]) << 8;
    const auto c1 = std::to_integer<unsigned>(colour[2]) | std::to_integer<unsigned>(colour[3]) << 8;
    text << "; block " << block << " color_0 " << c0 << " color_1 " << c1
         << (c0 <= c1 ? " (three-colour order)" : " (four-colour order)");
    if (texture.encoding == DdsEncoding::bc3) {
      const auto* alpha = &texture.top_level[block * block_size];
      text << ", alpha_0 " << std::to_integer<int>(alpha[0]) << " alpha_1 " << std::to_integer<int>(alpha[1]);
    }
  }
  return text.str();
}

}  // namespace

TEST_CASE("Every corpus DDS texture decodes as libsquish and Pillow decode it, and round-trips through PNG",
          "[corpus][image]") {
  const auto files = corpus_textures();
  REQUIRE(files.size() == 27);

  // Pillow once for all files.
  test::TempDir temp;
  std::vector<std::string> command{"/usr/bin/python3", "-c", kPillowScript};
  for (std::size_t i = 0; i < files.size(); ++i) {
    command.push_back(files[i].string());
    command.push_back((temp / (std::to_string(i) + ".rgba")).string());
  }
  const auto pillow = test::run_program(command);
  INFO(pillow.output);
  REQUIRE(pillow.exit_code == 0);

  for (std::size_t i = 0; i < files.size(); ++i) {
    INFO(files[i].string());
    const auto texture = image::read_dds(test::read_bytes(files[i]), files[i].string());
    REQUIRE(texture.encoding != DdsEncoding::uncompressed);  // the corpus has only DXT1, DXT3 and DXT5
    const auto decoded = image::decode_top_level(texture);
    INFO(texture.format_name << ' ' << texture.width << " x " << texture.height);

    const auto by_libsquish = decode_with_libsquish(texture);
    const auto pillow_bytes = test::read_bytes(temp / (std::to_string(i) + ".rgba"));
    const std::vector<std::uint8_t> by_pillow(
        reinterpret_cast<const std::uint8_t*>(pillow_bytes.data()),
        reinterpret_cast<const std::uint8_t*>(pillow_bytes.data()) + pillow_bytes.size());
    CHECK(first_difference(texture, decoded.pixels, "libsquish", by_libsquish) == "");
    CHECK(first_difference(texture, decoded.pixels, "Pillow", by_pillow) == "");
    CHECK(first_difference(texture, by_libsquish, "Pillow (against libsquish)", by_pillow) == "");

    const auto png = image::encode_png(decoded);
    int width = 0, height = 0, channels = 0;
    stbi_uc* back = stbi_load_from_memory(reinterpret_cast<const stbi_uc*>(png.data()), int(png.size()),
                                          &width, &height, &channels, 4);
    REQUIRE(back != nullptr);
    const bool same = width == int(decoded.width) && height == int(decoded.height) &&
                      std::equal(decoded.pixels.begin(), decoded.pixels.end(), back);
    stbi_image_free(back);
    CHECK(same);
    CHECK(channels == (image::is_opaque(decoded) ? 3 : 4));
  }
}
