#include "gamefmt/xray/object.hpp"

#include <algorithm>
#include <memory>
#include <string>
#include <type_traits>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/fingerprint.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/xray/chunks.hpp"
#include "gamefmt/xray/lzhuf.hpp"

namespace gamefmt::xray {
namespace {

using Bytes = std::optional<std::vector<std::byte>>;

// The SDK's loader reads a chunk's fields and no more: bytes after them are kept with the chunk, as stored.
void expect_end(const ByteReader& r, const char* field) {
  if (!r.at_end())
    r.warn(field, std::to_string(r.remaining()) +
                      " bytes at the end of the chunk are not read; the chunk is kept as stored");
}

// ---- meshes ----

std::vector<VMap> read_vmaps(ByteReader& r, std::uint32_t layout) {
  std::vector<VMap> vmaps(r.count(r.u32("vmap_count"), 6, "vmap_count"));
  for (std::size_t i = 0; i < vmaps.size(); ++i) {
    auto scope = r.enter("vmaps", i);
    auto& vmap = vmaps[i];
    vmap.name = r.string_zero_terminated("name");
    if (layout == kMeshChunkVMaps0) {
      vmap.dimension = 2;
      vmap.type = 0;
    } else {
      vmap.dimension = r.u8("dimension");
      if (layout == kMeshChunkVMaps2) vmap.polymap = r.u8("polymap");
      vmap.type = r.u8("type");
    }
    const std::size_t entry_size =
        4 * vmap.dimension + (layout == kMeshChunkVMaps2 ? 4 + (vmap.polymap ? 4 : 0) : 0);
    const std::size_t size = r.count(r.u32("size"), std::max<std::size_t>(entry_size, 1), "size");
    vmap.data.resize(size * vmap.dimension);
    for (auto& value : vmap.data) value = r.f32("data");
    if (layout == kMeshChunkVMaps2) {
      vmap.points.resize(size);
      for (auto& point : vmap.points) point = r.u32("points");
      if (vmap.polymap) {
        vmap.faces.resize(size);
        for (auto& face : vmap.faces) face = r.u32("faces");
      }
    }
  }
  return vmaps;
}

void write_vmaps(ByteWriter& w, const std::vector<VMap>& vmaps, std::uint32_t layout) {
  w.u32(static_cast<std::uint32_t>(vmaps.size()));
  for (const auto& vmap : vmaps) {
    w.string_zero_terminated(vmap.name);
    if (layout != kMeshChunkVMaps0) {
      w.u8(vmap.dimension);
      if (layout == kMeshChunkVMaps2) w.u8(vmap.polymap);
      w.u8(vmap.type);
    }
    w.u32(static_cast<std::uint32_t>(vmap.size()));
    for (float value : vmap.data) w.f32(value);
    if (layout == kMeshChunkVMaps2) {
      for (auto point : vmap.points) w.u32(point);
      if (vmap.polymap)
        for (auto face : vmap.faces) w.u32(face);
    }
  }
}

Bytes encode_mesh_chunk(const ObjectMesh& mesh, std::uint32_t id) {
  ByteWriter w(ByteOrder::little);
  switch (id) {
    case kMeshChunkVersion:
      if (!mesh.version) return std::nullopt;
      w.u16(*mesh.version);
      break;
    case kMeshChunkName:
      w.string_zero_terminated(mesh.name);
      break;
    case kMeshChunkFlags:
      w.u8(mesh.flags);
      break;
    case kMeshChunkBBox:
      if (!mesh.bbox) return std::nullopt;
      w.write_array(*mesh.bbox);
      break;
    case kMeshChunkPoints:
      w.u32(static_cast<std::uint32_t>(mesh.points.size()));
      for (const auto& p : mesh.points) w.write_array(p);
      w.bytes(mesh.point_adjacency);
      break;
    case kMeshChunkFaces:
      w.u32(static_cast<std::uint32_t>(mesh.faces.size()));
      for (const auto& f : mesh.faces)
        for (int c = 0; c < 3; ++c) {
          w.u32(f.points[c]);
          w.u32(f.refs[c]);
        }
      break;
    case kMeshChunkSmoothing:
      if (!mesh.smoothing) return std::nullopt;
      for (auto sg : *mesh.smoothing) w.u32(sg);
      break;
    case kMeshChunkVMapRefs:
      w.u32(static_cast<std::uint32_t>(mesh.vmap_refs.size()));
      for (const auto& refs : mesh.vmap_refs) {
        w.u8(static_cast<std::uint8_t>(refs.size()));
        for (const auto& ref : refs) {
          w.u32(ref.vmap);
          w.u32(ref.index);
        }
      }
      break;
    case kMeshChunkSurfaceFaces:
      w.u16(static_cast<std::uint16_t>(mesh.surface_faces.size()));
      for (const auto& list : mesh.surface_faces) {
        w.string_zero_terminated(list.surface);
        w.u32(static_cast<std::uint32_t>(list.faces.size()));
        for (auto face : list.faces) w.u32(face);
      }
      break;
    case kMeshChunkOptions:
      if (!mesh.options) return std::nullopt;
      w.write_array(*mesh.options);
      break;
    case kMeshChunkVMaps0:
    case kMeshChunkVMaps1:
    case kMeshChunkVMaps2:
      if (id != mesh.vmaps_chunk) return std::nullopt;
      write_vmaps(w, mesh.vmaps, id);
      break;
    case kMeshChunkNormals:
      if (!mesh.normals) return std::nullopt;
      for (const auto& n : *mesh.normals) w.write_array(n);
      break;
    default:
      return std::nullopt;
  }
  return w.take();
}

// The fingerprint of the mesh's fields that a chunk encodes (as encode_mesh_chunk: nothing where it encodes
// nothing); arrays as they are held.
static_assert(sizeof(ObjectFace) == 24 && sizeof(VMapRef) == 8 && std::is_trivially_copyable_v<ObjectFace>);
std::optional<std::uint64_t> mesh_chunk_fields(const ObjectMesh& mesh, std::uint32_t id) {
  Fingerprinter f;
  const auto array = [&](const auto& values) { f.bytes(values.data(), values.size() * sizeof(values[0])); };
  switch (id) {
    case kMeshChunkVersion:
      if (!mesh.version) return std::nullopt;
      f.value(*mesh.version);
      break;
    case kMeshChunkName:
      f.string(mesh.name);
      break;
    case kMeshChunkFlags:
      f.value(mesh.flags);
      break;
    case kMeshChunkBBox:
      if (!mesh.bbox) return std::nullopt;
      array(*mesh.bbox);
      break;
    case kMeshChunkPoints:
      array(mesh.points);
      array(mesh.point_adjacency);
      break;
    case kMeshChunkFaces:
      array(mesh.faces);
      break;
    case kMeshChunkSmoothing:
      if (!mesh.smoothing) return std::nullopt;
      array(*mesh.smoothing);
      break;
    case kMeshChunkVMapRefs:
      f.value(mesh.vmap_refs.size());
      for (const auto& refs : mesh.vmap_refs) array(refs);
      break;
    case kMeshChunkSurfaceFaces:
      f.value(mesh.surface_faces.size());
      for (const auto& list : mesh.surface_faces) {
        f.string(list.surface);
        array(list.faces);
      }
      break;
    case kMeshChunkOptions:
      if (!mesh.options) return std::nullopt;
      array(*mesh.options);
      break;
    case kMeshChunkVMaps0:
    case kMeshChunkVMaps1:
    case kMeshChunkVMaps2:
      if (id != mesh.vmaps_chunk) return std::nullopt;
      f.value(mesh.vmaps.size());
      for (const auto& vmap : mesh.vmaps) {
        f.string(vmap.name);
        f.value(vmap.dimension);
        f.value(vmap.polymap);
        f.value(vmap.type);
        array(vmap.data);
        array(vmap.points);
        array(vmap.faces);
      }
      break;
    case kMeshChunkNormals:
      if (!mesh.normals) return std::nullopt;
      array(*mesh.normals);
      break;
    default:
      return std::nullopt;
  }
  return f.digest();
}

// What the meshes chunk encodes: each mesh's layout (write_mesh) and the fields of each of its chunks.
std::uint64_t meshes_fields(const std::vector<ObjectMesh>& meshes) {
  static constexpr std::uint32_t kIds[] = {
      kMeshChunkVersion, kMeshChunkName,      kMeshChunkFlags,    kMeshChunkBBox,         kMeshChunkPoints,
      kMeshChunkFaces,   kMeshChunkSmoothing, kMeshChunkVMapRefs, kMeshChunkSurfaceFaces, kMeshChunkOptions,
      kMeshChunkVMaps0,  kMeshChunkVMaps1,    kMeshChunkVMaps2,   kMeshChunkNormals};
  Fingerprinter f;
  f.value(meshes.size());
  for (const auto& mesh : meshes) {
    fingerprint_layout(f, mesh.layout);
    for (const std::uint32_t id : kIds) {
      const auto fields = mesh_chunk_fields(mesh, id);
      f.value(fields.has_value());
      f.value(fields.value_or(0));
    }
  }
  return f.digest();
}

// The bytes a body's chunks were split from, and their copy that the layouts' slots share.
struct StoredBody {
  std::span<const std::byte> bytes;
  std::shared_ptr<const std::vector<std::byte>> copy;
};

ObjectMesh read_mesh(const Chunk& chunk, std::string_view file, const StoredBody& body) {
  const auto children = read_sub_chunks(chunk, file, "chunks");
  ObjectMesh mesh;
  mesh.version.reset();
  bool have_vmaps = false;
  const auto parse = [&](const Chunk& c) {
    ByteReader r = c.reader(file);
    switch (c.id) {
      case kMeshChunkVersion:
        mesh.version = r.u16("version");
        break;
      case kMeshChunkName:
        mesh.name = r.string_zero_terminated("name");
        break;
      case kMeshChunkFlags:
        mesh.flags = r.u8("flags");
        break;
      case kMeshChunkBBox:
        r.read_array(mesh.bbox.emplace(), "bbox");
        break;
      case kMeshChunkPoints: {
        mesh.points.resize(r.count(r.u32("point_count"), 12, "point_count"));
        for (std::size_t i = 0; i < mesh.points.size(); ++i) {
          auto scope = r.enter("points", i);
          r.read_array(mesh.points[i], "xyz");
        }
        const auto rest = r.bytes(r.remaining(), "adjacency");
        mesh.point_adjacency.assign(rest.begin(), rest.end());
        break;
      }
      case kMeshChunkFaces:
        mesh.faces.resize(r.count(r.u32("face_count"), 24, "face_count"));
        for (std::size_t i = 0; i < mesh.faces.size(); ++i) {
          auto scope = r.enter("faces", i);
          for (int corner = 0; corner < 3; ++corner) {
            mesh.faces[i].points[corner] = r.u32("point");
            mesh.faces[i].refs[corner] = r.u32("vmap_ref");
          }
        }
        break;
      case kMeshChunkSmoothing: {
        if (r.remaining() % 4 != 0) r.fail("smoothing", "size is not a multiple of 4");
        auto& groups = mesh.smoothing.emplace(r.remaining() / 4);
        for (auto& sg : groups) sg = r.u32("smoothing");
        break;
      }
      case kMeshChunkVMapRefs:
        mesh.vmap_refs.resize(r.count(r.u32("ref_count"), 1, "ref_count"));
        for (std::size_t i = 0; i < mesh.vmap_refs.size(); ++i) {
          auto scope = r.enter("vmap_refs", i);
          auto& refs = mesh.vmap_refs[i];
          refs.resize(r.count(r.u8("count"), 8, "count"));
          for (auto& ref : refs) {
            ref.vmap = r.u32("vmap");
            ref.index = r.u32("index");
          }
        }
        break;
      case kMeshChunkSurfaceFaces:
        mesh.surface_faces.resize(r.count(r.u16("surface_count"), 5, "surface_count"));
        for (std::size_t i = 0; i < mesh.surface_faces.size(); ++i) {
          auto scope = r.enter("surface_faces", i);
          auto& list = mesh.surface_faces[i];
          list.surface = r.string_zero_terminated("surface");
          list.faces.resize(r.count(r.u32("face_count"), 4, "face_count"));
          for (auto& face : list.faces) face = r.u32("faces");
        }
        break;
      case kMeshChunkOptions:
        r.read_array(mesh.options.emplace(), "options");
        break;
      case kMeshChunkVMaps0:
      case kMeshChunkVMaps1:
      case kMeshChunkVMaps2:
        if (have_vmaps) return false;  // a second vmap layout: kept as stored
        have_vmaps = true;
        mesh.vmaps_chunk = c.id;
        mesh.vmaps = read_vmaps(r, c.id);
        break;
      case kMeshChunkNormals: {
        if (r.remaining() % 12 != 0) r.fail("normals", "size is not a multiple of 12");
        auto& normals = mesh.normals.emplace(r.remaining() / 12);
        for (auto& n : normals) r.read_array(n, "normals");
        break;
      }
      default:
        return false;
    }
    expect_end(r, "chunk");
    return true;
  };
  mesh.layout = read_parsed_stored_slots(children, body.bytes, body.copy, parse,
                                         [&](std::uint32_t id) { return mesh_chunk_fields(mesh, id); });
  // Every index the converters follow is checked here, once.
  const auto fail = [&](const char* field, const std::string& problem) {
    throw FormatError(std::string(file), chunk.payload_offset, field, problem);
  };
  for (std::size_t f = 0; f < mesh.faces.size(); ++f)
    for (int c = 0; c < 3; ++c) {
      if (mesh.faces[f].points[c] >= mesh.points.size())
        fail("faces", "face " + std::to_string(f) + " uses point " + std::to_string(mesh.faces[f].points[c]) +
                          " of " + std::to_string(mesh.points.size()));
      if (mesh.faces[f].refs[c] >= mesh.vmap_refs.size())
        fail("faces", "face " + std::to_string(f) + " uses vmap reference " +
                          std::to_string(mesh.faces[f].refs[c]) + " of " +
                          std::to_string(mesh.vmap_refs.size()));
    }
  for (const auto& refs : mesh.vmap_refs)
    for (const auto& ref : refs)
      if (ref.vmap >= mesh.vmaps.size() || ref.index >= mesh.vmaps[ref.vmap].size())
        fail("vmap_refs", "a reference points past its vmap");
  for (const auto& list : mesh.surface_faces)
    for (auto face : list.faces)
      if (face >= mesh.faces.size())
        fail("surface_faces", "face " + std::to_string(face) + " does not exist");
  return mesh;
}

std::vector<std::byte> write_mesh(const ObjectMesh& mesh) {
  static const std::vector<std::uint32_t> order_base = {
      kMeshChunkVersion, kMeshChunkName,     kMeshChunkBBox,        kMeshChunkFlags,
      kMeshChunkOptions, kMeshChunkPoints,   kMeshChunkFaces,       kMeshChunkSmoothing,
      kMeshChunkNormals, kMeshChunkVMapRefs, kMeshChunkSurfaceFaces};
  std::vector<std::uint32_t> order = order_base;
  order.push_back(mesh.vmaps_chunk);
  ByteWriter w(ByteOrder::little);
  write_chunk_slots(
      w, mesh.layout, order, [&](std::uint32_t id) { return encode_mesh_chunk(mesh, id); },
      [&](std::uint32_t id) { return mesh_chunk_fields(mesh, id); });
  return w.take();
}

// ---- object body ----

std::vector<ObjectSurface> read_surfaces(ByteReader& r, std::uint32_t layout) {
  std::vector<ObjectSurface> surfaces(r.count(r.u32("surface_count"), 6, "surface_count"));
  for (std::size_t i = 0; i < surfaces.size(); ++i) {
    auto scope = r.enter("surfaces", i);
    auto& s = surfaces[i];
    s.name = r.string_zero_terminated("name");
    s.engine_shader = r.string_zero_terminated("engine_shader");
    if (layout == kObjectChunkSurfaces0) {
      s.flags = r.u8("two_sided");
      s.fvf = r.u32("fvf");
      s.uv_count = r.u32("uv_count");
      s.texture = r.string_zero_terminated("texture");
      s.vmap = r.string_zero_terminated("vmap");
      continue;
    }
    s.compiler_shader = r.string_zero_terminated("compiler_shader");
    if (layout == kObjectChunkSurfaces2) s.game_material = r.string_zero_terminated("game_material");
    s.texture = r.string_zero_terminated("texture");
    s.vmap = r.string_zero_terminated("vmap");
    s.flags = r.u32("flags");
    s.fvf = r.u32("fvf");
    s.uv_count = r.u32("uv_count");
  }
  return surfaces;
}

void write_surfaces(ByteWriter& w, const std::vector<ObjectSurface>& surfaces, std::uint32_t layout) {
  w.u32(static_cast<std::uint32_t>(surfaces.size()));
  for (const auto& s : surfaces) {
    w.string_zero_terminated(s.name);
    w.string_zero_terminated(s.engine_shader);
    if (layout == kObjectChunkSurfaces0) {
      w.u8(static_cast<std::uint8_t>(s.flags));
      w.u32(s.fvf);
      w.u32(s.uv_count);
      w.string_zero_terminated(s.texture);
      w.string_zero_terminated(s.vmap);
      continue;
    }
    w.string_zero_terminated(s.compiler_shader);
    if (layout == kObjectChunkSurfaces2) w.string_zero_terminated(s.game_material);
    w.string_zero_terminated(s.texture);
    w.string_zero_terminated(s.vmap);
    w.u32(s.flags);
    w.u32(s.fvf);
    w.u32(s.uv_count);
  }
}

Bytes encode_object_chunk(const ObjectFile& o, std::uint32_t id) {
  ByteWriter w(ByteOrder::little);
  ChunkWriter chunks(w);
  switch (id) {
    case kObjectChunkVersion:
      if (!o.version) return std::nullopt;
      w.u16(*o.version);
      break;
    case kObjectChunkFlags:
      if (!o.flags) return std::nullopt;
      if (o.flags_size == 1)
        w.u8(static_cast<std::uint8_t>(*o.flags));
      else
        w.u32(*o.flags);
      break;
    case kObjectChunkSurfaces0:
    case kObjectChunkSurfaces1:
    case kObjectChunkSurfaces2:
      if (id != o.surfaces_chunk) return std::nullopt;
      write_surfaces(w, o.surfaces, id);
      break;
    case kObjectChunkMeshes:
      if (!o.meshes) return std::nullopt;
      for (std::size_t i = 0; i < o.meshes->size(); ++i)
        chunks.write(static_cast<std::uint32_t>(i), write_mesh((*o.meshes)[i]));
      break;
    case kObjectChunkBones:
      if (!o.bones) return std::nullopt;
      write_sdk_bone_list(w, *o.bones);
      break;
    case kObjectChunkMotions:
      if (!o.motions) return std::nullopt;
      write_sdk_motion_list(w, *o.motions);
      break;
    case kObjectChunkBoneParts:
      if (!o.bone_parts) return std::nullopt;
      write_sdk_bone_parts(w, *o.bone_parts);
      break;
    case kObjectChunkUserData:
      if (!o.user_data) return std::nullopt;
      w.string_zero_terminated(*o.user_data);
      break;
    case kObjectChunkLodRef:
      if (!o.lod_ref) return std::nullopt;
      w.string_zero_terminated(*o.lod_ref);
      break;
    case kObjectChunkMotionRefs:
      if (!o.motion_refs) return std::nullopt;
      w.u32(static_cast<std::uint32_t>(o.motion_refs->size()));
      for (const auto& ref : *o.motion_refs) w.string_zero_terminated(ref);
      break;
    case kObjectChunkMotionRefsSoC:
      if (!o.motion_refs_soc) return std::nullopt;
      w.string_zero_terminated(*o.motion_refs_soc);
      break;
    case kObjectChunkTransform:
      if (!o.transform) return std::nullopt;
      w.write_array(*o.transform);
      break;
    case kObjectChunkRevision:
      if (!o.revision) return std::nullopt;
      w.string_zero_terminated(o.revision->owner);
      w.u32(o.revision->create_time);
      w.string_zero_terminated(o.revision->modifier);
      w.u32(o.revision->modify_time);
      break;
    default:
      return std::nullopt;
  }
  return w.take();
}

void read_body(ObjectFile& o, const Chunk& body, std::string_view file, const StoredBody& stored) {
  const auto children = read_sub_chunks(body, file, "body");
  bool have_surfaces = false;
  const auto parse = [&](const Chunk& c) {
    ByteReader r = c.reader(file);
    switch (c.id) {
      case kObjectChunkVersion: {
        o.version = r.u16("version");
        if (*o.version != 0x10)
          r.fail("version", "object version " + std::to_string(*o.version) + " is not 16");
        break;
      }
      case kObjectChunkFlags:
        o.flags_size = r.size() == 1 ? 1 : 4;
        o.flags = r.size() == 1 ? r.u8("flags") : r.u32("flags");
        break;
      case kObjectChunkSurfaces0:
      case kObjectChunkSurfaces1:
      case kObjectChunkSurfaces2:
        if (have_surfaces) return false;
        have_surfaces = true;
        o.surfaces_chunk = c.id;
        o.surfaces = read_surfaces(r, c.id);
        break;
      case kObjectChunkMeshes: {
        auto& meshes = o.meshes.emplace();
        const auto list = read_sub_chunks(c, file, "meshes");
        for (std::size_t i = 0; i < list.size(); ++i) {
          if (list[i].id != i || list[i].compressed)
            throw FormatError(std::string(file), list[i].payload_offset - kChunkHeaderSize, "meshes",
                              "mesh chunk " + std::to_string(i) + " has id " + std::to_string(list[i].id));
          meshes.push_back(read_mesh(list[i], file, stored));
        }
        return true;
      }
      case kObjectChunkBones:
        o.bones = read_sdk_bone_list(read_sub_chunks(c, file, "bones"), file, "bones");
        return true;
      case kObjectChunkMotions: {
        auto scope = r.enter("motions");
        o.motions = read_sdk_motion_list(r);
        break;
      }
      case kObjectChunkBoneParts: {
        auto scope = r.enter("bone_parts");
        o.bone_parts = read_sdk_bone_parts(r);
        break;
      }
      case kObjectChunkUserData:
        o.user_data = r.string_zero_terminated("user_data");
        break;
      case kObjectChunkLodRef:
        o.lod_ref = r.string_zero_terminated("lod_ref");
        break;
      case kObjectChunkMotionRefs: {
        auto& refs = o.motion_refs.emplace(r.count(r.u32("motion_ref_count"), 1, "motion_ref_count"));
        for (auto& ref : refs) ref = r.string_zero_terminated("motion_refs");
        break;
      }
      case kObjectChunkMotionRefsSoC:
        o.motion_refs_soc = r.string_zero_terminated("motion_refs");
        break;
      case kObjectChunkTransform:
        r.read_array(o.transform.emplace(), "transform");
        break;
      case kObjectChunkRevision: {
        auto& rev = o.revision.emplace();
        rev.owner = r.string_zero_terminated("owner");
        rev.create_time = r.u32("create_time");
        rev.modifier = r.string_zero_terminated("modifier");
        rev.modify_time = r.u32("modify_time");
        break;
      }
      default:
        return false;
    }
    expect_end(r, "chunk");
    return true;
  };
  o.version.reset();
  o.flags.reset();
  // The meshes chunk (the bulk of the file) is taken as stored with its fields' fingerprint; the others are
  // encoded and compared with their bytes.
  o.layout = read_parsed_stored_slots(children, stored.bytes, stored.copy, parse, [&](std::uint32_t id) {
    return id == kObjectChunkMeshes ? std::optional<std::uint64_t>(meshes_fields(*o.meshes))
                                    : std::optional<std::uint64_t>(0);
  });
  for (auto& slot : o.layout) {
    if (slot.kept || slot.raw_id == kObjectChunkMeshes) continue;
    slot.fields_fingerprint.reset();
    keep_if_model_differs(slot, [&](std::uint32_t id) { return encode_object_chunk(o, id); });
  }
  if (!o.version)
    throw FormatError(std::string(file), body.payload_offset, "version",
                      "the object has no version chunk (0x0900)");
}

}  // namespace

ObjectFile read_object(std::span<const std::byte> data, std::string_view file_name) {
  ObjectFile object;
  ByteReader reader(data, file_name, ByteOrder::little);
  reader.collect_warnings(&object.warnings);
  // The SDK opens the body chunk: cut short it is refused; bytes after it are kept.
  const auto chunks = read_chunks(reader, "chunks", [](std::uint32_t id) { return id == kObjectChunkBody; });
  if (chunks.size() != 1 || chunks[0].id != kObjectChunkBody)
    throw FormatError(std::string(file_name), 0, "chunks",
                      "an .object file is exactly one body chunk 0x7777");
  const auto rest = reader.bytes(reader.remaining(), "trailing_bytes");
  object.trailing_bytes.assign(rest.begin(), rest.end());
  object.compressed = chunks[0].compressed;
  if (!object.compressed) {
    read_body(object, chunks[0], file_name,
              {data, std::make_shared<const std::vector<std::byte>>(data.begin(), data.end())});
    return object;
  }
  object.stored_compressed_body.assign(chunks[0].payload.begin(), chunks[0].payload.end());
  object.stored_body = lzhuf_decode(chunks[0].payload, file_name, chunks[0].payload_offset);
  // Offsets inside the decompressed body count from its start.
  Chunk body{kObjectChunkBody, false, object.stored_body, 0, object.stored_body, &object.warnings};
  read_body(object, body, file_name,
            {object.stored_body, std::make_shared<const std::vector<std::byte>>(object.stored_body)});
  return object;
}

std::vector<std::byte> write_object(const ObjectFile& object, std::string_view file_name) {
  std::vector<std::uint32_t> order = {
      kObjectChunkVersion,       kObjectChunkUserData,   kObjectChunkLodRef,    kObjectChunkFlags,
      kObjectChunkMeshes,        object.surfaces_chunk,  kObjectChunkBones,     kObjectChunkMotions,
      kObjectChunkMotionRefsSoC, kObjectChunkMotionRefs, kObjectChunkBoneParts, kObjectChunkTransform,
      kObjectChunkRevision};
  ByteWriter body(ByteOrder::little);
  write_chunk_slots(
      body, object.layout, order, [&](std::uint32_t id) { return encode_object_chunk(object, id); },
      [&](std::uint32_t id) {
        return id == kObjectChunkMeshes && object.meshes
                   ? std::optional<std::uint64_t>(meshes_fields(*object.meshes))
                   : std::nullopt;
      });
  ByteWriter out(ByteOrder::little, 0, file_name);
  ChunkWriter chunks(out);
  if (!object.compressed) {
    chunks.write(kObjectChunkBody, body.buffer());
  } else if (std::ranges::equal(body.buffer(), object.stored_body) &&
             !object.stored_compressed_body.empty()) {
    chunks.write(kObjectChunkBody | kChunkCompressedFlag, object.stored_compressed_body);
  } else {
    chunks.write(kObjectChunkBody | kChunkCompressedFlag, lzhuf_encode(body.buffer()));
  }
  out.bytes(object.trailing_bytes);
  return out.take();
}

std::vector<int> face_surfaces(const ObjectFile& object, const ObjectMesh& mesh) {
  std::vector<int> result(mesh.faces.size(), -1);
  for (const auto& list : mesh.surface_faces) {
    int surface = -1;
    for (std::size_t s = 0; s < object.surfaces.size(); ++s)
      if (object.surfaces[s].name == list.surface) surface = static_cast<int>(s);
    for (auto face : list.faces)
      if (face < result.size()) result[face] = surface;
  }
  return result;
}

}  // namespace gamefmt::xray
