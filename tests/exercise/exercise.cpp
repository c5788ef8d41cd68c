#include "exercise.hpp"

#include <stdexcept>
#include <vector>

#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/gltf/gltf_reader.hpp"
#include "gamefmt/gltf/gltf_writer.hpp"
#include "gamefmt/image/dds.hpp"
#include "gamefmt/image/image_sniffing.hpp"
#include "gamefmt/image/png.hpp"
#include "gamefmt/shinobi/material_scripts.hpp"

namespace gamefmt::exercise {

void format_input(const FormatHandler& handler, std::span<const std::byte> bytes, const std::string& name) {
  const auto& d = handler.description();
  try {
    if (d.can_rewrite) (void)handler.rewrite(bytes, name);
  } catch (const FormatError&) {
  }
  if (!d.can_import) return;
  try {
    ImportRequest request;
    request.primary = {name, {bytes.begin(), bytes.end()}};
    const auto scene = handler.import_scene(request);
    (void)gltf::write_gltf(scene, {}, "exercise.glb");
    // The way back too: whatever a damaged file imports as must export as its format or give a FormatError.
    if (d.can_export && handler.takes_scene(scene)) (void)handler.export_scene(scene, {{}, {}, name});
  } catch (const FormatError&) {
  }
}

void gltf_input(std::span<const std::byte> bytes) {
  try {
    (void)gltf::write_gltf(gltf::read_gltf(bytes, "exercise.glb"), {}, "exercise.glb");
  } catch (const FormatError&) {
  }
}

void image_input(std::span<const std::byte> bytes) {
  using namespace gamefmt::image;
  try {
    (void)sniff_encoded_image(bytes, "exercise.img");
  } catch (const FormatError&) {
  }
  try {
    const auto image = decode_top_level(read_dds(bytes, "exercise.dds"));
    const auto png = encode_png(image);
    const auto info = sniff_encoded_image(png, "exercise.png");
    if (!info || info->format != EncodedImageFormat::png || info->width != image.width ||
        info->height != image.height)
      throw std::logic_error("the PNG written from a decoded DDS does not give the image's size back");
  } catch (const FormatError&) {
  }
}

void material_script_input(std::span<const std::byte> bytes) {
  // Small limits keep each input fast; the mechanisms are the same at any size. The reader never throws.
  shinobi::ScriptLimits limits;
  limits.instructions = 200'000;
  limits.seconds = 1;
  limits.memory_bytes = 16u << 20;
  const auto library = shinobi::read_material_script(bytes, "exercise.lua", limits);
  // Touch what a converter reads, so that the sanitizers see every string and JSON value.
  std::size_t total = 0;
  for (const auto& material : library.materials)
    total += material.name.size() + material.diffuse_map.size() + material.fields.dump().size();
  if (total == std::size_t(-1)) throw std::logic_error("impossible size");
}

bool input_for(std::string_view id, std::span<const std::byte> bytes) {
  if (id == "gltf") {
    gltf_input(bytes);
  } else if (id == "dds") {
    image_input(bytes);
  } else if (id == "grimrock-scripts") {
    material_script_input(bytes);
  } else if (const auto* handler = find_handler_by_id(id)) {
    const auto& d = handler->description();
    // Formats known by file name only (X-Ray's `level`) have no extension.
    format_input(*handler, bytes,
                 d.extensions.empty() ? d.file_names.front() : "input." + d.extensions.front());
  } else {
    return false;
  }
  return true;
}

std::vector<std::string> input_ids() {
  std::vector<std::string> ids = {"gltf", "dds", "grimrock-scripts"};
  for (const auto* handler : format_handlers()) ids.push_back(handler->description().id);
  return ids;
}

}  // namespace gamefmt::exercise
