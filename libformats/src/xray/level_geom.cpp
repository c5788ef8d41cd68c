#include "gamefmt/xray/level_geom.hpp"

#include <algorithm>
#include <string>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/xray/chunks.hpp"
#include "gamefmt/xray/level_chunk_layout.hpp"

namespace gamefmt::xray {
namespace {

enum GeomChunk : std::uint32_t { kHeaderChunk = 1, kVertexChunk = 9, kIndexChunk = 10, kSwiChunk = 11 };
constexpr std::size_t kMaxDeclarationElements = 64;  // MAXD3DDECLLENGTH

// The engine reads a chunk's records and no more: bytes after them are kept with the chunk, as stored.
void expect_end(const ByteReader& r, const char* field) {
  if (!r.at_end())
    r.warn(field, std::to_string(r.remaining()) +
                      " bytes at the end of the chunk are not read; the chunk is kept as stored");
}

LevelVertexBuffer read_vertex_buffer(ByteReader& r) {
  LevelVertexBuffer vb;
  for (;;) {
    auto scope = r.enter("declaration", vb.declaration.size());
    VertexElement e;
    e.stream = r.u16("stream");
    e.offset = r.u16("offset");
    e.type = r.u8("type");
    e.method = r.u8("method");
    e.usage = r.u8("usage");
    e.usage_index = r.u8("usage_index");
    if (e.is_end()) {
      // D3DDECL_END is fixed; anything else there would not survive a rewrite.
      if (e.offset != 0 || e.type != kDeclUnused || e.method != 0 || e.usage != 0 || e.usage_index != 0)
        r.fail_at(r.absolute_offset() - kVertexElementSize, "type",
                  "declaration end marker is not D3DDECL_END");
      break;
    }
    if (vertex_element_type_size(e.type) == 0)
      r.fail_at(r.absolute_offset() - 4, "type", "unknown vertex element type " + std::to_string(e.type));
    if (vb.declaration.size() == kMaxDeclarationElements)
      r.fail("declaration", "more than 64 elements without D3DDECL_END");
    vb.declaration.push_back(e);
  }
  const std::size_t stride = vb.stride();
  if (stride == 0) r.fail("declaration", "the declaration has no stream-0 element");
  vb.vertex_count = r.u32("vertex_count");
  const std::size_t count = r.count(vb.vertex_count, stride, "vertex_count");
  const auto bytes = r.bytes(count * stride, "vertices");
  vb.vertices.assign(bytes.begin(), bytes.end());
  return vb;
}

void write_vertex_buffer(ByteWriter& w, const LevelVertexBuffer& vb, std::string_view file,
                         std::size_t index) {
  const std::size_t stride = vb.stride();
  if (stride == 0 || std::uint64_t(vb.vertex_count) * stride != vb.vertices.size())
    throw FormatError(std::string(file), std::nullopt, "vertex_buffers[" + std::to_string(index) + "]",
                      std::to_string(vb.vertices.size()) + " vertex bytes do not make " +
                          std::to_string(vb.vertex_count) + " vertices of " + std::to_string(stride) +
                          " bytes");
  for (const auto& e : vb.declaration) {
    if (e.is_end() || vertex_element_type_size(e.type) == 0)
      throw FormatError(std::string(file), std::nullopt,
                        "vertex_buffers[" + std::to_string(index) + "].declaration",
                        "an element is an end marker or has an unknown type");
  }
  auto put = [&](const VertexElement& e) {
    w.u16(e.stream);
    w.u16(e.offset);
    w.u8(e.type);
    w.u8(e.method);
    w.u8(e.usage);
    w.u8(e.usage_index);
  };
  for (const auto& e : vb.declaration) put(e);
  put(kVertexDeclarationEnd);
  w.u32(vb.vertex_count);
  w.bytes(vb.vertices);
}

float unit_byte(std::byte b) {
  return float(std::to_integer<unsigned>(b)) / 255.0f;
}
std::int16_t short_at(const std::byte* p) {
  return load_value<std::int16_t>(p, ByteOrder::little);
}

// The payload of a header, vertex, index or sliding-window chunk.
void write_level_geom_chunk(const LevelGeom& geom, std::uint32_t id, ByteWriter& out,
                            std::string_view file_name) {
  switch (id) {
    case kHeaderChunk:
      out.u16(geom.xrlc_version);
      out.u16(geom.xrlc_quality);
      break;
    case kVertexChunk:
      out.u32(std::uint32_t(geom.vertex_buffers.size()));
      for (std::size_t i = 0; i < geom.vertex_buffers.size(); ++i)
        write_vertex_buffer(out, geom.vertex_buffers[i], file_name, i);
      break;
    case kIndexChunk:
      out.u32(std::uint32_t(geom.index_buffers.size()));
      for (const auto& ib : geom.index_buffers) {
        out.u32(std::uint32_t(ib.size()));
        out.write_array(ib);
      }
      break;
    default:
      out.u32(std::uint32_t(geom.slide_windows.size()));
      for (const auto& swi : geom.slide_windows) {
        out.write_array(swi.reserved);
        out.u32(std::uint32_t(swi.windows.size()));
        for (const auto& window : swi.windows) {
          out.u32(window.offset);
          out.u16(window.triangle_count);
          out.u16(window.vertex_count);
        }
      }
  }
}

}  // namespace

std::size_t vertex_element_type_size(std::uint8_t type) {
  static constexpr std::array<std::uint8_t, 17> sizes = {4, 8, 12, 16, 4, 4, 4, 8, 4, 4, 8, 4, 8, 4, 4, 4, 8};
  return type < sizes.size() ? sizes[type] : 0;
}

std::size_t LevelVertexBuffer::stride() const {
  std::size_t end = 0;
  for (const auto& e : declaration)
    if (e.stream == 0) end = std::max(end, std::size_t(e.offset) + vertex_element_type_size(e.type));
  return end;
}

const VertexElement* LevelVertexBuffer::find(std::uint8_t usage, std::uint8_t usage_index) const {
  for (const auto& e : declaration)
    if (e.stream == 0 && e.usage == usage && e.usage_index == usage_index) return &e;
  return nullptr;
}

LevelGeom read_level_geom(std::span<const std::byte> data, std::string_view file_name) {
  LevelGeom geom;
  ByteReader r(data, file_name, ByteOrder::little);
  r.collect_warnings(&geom.warnings);
  const auto level_chunks =
      read_level_chunks(r, {kHeaderChunk, kVertexChunk, kIndexChunk, kSwiChunk}, geom.layout);
  const auto& known = level_chunks.known;
  {
    ByteReader h = require_level_chunk(known, kHeaderChunk, r, "header").reader(file_name);
    auto scope = h.enter("header");
    geom.xrlc_version = h.u16("xrlc_version");
    geom.xrlc_quality = h.u16("xrlc_quality");
    expect_end(h, "header");
  }
  {
    // The engine reads these lists by their counts, on past a chunk size that is too short.
    const Chunk& vertex_chunk = require_level_chunk(known, kVertexChunk, r, "vertex_buffers");
    ByteReader v = vertex_chunk.reader_through_file(file_name);
    const std::size_t n = v.count(v.u32("count"), kVertexElementSize + 4, "count");
    geom.vertex_buffers.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
      auto scope = v.enter("vertex_buffers", i);
      geom.vertex_buffers.push_back(read_vertex_buffer(v));
    }
    vertex_chunk.end_of_records(v, "vertex_buffers");
  }
  {
    const Chunk& index_chunk = require_level_chunk(known, kIndexChunk, r, "index_buffers");
    ByteReader x = index_chunk.reader_through_file(file_name);
    const std::size_t n = x.count(x.u32("count"), 4, "count");
    geom.index_buffers.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
      auto scope = x.enter("index_buffers", i);
      auto& ib = geom.index_buffers[i];
      ib.resize(x.count(x.u32("index_count"), 2, "index_count"));
      for (auto& index : ib) index = x.u16("indices");
    }
    index_chunk.end_of_records(x, "index_buffers");
  }
  if (const auto found = known.find(kSwiChunk); found != known.end()) {
    ByteReader s = found->second->reader_through_file(file_name);
    const std::size_t n = s.count(s.u32("count"), 20, "count");
    geom.slide_windows.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
      auto scope = s.enter("slide_windows", i);
      auto& swi = geom.slide_windows[i];
      s.read_array(swi.reserved, "reserved");
      swi.windows.resize(s.count(s.u32("window_count"), kSlideWindowSize, "window_count"));
      for (auto& window : swi.windows) {
        window.offset = s.u32("offset");
        window.triangle_count = s.u16("triangle_count");
        window.vertex_count = s.u16("vertex_count");
      }
    }
    found->second->end_of_records(s, "slide_windows");
  }
  if (!geom.warnings.empty())
    keep_stored_level_chunks(geom.layout, known, [&](std::uint32_t id, ByteWriter& out) {
      write_level_geom_chunk(geom, id, out, file_name);
    });
  return geom;
}

std::vector<std::byte> write_level_geom(const LevelGeom& geom, std::string_view file_name) {
  for (std::size_t i = 0; i < geom.index_buffers.size(); ++i)
    if (geom.index_buffers[i].size() > 0xFFFFFFFFu)
      throw FormatError(std::string(file_name), std::nullopt, "index_buffers[" + std::to_string(i) + "]",
                        "too many indices");
  // A file read without a sliding-window chunk is written without one (unless windows were added).
  std::vector<std::uint32_t> default_order = {kHeaderChunk, kVertexChunk, kIndexChunk};
  const auto& order = geom.layout.order;
  if (order.empty() || !geom.slide_windows.empty() ||
      std::find(order.begin(), order.end(), kSwiChunk) != order.end())
    default_order.push_back(kSwiChunk);
  ByteWriter w(ByteOrder::little);
  write_level_chunks(
      w, geom.layout, {kHeaderChunk, kVertexChunk, kIndexChunk, kSwiChunk}, default_order,
      [&](std::uint32_t id, ByteWriter& out) { write_level_geom_chunk(geom, id, out, file_name); });
  return w.take();
}

bool looks_like_level_geom(std::span<const std::byte> head) {
  if (head.size() < 20) return false;
  auto u32_at = [&](std::size_t at) {
    return load_value<std::uint32_t>(head.data() + at, ByteOrder::little);
  };
  auto u16_at = [&](std::size_t at) {
    return load_value<std::uint16_t>(head.data() + at, ByteOrder::little);
  };
  return u32_at(0) == kHeaderChunk && u32_at(4) == 4 && (u16_at(8) == 13 || u16_at(8) == 14) &&
         u32_at(12) == kVertexChunk;
}

DecodedLevelVertices decode_level_vertices(const LevelVertexBuffer& buffer, std::uint64_t first,
                                           std::uint64_t count, std::string_view file_name) {
  if (first > buffer.vertex_count || count > buffer.vertex_count - first)
    throw FormatError(std::string(file_name), std::nullopt, "vertex range",
                      "vertices " + std::to_string(first) + ".." + std::to_string(first + count) +
                          " run past the buffer's " + std::to_string(buffer.vertex_count));
  const VertexElement* position = buffer.find(kUsagePosition);
  if (position == nullptr || position->type != kDeclFloat3)
    throw FormatError(std::string(file_name), std::nullopt, "declaration",
                      "the buffer has no FLOAT3 position");
  const VertexElement* normal = buffer.find(kUsageNormal);
  if (normal != nullptr && normal->type != kDeclColor && normal->type != kDeclFloat3) normal = nullptr;
  const VertexElement* tangent = buffer.find(kUsageTangent);
  const VertexElement* binormal = buffer.find(kUsageBinormal);
  const VertexElement* uv = buffer.find(kUsageTexcoord, 0);
  const VertexElement* lightmap = buffer.find(kUsageTexcoord, 1);
  const std::size_t stride = buffer.stride();
  DecodedLevelVertices out;
  out.positions.resize(count);
  if (normal != nullptr) out.normals.resize(count);
  const bool has_uv =
      uv != nullptr && (uv->type == kDeclFloat2 || uv->type == kDeclShort2 || uv->type == kDeclShort4);
  if (has_uv) out.uvs.resize(count);
  const bool has_lightmap =
      lightmap != nullptr && (lightmap->type == kDeclShort2 || lightmap->type == kDeclFloat2);
  if (has_lightmap) out.lightmap_uvs.resize(count);
  const bool corrected = tangent != nullptr && binormal != nullptr && tangent->type == kDeclColor &&
                         binormal->type == kDeclColor;
  if (corrected) {
    out.tangents.resize(count);
    out.binormals.resize(count);
  }
  const auto color_vector = [](const std::byte* c) -> std::array<float, 3> {
    return {unit_byte(c[2]) * 2 - 1, unit_byte(c[1]) * 2 - 1, unit_byte(c[0]) * 2 - 1};
  };
  for (std::size_t i = 0; i < count; ++i) {
    const std::byte* v = buffer.vertices.data() + (first + i) * stride;
    for (int k = 0; k < 3; ++k)
      out.positions[i][k] = load_value<float>(v + position->offset + 4 * k, ByteOrder::little);
    if (normal != nullptr) {
      const std::byte* n = v + normal->offset;
      if (normal->type == kDeclColor) {
        out.normals[i] = color_vector(n);
      } else {
        for (int k = 0; k < 3; ++k) out.normals[i][k] = load_value<float>(n + 4 * k, ByteOrder::little);
      }
    }
    if (corrected) {
      out.tangents[i] = color_vector(v + tangent->offset);
      out.binormals[i] = color_vector(v + binormal->offset);
    }
    if (has_uv) {
      const std::byte* t = v + uv->offset;
      if (uv->type == kDeclFloat2) {
        out.uvs[i] = {load_value<float>(t, ByteOrder::little), load_value<float>(t + 4, ByteOrder::little)};
      } else if (uv->type == kDeclShort4) {
        out.uvs[i] = {short_at(t) / 2048.0f, short_at(t + 2) / 2048.0f};
      } else {
        const float du = corrected ? unit_byte(v[tangent->offset + 3]) : 0.0f;
        const float dv = corrected ? unit_byte(v[binormal->offset + 3]) : 0.0f;
        out.uvs[i] = {(short_at(t) + du) * (32.0f / 32768.0f), (short_at(t + 2) + dv) * (32.0f / 32768.0f)};
      }
    }
    if (has_lightmap) {
      const std::byte* t = v + lightmap->offset;
      if (lightmap->type == kDeclFloat2)
        out.lightmap_uvs[i] = {load_value<float>(t, ByteOrder::little),
                               load_value<float>(t + 4, ByteOrder::little)};
      else
        out.lightmap_uvs[i] = {short_at(t) / 32768.0f, short_at(t + 2) / 32768.0f};
    }
  }
  return out;
}

}  // namespace gamefmt::xray
