#pragma once
// Textures into the scene: the file a model's texture name leads to, as an image glTF can carry (PNG or
// JPEG). Decoded once per process, so a batch of models sharing a texture decodes it once.
#include <cstddef>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/adapters/format_handler.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/core/game_folder.hpp"
#include "gamefmt/image/rgba8_image.hpp"
#include "gamefmt/scene/scene.hpp"

namespace gamefmt {

// An image as glTF carries it.
struct EncodedImage {
  std::string mime_type;  // "image/png" or "image/jpeg"
  std::vector<std::byte> bytes;
};

// The size limit texture files are read under: limits.max_texture_bytes.
SizeLimit texture_file_limit(const Limits& limits);
// A DDS file's top level as RGBA8 (gamefmt/image/dds.hpp), refused (FormatError naming `file_name`) above
// limits.max_texture_pixels.
image::Rgba8Image decode_dds_texture(std::span<const std::byte> bytes, std::string_view file_name,
                                     const Limits& limits);

// What is done to a DDS texture's texels before they are written as PNG.
enum class TexelRule {
  as_stored,
  // A normal map whose blue channel is 255 everywhere (no z stored) gets z rebuilt from red and green as the
  // unit normal's; any other map stays as stored.
  normal_z_from_xy_when_blue_is_flat,
};

// The file as PNG or JPEG: PNG and JPEG files as they are, DDS (BC1-BC3, 24/32-bit) decoded at its top level
// (`rule` applied) and written as PNG. Read under the rule of gamefmt/core/file_io.hpp: inside the folder it
// was looked up in
// (`looked_up_in`; null for a picture the user named, which may lie anywhere), a regular file, at most
// limits.max_texture_bytes. Cached for the whole process by real path (thread-safe; at most 512 MiB of
// encoded images, the least recently used leaving first); a failure is cached too. Throws FormatError naming
// the file for a file that breaks the rule, cannot be read, is not one of those formats, is larger than
// limits.max_texture_pixels, or does not fit in memory.
std::shared_ptr<const EncodedImage> load_texture_file(const std::filesystem::path& file,
                                                      const GameFolder* looked_up_in, const Limits& limits,
                                                      TexelRule rule = TexelRule::as_stored);

// How the cache of load_texture_file has been used in this process: files asked for, and files read and
// decoded (each at most once while it stays cached, however many threads ask at the same time).
struct TextureCacheStatistics {
  std::size_t lookups = 0;
  std::size_t loads = 0;
};
TextureCacheStatistics texture_cache_statistics();

// Adds the texture file (found in `looked_up_in`, or named by the user: null) to the scene as an embedded
// image (once per file per scene) and returns its index. A file that cannot be loaded gives nothing and a
// warning that names `texture_name`, the file and the problem; the conversion goes on.
std::optional<scene::ImageIndex> add_texture_image(scene::Scene& scene, const std::filesystem::path& file,
                                                   std::string_view texture_name, const Limits& limits,
                                                   const GameFolder* looked_up_in,
                                                   TexelRule rule = TexelRule::as_stored);

// Adds pixels the conversion made itself (a rebuilt normal map, a palette, a decoded game bitmap) to the
// scene as an embedded PNG named `name`, and returns its index.
scene::ImageIndex add_pixels_image(scene::Scene& scene, const image::Rgba8Image& pixels, std::string name);

// The warning for a texture that was not found: its name and every place looked, or, when a file was there
// but broke the rule of file_io.hpp, why it was refused ("texture 'act\act_rat': `textures/act/act_rat.dds`
// resolves outside the game-data folder (...): skipped").
void warn_texture_missing(scene::Scene& scene, std::string_view texture_name, const FileLookup& lookup);

// For `gamefmt info`: {"name", "found" (the file, or null), "looked_for" (every place, in order), and
// "refused" (why files that were there were not used) when there were any}.
nlohmann::json texture_lookup_json(std::string_view texture_name, const FileLookup& lookup);

// For formats whose files name no texture (Lugaru, Overgrowth): a picture given as a companion (.png, .jpg,
// .jpeg, .dds), else one beside `model_file` with its base name, or in a `Textures` folder beside it or
// beside its folder (Lugaru's Data/Models and Data/Textures), letter case ignored, becomes the base colour of
// every material of the scene that has no texture. Nothing found: nothing happens (these formats name no
// texture, so there is nothing to warn about); a picture that does not load, or breaks the rule of
// file_io.hpp (a FIFO, a link out of its folder), is a warning.
void attach_picture_texture(scene::Scene& scene, const ImportRequest& request,
                            const std::filesystem::path& model_file);
// The extensions of pictures attach_picture_texture takes as companions.
const std::vector<std::string>& picture_extensions();

}  // namespace gamefmt
