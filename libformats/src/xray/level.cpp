#include "gamefmt/xray/level.hpp"

#include <algorithm>
#include <string>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/record_fields.hpp"
#include "gamefmt/xray/chunks.hpp"
#include "gamefmt/xray/level_chunk_layout.hpp"
#include "gamefmt/xray/record_layouts.hpp"
#include "ogf_layout.hpp"

namespace gamefmt::xray {
namespace {

enum LevelChunk : std::uint32_t {
  kHeader = 1,
  kShaders = 2,
  kVisuals = 3,
  kPortals = 4,
  kLights = 6,
  kGlows = 7,
  kSectors = 8,
};
enum SectorChunk : std::uint32_t { kSectorPortals = 1, kSectorRoot = 2 };
constexpr std::size_t kPortalSize = 80, kLightSize = 108, kGlowSize = 18;
enum VisualChunk : std::uint32_t {
  kOgfHeaderChunk = 1,
  kTexture = 2,
  kChildrenList = 10,
  kTreeDefinition = 12,
  kSlideWindowsRef = 20,
  kGeometryRef = 21,
  kFastPath = 22,
};
constexpr std::size_t kGeometryRefSize = 24, kTreeDefinitionSize = 104;

// The engine reads a chunk's records and no more: bytes after them are kept with the chunk, as stored.
void expect_end(const ByteReader& r, const char* field) {
  if (!r.at_end())
    r.warn(field, std::to_string(r.remaining()) +
                      " bytes at the end of the chunk are not read; the chunk is kept as stored");
}

GeometryRef read_geometry_ref(const Chunk& chunk, std::string_view file) {
  ByteReader r = chunk.reader(file);
  auto scope = r.enter("geometry");
  GeometryRef g;
  g.vertex_buffer = r.u32("vertex_buffer");
  g.first_vertex = r.u32("first_vertex");
  g.vertex_count = r.u32("vertex_count");
  g.index_buffer = r.u32("index_buffer");
  g.first_index = r.u32("first_index");
  g.index_count = r.u32("index_count");
  expect_end(r, "geometry");
  return g;
}

void write_geometry_ref(ByteWriter& w, const GeometryRef& g) {
  for (auto v :
       {g.vertex_buffer, g.first_vertex, g.vertex_count, g.index_buffer, g.first_index, g.index_count})
    w.u32(v);
}

std::uint32_t read_u32_chunk(const Chunk& chunk, std::string_view file, const char* field) {
  ByteReader r = chunk.reader(file);
  const auto value = r.u32(field);
  expect_end(r, field);
  return value;
}

LevelFastPath read_fast_path(const Chunk& chunk, std::string_view file) {
  LevelFastPath fast;
  std::span<const std::byte>
      ignored;  // bytes after the last chunk: the whole visuals chunk is then kept as stored
  const auto chunks = read_sub_chunks(chunk, file, "fast_path", &ignored);
  const auto known = split_level_chunks(chunks, {kGeometryRef, kSlideWindowsRef}, fast.layout);
  if (auto g = known.find(kGeometryRef); g != known.end())
    fast.geometry = read_geometry_ref(*g->second, file);
  if (auto s = known.find(kSlideWindowsRef); s != known.end())
    fast.slide_windows = read_u32_chunk(*s->second, file, "fast_path.slide_windows");
  return fast;
}

OgfHeader read_visual_header(const Chunk& chunk, std::string_view file) {
  ByteReader r = chunk.reader(file);
  auto scope = r.enter("header");
  OgfHeader h;
  FieldReader io(r);
  ogf_layout::header_fields(io, h);
  expect_end(r, "header");
  return h;
}

void write_visual_header(ByteWriter& w, const OgfHeader& h) {
  FieldWriter out(w);
  ogf_layout::header_fields(out, h);
}

LevelVisual read_visual(const Chunk& chunk, std::string_view file) {
  LevelVisual visual;
  visual.chunk_id = chunk.id;
  std::span<const std::byte>
      ignored;  // bytes after the last chunk: the whole visuals chunk is then kept as stored
  const auto chunks = read_sub_chunks(chunk, file, "chunks", &ignored);
  const auto known = split_level_chunks(
      chunks,
      {kOgfHeaderChunk, kTexture, kChildrenList, kTreeDefinition, kSlideWindowsRef, kGeometryRef, kFastPath},
      visual.layout);
  for (const auto& [id, c] : known) {
    switch (id) {
      case kOgfHeaderChunk:
        visual.header = read_visual_header(*c, file);
        break;
      case kTexture: {  // read as the engine does, on past a chunk size that is too short
        ByteReader r = c->reader_through_file(file);
        auto scope = r.enter("texture");
        std::array<std::string, 2> names;
        names[0] = r.string_zero_terminated("texture");
        names[1] = r.string_zero_terminated("shader");
        c->end_of_records(r, "texture");
        visual.texture = std::move(names);
        break;
      }
      case kChildrenList: {
        ByteReader r = c->reader_through_file(file);
        auto scope = r.enter("children");
        std::vector<std::uint32_t> children(r.count(r.u32("count"), 4, "count"));
        for (auto& child : children) child = r.u32("visual");
        c->end_of_records(r, "children");
        visual.children = std::move(children);
        break;
      }
      case kTreeDefinition: {
        ByteReader r = c->reader(file);
        auto scope = r.enter("tree");
        TreeDefinition tree;
        r.read_array(tree.transform, "transform");
        r.read_array(tree.color_scale, "color_scale");
        r.read_array(tree.color_bias, "color_bias");
        expect_end(r, "tree");
        visual.tree = tree;
        break;
      }
      case kSlideWindowsRef:
        visual.slide_windows = read_u32_chunk(*c, file, "slide_windows");
        break;
      case kGeometryRef:
        visual.geometry = read_geometry_ref(*c, file);
        break;
      default:
        visual.fast_path = read_fast_path(*c, file);
    }
  }
  return visual;
}

// A chunk of fixed-size records (portals, lights, glows); bytes after the last whole record are tolerated
// with a warning, and the chunk then goes back as stored.
template <class Record>
std::vector<Record> read_records(const Chunk& chunk, std::size_t record_size, const ByteReader& file_reader,
                                 const char* field) {
  std::vector<Record> records(level_chunk_records(chunk, record_size, file_reader, field));
  ByteReader r = chunk.reader(file_reader.file());
  FieldReader reader(r);
  record_list(reader, records, field);
  return records;
}

LevelSector read_sector(const Chunk& chunk, const ByteReader& file_reader) {
  const std::string_view file = file_reader.file();
  LevelSector sector;
  sector.chunk_id = chunk.id;
  std::span<const std::byte> ignored;  // bytes after the last chunk: the sectors chunk is then kept as stored
  const auto chunks = read_sub_chunks(chunk, file, "sectors", &ignored);
  if (!ignored.empty())
    file_reader.warn("sectors", std::to_string(ignored.size()) + " bytes after sector " +
                                    std::to_string(chunk.id) + "'s chunks are not read; kept as stored");
  const auto known = split_level_chunks(chunks, {kSectorPortals, kSectorRoot}, sector.layout);
  if (const auto found = known.find(kSectorPortals); found != known.end()) {
    sector.portals.resize(level_chunk_records(*found->second, 2, file_reader, "sectors.portals"));
    ByteReader r = found->second->reader(file);
    for (auto& portal : sector.portals) portal = r.u16("sectors.portals");
  }
  if (const auto found = known.find(kSectorRoot); found != known.end())
    sector.root_visual = read_u32_chunk(*found->second, file, "sectors.root_visual");
  return sector;
}

void write_sector(ByteWriter& w, const LevelSector& sector) {
  LevelChunkLayout layout = sector.layout;
  if (!sector.root_visual) std::erase(layout.order, std::uint32_t(kSectorRoot));
  std::vector<std::uint32_t> default_order;
  if (sector.root_visual) default_order.push_back(kSectorRoot);  // xrLC writes the root first
  default_order.push_back(kSectorPortals);
  write_level_chunks(w, layout, {kSectorPortals, kSectorRoot}, default_order,
                     [&](std::uint32_t id, ByteWriter& out) {
                       if (id == kSectorRoot) {
                         out.u32(*sector.root_visual);
                         return;
                       }
                       for (const auto portal : sector.portals) out.u16(portal);
                     });
}

void write_visual(ByteWriter& w, const LevelVisual& v) {
  // A chunk is written when its value is present; an absent value drops the chunk even if the layout lists
  // it.
  std::vector<std::uint32_t> present;
  if (v.header) present.push_back(kOgfHeaderChunk);
  if (v.texture) present.push_back(kTexture);
  if (v.children) present.push_back(kChildrenList);
  if (v.tree) present.push_back(kTreeDefinition);
  if (v.slide_windows) present.push_back(kSlideWindowsRef);
  if (v.geometry) present.push_back(kGeometryRef);
  if (v.fast_path) present.push_back(kFastPath);
  LevelChunkLayout layout = v.layout;
  if (!layout.order.empty()) {
    std::erase_if(layout.order, [&](std::uint32_t id) {
      const bool known_id = id == kOgfHeaderChunk || id == kTexture || id == kChildrenList ||
                            id == kTreeDefinition || id == kSlideWindowsRef || id == kGeometryRef ||
                            id == kFastPath;
      return known_id && std::find(present.begin(), present.end(), id) == present.end();
    });
    // Keep the order's count of unknown/raw chunks intact: ids that are raw duplicates were removed only if
    // they were known ids whose value is absent, which cannot happen for raw duplicates of a present value.
  }
  std::vector<std::uint32_t> default_order = {
      kOgfHeaderChunk, kTexture, kGeometryRef, kSlideWindowsRef, kFastPath, kTreeDefinition, kChildrenList};
  std::erase_if(default_order, [&](std::uint32_t id) {
    return std::find(present.begin(), present.end(), id) == present.end();
  });
  std::initializer_list<std::uint32_t> known_ids = {
      kOgfHeaderChunk, kTexture, kChildrenList, kTreeDefinition, kSlideWindowsRef, kGeometryRef, kFastPath};
  write_level_chunks(w, layout, known_ids, default_order, [&](std::uint32_t id, ByteWriter& out) {
    switch (id) {
      case kOgfHeaderChunk:
        write_visual_header(out, *v.header);
        break;
      case kTexture:
        out.string_zero_terminated((*v.texture)[0]);
        out.string_zero_terminated((*v.texture)[1]);
        break;
      case kChildrenList:
        out.u32(std::uint32_t(v.children->size()));
        for (auto child : *v.children) out.u32(child);
        break;
      case kTreeDefinition:
        out.write_array(v.tree->transform);
        out.write_array(v.tree->color_scale);
        out.write_array(v.tree->color_bias);
        break;
      case kSlideWindowsRef:
        out.u32(*v.slide_windows);
        break;
      case kGeometryRef:
        write_geometry_ref(out, *v.geometry);
        break;
      default: {
        const auto& fast = *v.fast_path;
        std::vector<std::uint32_t> fast_order;
        if (fast.geometry) fast_order.push_back(kGeometryRef);
        if (fast.slide_windows) fast_order.push_back(kSlideWindowsRef);
        LevelChunkLayout fast_layout = fast.layout;
        std::erase_if(fast_layout.order, [&](std::uint32_t id) {
          return (id == kGeometryRef && !fast.geometry) || (id == kSlideWindowsRef && !fast.slide_windows);
        });
        write_level_chunks(out, fast_layout, {kGeometryRef, kSlideWindowsRef}, fast_order,
                           [&](std::uint32_t fid, ByteWriter& fout) {
                             if (fid == kGeometryRef)
                               write_geometry_ref(fout, *fast.geometry);
                             else
                               fout.u32(*fast.slide_windows);
                           });
      }
    }
  });
}

// The payload of the header, shaders or visuals chunk.
void write_level_chunk(const Level& level, std::uint32_t id, ByteWriter& out) {
  if (id == kHeader) {
    out.u16(level.xrlc_version);
    out.u16(level.xrlc_quality);
  } else if (id == kShaders) {
    out.u32(std::uint32_t(level.shaders.size()));
    for (const auto& shader : level.shaders) out.string_zero_terminated(shader);
  } else if (id == kPortals || id == kLights || id == kGlows) {
    FieldWriter writer(out);
    if (id == kPortals) record_list(writer, level.portals, "portals");
    if (id == kLights) record_list(writer, level.lights, "lights");
    if (id == kGlows) record_list(writer, level.glows, "glows");
  } else if (id == kSectors) {
    ChunkWriter sectors(out);
    for (const auto& sector : level.sectors) {
      const auto at = sectors.begin(sector.chunk_id);
      write_sector(out, sector);
      sectors.end(at);
    }
  } else {
    ChunkWriter visuals(out);
    for (const auto& visual : level.visuals) {
      const auto at = visuals.begin(visual.chunk_id);
      write_visual(out, visual);
      visuals.end(at);
    }
  }
}

}  // namespace

LevelShaderName split_level_shader(std::string_view entry) {
  LevelShaderName name;
  const auto slash = entry.find('/');
  std::string_view rest = entry;
  if (slash != std::string_view::npos) {
    name.engine_shader = std::string(entry.substr(0, slash));
    rest = entry.substr(slash + 1);
  }
  std::size_t comma = rest.find(',');
  name.texture = std::string(rest.substr(0, comma));
  while (comma != std::string_view::npos) {
    rest = rest.substr(comma + 1);
    comma = rest.find(',');
    name.lightmaps.emplace_back(rest.substr(0, comma));
  }
  return name;
}

Level read_level(std::span<const std::byte> data, std::string_view file_name) {
  Level level;
  ByteReader r(data, file_name, ByteOrder::little);
  r.collect_warnings(&level.warnings);
  const auto level_chunks =
      read_level_chunks(r, {kHeader, kShaders, kVisuals, kPortals, kLights, kGlows, kSectors}, level.layout);
  const auto& known = level_chunks.known;
  {
    ByteReader h = require_level_chunk(known, kHeader, r, "header").reader(file_name);
    auto scope = h.enter("header");
    level.xrlc_version = h.u16("xrlc_version");
    level.xrlc_quality = h.u16("xrlc_quality");
    expect_end(h, "header");
  }
  if (const auto found = known.find(kShaders); found != known.end()) {
    ByteReader s = found->second->reader_through_file(file_name);  // by its count, as the engine does
    level.shaders.resize(s.count(s.u32("count"), 1, "count"));
    for (std::size_t i = 0; i < level.shaders.size(); ++i) {
      auto scope = s.enter("shaders", i);
      level.shaders[i] = s.string_zero_terminated("name");
    }
    found->second->end_of_records(s, "shaders");
  }
  if (const auto found = known.find(kVisuals); found != known.end()) {
    std::span<const std::byte> ignored;  // bytes after the last visual: the chunk is then kept as stored
    const auto visual_chunks = read_sub_chunks(*found->second, file_name, "visuals", &ignored);
    level.visuals.reserve(visual_chunks.size());
    for (std::size_t i = 0; i < visual_chunks.size(); ++i) {
      if (visual_chunks[i].compressed)
        r.fail_at(visual_chunks[i].payload_offset - 8, "visuals",
                  "visual " + std::to_string(i) + " is compressed (very old builds only)");
      try {
        level.visuals.push_back(read_visual(visual_chunks[i], file_name));
      } catch (const FormatError& error) {  // name the visual in the field path
        throw FormatError(error.file(), error.offset(), "visuals[" + std::to_string(i) + "]." + error.field(),
                          error.problem());
      }
    }
  }
  if (const auto found = known.find(kPortals); found != known.end())
    level.portals = read_records<LevelPortal>(*found->second, kPortalSize, r, "portals");
  if (const auto found = known.find(kLights); found != known.end())
    level.lights = read_records<LevelLight>(*found->second, kLightSize, r, "lights");
  if (const auto found = known.find(kGlows); found != known.end())
    level.glows = read_records<LevelGlow>(*found->second, kGlowSize, r, "glows");
  if (const auto found = known.find(kSectors); found != known.end()) {
    std::span<const std::byte> ignored;  // bytes after the last sector: the chunk is then kept as stored
    const auto sector_chunks = read_sub_chunks(*found->second, file_name, "sectors", &ignored);
    if (!ignored.empty())
      r.warn("sectors",
             std::to_string(ignored.size()) + " bytes after the last sector are not read; kept as stored");
    level.sectors.reserve(sector_chunks.size());
    for (const auto& chunk : sector_chunks) level.sectors.push_back(read_sector(chunk, r));
  }
  // A chunk with something the model does not hold (bytes after a visual's records...) goes back as stored.
  if (!level.warnings.empty())
    keep_stored_level_chunks(level.layout, known,
                             [&](std::uint32_t id, ByteWriter& out) { write_level_chunk(level, id, out); });
  return level;
}

std::vector<std::byte> write_level(const Level& level, std::string_view file_name) {
  ByteWriter w(ByteOrder::little, 0, file_name);
  // Shader and visual chunks a read file did not have are written only when they hold something.
  std::vector<std::uint32_t> default_order = {kHeader};
  const auto& order = level.layout.order;
  auto listed = [&](std::uint32_t id) {
    return order.empty() || std::find(order.begin(), order.end(), id) != order.end();
  };
  if (listed(kShaders) || !level.shaders.empty()) default_order.push_back(kShaders);
  if (listed(kVisuals) || !level.visuals.empty()) default_order.push_back(kVisuals);
  // Portals, lights, glows and sectors are written when the file had them or they hold something (after the
  // file's own chunks, in xrLC's order, when a read file did not have them).
  LevelChunkLayout layout = level.layout;
  for (const auto& [id, holds] : {std::pair{kPortals, !level.portals.empty()},
                                  {kLights, !level.lights.empty()},
                                  {kGlows, !level.glows.empty()},
                                  {kSectors, !level.sectors.empty()}}) {
    const bool in_file = !order.empty() && listed(id);
    if (!holds && !in_file) continue;
    default_order.push_back(id);
    if (!layout.order.empty() && !listed(id)) layout.order.push_back(id);
  }
  write_level_chunks(w, layout, {kHeader, kShaders, kVisuals, kPortals, kLights, kGlows, kSectors},
                     default_order,
                     [&](std::uint32_t id, ByteWriter& out) { write_level_chunk(level, id, out); });
  return w.take();
}

bool looks_like_level(std::span<const std::byte> head) {
  if (head.size() < 20) return false;
  auto u32_at = [&](std::size_t at) {
    return load_value<std::uint32_t>(head.data() + at, ByteOrder::little);
  };
  auto u16_at = [&](std::size_t at) {
    return load_value<std::uint16_t>(head.data() + at, ByteOrder::little);
  };
  const std::uint32_t next = u32_at(12) & ~kChunkCompressedFlag;
  return u32_at(0) == kHeader && u32_at(4) == 4 && (u16_at(8) == 13 || u16_at(8) == 14) && next >= 2 &&
         next <= 8;
}

}  // namespace gamefmt::xray
