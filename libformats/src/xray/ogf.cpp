#include "gamefmt/xray/ogf.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>
#include <string>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/record_fields.hpp"
#include "gamefmt/xray/chunks.hpp"
#include "gamefmt/xray/lzhuf.hpp"
#include "gamefmt/xray/ogf_tangents.hpp"
#include "gamefmt/xray/record_layouts.hpp"
#include "ogf_layout.hpp"
#include "ogf_v3_motions.hpp"

namespace gamefmt::xray {
namespace {

using namespace ogf_layout;

// v3 model types in v4 numbering (blender-xray `ModelType_v3`); types without a v4 twin are read as static.
std::uint8_t v4_model_type(std::uint8_t v3_type) {
  switch (v3_type) {
    case 1:
      return kOgfHierarchy;
    case 2:
    case 10:
      return kOgfProgressive;
    case 3:
      return kOgfSkinnedProgressive;
    case 4:
      return kOgfSkeletonAnimated;
    case 7:
      return kOgfSkinnedStatic;
    case 15:
      return kOgfSkeletonRigid;
    default:
      return kOgfNormal;
  }
}

constexpr int kMaxChildDepth = 8;

std::string hex(std::uint32_t value) {
  char text[16];
  std::snprintf(text, sizeof text, "%x", value);
  return text;
}

void read_vec3(ByteReader& r, std::array<float, 3>& out, const char* field) {
  r.read_array(out, field);
}

OgfHeader read_header(const Chunk& chunk, std::string_view file) {
  ByteReader r = chunk.reader(file);
  auto scope = r.enter("header");
  OgfHeader h;
  h.format_version = r.u8("format_version");
  if (h.format_version != 3 && h.format_version != 4)
    r.fail_at(chunk.payload_offset, "format_version",
              "OGF version " + std::to_string(h.format_version) + " (versions 3 and 4 are read)");
  const std::size_t needed = h.format_version == 3 ? kHeaderSizeV3 : kHeaderSize;
  if (chunk.payload.size() < needed)
    throw FormatError(
        std::string(file), chunk.payload_offset, "header",
        "header has " + std::to_string(chunk.payload.size()) + " bytes, needs " + std::to_string(needed));
  r.seek(0, "format_version");  // the version known, the record is read as header_fields describes it
  FieldReader io(r);
  header_fields(io, h, h.format_version == 4);
  if (h.format_version == 3) h.type = v4_model_type(h.type);
  return h;
}

// v3 keeps the bounds in chunks of their own.
void read_v3_bounds(const std::vector<Chunk>& chunks, OgfHeader& h, std::string_view file) {
  if (const Chunk* bbox = find_chunk(chunks, kChunksV3.bbox)) {
    ByteReader r = bbox->reader(file);
    auto scope = r.enter("bbox");
    read_vec3(r, h.bbox_min, "min");
    read_vec3(r, h.bbox_max, "max");
  }
  if (const Chunk* sphere = find_chunk(chunks, kChunksV3.bsphere)) {
    ByteReader r = sphere->reader(file);
    auto scope = r.enter("bsphere");
    read_vec3(r, h.sphere_center, "center");
    h.sphere_radius = r.f32("radius");
  }
}

// Returns whether the vertices came without tangent and binormal. `stored_size`: the vertex bytes the chunk's
// size gives (the reader may run on past them).
bool read_skinned_vertices(ByteReader& r, OgfMesh& mesh, std::size_t count, std::size_t stored_size) {
  const int links = ogf_skinned_links(mesh.vertex_format);
  if (links == 0)
    r.fail("vertex_format", "unknown skinned vertex format " + std::to_string(mesh.vertex_format));
  mesh.links = links;
  // Early builds wrote 1-link vertices without tangent and binormal (36 bytes); they are computed below.
  const bool short_one_link = links == 1 && count * kShortOneLinkVertexSize == stored_size;
  const std::size_t size = short_one_link ? kShortOneLinkVertexSize : skinned_vertex_size(links);
  mesh.vertices.resize(r.count(count, size, "count"));
  FieldReader in(r);
  for (std::size_t i = 0; i < count; ++i) {
    auto scope = r.enter("vertices", i);
    skinned_vertex_fields(in, mesh.vertices[i], links, !short_one_link);
  }
  return short_one_link;
}

// Static vertices in a D3D flexible vertex format: position, then normal, diffuse and specular colours and UV
// sets as its bits say.
void read_static_vertices(ByteReader& r, OgfMesh& mesh, std::size_t count) {
  const std::uint32_t fvf = mesh.vertex_format;
  if ((fvf & kFvfPositionMask) != kFvfXyz)
    r.fail("vertex_format", "vertex format " + std::to_string(fvf) + " has no plain XYZ position");
  const std::size_t tex_count = fvf_uv_sets(fvf);
  mesh.vertices.resize(r.count(count, static_vertex_size(fvf), "count"));
  const std::size_t extra_per_vertex = tex_count > 1 ? 2 * (tex_count - 1) : 0;
  mesh.extra_uvs.resize(count * extra_per_vertex);
  FieldReader in(r);
  for (std::size_t i = 0; i < count; ++i) {
    auto scope = r.enter("vertices", i);
    static_vertex_fields(in, mesh.vertices[i], fvf,
                         std::span<float>(mesh.extra_uvs).subspan(i * extra_per_vertex, extra_per_vertex));
  }
}

struct Reader {
  std::string_view file;
  OgfModel& model;
  std::span<const std::byte> data;                       // the whole file
  std::shared_ptr<const std::vector<std::byte>> source;  // its copy, shared by the slots (made once needed)
  std::vector<std::pair<std::size_t, std::uint64_t>> mesh_offsets;  // mesh index, vertices chunk offset
  const ChunkIds* ids = &kChunksV4;
  std::map<std::uint64_t, std::size_t> read_past;  // payload offset -> bytes read past the chunk's size

  bool is_skinned(std::uint8_t type) const {
    return type == kOgfSkinnedProgressive || type == kOgfSkinnedStatic;
  }

  void read_mesh(const std::vector<Chunk>& chunks, const OgfHeader& header) {
    const Chunk* vertices = find_chunk(chunks, ids->vertices);
    if (vertices == nullptr) {
      // Fvisual::Load and CSkeletonX::_Load assert that the chunk is there.
      if (header.type == kOgfNormal || header.type == kOgfProgressive || is_skinned(header.type))
        require_chunk(chunks, "vertices", "a mesh visual (type " + std::to_string(header.type) + ")");
      return;
    }
    OgfMesh mesh;
    mesh.header = header;
    // The engine reads these records by their count from the file, on past a chunk size that is too short.
    if (const Chunk* texture = find_chunk(chunks, ids->texture)) {
      ByteReader r = texture->reader_through_file(file);
      auto scope = r.enter("texture");
      mesh.texture = r.string_zero_terminated("texture");
      mesh.shader = r.string_zero_terminated("shader");
      note_read_past(*texture, r, "texture");
    }
    bool computed_tangents = false;
    {
      ByteReader r = vertices->reader_through_file(file);
      auto scope = r.enter("vertices");
      mesh.vertex_format = r.u32("vertex_format");
      const std::uint32_t count = r.u32("count");
      if (is_skinned(header.type) || (header.type != kOgfNormal && header.type != kOgfProgressive &&
                                      ogf_skinned_links(mesh.vertex_format) != 0))
        computed_tangents = read_skinned_vertices(
            r, mesh, count,
            vertices->payload.size() > r.position() ? vertices->payload.size() - r.position() : 0);
      else
        read_static_vertices(r, mesh, count);
      note_read_past(*vertices, r, "vertices");
    }
    const Chunk* indices = find_chunk(chunks, ids->indices);
    if (indices == nullptr)
      throw FormatError(std::string(file), vertices->payload_offset, "indices",
                        "a mesh with vertices has no indices");
    ByteReader r = indices->reader_through_file(file);
    auto scope = r.enter("indices");
    mesh.indices.resize(r.count(r.u32("count"), 2, "count"));
    for (auto& index : mesh.indices) {
      index = r.u16("index");
      if (index >= mesh.vertices.size())
        r.fail("index", "index " + std::to_string(index) + " is past the " +
                            std::to_string(mesh.vertices.size()) + " vertices");
    }
    if (mesh.indices.size() % 3 != 0)
      r.fail("count", std::to_string(mesh.indices.size()) + " indices are not whole triangles");
    note_read_past(*indices, r, "indices");
    if (const Chunk* windows = find_chunk(chunks, ids->sliding_windows);
        windows != nullptr && ids->sliding_windows != 0)
      read_sliding_windows(*windows, mesh);
    if (computed_tangents) compute_ogf_tangents(mesh);
    mesh_offsets.emplace_back(model.meshes.size(), vertices->payload_offset);
    model.meshes.push_back(std::move(mesh));
  }

  // Progressive meshes: windows into the index buffer, the first one at full detail.
  void read_sliding_windows(const Chunk& chunk, OgfMesh& mesh) {
    ByteReader r = chunk.reader_through_file(file);
    auto scope = r.enter("sliding_windows");
    auto& out = mesh.sliding_windows.emplace();
    r.read_array(out.reserved, "reserved");
    out.windows.resize(r.count(r.u32("count"), kSlidingWindowSize, "count"));
    for (std::size_t i = 0; i < out.windows.size(); ++i) {
      auto window_scope = r.enter("windows", i);
      auto& window = out.windows[i];
      window.offset = r.u32("offset");
      window.triangles = r.u16("num_tris");
      window.vertices = r.u16("num_verts");
      if (!window.fits(mesh.indices.size()))
        r.fail("num_tris", "window [" + std::to_string(window.offset) + ", +" +
                               std::to_string(window.triangles) + " triangles) is outside the " +
                               std::to_string(mesh.indices.size()) + " indices");
    }
    note_read_past(chunk, r, "sliding_windows");
  }

  void read_visual(const std::vector<Chunk>& chunks, int depth) {
    const Chunk* header_chunk = find_chunk(chunks, kHeader);
    if (header_chunk == nullptr) {
      const std::uint64_t at = chunks.empty() ? 0 : chunks.front().payload_offset - kChunkHeaderSize;
      throw FormatError(std::string(file), at, "header", "no header chunk (1)");
    }
    OgfHeader header = read_header(*header_chunk, file);
    if (depth == 0) {
      ids = header.format_version == 3 ? &kChunksV3 : &kChunksV4;
    } else if (header.format_version != model.header.format_version) {
      throw FormatError(std::string(file), header_chunk->payload_offset, "header.format_version",
                        "a version " + std::to_string(header.format_version) + " child in a version " +
                            std::to_string(model.header.format_version) + " model");
    }
    if (header.format_version == 3) read_v3_bounds(chunks, header, file);
    if (depth == 0) model.header = header;
    const std::size_t meshes_before = model.meshes.size();
    read_mesh(chunks, header);
    const Chunk* children = find_chunk(chunks, ids->children);
    // FHierrarhyVisual::Load (hierarchies and skeletons) stops with "Invalid visual" without children.
    if (children == nullptr && (header.type == kOgfHierarchy || header.type == kOgfSkeletonAnimated ||
                                header.type == kOgfSkeletonRigid))
      require_chunk(chunks, "children", "a hierarchy or skeleton (type " + std::to_string(header.type) + ")");
    // A child's own chunks, for a byte-identical rewrite (a child with children of its own is written flat).
    if (depth == 1 && header.format_version == 4 && model.meshes.size() > meshes_before &&
        children == nullptr) {
      const OgfMesh& mesh = model.meshes.back();
      auto layout = stored_slots(chunks, [&](std::uint32_t id) { return ogf_mesh_chunk_fields(mesh, id); });
      add_absent_slots(layout, kOgfMeshChunkOrder,
                       [&](std::uint32_t id) { return encode_ogf_mesh_chunk(mesh, id); });
      model.meshes.back().layout = std::move(layout);
    }
    if (children != nullptr) {
      if (depth >= kMaxChildDepth)
        throw FormatError(std::string(file), children->payload_offset, "children",
                          "children nested too deeply");
      // The engine looks children up by id (find_chunk), so bytes after the last one are as harmless as at
      // the end of the file; a child whose bytes the model does not reproduce keeps the children chunk as
      // stored.
      std::span<const std::byte> ignored;
      const auto list = read_sub_chunks(*children, file, "children", &ignored);
      for (const auto& child : list) read_visual(read_sub_chunks(child, file, "chunks", &ignored), depth + 1);
    }
  }

  // The slots of a chunk list, taken as stored with the fingerprint `fields(id)` of the modelled ones.
  template <class Fields>
  std::vector<ChunkSlot> stored_slots(const std::vector<Chunk>& chunks, Fields&& fields) {
    if (!source) source = std::make_shared<const std::vector<std::byte>>(data.begin(), data.end());
    return read_stored_slots(chunks, data, source, fields);
  }

  void read_bone_names(const Chunk& chunk) {
    ByteReader r = chunk.reader_through_file(file);
    auto scope = r.enter("bone_names");
    model.bones.resize(r.count(r.u32("count"), 2 + 60, "count"));
    FieldReader in(r);
    for (std::size_t i = 0; i < model.bones.size(); ++i) {
      auto bone_scope = r.enter("bones", i);
      bone_name_fields(in, model.bones[i]);
    }
    note_read_past(chunk, r, "bone_names");
  }

  // `versioned`: each bone starts with its IK version (v4, and v3's last IK chunk); else version 0.
  void read_ik_data(const Chunk& chunk, bool versioned) {
    ByteReader r = chunk.reader_through_file(file);
    auto scope = r.enter("ik_data");
    FieldReader in(r);
    for (std::size_t i = 0; i < model.bones.size(); ++i) {
      auto bone_scope = r.enter("bones", i);
      auto& bone = model.bones[i];
      bone.ik_version = 0;
      ik_bone_fields(in, bone, versioned);
    }
    note_read_past(chunk, r, "ik_data");
    model.has_ik_data = true;
  }

  void read_motion_refs(const Chunk& chunk) {
    ByteReader r = chunk.reader_through_file(file);
    auto scope = r.enter("motion_refs");
    // Stored as the version 4 id of the layout (version 3's single list has the Shadow of Chernobyl layout).
    model.motion_refs_chunk = chunk.id == ids->motion_refs ? kChunksV4.motion_refs : kChunksV4.motion_refs2;
    if (chunk.id == ids->motion_refs) {
      model.motion_refs = split_motion_refs(r.string_zero_terminated("refs"));
    } else {
      model.motion_refs.resize(r.count(r.u32("count"), 1, "count"));
      for (auto& ref : model.motion_refs) ref = r.string_zero_terminated("refs");
    }
    note_read_past(chunk, r, "motion_refs");
  }

  // Text up to a NUL, CR or LF, or the end of the chunk.
  std::string text_of(const Chunk& chunk) {
    const auto p = chunk.payload;
    const auto end = std::find_if(p.begin(), p.end(), [](std::byte b) {
      return b == std::byte{0} || b == std::byte{'\r'} || b == std::byte{'\n'};
    });
    return {reinterpret_cast<const char*>(p.data()), static_cast<std::size_t>(end - p.begin())};
  }

  std::string ini_text_of(const Chunk& chunk) {
    const auto p = chunk.payload;
    const auto end = std::find(p.begin(), p.end(), std::byte{0});
    return {reinterpret_cast<const char*>(p.data()), static_cast<std::size_t>(end - p.begin())};
  }

  // Best effort: the description is informative only, and mods fill it with garbage.
  void read_description(const Chunk& chunk) {
    try {
      std::vector<std::byte> unpacked;
      std::span<const std::byte> payload = chunk.payload;
      if (chunk.compressed) {
        unpacked = lzhuf_decode(chunk.payload, file, chunk.payload_offset);
        payload = unpacked;
      }
      ByteReader r(payload, file, ByteOrder::little, chunk.payload_offset);
      OgfDescription d;
      d.source_file = r.string_zero_terminated("source_file");
      d.build_name = r.string_zero_terminated("build_name");
      d.build_time = r.u32("build_time");
      d.create_name = r.string_zero_terminated("create_name");
      d.create_time = r.u32("create_time");
      d.modify_name = r.string_zero_terminated("modify_name");
      d.modify_time = r.u32("modify_time");
      model.description = std::move(d);
    } catch (const FormatError& e) {
      model.skipped_chunks.push_back(chunk.raw_id());
      ByteReader r = chunk.reader(file);
      r.warn_at(chunk.payload_offset - kChunkHeaderSize, "description",
                "does not read (" + e.problem() + "); kept as stored, not converted");
    }
  }

  void read_model_chunks(const std::vector<Chunk>& chunks) {
    auto first = [&](const Chunk& c) { return find_chunk(chunks, c.id) == &c; };
    const Chunk* params = nullptr;
    const Chunk* keys = nullptr;
    const auto is = [](std::uint32_t id, std::uint32_t expected) { return expected != 0 && id == expected; };
    // CKinematics::Load asserts that a skeleton has its bone names.
    if ((model.header.type == kOgfSkeletonAnimated || model.header.type == kOgfSkeletonRigid) &&
        find_chunk(chunks, ids->bone_names) == nullptr)
      require_chunk(chunks, "bone_names", "a skeleton (type " + std::to_string(model.header.type) + ")");
    // Version 3 motions are read once the bones are known (a model without bones has no use for them).
    const bool v3_motions = ids == &kChunksV3 && find_chunk(chunks, ids->bone_names) != nullptr;
    const auto is_v3_motion_chunk = [&](std::uint32_t id) {
      return v3_motions && (id == kOgfV3Motions || id == kOgfV3MotionsRaw || id == kOgfV3Params ||
                            id == kOgfV3ParamsUnversioned);
    };
    for (const auto& chunk : chunks) {
      const bool known = chunk.id == kHeader || is(chunk.id, ids->texture) || is(chunk.id, ids->vertices) ||
                         is(chunk.id, ids->indices) || is(chunk.id, ids->sliding_windows) ||
                         is(chunk.id, ids->children) || is(chunk.id, ids->bbox) ||
                         is(chunk.id, ids->bsphere) || is(chunk.id, ids->ik_data) ||
                         is(chunk.id, ids->ik_data_unversioned) || is_v3_motion_chunk(chunk.id);
      if (!first(chunk)) {
        skip(chunk, "repeats an earlier chunk's id (the engine reads the first)");
        continue;
      }
      if (chunk.compressed && chunk.id != ids->description) {
        skip(chunk, "is flagged compressed, which the SDK never does to this chunk");  // garbage
        continue;
      }
      if (is(chunk.id, ids->bone_names))
        read_bone_names(chunk);
      else if (is(chunk.id, ids->motion_keys))
        keys = &chunk;
      else if (is(chunk.id, ids->motion_params))
        params = &chunk;
      else if (is(chunk.id, ids->user_data))
        model.user_data = ini_text_of(chunk);
      else if (is(chunk.id, ids->description))
        read_description(chunk);
      else if (is(chunk.id, ids->motion_refs) || is(chunk.id, ids->motion_refs2))
        read_motion_refs(chunk);
      else if (is(chunk.id, ids->lods))
        model.lod_ref = text_of(chunk);
      else if (!known)
        skip(chunk, "is not an OGF chunk the engine reads");
    }
    // The IK data goes with the bone names, wherever it is; v3 files may carry an older unversioned chunk.
    const Chunk* ik = find_chunk(chunks, ids->ik_data);
    bool versioned = true;
    if (ik == nullptr && ids->ik_data_unversioned != 0) {
      ik = find_chunk(chunks, ids->ik_data_unversioned);
      versioned = false;
    }
    if (ik != nullptr && !ik->compressed) read_ik_data(*ik, versioned);
    if (params != nullptr && keys != nullptr) {
      model.motion_params = read_motion_params(*params, file);
      if (model.motion_params->bone_count() != model.bones.size())
        throw FormatError(std::string(file), params->payload_offset, "motion_params",
                          "bone parts name " + std::to_string(model.motion_params->bone_count()) +
                              " bones, the model has " + std::to_string(model.bones.size()));
      model.motion_keys = read_motion_keys(*keys, file, model.bones.size());
    }
    if (v3_motions) {
      if (auto motions = read_ogf_v3_motions(chunks, model.bones, file)) {
        model.motion_keys = std::move(motions->keys);
        model.motion_params = std::move(motions->params);
      }
    }
  }

  // The engine's loader asserts that the chunk is there: its absence is an error, at the end of the list.
  [[noreturn]] void require_chunk(const std::vector<Chunk>& chunks, const char* field,
                                  const std::string& what) {
    const std::uint64_t end =
        chunks.empty() ? 0 : chunks.back().payload_offset + chunks.back().payload.size();
    throw FormatError(std::string(file), end, field,
                      what + " has no " + field + " chunk; the engine requires one");
  }

  // A chunk the model does not hold: kept for a rewrite, left out of a conversion.
  void skip(const Chunk& chunk, const std::string& why) {
    model.skipped_chunks.push_back(chunk.raw_id());
    chunk.reader(file).warn_at(chunk.payload_offset - kChunkHeaderSize, "chunks",
                               "chunk 0x" + hex(chunk.raw_id()) + " (" +
                                   std::to_string(chunk.payload.size()) + " bytes) " + why +
                                   "; kept as stored, not converted");
  }

  // Records read on past their chunk's size, as the engine does, or that leave bytes of it unread: warned
  // about. The bytes a top-level chunk takes from after the last chunk move into its slot (see read_ogf).
  void note_read_past(const Chunk& chunk, const ByteReader& r, const char* field) {
    chunk.end_of_records(r, field);
    if (r.position() > chunk.payload.size())
      read_past[chunk.payload_offset] = r.position() - chunk.payload.size();
  }

  // Every link slot names a bone (the engine reads the matrix of each, whatever its share).
  void check_bone_indices() {
    for (const auto& [mesh_index, offset] : mesh_offsets) {
      const auto& mesh = model.meshes[mesh_index];
      for (std::size_t i = 0; i < mesh.vertices.size(); ++i)
        for (int k = 0; k < mesh.links; ++k)
          if (mesh.vertices[i].bones[k] >= model.bones.size())
            throw FormatError(std::string(file), offset, "vertices[" + std::to_string(i) + "].bones",
                              "bone " + std::to_string(mesh.vertices[i].bones[k]) + " of " +
                                  std::to_string(model.bones.size()));
    }
  }
};

}  // namespace

OgfModel read_ogf(std::span<const std::byte> data, std::string_view file_name) {
  OgfModel model;
  ByteReader reader(data, file_name, ByteOrder::little);
  reader.collect_warnings(&model.warnings);
  // The engine's chunk search stops at bytes that are not a whole chunk: they are kept as trailing bytes. A
  // truncated chunk with an id an OGF loader looks up (the engines define ids 1 to 31) is refused.
  const auto chunks = read_chunks(reader, "chunks", [](std::uint32_t id) { return id >= 1 && id < 32; });
  Reader r{file_name, model, data};
  r.read_visual(chunks, 0);
  r.read_model_chunks(chunks);
  r.check_bone_indices();
  if (model.header.format_version != 4) return model;  // written as version 4: nothing of the layout survives
  const auto trailing = reader.bytes(reader.remaining(), "trailing_bytes");
  model.trailing_bytes.assign(trailing.begin(), trailing.end());
  // The children chunk's fingerprint from those of the children's slots (their meshes are not hashed twice).
  const OgfMeshFields read_mesh_fields = [](const OgfMesh& mesh, std::uint32_t id) {
    for (const auto& slot : mesh.layout)
      if (slot.raw_id == id && slot.fields_fingerprint) return slot.fields_fingerprint;
    return ogf_mesh_chunk_fields(mesh, id);
  };
  model.layout = r.stored_slots(
      chunks, [&](std::uint32_t id) { return ogf_model_chunk_fields(model, id, read_mesh_fields); });
  // A last chunk whose records run on into the trailing bytes takes them: written back with its stored size.
  if (!chunks.empty())
    if (const auto past = r.read_past.find(chunks.back().payload_offset); past != r.read_past.end()) {
      ChunkSlot& slot = model.layout.back();
      const auto taken = std::min(past->second, model.trailing_bytes.size());
      slot.stored_size = static_cast<std::uint32_t>(chunks.back().payload.size());
      slot.source_size += taken;  // the trailing bytes follow the payload in the file
      model.trailing_bytes.erase(model.trailing_bytes.begin(),
                                 model.trailing_bytes.begin() + static_cast<std::ptrdiff_t>(taken));
    }
  const auto encode = [&](std::uint32_t id) { return encode_ogf_model_chunk(model, id); };
  add_absent_slots(model.layout, ogf_sdk_chunk_order(model), encode);
  return model;
}

}  // namespace gamefmt::xray
