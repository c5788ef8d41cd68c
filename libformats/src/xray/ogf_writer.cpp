// OGF version 4 files: in the layout the model was read with (chunks kept as stored while the model still
// writes what it read), else in the SDK's chunk order (ogf.hpp).
#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>

#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/fingerprint.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/record_fields.hpp"
#include "gamefmt/xray/chunks.hpp"
#include "gamefmt/xray/ogf.hpp"
#include "gamefmt/xray/record_layouts.hpp"
#include "ogf_layout.hpp"

namespace gamefmt::xray {
namespace {

using namespace ogf_layout;

// What the writer cannot store: failures name the writer's file and the field.
struct Checker {
  ByteWriter& w;

  void check(const OgfModel& model) const {
    const bool inline_mesh = model.header.type == kOgfNormal || model.header.type == kOgfProgressive;
    if (inline_mesh && model.meshes.size() != 1)
      w.fail("meshes", "a static model of type " + std::to_string(model.header.type) +
                           " holds one mesh, not " + std::to_string(model.meshes.size()));
    for (std::size_t m = 0; m < model.meshes.size(); ++m) {
      auto mesh = w.enter("meshes", m);
      check(model.meshes[m], model.bones.size());
    }
    if (model.motion_keys.has_value() != model.motion_params.has_value())
      w.fail("motion_keys", "embedded motions need both their keys and their parameters");
    if (model.motion_params && model.motion_params->bone_count() != model.bones.size())
      w.fail("motion_params", "bone parts name " + std::to_string(model.motion_params->bone_count()) +
                                  " bones, the model has " + std::to_string(model.bones.size()));
    if (model.motion_keys)
      for (const auto& motion : model.motion_keys->motions)
        if (motion.bones.size() != model.bones.size())
          w.fail("motion_keys", "motion '" + motion.name + "' has " + std::to_string(motion.bones.size()) +
                                    " bone blocks, the model has " + std::to_string(model.bones.size()) +
                                    " bones");
  }

  void check(const OgfMesh& mesh, std::size_t bone_count) const {
    if (mesh.vertices.size() > kOgfMaxMeshVertices)
      w.fail("vertices", std::to_string(mesh.vertices.size()) + " vertices; a mesh holds at most " +
                             std::to_string(kOgfMaxMeshVertices) + " (16-bit indices)");
    if (mesh.indices.size() % 3 != 0)
      w.fail("indices", std::to_string(mesh.indices.size()) + " indices are not whole triangles");
    for (const auto index : mesh.indices)
      if (index >= mesh.vertices.size())
        w.fail("indices", "index " + std::to_string(index) + " is past the " +
                              std::to_string(mesh.vertices.size()) + " vertices");
    if (mesh.sliding_windows)
      for (const auto& window : mesh.sliding_windows->windows)
        if (!window.fits(mesh.indices.size()))
          w.fail("sliding_windows", "a window is outside the index buffer");
    if (mesh.links == 0) {
      if ((mesh.vertex_format & kFvfPositionMask) != kFvfXyz)
        w.fail("vertex_format",
               "vertex format " + std::to_string(mesh.vertex_format) + " has no plain XYZ position");
      const std::size_t sets = fvf_uv_sets(mesh.vertex_format);
      const std::size_t extra = sets > 1 ? mesh.vertices.size() * 2 * (sets - 1) : 0;
      if (mesh.extra_uvs.size() != extra)
        w.fail("extra_uvs", std::to_string(mesh.extra_uvs.size()) +
                                " extra UV values, the vertex format needs " + std::to_string(extra));
      return;
    }
    if (ogf_skinned_links(mesh.vertex_format) != mesh.links)
      w.fail("vertex_format", "vertex format " + std::to_string(mesh.vertex_format) + " is not a " +
                                  std::to_string(mesh.links) + "-link format");
    for (std::size_t i = 0; i < mesh.vertices.size(); ++i)
      for (int k = 0; k < mesh.links; ++k)
        if (mesh.vertices[i].bones[k] >= bone_count) {
          auto vertex = w.enter("vertices", i);
          w.fail("bones",
                 "bone " + std::to_string(mesh.vertices[i].bones[k]) + " of " + std::to_string(bone_count));
        }
  }
};

// Each chunk's payload as the model writes it.
void write_header(ByteWriter& w, const OgfHeader& h) {
  OgfHeader written = h;
  written.format_version = 4;  // a version 3 model is written as version 4
  FieldWriter out(w);
  header_fields(out, written);
}

void write_static_vertices(ByteWriter& w, const OgfMesh& mesh) {
  const std::size_t sets = fvf_uv_sets(mesh.vertex_format);
  const std::size_t extra_per_vertex = sets > 1 ? 2 * (sets - 1) : 0;
  FieldWriter out(w);
  for (std::size_t i = 0; i < mesh.vertices.size(); ++i)
    static_vertex_fields(
        out, mesh.vertices[i], mesh.vertex_format,
        std::span<const float>(mesh.extra_uvs).subspan(i * extra_per_vertex, extra_per_vertex));
}

void write_skinned_vertices(ByteWriter& w, const OgfMesh& mesh) {
  FieldWriter out(w);
  for (const auto& vertex : mesh.vertices) skinned_vertex_fields(out, vertex, mesh.links, true);
}

void write_ik_data(ByteWriter& w, const std::vector<OgfBone>& bones) {
  FieldWriter out(w);
  for (const auto& bone : bones) ik_bone_fields(out, bone, true);
}

void write_description(ByteWriter& w, const OgfDescription& d) {
  w.string_zero_terminated(d.source_file);
  w.string_zero_terminated(d.build_name);
  w.u32(d.build_time);
  w.string_zero_terminated(d.create_name);
  w.u32(d.create_time);
  w.string_zero_terminated(d.modify_name);
  w.u32(d.modify_time);
}

// Shadow of Chernobyl's one comma-separated list, or the counted list of the later games.
void write_motion_refs(ByteWriter& w, const OgfModel& model) {
  if (model.motion_refs_chunk == kChunksV4.motion_refs) {
    w.string_zero_terminated(join_motion_refs(model.motion_refs));
    return;
  }
  w.u32(static_cast<std::uint32_t>(model.motion_refs.size()));
  for (const auto& ref : model.motion_refs) w.string_zero_terminated(ref);
}

template <class Write>
std::vector<std::byte> payload_of(Write&& write) {
  ByteWriter w(ByteOrder::little);
  write(w);
  return w.take();
}

bool has_inline_mesh(const OgfModel& model) {
  return model.header.type == kOgfNormal || model.header.type == kOgfProgressive;
}

}  // namespace

const std::vector<std::uint32_t> kOgfMeshChunkOrder{kHeader, kChunksV4.texture, kChunksV4.vertices,
                                                    kChunksV4.indices, kChunksV4.sliding_windows};

std::optional<std::vector<std::byte>> encode_ogf_mesh_chunk(const OgfMesh& mesh, std::uint32_t id) {
  if (id == kHeader) return payload_of([&](ByteWriter& w) { write_header(w, mesh.header); });
  if (id == kChunksV4.texture)
    return payload_of([&](ByteWriter& w) {
      w.string_zero_terminated(mesh.texture);
      w.string_zero_terminated(mesh.shader);
    });
  if (id == kChunksV4.vertices)
    return payload_of([&](ByteWriter& w) {
      w.u32(mesh.vertex_format);
      w.u32(static_cast<std::uint32_t>(mesh.vertices.size()));
      if (mesh.links == 0)
        write_static_vertices(w, mesh);
      else
        write_skinned_vertices(w, mesh);
    });
  if (id == kChunksV4.indices)
    return payload_of([&](ByteWriter& w) {
      w.u32(static_cast<std::uint32_t>(mesh.indices.size()));
      w.write_array(mesh.indices);
    });
  if (id == kChunksV4.sliding_windows && mesh.sliding_windows)
    return payload_of([&](ByteWriter& w) {
      w.write_array(mesh.sliding_windows->reserved);
      w.u32(static_cast<std::uint32_t>(mesh.sliding_windows->windows.size()));
      for (const auto& window : mesh.sliding_windows->windows) {
        w.u32(window.offset);
        w.u16(window.triangles);
        w.u16(window.vertices);
      }
    });
  return std::nullopt;
}

// Vertices are fingerprinted as held (all their fields, whichever the format stores): they have no padding.
static_assert(sizeof(OgfVertex) == 84 && std::is_trivially_copyable_v<OgfVertex>);

std::optional<std::uint64_t> ogf_mesh_chunk_fields(const OgfMesh& mesh, std::uint32_t id) {
  Fingerprinter f;
  FieldHasher io(f);
  if (id == kHeader) {
    header_fields(io, mesh.header);
  } else if (id == kChunksV4.texture) {
    f.string(mesh.texture);
    f.string(mesh.shader);
  } else if (id == kChunksV4.vertices) {
    f.value(mesh.vertex_format);
    f.value(mesh.links);
    f.bytes(mesh.vertices.data(), mesh.vertices.size() * sizeof(OgfVertex));
    f.bytes(mesh.extra_uvs.data(), mesh.extra_uvs.size() * sizeof(float));
  } else if (id == kChunksV4.indices) {
    f.bytes(mesh.indices.data(), mesh.indices.size() * sizeof(std::uint16_t));
  } else if (id == kChunksV4.sliding_windows && mesh.sliding_windows) {
    io(mesh.sliding_windows->reserved, "reserved");
    f.value(mesh.sliding_windows->windows.size());
    for (const auto& window : mesh.sliding_windows->windows) {
      f.value(window.offset);
      f.value(window.triangles);
      f.value(window.vertices);
    }
  } else {
    return std::nullopt;
  }
  return f.digest();
}

// A child: the mesh's chunks in its kept layout (or the SDK's order).
void write_ogf_child(ByteWriter& w, const OgfMesh& mesh) {
  write_chunk_slots(
      w, mesh.layout, kOgfMeshChunkOrder, [&](std::uint32_t id) { return encode_ogf_mesh_chunk(mesh, id); },
      [&](std::uint32_t id) { return ogf_mesh_chunk_fields(mesh, id); });
}

namespace {

// What the children chunk encodes: each mesh's layout (write_ogf_child) and the fields of each of its chunks.
std::uint64_t children_fields(const OgfModel& model, const OgfMeshFields& mesh_fields) {
  Fingerprinter f;
  f.value(model.meshes.size());
  for (const auto& mesh : model.meshes) {
    fingerprint_layout(f, mesh.layout);
    for (const std::uint32_t id : kOgfMeshChunkOrder) {
      const auto fields = mesh_fields ? mesh_fields(mesh, id) : ogf_mesh_chunk_fields(mesh, id);
      f.value(fields.has_value());
      f.value(fields.value_or(0));
    }
  }
  return f.digest();
}

}  // namespace

std::optional<std::vector<std::byte>> encode_ogf_model_chunk(const OgfModel& model, std::uint32_t id) {
  const bool inline_mesh = has_inline_mesh(model);
  if (id == kHeader) return payload_of([&](ByteWriter& w) { write_header(w, model.header); });
  if (inline_mesh && !model.meshes.empty() && id != kHeader &&
      std::find(kOgfMeshChunkOrder.begin(), kOgfMeshChunkOrder.end(), id) != kOgfMeshChunkOrder.end())
    return encode_ogf_mesh_chunk(model.meshes.front(), id);
  if (id == kChunksV4.description && model.description)
    return payload_of([&](ByteWriter& w) { write_description(w, *model.description); });
  if (id == kChunksV4.children && !inline_mesh && !model.meshes.empty())
    return payload_of([&](ByteWriter& w) {
      ChunkWriter chunks(w);
      for (std::size_t i = 0; i < model.meshes.size(); ++i) {
        const auto child = chunks.begin(static_cast<std::uint32_t>(i));
        write_ogf_child(w, model.meshes[i]);
        chunks.end(child);
      }
    });
  if (id == kChunksV4.bone_names && !model.bones.empty())
    return payload_of([&](ByteWriter& w) {
      w.u32(static_cast<std::uint32_t>(model.bones.size()));
      FieldWriter out(w);
      for (const auto& bone : model.bones) bone_name_fields(out, bone);
    });
  if (id == kChunksV4.ik_data && !model.bones.empty() && model.has_ik_data)
    return payload_of([&](ByteWriter& w) { write_ik_data(w, model.bones); });
  if (id == kChunksV4.user_data && !model.user_data.empty())
    return payload_of([&](ByteWriter& w) { w.string_zero_terminated(model.user_data); });
  if (id == kChunksV4.lods && !model.lod_ref.empty())
    return payload_of([&](ByteWriter& w) {
      w.bytes(model.lod_ref);
      w.bytes("\r\n");
    });
  if (id == kChunksV4.motion_keys && model.motion_keys)
    return payload_of([&](ByteWriter& w) { write_motion_keys(w, *model.motion_keys); });
  if (id == kChunksV4.motion_params && model.motion_keys)
    return payload_of([&](ByteWriter& w) { write_motion_params(w, *model.motion_params); });
  const std::uint32_t refs_id =
      model.motion_refs_chunk == kChunksV4.motion_refs ? kChunksV4.motion_refs : kChunksV4.motion_refs2;
  if (id == refs_id && !model.motion_refs.empty())
    return payload_of([&](ByteWriter& w) { write_motion_refs(w, model); });
  return std::nullopt;
}

// As encode_ogf_model_chunk, chunk for chunk: nothing exactly where it encodes nothing.
std::optional<std::uint64_t> ogf_model_chunk_fields(const OgfModel& model, std::uint32_t id,
                                                    const OgfMeshFields& mesh_fields) {
  const bool inline_mesh = has_inline_mesh(model);
  Fingerprinter f;
  FieldHasher io(f);
  if (id == kHeader) {
    header_fields(io, model.header);
    return f.digest();
  }
  if (inline_mesh && !model.meshes.empty() &&
      std::find(kOgfMeshChunkOrder.begin(), kOgfMeshChunkOrder.end(), id) != kOgfMeshChunkOrder.end())
    return mesh_fields ? mesh_fields(model.meshes.front(), id)
                       : ogf_mesh_chunk_fields(model.meshes.front(), id);
  if (id == kChunksV4.description && model.description) {
    const OgfDescription& d = *model.description;
    for (const auto* text : {&d.source_file, &d.build_name, &d.create_name, &d.modify_name}) f.string(*text);
    for (const auto time : {d.build_time, d.create_time, d.modify_time}) f.value(time);
    return f.digest();
  }
  if (id == kChunksV4.children && !inline_mesh && !model.meshes.empty())
    return children_fields(model, mesh_fields);
  if (id == kChunksV4.bone_names && !model.bones.empty()) {
    f.value(model.bones.size());
    for (const auto& bone : model.bones) bone_name_fields(io, bone);
    return f.digest();
  }
  if (id == kChunksV4.ik_data && !model.bones.empty() && model.has_ik_data) {
    for (const auto& bone : model.bones) ik_bone_fields(io, bone, true);
    return f.digest();
  }
  if (id == kChunksV4.user_data && !model.user_data.empty()) {
    f.string(model.user_data);
    return f.digest();
  }
  if (id == kChunksV4.lods && !model.lod_ref.empty()) {
    f.string(model.lod_ref);
    return f.digest();
  }
  // Embedded motions are rare: their encoding is fingerprinted.
  if ((id == kChunksV4.motion_keys || id == kChunksV4.motion_params) && model.motion_keys) {
    const auto encoded = encode_ogf_model_chunk(model, id);
    f.bytes(encoded->data(), encoded->size());
    return f.digest();
  }
  const std::uint32_t refs_id =
      model.motion_refs_chunk == kChunksV4.motion_refs ? kChunksV4.motion_refs : kChunksV4.motion_refs2;
  if (id == refs_id && !model.motion_refs.empty()) {
    f.value(model.motion_refs_chunk);
    f.value(model.motion_refs.size());
    for (const auto& ref : model.motion_refs) f.string(ref);
    return f.digest();
  }
  return std::nullopt;
}

std::vector<std::string> describe_kept_ogf_chunks(const OgfModel& model) {
  return describe_kept_chunks(model.layout,
                              [&](std::uint32_t id) { return encode_ogf_model_chunk(model, id); });
}

std::vector<std::uint32_t> ogf_sdk_chunk_order(const OgfModel& model) {
  std::vector<std::uint32_t> order{kHeader, kChunksV4.description};
  if (has_inline_mesh(model))
    order.insert(order.end(), kOgfMeshChunkOrder.begin() + 1, kOgfMeshChunkOrder.end());
  else
    order.push_back(kChunksV4.children);
  order.insert(order.end(), {kChunksV4.bone_names, kChunksV4.ik_data, kChunksV4.user_data, kChunksV4.lods,
                             kChunksV4.motion_keys, kChunksV4.motion_params, kChunksV4.motion_refs,
                             kChunksV4.motion_refs2});
  return order;
}

std::vector<std::byte> write_ogf(const OgfModel& model, std::string_view file_name) {
  // Sized for an unchanged model: its chunks as stored.
  std::size_t expected = model.trailing_bytes.size();
  for (const auto& slot : model.layout) expected += kChunkHeaderSize + slot.stored().size();
  ByteWriter w(ByteOrder::little, expected, file_name);
  Checker{w}.check(model);
  write_chunk_slots(
      w, model.layout, ogf_sdk_chunk_order(model),
      [&](std::uint32_t id) { return encode_ogf_model_chunk(model, id); },
      [&](std::uint32_t id) { return ogf_model_chunk_fields(model, id); });
  w.bytes(model.trailing_bytes);
  return w.take();
}

}  // namespace gamefmt::xray
