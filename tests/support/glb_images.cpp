#include "glb_images.hpp"

#include <squish.h>
#include <stb/stb_image.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <stdexcept>

#include "gamefmt/conversion.hpp"

namespace gamefmt::test {

namespace {

std::uint32_t u32_at(std::span<const std::byte> bytes, std::size_t offset) {
  if (offset + 4 > bytes.size()) throw std::runtime_error("glb/dds: truncated at " + std::to_string(offset));
  std::uint32_t value = 0;
  for (int i = 3; i >= 0; --i) value = value << 8 | std::to_integer<std::uint32_t>(bytes[offset + i]);
  return value;
}

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  return text;
}

}  // namespace

Glb parse_glb(std::span<const std::byte> bytes) {
  if (bytes.size() < 20 || u32_at(bytes, 0) != 0x46546C67u) throw std::runtime_error("not a glTF binary");
  Glb glb;
  std::size_t offset = 12;
  while (offset + 8 <= bytes.size()) {
    const std::uint32_t length = u32_at(bytes, offset), type = u32_at(bytes, offset + 4);
    if (offset + 8 + length > bytes.size()) throw std::runtime_error("glb chunk past the end");
    const auto data = bytes.subspan(offset + 8, length);
    if (type == 0x4E4F534Au)
      glb.json = nlohmann::json::parse(reinterpret_cast<const char*>(data.data()),
                                       reinterpret_cast<const char*>(data.data()) + data.size());
    else if (type == 0x004E4942u)
      glb.binary.assign(data.begin(), data.end());
    offset += 8 + length;
  }
  if (!glb.json.is_object()) throw std::runtime_error("glb without a JSON chunk");
  return glb;
}

std::optional<std::vector<std::byte>> material_image_bytes(const Glb& glb, std::size_t material,
                                                           const std::string& slot) {
  const auto& m = glb.json.at("materials").at(material);
  const nlohmann::json* info = nullptr;
  if (slot == "baseColorTexture" || slot == "metallicRoughnessTexture") {
    if (m.contains("pbrMetallicRoughness") && m["pbrMetallicRoughness"].contains(slot))
      info = &m["pbrMetallicRoughness"][slot];
  } else if (m.contains(slot)) {
    info = &m[slot];
  }
  if (info == nullptr) return std::nullopt;
  const auto& texture = glb.json.at("textures").at(info->at("index").get<std::size_t>());
  const auto& image = glb.json.at("images").at(texture.at("source").get<std::size_t>());
  const auto& view = glb.json.at("bufferViews").at(image.at("bufferView").get<std::size_t>());
  const std::size_t start = view.value("byteOffset", std::size_t{0}), length = view.at("byteLength");
  if (start + length > glb.binary.size()) throw std::runtime_error("image buffer view past the binary chunk");
  return std::vector<std::byte>(glb.binary.begin() + std::ptrdiff_t(start),
                                glb.binary.begin() + std::ptrdiff_t(start + length));
}

ConvertedGlb convert_to_glb(const std::vector<std::filesystem::path>& inputs,
                            const std::map<std::string, std::string, std::less<>>& options) {
  const auto scene = load_scene(inputs, options);
  const auto files = save_scene(scene, "model.glb", {});
  if (files.size() != 1)
    throw std::runtime_error("a .glb conversion gave " + std::to_string(files.size()) + " files");
  return {parse_glb(files[0].bytes), scene.warnings};
}

bool any_warning_contains(const std::vector<std::string>& warnings, const std::string& text) {
  return std::any_of(warnings.begin(), warnings.end(),
                     [&](const std::string& w) { return w.find(text) != std::string::npos; });
}

std::optional<Pixels> decode_picture(std::span<const std::byte> bytes) {
  int width = 0, height = 0, channels = 0;
  stbi_uc* decoded = stbi_load_from_memory(reinterpret_cast<const stbi_uc*>(bytes.data()), int(bytes.size()),
                                           &width, &height, &channels, 4);
  if (decoded == nullptr) return std::nullopt;
  Pixels pixels{std::uint32_t(width), std::uint32_t(height),
                std::vector<std::uint8_t>(decoded, decoded + std::size_t(width) * std::size_t(height) * 4)};
  stbi_image_free(decoded);
  return pixels;
}

std::optional<Pixels> decode_dds_with_libsquish(std::span<const std::byte> bytes) {
  // DDS_HEADER after the magic: height at 12, width at 16, pixel format flags at 80, FourCC at 84; data at
  // 128.
  if (bytes.size() < 128 || u32_at(bytes, 0) != 0x20534444u) return std::nullopt;
  const std::uint32_t height = u32_at(bytes, 12), width = u32_at(bytes, 16), fourcc = u32_at(bytes, 84);
  int flags = 0;
  if (fourcc == 0x31545844u)
    flags = squish::kDxt1;
  else if (fourcc == 0x33545844u)
    flags = squish::kDxt3;
  else if (fourcc == 0x35545844u)
    flags = squish::kDxt5;
  else
    return std::nullopt;
  const std::size_t needed = std::size_t(squish::GetStorageRequirements(int(width), int(height), flags));
  if (width == 0 || height == 0 || width > 16384 || height > 16384 || bytes.size() < 128 + needed)
    return std::nullopt;
  Pixels pixels{width, height, std::vector<std::uint8_t>(std::size_t(width) * height * 4)};
  squish::DecompressImage(pixels.rgba.data(), int(width), int(height), bytes.data() + 128, flags);
  return pixels;
}

std::optional<std::filesystem::path> find_ignoring_case(const std::filesystem::path& folder,
                                                        const std::string& relative) {
  std::filesystem::path at = folder;
  std::size_t start = 0;
  while (start <= relative.size()) {
    const std::size_t end = std::min(relative.find_first_of("/\\", start), relative.size());
    const std::string part = lower(relative.substr(start, end - start));
    start = end + 1;
    if (part.empty()) continue;
    std::optional<std::filesystem::path> found;
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator(at, error))
      if (lower(entry.path().filename().string()) == part) found = entry.path();
    if (!found) return std::nullopt;
    at = *found;
  }
  if (!std::filesystem::is_regular_file(at)) return std::nullopt;
  return at;
}

}  // namespace gamefmt::test
