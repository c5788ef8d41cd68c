#include "gamefmt/xray/ogf.hpp"

#include <algorithm>
#include <string>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/xray/lzhuf.hpp"

namespace gamefmt::xray {
namespace {

enum OgfChunkId : std::uint32_t {
  kHeader = 1,
  kTexture = 2,
  kVertices = 3,
  kIndices = 4,
  kSlidingWindows = 6,
  kChildren = 9,
  kBoneNames = 13,
  kIkData = 16,
  kUserData = 17,
  kDescription = 18,
  kMotionRefs = 19,
  kLods = 23,
  kMotionRefs2 = 24,
};
constexpr std::size_t kHeaderSize = 44;
constexpr std::size_t kHeaderSizeV3 = 4;

// OGF v3 (pre-release builds, e.g. 1844) numbers its chunks differently. Its chunk lists are renumbered to the v4
// ids on reading; chunks v4 lacks or lays out differently get ids above kV3Unmapped (reported as skipped with
// their v3 id).
constexpr std::uint32_t kV3Unmapped = 0x7FFF0000;
constexpr std::uint32_t kV3BoundingBox = kV3Unmapped | 6, kV3BoundingSphere = kV3Unmapped | 11;
constexpr std::uint32_t kV3IkDataV1 = 25;

std::uint32_t v4_chunk_id(std::uint32_t v3_id) {
  switch (v3_id) {
    case 1: return kHeader;
    case 2: return kTexture;
    case 7: return kVertices;
    case 8: return kIndices;
    case 13: return kBoneNames;
    case 17: return kChildren;
    case 24: return kUserData;
    case 25: return kIkData;  // S_IKDATA_1: the v4 layout without version and friction
    case 27: return kDescription;
    case 29: return kMotionRefs;
    default: return kV3Unmapped | v3_id;
  }
}

// v3 model types -> the v4 numbering the rest of gamefmt uses.
std::uint8_t v4_model_type(std::uint8_t v3_type) {
  switch (v3_type) {
    case 0: return kOgfNormal;
    case 1: return kOgfHierarchy;
    case 2: case 0xA: return kOgfProgressive;
    case 3: return kOgfSkinnedProgressive;
    case 4: return kOgfSkeletonAnimated;
    case 7: return kOgfSkinnedStatic;
    case 0xF: return kOgfSkeletonRigid;
    default: return static_cast<std::uint8_t>(0x80 | v3_type);  // no v4 counterpart: read as geometry only
  }
}
constexpr int kMaxChildDepth = 8;
// D3D flexible vertex format bits used by static OGF meshes.
constexpr std::uint32_t kFvfPositionMask = 0x400E, kFvfXyz = 0x002, kFvfNormal = 0x010, kFvfDiffuse = 0x040,
                        kFvfSpecular = 0x080;

void read_vec3(ByteReader& r, std::array<float, 3>& out, const char* field) { r.read_array(out, field); }

OgfHeader read_header(const Chunk& chunk, std::string_view file) {
  ByteReader r = chunk.reader(file);
  auto scope = r.enter("header");
  OgfHeader h;
  h.format_version = r.u8("format_version");
  if (h.format_version != 4 && h.format_version != 3)
    r.fail_at(chunk.payload_offset, "format_version",
              "OGF version " + std::to_string(h.format_version) + " (versions 3 and 4 are read)");
  h.type = r.u8("type");
  h.shader_id = r.u16("shader_id");
  if (h.format_version == 3) {  // 4 bytes; the bounds have chunks of their own
    h.type = v4_model_type(h.type);
    return h;
  }
  read_vec3(r, h.bbox_min, "bbox_min");
  read_vec3(r, h.bbox_max, "bbox_max");
  read_vec3(r, h.sphere_center, "sphere_center");
  h.sphere_radius = r.f32("sphere_radius");
  return h;
}

OgfBox read_box(ByteReader& r) {
  OgfBox box;
  r.read_array(box.rotate, "rotate");
  r.read_array(box.translate, "translate");
  r.read_array(box.half_size, "half_size");
  return box;
}

// Turns the file's (bone, weight) slots into merged, non-zero, normalized influences.
void set_influences(OgfVertex& v, std::span<const std::uint16_t> bones, std::span<const float> weights) {
  v.influence_count = 0;
  for (std::size_t i = 0; i < bones.size(); ++i) {
    if (!(weights[i] > 0.0f)) continue;
    std::size_t slot = 0;
    while (slot < v.influence_count && v.bones[slot] != bones[i]) ++slot;
    if (slot == v.influence_count) {
      v.bones[slot] = bones[i];
      v.weights[slot] = 0.0f;
      ++v.influence_count;
    }
    v.weights[slot] += weights[i];
  }
  float total = 0.0f;
  for (std::size_t i = 0; i < v.influence_count; ++i) total += v.weights[i];
  if (v.influence_count == 0 || !(total > 0.0f)) {  // all weights zero or broken: the first bone takes it all
    v.influence_count = 1;
    v.bones[0] = bones[0];
    v.weights[0] = 1.0f;
    return;
  }
  for (std::size_t i = 0; i < v.influence_count; ++i) v.weights[i] /= total;
}

int skinned_links(std::uint32_t format) {
  switch (format) {
    case 1: case kSkinned1LinkSoC: return 1;
    case 2: case 2 * kSkinned1LinkSoC: return 2;
    case 3: case 4 * kSkinned1LinkSoC: return 3;
    case 4: case 5 * kSkinned1LinkSoC: return 4;
    default: return 0;
  }
}

void read_skinned_vertices(ByteReader& r, OgfMesh& mesh, std::size_t count) {
  const int links = skinned_links(mesh.vertex_format);
  if (links == 0) r.fail("vertex_format", "unknown skinned vertex format " + std::to_string(mesh.vertex_format));
  mesh.links = links;
  // Early builds wrote 1-link vertices without tangent and binormal (36 bytes).
  const bool short_one_link = links == 1 && count * 36 == r.remaining();
  const std::size_t size = links == 1 ? (short_one_link ? 36 : 60) : links == 2 ? 64 : links == 3 ? 70 : 76;
  mesh.vertices.resize(r.count(count, size, "count"));
  for (std::size_t i = 0; i < count; ++i) {
    auto scope = r.enter("vertices", i);
    auto& v = mesh.vertices[i];
    std::array<std::uint16_t, 4> bones{};
    std::array<float, 4> weights{};
    if (links >= 2)
      for (int k = 0; k < links; ++k) bones[k] = r.u16("bones");
    read_vec3(r, v.position, "position");
    read_vec3(r, v.normal, "normal");
    if (!short_one_link) r.skip(24, "tangent_binormal");
    if (links == 1) {
      v.uv[0] = r.f32("u");
      v.uv[1] = r.f32("v");
      const std::uint32_t bone = r.u32("bone");
      if (bone > 0xFFFF) r.fail("bone", "bone index " + std::to_string(bone) + " is out of range");
      bones[0] = static_cast<std::uint16_t>(bone);
      weights[0] = 1.0f;
    } else {
      float rest = 1.0f;
      for (int k = 0; k < links - 1; ++k) {
        weights[k] = r.f32("weights");
        rest -= weights[k];
      }
      if (links == 2) {  // the one weight is the second bone's: lerp(b0, b1, w)
        weights[1] = weights[0];
        weights[0] = 1.0f - weights[1];
      } else {
        weights[links - 1] = rest;
      }
      v.uv[0] = r.f32("u");
      v.uv[1] = r.f32("v");
    }
    set_influences(v, std::span(bones.data(), links), std::span(weights.data(), links));
  }
}

void read_static_vertices(ByteReader& r, OgfMesh& mesh, std::size_t count) {
  const std::uint32_t fvf = mesh.vertex_format;
  if ((fvf & kFvfPositionMask) != kFvfXyz)
    r.fail("vertex_format", "vertex format " + std::to_string(fvf) + " has no plain XYZ position");
  const std::size_t tex_count = (fvf >> 8) & 0xF;
  const std::size_t size = 12 + ((fvf & kFvfNormal) ? 12 : 0) + ((fvf & kFvfDiffuse) ? 4 : 0) +
                           ((fvf & kFvfSpecular) ? 4 : 0) + 8 * tex_count;
  mesh.vertices.resize(r.count(count, size, "count"));
  for (std::size_t i = 0; i < count; ++i) {
    auto scope = r.enter("vertices", i);
    auto& v = mesh.vertices[i];
    read_vec3(r, v.position, "position");
    if (fvf & kFvfNormal) read_vec3(r, v.normal, "normal");
    if (fvf & kFvfDiffuse) r.skip(4, "diffuse");
    if (fvf & kFvfSpecular) r.skip(4, "specular");
    if (tex_count > 0) {
      v.uv[0] = r.f32("u");
      v.uv[1] = r.f32("v");
      r.skip(8 * (tex_count - 1), "extra_uvs");
    }
  }
}

struct Reader {
  std::string_view file;
  OgfModel& model;
  std::vector<std::pair<std::size_t, std::uint64_t>> mesh_offsets;  // mesh index, vertices chunk offset
  bool v3 = false;

  // A chunk list, renumbered to v4 ids in a v3 file.
  std::vector<Chunk> renumbered(std::vector<Chunk> chunks) const {
    if (v3)
      for (auto& chunk : chunks) chunk.id = v4_chunk_id(chunk.id);
    return chunks;
  }

  bool is_skinned(std::uint8_t type) const { return type == kOgfSkinnedProgressive || type == kOgfSkinnedStatic; }

  void read_mesh(const std::vector<Chunk>& chunks, const OgfHeader& header) {
    const Chunk* vertices = find_chunk(chunks, kVertices);
    if (vertices == nullptr) return;
    OgfMesh mesh;
    mesh.header = header;
    if (const Chunk* texture = find_chunk(chunks, kTexture)) {
      ByteReader r = texture->reader(file);
      auto scope = r.enter("texture");
      mesh.texture = r.string_zero_terminated("texture");
      mesh.shader = r.string_zero_terminated("shader");
    }
    {
      ByteReader r = vertices->reader(file);
      auto scope = r.enter("vertices");
      mesh.vertex_format = r.u32("vertex_format");
      const std::uint32_t count = r.u32("count");
      if (is_skinned(header.type) || (header.type != kOgfNormal && header.type != kOgfProgressive &&
                                      skinned_links(mesh.vertex_format) != 0))
        read_skinned_vertices(r, mesh, count);
      else
        read_static_vertices(r, mesh, count);
    }
    const Chunk* indices = find_chunk(chunks, kIndices);
    if (indices == nullptr)
      throw FormatError(std::string(file), vertices->payload_offset, "indices", "a mesh with vertices has no indices");
    ByteReader r = indices->reader(file);
    auto scope = r.enter("indices");
    mesh.indices.resize(r.count(r.u32("count"), 2, "count"));
    for (auto& index : mesh.indices) {
      index = r.u16("index");
      if (index >= mesh.vertices.size())
        r.fail("index", "index " + std::to_string(index) + " is past the " + std::to_string(mesh.vertices.size()) +
                            " vertices");
    }
    if (const Chunk* windows = find_chunk(chunks, kSlidingWindows)) read_first_window(*windows, mesh);
    if (mesh.indices.size() % 3 != 0)
      r.fail("count", std::to_string(mesh.indices.size()) + " indices are not whole triangles");
    mesh_offsets.emplace_back(model.meshes.size(), vertices->payload_offset);
    model.meshes.push_back(std::move(mesh));
  }

  // Progressive meshes: the first sliding window is the full-detail mesh.
  void read_first_window(const Chunk& chunk, OgfMesh& mesh) {
    ByteReader r = chunk.reader(file);
    auto scope = r.enter("sliding_windows");
    r.skip(16, "reserved");
    const std::uint32_t count = r.u32("count");
    r.count(count, 8, "count");
    if (count == 0) return;
    const std::uint32_t offset = r.u32("offset");
    const std::uint16_t triangles = r.u16("num_tris");
    r.u16("num_verts");
    if (offset > mesh.indices.size() || std::size_t(triangles) * 3 > mesh.indices.size() - offset)
      r.fail("num_tris", "window [" + std::to_string(offset) + ", +" + std::to_string(triangles) +
                             " triangles) is outside the " + std::to_string(mesh.indices.size()) + " indices");
    mesh.indices = std::vector<std::uint16_t>(mesh.indices.begin() + offset, mesh.indices.begin() + offset + 3 * triangles);
    mesh.progressive = true;
  }

  void read_visual(const std::vector<Chunk>& chunks, int depth) {
    const Chunk* header_chunk = find_chunk(chunks, kHeader);
    if (header_chunk == nullptr) {
      const std::uint64_t at = chunks.empty() ? 0 : chunks.front().payload_offset - kChunkHeaderSize;
      throw FormatError(std::string(file), at, "header", "no header chunk (1)");
    }
    const std::size_t header_size = v3 ? kHeaderSizeV3 : kHeaderSize;
    if (header_chunk->payload.size() < header_size)
      throw FormatError(std::string(file), header_chunk->payload_offset, "header",
                        "header has " + std::to_string(header_chunk->payload.size()) + " bytes, needs " +
                            std::to_string(header_size));
    OgfHeader header = read_header(*header_chunk, file);
    if (header.format_version != (v3 ? 3 : 4))
      throw FormatError(std::string(file), header_chunk->payload_offset, "header.format_version",
                        "a child's version differs from the model's");
    if (v3) read_v3_bounds(chunks, header);
    if (depth == 0) model.header = header;
    read_mesh(chunks, header);
    if (const Chunk* children = find_chunk(chunks, kChildren)) {
      if (depth >= kMaxChildDepth)
        throw FormatError(std::string(file), children->payload_offset, "children", "children nested too deeply");
      const auto list = read_sub_chunks(*children, file, "children");
      for (const auto& child : list) read_visual(renumbered(read_sub_chunks(child, file, "chunks")), depth + 1);
    }
  }

  void read_v3_bounds(const std::vector<Chunk>& chunks, OgfHeader& header) const {
    if (const Chunk* box = find_chunk(chunks, kV3BoundingBox)) {
      ByteReader r = box->reader(file);
      auto scope = r.enter("bbox");
      read_vec3(r, header.bbox_min, "min");
      read_vec3(r, header.bbox_max, "max");
    }
    if (const Chunk* sphere = find_chunk(chunks, kV3BoundingSphere)) {
      ByteReader r = sphere->reader(file);
      auto scope = r.enter("bsphere");
      read_vec3(r, header.sphere_center, "center");
      header.sphere_radius = r.f32("radius");
    }
  }

  void read_bone_names(const Chunk& chunk) {
    ByteReader r = chunk.reader(file);
    auto scope = r.enter("bone_names");
    model.bones.resize(r.count(r.u32("count"), 2 + 60, "count"));
    for (std::size_t i = 0; i < model.bones.size(); ++i) {
      auto bone_scope = r.enter("bones", i);
      auto& bone = model.bones[i];
      bone.name = r.string_zero_terminated("name");
      bone.parent_name = r.string_zero_terminated("parent");
      bone.box = read_box(r);
    }
  }

  void read_ik_data(const Chunk& chunk) {
    ByteReader r = chunk.reader(file);
    auto scope = r.enter("ik_data");
    for (std::size_t i = 0; i < model.bones.size(); ++i) {
      auto bone_scope = r.enter("bones", i);
      auto& bone = model.bones[i];
      bone.ik_version = v3 ? 0 : r.u32("version");
      bone.game_material = r.string_zero_terminated("game_material");
      bone.shape.type = r.u16("shape_type");
      bone.shape.flags = r.u16("shape_flags");
      bone.shape.box = read_box(r);
      r.read_array(bone.shape.sphere, "sphere");
      r.read_array(bone.shape.cylinder, "cylinder");
      bone.joint_type = r.u32("joint_type");
      for (auto& limit : bone.limits) {
        r.read_array(limit.range, "limit");
        limit.spring = r.f32("limit_spring");
        limit.damping = r.f32("limit_damping");
      }
      bone.spring = r.f32("spring");
      bone.damping = r.f32("damping");
      bone.ik_flags = r.u32("ik_flags");
      bone.break_force = r.f32("break_force");
      bone.break_torque = r.f32("break_torque");
      if (bone.ik_version > 0 && !v3) bone.friction = r.f32("friction");
      read_vec3(r, bone.bind_rotation, "bind_rotation");
      read_vec3(r, bone.bind_translation, "bind_translation");
      bone.mass = r.f32("mass");
      read_vec3(r, bone.center_of_mass, "center_of_mass");
    }
    model.has_ik_data = true;
  }

  void read_motion_refs(const Chunk& chunk) {
    ByteReader r = chunk.reader(file);
    auto scope = r.enter("motion_refs");
    model.motion_refs_chunk = chunk.id;
    if (chunk.id == kMotionRefs) {
      const std::string list = r.string_zero_terminated("refs");
      std::size_t start = 0;
      while (start <= list.size()) {
        const std::size_t comma = std::min(list.find(',', start), list.size());
        if (comma > start) model.motion_refs.push_back(list.substr(start, comma - start));
        start = comma + 1;
      }
    } else {
      model.motion_refs.resize(r.count(r.u32("count"), 1, "count"));
      for (auto& ref : model.motion_refs) ref = r.string_zero_terminated("refs");
    }
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
    } catch (const FormatError&) {
      model.skipped_chunks.push_back(chunk.raw_id());
    }
  }

  void read_model_chunks(const std::vector<Chunk>& chunks) {
    auto first = [&](const Chunk& c) { return find_chunk(chunks, c.id) == &c; };
    const Chunk* params = nullptr;
    const Chunk* keys = nullptr;
    for (const auto& chunk : chunks) {
      const bool known = chunk.id == kHeader || chunk.id == kTexture || chunk.id == kVertices ||
                         chunk.id == kIndices || chunk.id == kSlidingWindows || chunk.id == kChildren;
      if (!first(chunk)) {
        model.skipped_chunks.push_back(chunk.raw_id());
        continue;
      }
      if (v3 && (chunk.id & kV3Unmapped) == kV3Unmapped) {  // v3-only chunks, reported by their v3 id
        if (chunk.id != kV3BoundingBox && chunk.id != kV3BoundingSphere)
          model.skipped_chunks.push_back((chunk.raw_id() & ~kV3Unmapped) | (chunk.id & 0xFFFF));
        continue;
      }
      if (chunk.compressed && chunk.id != kDescription) {
        model.skipped_chunks.push_back(chunk.raw_id());  // the SDK never compresses these: garbage
        continue;
      }
      switch (chunk.id) {
        case kBoneNames: read_bone_names(chunk); break;
        case kIkData: break;  // after the bone names, wherever it is
        case kChunkMotionKeys: keys = &chunk; break;
        case kChunkMotionParams: params = &chunk; break;
        case kUserData: model.user_data = ini_text_of(chunk); break;
        case kDescription: read_description(chunk); break;
        case kMotionRefs: case kMotionRefs2: read_motion_refs(chunk); break;
        case kLods: model.lod_ref = text_of(chunk); break;
        default:
          if (!known) model.skipped_chunks.push_back(chunk.raw_id());
      }
    }
    if (const Chunk* ik = find_chunk(chunks, kIkData); ik != nullptr && !ik->compressed) read_ik_data(*ik);
    if (params != nullptr && keys != nullptr) {
      model.motion_params = read_motion_params(*params, file);
      if (model.motion_params->bone_count() != model.bones.size())
        throw FormatError(std::string(file), params->payload_offset, "motion_params",
                          "bone parts name " + std::to_string(model.motion_params->bone_count()) + " bones, the model has " +
                              std::to_string(model.bones.size()));
      model.motion_keys = read_motion_keys(*keys, file, model.bones.size());
    }
  }

  void check_bone_indices() {
    for (const auto& [mesh_index, offset] : mesh_offsets) {
      const auto& mesh = model.meshes[mesh_index];
      if (mesh.links == 0) continue;
      for (std::size_t i = 0; i < mesh.vertices.size(); ++i)
        for (std::size_t k = 0; k < mesh.vertices[i].influence_count; ++k)
          if (mesh.vertices[i].bones[k] >= model.bones.size())
            throw FormatError(std::string(file), offset, "vertices[" + std::to_string(i) + "].bones",
                              "bone " + std::to_string(mesh.vertices[i].bones[k]) + " of " +
                                  std::to_string(model.bones.size()));
    }
  }
};

}  // namespace

OgfModel read_ogf(std::span<const std::byte> data, std::string_view file_name) {
  ByteReader reader(data, file_name, ByteOrder::little);
  // A trailing partial chunk header is tolerated as garbage; chunks that claim more than the file are errors.
  auto chunks = read_chunks(reader, "chunks");
  OgfModel model;
  Reader r{file_name, model, {}};
  // The version byte of the first header chunk picks the chunk numbering.
  if (const Chunk* header = find_chunk(chunks, kHeader); header != nullptr && !header->payload.empty())
    r.v3 = header->payload[0] == std::byte{3};
  chunks = r.renumbered(std::move(chunks));
  r.read_visual(chunks, 0);
  r.read_model_chunks(chunks);
  r.check_bone_indices();
  return model;
}

}  // namespace gamefmt::xray
