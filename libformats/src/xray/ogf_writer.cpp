// OGF version 4 files, in the SDK's chunk order (ogf.hpp).
#include <string>

#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/xray/ogf.hpp"
#include "ogf_layout.hpp"

namespace gamefmt::xray {
namespace {

using namespace ogf_layout;

struct Writer {
  std::string_view file;
  ByteWriter w{ByteOrder::little};
  ChunkWriter chunks{w};

  [[noreturn]] void fail(const std::string& field, const std::string& problem) const {
    throw FormatError(std::string(file), std::nullopt, field, problem);
  }

  void check(const OgfModel& model) const {
    const bool inline_mesh = model.header.type == kOgfNormal || model.header.type == kOgfProgressive;
    if (inline_mesh && model.meshes.size() != 1)
      fail("meshes", "a static model of type " + std::to_string(model.header.type) + " holds one mesh, not " +
                         std::to_string(model.meshes.size()));
    for (std::size_t m = 0; m < model.meshes.size(); ++m)
      check(model.meshes[m], model.bones.size(), "meshes[" + std::to_string(m) + "]");
    if (model.motion_keys.has_value() != model.motion_params.has_value())
      fail("motion_keys", "embedded motions need both their keys and their parameters");
    if (model.motion_params && model.motion_params->bone_count() != model.bones.size())
      fail("motion_params", "bone parts name " + std::to_string(model.motion_params->bone_count()) +
                                " bones, the model has " + std::to_string(model.bones.size()));
    if (model.motion_keys)
      for (const auto& motion : model.motion_keys->motions)
        if (motion.bones.size() != model.bones.size())
          fail("motion_keys", "motion '" + motion.name + "' has " + std::to_string(motion.bones.size()) +
                                  " bone blocks, the model has " + std::to_string(model.bones.size()) +
                                  " bones");
  }

  void check(const OgfMesh& mesh, std::size_t bone_count, const std::string& field) const {
    if (mesh.vertices.size() > kOgfMaxMeshVertices)
      fail(field + ".vertices", std::to_string(mesh.vertices.size()) + " vertices; a mesh holds at most " +
                                    std::to_string(kOgfMaxMeshVertices) + " (16-bit indices)");
    if (mesh.indices.size() % 3 != 0)
      fail(field + ".indices", std::to_string(mesh.indices.size()) + " indices are not whole triangles");
    for (const auto index : mesh.indices)
      if (index >= mesh.vertices.size())
        fail(field + ".indices", "index " + std::to_string(index) + " is past the " +
                                     std::to_string(mesh.vertices.size()) + " vertices");
    if (mesh.sliding_windows)
      for (const auto& window : mesh.sliding_windows->windows)
        if (!window.fits(mesh.indices.size()))
          fail(field + ".sliding_windows", "a window is outside the index buffer");
    if (mesh.links == 0) {
      if ((mesh.vertex_format & kFvfPositionMask) != kFvfXyz)
        fail(field + ".vertex_format",
             "vertex format " + std::to_string(mesh.vertex_format) + " has no plain XYZ position");
      const std::size_t sets = fvf_uv_sets(mesh.vertex_format);
      const std::size_t extra = sets > 1 ? mesh.vertices.size() * 2 * (sets - 1) : 0;
      if (mesh.extra_uvs.size() != extra)
        fail(field + ".extra_uvs", std::to_string(mesh.extra_uvs.size()) +
                                       " extra UV values, the vertex format needs " + std::to_string(extra));
      return;
    }
    if (ogf_skinned_links(mesh.vertex_format) != mesh.links)
      fail(field + ".vertex_format", "vertex format " + std::to_string(mesh.vertex_format) + " is not a " +
                                         std::to_string(mesh.links) + "-link format");
    for (std::size_t i = 0; i < mesh.vertices.size(); ++i)
      for (int k = 0; k < mesh.links; ++k)
        if (mesh.vertices[i].bones[k] >= bone_count)
          fail(field + ".vertices[" + std::to_string(i) + "].bones",
               "bone " + std::to_string(mesh.vertices[i].bones[k]) + " of " + std::to_string(bone_count));
  }

  void header(const OgfHeader& h) {
    const auto at = chunks.begin(kHeader);
    w.u8(4);
    w.u8(h.type);
    w.u16(h.shader_id);
    w.write_array(h.bbox_min);
    w.write_array(h.bbox_max);
    w.write_array(h.sphere_center);
    w.f32(h.sphere_radius);
    chunks.end(at);
  }

  void mesh(const OgfMesh& mesh) {
    auto at = chunks.begin(kChunksV4.texture);
    w.string_zero_terminated(mesh.texture);
    w.string_zero_terminated(mesh.shader);
    chunks.end(at);

    at = chunks.begin(kChunksV4.vertices);
    w.u32(mesh.vertex_format);
    w.u32(static_cast<std::uint32_t>(mesh.vertices.size()));
    if (mesh.links == 0)
      static_vertices(mesh);
    else
      skinned_vertices(mesh);
    chunks.end(at);

    at = chunks.begin(kChunksV4.indices);
    w.u32(static_cast<std::uint32_t>(mesh.indices.size()));
    w.write_array(mesh.indices);
    chunks.end(at);

    if (mesh.sliding_windows) {
      at = chunks.begin(kChunksV4.sliding_windows);
      w.write_array(mesh.sliding_windows->reserved);
      w.u32(static_cast<std::uint32_t>(mesh.sliding_windows->windows.size()));
      for (const auto& window : mesh.sliding_windows->windows) {
        w.u32(window.offset);
        w.u16(window.triangles);
        w.u16(window.vertices);
      }
      chunks.end(at);
    }
  }

  void static_vertices(const OgfMesh& mesh) {
    const std::uint32_t fvf = mesh.vertex_format;
    const std::size_t sets = fvf_uv_sets(fvf);
    for (std::size_t i = 0; i < mesh.vertices.size(); ++i) {
      const auto& v = mesh.vertices[i];
      w.write_array(v.position);
      if (fvf & kFvfNormal) w.write_array(v.normal);
      if (fvf & kFvfDiffuse) w.u32(v.diffuse);
      if (fvf & kFvfSpecular) w.u32(v.specular);
      if (sets == 0) continue;
      w.write_array(v.uv);
      for (std::size_t k = 0; k < 2 * (sets - 1); ++k) w.f32(mesh.extra_uvs[i * 2 * (sets - 1) + k]);
    }
  }

  void skinned_vertices(const OgfMesh& mesh) {
    for (const auto& v : mesh.vertices) {
      if (mesh.links >= 2)
        for (int k = 0; k < mesh.links; ++k) w.u16(v.bones[k]);
      w.write_array(v.position);
      w.write_array(v.normal);
      w.write_array(v.tangent);
      w.write_array(v.binormal);
      for (int k = 0; k < mesh.links - 1; ++k) w.f32(v.weights[k]);
      w.write_array(v.uv);
      if (mesh.links == 1) w.u32(v.bones[0]);
    }
  }

  void box(const OgfBox& box) {
    w.write_array(box.rotate);
    w.write_array(box.translate);
    w.write_array(box.half_size);
  }

  void bones(const std::vector<OgfBone>& bones, bool ik_data) {
    auto at = chunks.begin(kChunksV4.bone_names);
    w.u32(static_cast<std::uint32_t>(bones.size()));
    for (const auto& bone : bones) {
      w.string_zero_terminated(bone.name);
      w.string_zero_terminated(bone.parent_name);
      box(bone.box);
    }
    chunks.end(at);
    if (!ik_data) return;
    at = chunks.begin(kChunksV4.ik_data);
    for (const auto& bone : bones) {
      w.u32(bone.ik_version);
      w.string_zero_terminated(bone.game_material);
      w.u16(bone.shape.type);
      w.u16(bone.shape.flags);
      box(bone.shape.box);
      w.write_array(bone.shape.sphere);
      w.write_array(bone.shape.cylinder);
      w.u32(bone.joint_type);
      for (const auto& limit : bone.limits) {
        w.write_array(limit.range);
        w.f32(limit.spring);
        w.f32(limit.damping);
      }
      w.f32(bone.spring);
      w.f32(bone.damping);
      w.u32(bone.ik_flags);
      w.f32(bone.break_force);
      w.f32(bone.break_torque);
      if (bone.ik_version > 0) w.f32(bone.friction);
      w.write_array(bone.bind_rotation);
      w.write_array(bone.bind_translation);
      w.f32(bone.mass);
      w.write_array(bone.center_of_mass);
    }
    chunks.end(at);
  }

  void description(const OgfDescription& d) {
    const auto at = chunks.begin(kChunksV4.description);
    w.string_zero_terminated(d.source_file);
    w.string_zero_terminated(d.build_name);
    w.u32(d.build_time);
    w.string_zero_terminated(d.create_name);
    w.u32(d.create_time);
    w.string_zero_terminated(d.modify_name);
    w.u32(d.modify_time);
    chunks.end(at);
  }

  void motion_refs(const OgfModel& model) {
    if (model.motion_refs_chunk == kChunksV4.motion_refs) {  // Shadow of Chernobyl: one comma-separated list
      const auto at = chunks.begin(kChunksV4.motion_refs);
      w.string_zero_terminated(join_motion_refs(model.motion_refs));
      chunks.end(at);
      return;
    }
    const auto at = chunks.begin(kChunksV4.motion_refs2);
    w.u32(static_cast<std::uint32_t>(model.motion_refs.size()));
    for (const auto& ref : model.motion_refs) w.string_zero_terminated(ref);
    chunks.end(at);
  }

  void model(const OgfModel& model) {
    check(model);
    header(model.header);
    if (model.description) description(*model.description);
    if (model.header.type == kOgfNormal || model.header.type == kOgfProgressive) {
      mesh(model.meshes.front());
    } else if (!model.meshes.empty()) {
      const auto children = chunks.begin(kChunksV4.children);
      for (std::size_t i = 0; i < model.meshes.size(); ++i) {
        const auto child = chunks.begin(static_cast<std::uint32_t>(i));
        header(model.meshes[i].header);
        mesh(model.meshes[i]);
        chunks.end(child);
      }
      chunks.end(children);
    }
    if (!model.bones.empty()) bones(model.bones, model.has_ik_data);
    if (!model.user_data.empty()) {
      const auto at = chunks.begin(kChunksV4.user_data);
      w.string_zero_terminated(model.user_data);
      chunks.end(at);
    }
    if (!model.lod_ref.empty()) {
      const auto at = chunks.begin(kChunksV4.lods);
      w.bytes(model.lod_ref);
      w.bytes("\r\n");
      chunks.end(at);
    }
    if (model.motion_keys) {
      auto at = chunks.begin(kChunksV4.motion_keys);
      write_motion_keys(w, *model.motion_keys);
      chunks.end(at);
      at = chunks.begin(kChunksV4.motion_params);
      write_motion_params(w, *model.motion_params);
      chunks.end(at);
    }
    if (!model.motion_refs.empty()) motion_refs(model);
  }
};

}  // namespace

std::vector<std::byte> write_ogf(const OgfModel& model, std::string_view file_name) {
  Writer writer{file_name};
  writer.model(model);
  return writer.w.take();
}

}  // namespace gamefmt::xray
