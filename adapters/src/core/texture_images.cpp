#include "texture_images.hpp"

#include <algorithm>
#include <cmath>
#include <future>
#include <list>
#include <map>
#include <mutex>
#include <new>
#include <set>
#include <tuple>
#include <variant>

#include "gamefmt/adapters/common_options.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/text_encoding.hpp"
#include "gamefmt/image/dds.hpp"
#include "gamefmt/image/image_sniffing.hpp"
#include "gamefmt/image/png.hpp"

namespace gamefmt {
namespace {

constexpr std::size_t kCacheBudget = std::size_t{512} << 20;

// A tangent-space normal map whose blue channel is 255 everywhere holds no z: it is rebuilt from x and y as
// the unit normal's z (z = sqrt(1 - x² - y²), x and y unpacked as 2·v/255 - 1), so that the map is unit
// normals in glTF's RGB layout. A map with any other blue is left as it is.
void derive_flat_normal_z(image::Rgba8Image& pixels) {
  auto& texels = pixels.pixels;
  for (std::size_t i = 2; i < texels.size(); i += 4)
    if (texels[i] != 255) return;
  for (std::size_t i = 0; i + 3 < texels.size(); i += 4) {
    const double x = texels[i] / 127.5 - 1, y = texels[i + 1] / 127.5 - 1;
    const double z = std::sqrt(std::max(0.0, 1 - x * x - y * y));
    texels[i + 2] = static_cast<std::uint8_t>(std::min(255L, std::lround(127.5 * (z + 1))));
  }
}

std::shared_ptr<const EncodedImage> encode(const std::filesystem::path& file, const Limits& limits,
                                           TexelRule rule) {
  const std::string name = file.string();
  // Rules 2 and 3 of file_io.hpp (rule 1 was checked on the way here, load_texture_file).
  const auto bytes = read_file_bytes(file, texture_file_limit(limits));
  if (const auto sniffed = image::sniff_encoded_image(bytes, name)) {
    if (std::uint64_t(sniffed->width) * sniffed->height > limits.max_texture_pixels)
      throw FormatError(name, std::nullopt, "", "the image is larger than max_texture_pixels",
                        ErrorKind::limit);
    return std::make_shared<const EncodedImage>(
        EncodedImage{sniffed->format == image::EncodedImageFormat::png ? "image/png" : "image/jpeg", bytes});
  }
  auto pixels = decode_dds_texture(bytes, name, limits);
  if (rule == TexelRule::normal_z_from_xy_when_blue_is_flat) derive_flat_normal_z(pixels);
  return std::make_shared<const EncodedImage>(EncodedImage{"image/png", image::encode_png(pixels)});
}

// Results by (real path, pixel limit, byte limit), successes and failures alike; least recently used first
// out. A file is loaded by the first thread that asks; others asking meanwhile wait for that result.
class TextureCache {
 public:
  std::shared_ptr<const EncodedImage> load(const std::filesystem::path& real_file, const Limits& limits,
                                           TexelRule rule) {
    const Key key{real_file.string(), limits.max_texture_pixels, limits.max_texture_bytes, rule};
    std::promise<Result> promise;
    std::shared_future<Result> future;
    bool mine = false;
    {
      std::lock_guard lock(mutex_);
      ++statistics_.lookups;
      if (auto it = entries_.find(key); it != entries_.end()) {
        order_.splice(order_.begin(), order_, it->second.place);
        future = it->second.result;
      } else {
        ++statistics_.loads;
        order_.push_front(key);
        future = promise.get_future().share();
        entries_.emplace(key, Entry{future, order_.begin(), 0});
        mine = true;
      }
    }
    if (mine) {
      Result loaded;
      try {
        loaded = encode(real_file, limits, rule);
      } catch (const FormatError& e) {
        loaded = e;
      } catch (const std::bad_alloc&) {  // a bad texture is a warning, never the end of the conversion
        loaded = FormatError(real_file.string(), std::nullopt, "", "not enough memory to decode it",
                             ErrorKind::limit);
      }
      const std::size_t size = size_of(loaded);
      promise.set_value(std::move(loaded));
      std::lock_guard lock(mutex_);
      if (auto it = entries_.find(key); it != entries_.end()) {
        it->second.bytes = size;
        bytes_ += size;
        trim();
      }
    }
    return result(future.get());
  }

  TextureCacheStatistics statistics() {
    std::lock_guard lock(mutex_);
    return statistics_;
  }

 private:
  using Key = std::tuple<std::string, std::uint64_t, std::uint64_t, TexelRule>;
  using Result = std::variant<std::shared_ptr<const EncodedImage>, FormatError>;
  struct Entry {
    std::shared_future<Result> result;
    std::list<Key>::iterator place;
    std::size_t bytes = 0;  // counted once loaded
  };

  static std::size_t size_of(const Result& result) {
    const auto* image = std::get_if<std::shared_ptr<const EncodedImage>>(&result);
    return image != nullptr && *image ? (*image)->bytes.size() : 0;
  }
  static std::shared_ptr<const EncodedImage> result(const Result& result) {
    if (const auto* error = std::get_if<FormatError>(&result)) throw *error;
    return std::get<std::shared_ptr<const EncodedImage>>(result);
  }
  void trim() {
    while (bytes_ > kCacheBudget && order_.size() > 1) {
      const auto it = entries_.find(order_.back());
      bytes_ -= it->second.bytes;
      entries_.erase(it);
      order_.pop_back();
    }
  }

  std::mutex mutex_;
  std::map<Key, Entry> entries_;
  std::list<Key> order_;
  std::size_t bytes_ = 0;
  TextureCacheStatistics statistics_;
};

TextureCache& texture_cache() {
  static TextureCache cache;
  return cache;
}

// The game's texture name, with an extension that says what the image now is: a name ending in another
// picture format's extension (Grimrock's "wall_dif.tga" for a DDS turned PNG) ends in ".png" or ".jpg"
// instead, so a viewer that saves it by its name writes the format it holds. Names without an extension
// (X-Ray's "act\act_rat") stay as they are. The game's own name stays in the material's texture_names.
std::string image_name(std::string_view texture_name, const std::string& mime_type) {
  const std::string extension = lower_case_extension(texture_name);
  const std::string wanted = mime_type == "image/jpeg" ? ".jpg" : ".png";
  static const std::set<std::string> kPictureExtensions = {".tga", ".dds", ".bmp", ".png", ".jpg", ".jpeg"};
  if (extension == wanted || (wanted == ".jpg" && extension == ".jpeg") ||
      !kPictureExtensions.count(extension))
    return std::string(texture_name);
  return std::string(texture_name.substr(0, texture_name.size() - extension.size())) + wanted;
}

}  // namespace

SizeLimit texture_file_limit(const Limits& limits) {
  return SizeLimit{limits.max_texture_bytes, "max_texture_bytes"};
}

image::Rgba8Image decode_dds_texture(std::span<const std::byte> bytes, std::string_view file_name,
                                     const Limits& limits) {
  image::DdsLimits dds_limits;
  dds_limits.max_pixels = limits.max_texture_pixels;
  return image::decode_top_level(image::read_dds(bytes, file_name, dds_limits));
}

std::shared_ptr<const EncodedImage> load_texture_file(const std::filesystem::path& file,
                                                      const GameFolder* looked_up_in, const Limits& limits,
                                                      TexelRule rule) {
  std::filesystem::path real;
  if (looked_up_in != nullptr) {
    real = real_path_inside(looked_up_in->root(), file, looked_up_in->description());
  } else {
    std::error_code error;
    real = std::filesystem::canonical(file, error);
    if (error) real = file;  // reading it says why not
  }
  return texture_cache().load(real, limits, rule);
}

TextureCacheStatistics texture_cache_statistics() {
  return texture_cache().statistics();
}

std::optional<scene::ImageIndex> add_texture_image(scene::Scene& scene, const std::filesystem::path& file,
                                                   std::string_view texture_name, const Limits& limits,
                                                   const GameFolder* looked_up_in, TexelRule rule) {
  for (scene::ImageIndex i = 0; i < scene.images.size(); ++i)
    if (scene.images[i].path == file.string() && !scene.images[i].data.empty()) return i;
  try {
    const auto encoded = load_texture_file(file, looked_up_in, limits, rule);
    scene::Image image;
    image.name = image_name(texture_name, encoded->mime_type);
    image.mime_type = encoded->mime_type;
    image.data = encoded->bytes;
    image.path = file.string();
    scene.images.push_back(std::move(image));
    return scene.images.size() - 1;
  } catch (const FormatError& e) {
    scene.warnings.push_back("texture '" + std::string(texture_name) + "': " + e.what() + ": skipped");
    return std::nullopt;
  }
}

scene::ImageIndex add_pixels_image(scene::Scene& scene, const image::Rgba8Image& pixels, std::string name) {
  scene::Image image;
  image.name = std::move(name);
  image.mime_type = "image/png";
  image.data = image::encode_png(pixels);
  scene.images.push_back(std::move(image));
  return scene.images.size() - 1;
}

void warn_texture_missing(scene::Scene& scene, std::string_view texture_name, const FileLookup& lookup) {
  if (!lookup.refused.empty()) {  // there, but not to be read: say why rather than "not found"
    for (const auto& refusal : lookup.refused)
      scene.warnings.push_back("texture '" + std::string(texture_name) + "': " + refusal + ": skipped");
    return;
  }
  std::string places;
  for (const auto& candidate : lookup.candidates) places += (places.empty() ? "" : ", ") + candidate.string();
  scene.warnings.push_back("texture '" + std::string(texture_name) + "' not found" +
                           (places.empty() ? std::string(" (no game-data folder: give --gamedata DIR)")
                                           : " (looked for " + places + ")"));
}

nlohmann::json texture_lookup_json(std::string_view texture_name, const FileLookup& lookup) {
  nlohmann::json looked = nlohmann::json::array();
  for (const auto& candidate : lookup.candidates) looked.push_back(candidate.string());
  nlohmann::json out = {{"name", std::string(texture_name)},
                        {"found", lookup.found ? nlohmann::json(lookup.found->string()) : nlohmann::json()},
                        {"looked_for", std::move(looked)}};
  if (!lookup.refused.empty()) out["refused"] = lookup.refused;
  return out;
}

namespace {

bool has_picture_extension(const std::filesystem::path& path) {
  const std::string extension = lower_case_extension(path.string());
  const auto& known = picture_extensions();
  return !extension.empty() && std::find(known.begin(), known.end(), extension.substr(1)) != known.end();
}

// A picture found beside a model, with the folder it was found in (which it may not leave).
struct FoundPicture {
  std::filesystem::path file;
  GameFolder folder;
};

std::optional<FoundPicture> picture_beside(const std::filesystem::path& model_file,
                                           std::vector<std::string>& refused) {
  std::error_code error;
  const auto model = std::filesystem::absolute(model_file, error);
  const std::string base = model.stem().string();
  std::vector<std::string> names;
  for (const auto& extension : picture_extensions()) names.push_back(base + "." + extension);
  for (const auto& [folder, description] :
       {std::pair{model.parent_path(), "the model's folder"},
        {model.parent_path() / "Textures", "its Textures folder"},
        {model.parent_path().parent_path() / "Textures", "the Textures folder beside its folder"}}) {
    if (!std::filesystem::is_directory(folder, error)) continue;
    GameFolder pictures(folder, description);
    auto lookup = pictures.find_first(names);
    refused.insert(refused.end(), lookup.refused.begin(), lookup.refused.end());
    if (lookup.found) return FoundPicture{std::move(*lookup.found), std::move(pictures)};
  }
  return std::nullopt;
}

}  // namespace

const std::vector<std::string>& picture_extensions() {
  static const std::vector<std::string> extensions = {"png", "jpg", "jpeg", "dds"};
  return extensions;
}

void attach_picture_texture(scene::Scene& scene, const ImportRequest& request,
                            const std::filesystem::path& model_file) {
  if (!textures_option(request.options, request.primary.path)) return;
  std::optional<std::filesystem::path> named;  // by the user: it may lie anywhere
  for (const auto& companion : request.companions)
    if (has_picture_extension(companion.path)) named = companion.path;
  std::optional<FoundPicture> found;
  std::error_code error;
  if (!named && std::filesystem::is_regular_file(model_file, error)) {
    std::vector<std::string> refused;
    found = picture_beside(model_file, refused);
    if (!found)
      for (const auto& refusal : refused) scene.warnings.push_back("picture " + refusal + ": skipped");
  }
  if (!named && !found) return;
  const auto& picture = named ? *named : found->file;
  const auto image = add_texture_image(scene, picture, picture.filename().string(), request.limits,
                                       found ? &found->folder : nullptr);
  if (!image) return;
  for (auto& material : scene.materials) {
    if (material.base_color_texture) continue;
    material.base_color_texture = scene::TextureReference{*image, 0};
    material.base_color = glm::vec4(1.0f);
  }
}

}  // namespace gamefmt
