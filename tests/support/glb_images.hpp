#pragma once
// A .glb's materials and images read without gamefmt's glTF or image code: the container parsed by hand, the
// JSON with nlohmann, images decoded by stb_image, and DDS top levels decoded by libsquish from a header read
// here. For tests that check what a conversion embeds against the game's own texture files.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace gamefmt::test {

struct Glb {
  nlohmann::json json;
  std::vector<std::byte> binary;
};
// Throws std::runtime_error when the bytes are not a glTF binary with a JSON chunk.
Glb parse_glb(std::span<const std::byte> bytes);

struct Pixels {
  std::uint32_t width = 0, height = 0;
  std::vector<std::uint8_t> rgba;  // row by row from the top, 4 bytes per pixel
  bool operator==(const Pixels&) const = default;
};

// The bytes of the image a material's texture slot leads to ("baseColorTexture" or "metallicRoughnessTexture"
// under pbrMetallicRoughness, or "normalTexture"), or nothing when the material has no such texture.
std::optional<std::vector<std::byte>> material_image_bytes(const Glb& glb, std::size_t material,
                                                           const std::string& slot);
// The inputs (a model and its companions) converted to a .glb in memory by the conversion under test, parsed
// as above, with the warnings the conversion gave.
struct ConvertedGlb {
  Glb glb;
  std::vector<std::string> warnings;
};
ConvertedGlb convert_to_glb(const std::vector<std::filesystem::path>& inputs,
                            const std::map<std::string, std::string, std::less<>>& options = {});
// Whether one of the warnings contains `text`.
bool any_warning_contains(const std::vector<std::string>& warnings, const std::string& text);

// PNG or JPEG decoded by stb_image to RGBA; nothing when stb_image cannot decode it.
std::optional<Pixels> decode_picture(std::span<const std::byte> bytes);
// The top level of a DXT1, DXT3 or DXT5 file decoded by libsquish; nothing for other files.
std::optional<Pixels> decode_dds_with_libsquish(std::span<const std::byte> bytes);

// The file below `folder` whose path relative to it equals `relative` ('/' or '\' separated) with letter case
// ignored in every part, or nothing.
std::optional<std::filesystem::path> find_ignoring_case(const std::filesystem::path& folder,
                                                        const std::string& relative);

}  // namespace gamefmt::test
