#include "exercise.hpp"

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "core/kept_bytes.hpp"
#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/asobo/bigfile.hpp"
#include "gamefmt/asobo/bigfile_folder.hpp"
#include "gamefmt/asobo/bigfile_index.hpp"
#include "gamefmt/core/bytes_as_text.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/game_folder.hpp"
#include "gamefmt/core/reference_patch.hpp"
#include "gamefmt/gltf/gltf.hpp"
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

// A BigFile also goes through what `gamefmt bigfile` does: the index from its headers, then extract and pack
// in memory.
void bigfile_input(std::span<const std::byte> bytes, const std::string& name) {
  try {
    (void)asobo::read_bigfile_index(asobo::RandomAccessBytes(bytes), name);
  } catch (const FormatError&) {
  }
  try {
    const auto unpacked = asobo::unpack_bigfile(asobo::read_bigfile(bytes, name), nullptr, name);
    std::map<std::string, std::vector<std::byte>> files;
    for (const auto& file : unpacked.files) files[file.path] = file.bytes;
    (void)asobo::write_bigfile(
        asobo::repack_bigfile(
            unpacked.manifest, [&](const std::string& path) { return files.at(path); }, "manifest.json"),
        name);
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

namespace {

// The folder mod_scripts_input writes its mods into: one per process, removed at exit.
class ModFolder {
 public:
  ModFolder() {
    std::string pattern = (std::filesystem::temp_directory_path() / "gamefmt-mod-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("cannot make a temporary folder");
    root_ = pattern;
  }
  ~ModFolder() {
    std::error_code error;
    std::filesystem::remove_all(root_, error);
  }
  ModFolder(const ModFolder&) = delete;
  ModFolder& operator=(const ModFolder&) = delete;
  const std::filesystem::path& root() const { return root_; }

 private:
  std::filesystem::path root_;
};

void write_text(const std::filesystem::path& path, std::string_view text) {
  std::ofstream out(path, std::ios::binary);
  out.write(text.data(), std::streamsize(text.size()));
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

}  // namespace

void mod_scripts_input(std::span<const std::byte> bytes) {
  static ModFolder folder;
  const std::filesystem::path scripts = folder.root() / "mod_assets" / "scripts";
  std::filesystem::remove_all(folder.root() / "mod_assets");  // nothing of the previous input stays
  std::filesystem::create_directories(scripts);

  const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  constexpr std::string_view kCut = "\n--8<--\n";
  constexpr std::size_t kMostScripts = 4;
  std::vector<std::string_view> pieces;
  std::size_t start = 0;
  while (pieces.size() + 1 < kMostScripts) {
    const std::size_t cut = text.find(kCut, start);
    if (cut == std::string_view::npos) break;
    pieces.push_back(text.substr(start, cut - start));
    start = cut + kCut.size();
  }
  pieces.push_back(text.substr(start));
  std::string init(pieces[0]);
  for (std::size_t i = 1; i < pieces.size(); ++i) {
    const std::string name = "s" + std::to_string(i) + ".lua";
    write_text(scripts / name, pieces[i]);
    init += "\nimport \"mod_assets/scripts/" + name + "\"";
  }
  write_text(scripts / "init.lua", init);

  // Small limits keep each input fast; the mechanisms are the same at any size. The reader never throws.
  shinobi::ScriptLimits limits;
  limits.instructions = 1'000'000;
  limits.seconds = 1;
  limits.memory_bytes = 16u << 20;
  const auto library = shinobi::read_material_scripts(GameFolder(folder.root()), nullptr, limits);
  if (library.warnings.size() > 201) throw std::logic_error("more warnings than the reader keeps");
  for (const auto& warning : library.warnings)
    if (warning.size() > 1000) throw std::logic_error("a warning longer than the reader makes them");
  // Everything a converter takes from the library, as JSON: dump() throws for a string that is not UTF-8.
  nlohmann::json all = {{"warnings", library.warnings}, {"scripts", library.scripts_read}};
  for (const auto& m : library.materials)
    all["materials"].push_back({m.name, m.diffuse_map, m.normal_map, m.specular_map, m.fields, m.script});
  for (const auto& o : library.objects) all["objects"].push_back({o.name, o.model, o.animations, o.script});
  try {
    (void)all.dump();
  } catch (const nlohmann::json::exception& e) {
    throw std::logic_error(std::string("the scripts gave text that is not UTF-8: ") + e.what());
  }
}

void kept_bytes_input(std::span<const std::byte> bytes) {
  const std::string text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  const auto kept = kept_bytes(nlohmann::json(text));
  if (!kept) return;
  const auto colon = text.find(':');
  const std::size_t deflated = (text.size() - colon - 1) / 4 * 3;  // what the base64 text can hold, at most
  if (kept->size() > most_bytes_from(deflated))
    throw std::logic_error("kept bytes past the text's allowance");
  if (kept_bytes(kept_bytes_json(*kept)) != kept)
    throw std::logic_error("kept bytes that do not encode back");
}

// The input: a little-endian u32 reference length, the reference, then the patch. A patch that applies
// must give a file no larger than allowed, and that file must patch and apply again to itself.
void reference_patch_input(std::span<const std::byte> bytes) {
  if (bytes.size() < 4) return;
  std::uint32_t length = 0;
  for (int i = 3; i >= 0; --i) length = (length << 8) | std::to_integer<std::uint32_t>(bytes[std::size_t(i)]);
  const auto rest = bytes.subspan(4);
  const auto reference = rest.first(std::min<std::size_t>(length, rest.size()));
  const auto patch = rest.subspan(reference.size());
  constexpr std::size_t kMost = std::size_t{16} << 20;
  const auto file = apply_reference_patch(patch, reference, kMost);
  if (!file) return;
  if (file->size() > kMost) throw std::logic_error("a patched file past the allowance");
  if (apply_reference_patch(make_reference_patch(*file, reference), reference, kMost) != file)
    throw std::logic_error("a patched file that does not patch back");
}

bool input_for(std::string_view id, std::span<const std::byte> bytes) {
  if (id == "gltf") {
    gltf_input(bytes);
  } else if (id == "dds") {
    image_input(bytes);
  } else if (id == "grimrock-scripts") {
    material_script_input(bytes);
  } else if (id == "grimrock-mod") {
    mod_scripts_input(bytes);
  } else if (id == "kept-bytes") {
    kept_bytes_input(bytes);
  } else if (id == "reference-patch") {
    reference_patch_input(bytes);
  } else if (const auto* handler = find_handler_by_id(id)) {
    const auto& d = handler->description();
    // Formats known by file name only (X-Ray's `level`) have no extension.
    const std::string name = d.extensions.empty() ? d.file_names.front() : "input." + d.extensions.front();
    format_input(*handler, bytes, name);
    if (d.id.starts_with("asobo-bigfile")) bigfile_input(bytes, name);
  } else {
    return false;
  }
  return true;
}

std::vector<std::string> input_ids() {
  std::vector<std::string> ids = {"gltf",         "dds",        "grimrock-scripts",
                                  "grimrock-mod", "kept-bytes", "reference-patch"};
  for (const auto* handler : format_handlers()) ids.push_back(handler->description().id);
  return ids;
}

}  // namespace gamefmt::exercise
