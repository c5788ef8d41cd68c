// Bitmap_Z objects of an extracted BigFile as .dds and .png files beside their object files.
#include <unordered_map>

#include "gamefmt/asobo/bigfile_folder.hpp"
#include "gamefmt/asobo/bitmap_image.hpp"
#include "gamefmt/asobo/bitmap_object.hpp"
#include "gamefmt/asobo/lz.hpp"
#include "gamefmt/asobo/name_hash.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/image/png.hpp"

namespace gamefmt::asobo {

BitmapImagesWritten write_bitmap_images(const BigFile& archive, const nlohmann::json& manifest,
                                        const std::filesystem::path& folder, std::string_view file_name) {
  BitmapImagesWritten written;
  const auto layout = bitmap_layout_for(archive.version, archive.byte_order);
  if (!layout) return written;
  std::unordered_map<std::uint32_t, const StoredBody*> pool_bodies;
  if (archive.pool)
    for (const auto& res : archive.pool->resources) pool_bodies.try_emplace(res.name, &res.body);
  const std::uint32_t bitmap_class = name_hash("Bitmap_Z");
  for (std::size_t b = 0; b < archive.blocks.size(); ++b)
    for (std::size_t i = 0; i < archive.blocks[b].resources.size(); ++i) {
      const auto& res = archive.blocks[b].resources[i];
      if (res.class_name != bitmap_class) continue;
      // The path extract wrote the object to (bigfile_unpack.cpp makes it inside the folder).
      const std::string relative =
          manifest.at("blocks").at(b).at("objects").at(i).at("file").get<std::string>();
      const std::string object_file = std::string(file_name) + " (" + relative + ")";
      try {
        const StoredBody* body = &res.body;
        if (res.pooled) {
          const auto found = pool_bodies.find(res.name);
          if (found == pool_bodies.end()) continue;  // extract has refused such an archive already
          body = found->second;
        }
        const auto bytes = body->compressed ? lz_decompress(body->bytes, object_file) : body->bytes;
        const auto bitmap =
            read_bitmap_object(res.link_header, bytes, object_file, archive.byte_order, *layout);
        const auto dds = bitmap_dds_file(bitmap, object_file);
        const auto png = image::encode_png(decode_bitmap(bitmap, object_file));
        write_file_atomically(folder / (relative + ".dds"), dds);
        write_file_atomically(folder / (relative + ".png"), png);
        ++written.bitmaps;
      } catch (const FormatError& e) {
        written.problems.push_back(e.what());
      }
    }
  return written;
}

}  // namespace gamefmt::asobo
