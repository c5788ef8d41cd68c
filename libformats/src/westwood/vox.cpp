#include "gamefmt/westwood/vox.hpp"

#include <cstdio>
#include <cstring>
#include <map>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/format_error.hpp"

namespace gamefmt::westwood {
namespace {

constexpr int kMaxDepth = 16;

ChunkId make_id(std::string_view text) {
  ChunkId id{};
  std::memcpy(id.data(), text.data(), 4);
  return id;
}

bool is(const VoxChunk& chunk, std::string_view id) {
  return std::string_view(chunk.id.data(), 4) == id;
}

VoxChunk read_chunk(ByteReader& r, int depth) {
  VoxChunk chunk;
  const auto id = r.bytes(4, "id");
  std::memcpy(chunk.id.data(), id.data(), 4);
  const auto content_size = r.count(r.u32("content_size"), 1, "content_size");
  const auto children_size_value = r.u32("children_size");
  const auto content = r.bytes(content_size, "content");
  chunk.content.assign(content.begin(), content.end());
  auto children = r.sub_reader(r.count(children_size_value, 1, "children_size"), "children");
  if (!children.at_end() && depth >= kMaxDepth)
    children.fail("children", "chunks nested deeper than 16 levels");
  for (std::size_t i = 0; !children.at_end(); ++i) {
    auto f = children.enter("children", i);
    chunk.children.push_back(read_chunk(children, depth + 1));
  }
  return chunk;
}

void write_chunk(ByteWriter& w, const VoxChunk& chunk) {
  w.bytes(std::string_view(chunk.id.data(), 4));
  w.u32(static_cast<std::uint32_t>(chunk.content.size()));
  const auto children_size_at = w.size();
  w.u32(0);
  w.bytes(chunk.content);
  const auto children_start = w.size();
  for (const auto& child : chunk.children) write_chunk(w, child);
  w.patch<std::uint32_t>(children_size_at, static_cast<std::uint32_t>(w.size() - children_start));
}

// The content of a scene-graph chunk: dictionaries of length-prefixed strings.
using Dictionary = std::map<std::string, std::string>;

Dictionary read_dictionary(ByteReader& r) {
  Dictionary dict;
  const auto pairs = r.count(r.i32("dictionary_size"), 8, "dictionary_size");
  for (std::size_t i = 0; i < pairs; ++i) {
    auto key = r.string_prefixed<std::int32_t>("key");
    dict[std::move(key)] = r.string_prefixed<std::int32_t>("value");
  }
  return dict;
}

void write_dictionary(ByteWriter& w, const Dictionary& dict) {
  w.i32(static_cast<std::int32_t>(dict.size()));
  for (const auto& [key, value] : dict) {
    w.string_prefixed<std::int32_t>(key);
    w.string_prefixed<std::int32_t>(value);
  }
}

VoxChunk make_chunk(std::string_view id, ByteWriter&& content) {
  VoxChunk chunk;
  chunk.id = make_id(id);
  chunk.content = content.take();
  return chunk;
}

}  // namespace

VoxFile read_vox(std::span<const std::byte> data, std::string_view file_name) {
  ByteReader r(data, file_name, ByteOrder::little);
  const auto magic = r.string_of_size(4, "magic");
  if (magic != "VOX ") r.fail_at(0, "magic", "not a MagicaVoxel file (expected \"VOX \")");
  VoxFile file;
  r.collect_warnings(&file.warnings);
  file.version = r.u32("version");
  auto f = r.enter("main");
  file.main = read_chunk(r, 0);
  if (!is(file.main, "MAIN")) r.fail_at(8, "id", "the first chunk is not MAIN");
  if (!r.at_end()) {  // the game reads no further
    r.warn("", std::to_string(r.remaining()) + " bytes after the MAIN chunk are not read; they are kept");
    const auto rest = r.bytes(r.remaining(), "trailing_bytes");
    file.trailing_bytes.assign(rest.begin(), rest.end());
  }
  return file;
}

std::vector<std::byte> write_vox(const VoxFile& file, std::string_view file_name) {
  ByteWriter w(ByteOrder::little, 0, file_name);
  w.bytes(std::string_view("VOX "));
  w.u32(file.version);
  write_chunk(w, file.main);
  w.bytes(file.trailing_bytes);
  return w.take();
}

const VoxChunk* find_chunk(const VoxFile& file, std::string_view id) {
  for (const auto& child : file.main.children)
    if (is(child, id)) return &child;
  return nullptr;
}

std::vector<VoxModel> vox_models(const VoxFile& file, std::string_view file_name) {
  std::vector<VoxModel> models;
  // Scene graph: transform node -> (child id, name, translation); shape node -> model ids.
  struct Transform {
    std::int32_t child = -1;
    std::string name;
    std::array<std::int32_t, 3> translation{};
  };
  std::map<std::int32_t, Transform> transforms;
  std::map<std::int32_t, std::vector<std::int32_t>> shapes;
  std::optional<std::array<std::uint32_t, 3>> size;
  for (std::size_t i = 0; i < file.main.children.size(); ++i) {
    const auto& chunk = file.main.children[i];
    ByteReader r(chunk.content, file_name, ByteOrder::little);
    auto f = r.enter("chunks", i);
    if (is(chunk, "SIZE")) {
      size = {r.u32("x"), r.u32("y"), r.u32("z")};
      if ((*size)[0] > 256 || (*size)[1] > 256 || (*size)[2] > 256)
        r.fail_at(0, "size", "a model is at most 256 voxels a side");
    } else if (is(chunk, "XYZI")) {
      if (!size) r.fail_at(0, "XYZI", "voxels without a SIZE chunk before them");
      VoxModel model;
      model.size = *size;
      size.reset();
      const auto n = r.count(r.u32("voxel_count"), 4, "voxel_count");
      model.voxels.resize(n);
      for (std::size_t v = 0; v < n; ++v) {
        auto& voxel = model.voxels[v];
        for (auto& b : voxel) b = r.u8("voxel");
        for (int a = 0; a < 3; ++a)
          if (voxel[a] >= model.size[a])
            r.fail_at(r.absolute_offset() - 4, "voxel",
                      "voxel " + std::to_string(v) + " lies outside its model");
      }
      models.push_back(std::move(model));
    } else if (is(chunk, "nTRN")) {
      const auto id = r.i32("node_id");
      Transform t;
      const auto attributes = read_dictionary(r);
      if (const auto it = attributes.find("_name"); it != attributes.end()) t.name = it->second;
      t.child = r.i32("child_id");
      (void)r.i32("reserved");
      (void)r.i32("layer_id");
      const auto frames = r.count(r.i32("frame_count"), 4, "frame_count");
      for (std::size_t k = 0; k < frames; ++k) {
        const auto frame = read_dictionary(r);
        if (const auto it = frame.find("_t"); k == 0 && it != frame.end())
          std::sscanf(it->second.c_str(), "%d %d %d", &t.translation[0], &t.translation[1],
                      &t.translation[2]);
      }
      transforms[id] = t;
    } else if (is(chunk, "nSHP")) {
      const auto id = r.i32("node_id");
      (void)read_dictionary(r);
      const auto count = r.count(r.i32("model_count"), 8, "model_count");
      auto& ids = shapes[id];
      for (std::size_t k = 0; k < count; ++k) {
        ids.push_back(r.i32("model_id"));
        (void)read_dictionary(r);
      }
    }
  }
  for (const auto& [id, t] : transforms) {
    const auto shape = shapes.find(t.child);
    if (shape == shapes.end()) continue;
    for (const auto model : shape->second)
      if (model >= 0 && std::size_t(model) < models.size() && models[model].name.empty()) {
        models[model].name = t.name;
        models[model].translation = t.translation;
      }
  }
  return models;
}

std::optional<VoxPalette> vox_palette(const VoxFile& file, std::string_view file_name) {
  const auto* chunk = find_chunk(file, "RGBA");
  if (chunk == nullptr) return std::nullopt;
  ByteReader r(chunk->content, file_name, ByteOrder::little);
  auto f = r.enter("RGBA");
  VoxPalette palette;
  for (auto& entry : palette)
    for (auto& c : entry) c = r.u8("color");
  return palette;
}

VoxFile make_vox(const std::vector<VoxModel>& models, const VoxPalette& palette,
                 std::vector<VoxChunk> extra) {
  VoxFile file;
  file.main.id = make_id("MAIN");
  auto& out = file.main.children;
  for (const auto& model : models) {
    ByteWriter size(ByteOrder::little);
    for (const auto s : model.size) size.u32(s);
    out.push_back(make_chunk("SIZE", std::move(size)));
    ByteWriter xyzi(ByteOrder::little);
    xyzi.u32(static_cast<std::uint32_t>(model.voxels.size()));
    for (const auto& v : model.voxels) xyzi.write_array(v);
    out.push_back(make_chunk("XYZI", std::move(xyzi)));
  }
  // Scene graph: root transform 0 -> group 1 -> per model a transform (2 + 2i) -> shape (3 + 2i).
  ByteWriter root(ByteOrder::little);
  root.i32(0);
  write_dictionary(root, {});
  root.i32(1);
  root.i32(-1);
  root.i32(-1);
  root.i32(1);
  write_dictionary(root, {});
  out.push_back(make_chunk("nTRN", std::move(root)));
  ByteWriter group(ByteOrder::little);
  group.i32(1);
  write_dictionary(group, {});
  group.i32(static_cast<std::int32_t>(models.size()));
  for (std::size_t i = 0; i < models.size(); ++i) group.i32(static_cast<std::int32_t>(2 + 2 * i));
  out.push_back(make_chunk("nGRP", std::move(group)));
  for (std::size_t i = 0; i < models.size(); ++i) {
    const auto& m = models[i];
    ByteWriter transform(ByteOrder::little);
    transform.i32(static_cast<std::int32_t>(2 + 2 * i));
    Dictionary attributes;
    if (!m.name.empty()) attributes["_name"] = m.name;
    write_dictionary(transform, attributes);
    transform.i32(static_cast<std::int32_t>(3 + 2 * i));
    transform.i32(-1);
    transform.i32(0);
    transform.i32(1);
    write_dictionary(transform,
                     {{"_t", std::to_string(m.translation[0]) + " " + std::to_string(m.translation[1]) + " " +
                                 std::to_string(m.translation[2])}});
    out.push_back(make_chunk("nTRN", std::move(transform)));
    ByteWriter shape(ByteOrder::little);
    shape.i32(static_cast<std::int32_t>(3 + 2 * i));
    write_dictionary(shape, {});
    shape.i32(1);
    shape.i32(static_cast<std::int32_t>(i));
    write_dictionary(shape, {});
    out.push_back(make_chunk("nSHP", std::move(shape)));
  }
  ByteWriter layer(ByteOrder::little);
  layer.i32(0);
  write_dictionary(layer, {});
  layer.i32(-1);
  out.push_back(make_chunk("LAYR", std::move(layer)));
  ByteWriter rgba(ByteOrder::little);
  for (const auto& entry : palette) rgba.write_array(entry);
  out.push_back(make_chunk("RGBA", std::move(rgba)));
  for (auto& chunk : extra) out.push_back(std::move(chunk));
  return file;
}

}  // namespace gamefmt::westwood
