#include "xray_ogf_checks.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>

#include "gamefmt/xray/ogf_vertex_welding.hpp"
#include "xray/xray_space.hpp"

namespace gamefmt::test {
namespace {

// Both NaN counts as equal (real files store NaN in unused fields).
float difference(float a, float b) {
  return std::isnan(a) && std::isnan(b) ? 0.0f : std::abs(a - b);
}
// After a conversion through JSON extras (glTF) a NaN comes back as the field's default: JSON has no
// NaN.
float converted_difference(float a, float b, const OgfComparison& how) {
  return std::isnan(a) && !how.as_stored ? 0.0f : difference(a, b);
}

template <std::size_t N>
float largest_difference(const std::array<float, N>& a, const std::array<float, N>& b) {
  float worst = 0;
  for (std::size_t i = 0; i < N; ++i) {
    const float d = difference(a[i], b[i]);
    worst = std::isnan(d) ? d : std::max(worst, d);
    if (std::isnan(d)) break;
  }
  return worst;
}

float bind_difference(const xray::OgfBone& a, const xray::OgfBone& b) {
  const glm::mat4 ma = xray::xray_space::bone_transform(a.bind_translation, a.bind_rotation);
  const glm::mat4 mb = xray::xray_space::bone_transform(b.bind_translation, b.bind_rotation);
  float worst = 0;
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r) worst = std::max(worst, std::abs(ma[c][r] - mb[c][r]));
  return worst;
}

void check_bone(const xray::OgfBone& a, const xray::OgfBone& b, const OgfComparison& how) {
  CHECK(a.name == b.name);
  CHECK(a.parent_name == b.parent_name);
  CHECK(largest_difference(a.box.rotate, b.box.rotate) <= how.tolerance);
  CHECK(largest_difference(a.box.translate, b.box.translate) <= how.tolerance);
  CHECK(largest_difference(a.box.half_size, b.box.half_size) <= how.tolerance);
  CHECK(a.ik_version == b.ik_version);
  CHECK(a.game_material == b.game_material);
  CHECK(a.shape.type == b.shape.type);
  CHECK(a.shape.flags == b.shape.flags);
  CHECK(largest_difference(a.shape.sphere, b.shape.sphere) <= how.tolerance);
  CHECK(largest_difference(a.shape.cylinder, b.shape.cylinder) <= how.tolerance);
  CHECK(largest_difference(a.shape.box.half_size, b.shape.box.half_size) <= how.tolerance);
  CHECK(a.joint_type == b.joint_type);
  for (std::size_t k = 0; k < 3; ++k) {
    CHECK(largest_difference(a.limits[k].range, b.limits[k].range) <= how.tolerance);
    CHECK(converted_difference(a.limits[k].spring, b.limits[k].spring, how) <= how.tolerance);
    CHECK(converted_difference(a.limits[k].damping, b.limits[k].damping, how) <= how.tolerance);
  }
  CHECK(a.ik_flags == b.ik_flags);
  CHECK(converted_difference(a.break_force, b.break_force, how) <= how.tolerance);
  CHECK(converted_difference(a.break_torque, b.break_torque, how) <= how.tolerance);
  CHECK(converted_difference(a.friction, b.friction, how) <= how.tolerance);
  CHECK(converted_difference(a.mass, b.mass, how) <= how.tolerance);
  CHECK(largest_difference(a.center_of_mass, b.center_of_mass) <= how.tolerance);
  if (how.as_stored) {
    CHECK(largest_difference(a.bind_rotation, b.bind_rotation) == 0.0f);
    CHECK(largest_difference(a.bind_translation, b.bind_translation) == 0.0f);
  } else {
    CHECK(bind_difference(a, b) <= std::max(how.tolerance, 1e-5f));
  }
}

void check_mesh(const xray::OgfMesh& a, const xray::OgfMesh& b, const OgfComparison& how) {
  CHECK(a.texture == b.texture);
  CHECK(a.shader == b.shader);
  CHECK(a.links == b.links);
  REQUIRE(a.vertices.size() == b.vertices.size());
  float worst = 0, worst_weight = 0;
  std::size_t influence_mismatches = 0;
  for (std::size_t i = 0; i < a.vertices.size(); ++i) {
    const auto& va = a.vertices[i];
    const auto& vb = b.vertices[i];
    worst = std::max({worst, largest_difference(va.position, vb.position),
                      largest_difference(va.normal, vb.normal), largest_difference(va.uv, vb.uv)});
    if (how.as_stored) {
      worst = std::max({worst, largest_difference(va.tangent, vb.tangent),
                        largest_difference(va.binormal, vb.binormal),
                        largest_difference(va.weights, vb.weights)});
      if (va.bones != vb.bones || va.diffuse != vb.diffuse || va.specular != vb.specular)
        ++influence_mismatches;
      continue;
    }
    if (a.links == 0) continue;
    const auto ia = xray::ogf_influences(va, a.links), ib = xray::ogf_influences(vb, b.links);
    if (ia.count != ib.count) {
      ++influence_mismatches;
      continue;
    }
    for (std::size_t k = 0; k < ia.count; ++k) {
      const auto found = std::find(ib.bones.begin(), ib.bones.begin() + ib.count, ia.bones[k]);
      if (found == ib.bones.begin() + ib.count) {
        ++influence_mismatches;
        break;
      }
      worst_weight = std::max(worst_weight, std::abs(ia.weights[k] - ib.weights[found - ib.bones.begin()]));
    }
  }
  CHECK(worst <= how.tolerance);
  CHECK(worst_weight <= std::max(how.tolerance, 1e-6f));
  CHECK(influence_mismatches == 0);
  if (how.as_stored) {
    CHECK(a.vertex_format == b.vertex_format);
    CHECK(a.indices == b.indices);
    CHECK(a.extra_uvs == b.extra_uvs);
    CHECK(a.progressive() == b.progressive());
    if (a.sliding_windows && b.sliding_windows) {
      CHECK(a.sliding_windows->reserved == b.sliding_windows->reserved);
      REQUIRE(a.sliding_windows->windows.size() == b.sliding_windows->windows.size());
      for (std::size_t w = 0; w < a.sliding_windows->windows.size(); ++w) {
        CHECK(a.sliding_windows->windows[w].offset == b.sliding_windows->windows[w].offset);
        CHECK(a.sliding_windows->windows[w].triangles == b.sliding_windows->windows[w].triangles);
        CHECK(a.sliding_windows->windows[w].vertices == b.sliding_windows->windows[w].vertices);
      }
    }
    CHECK(a.header.type == b.header.type);
    CHECK(a.header.bbox_min == b.header.bbox_min);
    CHECK(a.header.bbox_max == b.header.bbox_max);
  } else {
    const auto fa = a.full_detail_indices(), fb = b.full_detail_indices();
    CHECK(std::vector<std::uint16_t>(fa.begin(), fa.end()) ==
          std::vector<std::uint16_t>(fb.begin(), fb.end()));
  }
}

}  // namespace

void check_same_ogf(const xray::OgfModel& a, const xray::OgfModel& b, const OgfComparison& how) {
  CHECK(a.header.type == b.header.type);
  REQUIRE(a.bones.size() == b.bones.size());
  CHECK(a.has_ik_data == b.has_ik_data);
  for (std::size_t i = 0; i < a.bones.size(); ++i) {
    INFO("bone " << i);
    check_bone(a.bones[i], b.bones[i], how);
  }
  REQUIRE(a.meshes.size() == b.meshes.size());
  for (std::size_t m = 0; m < a.meshes.size(); ++m) {
    INFO("mesh " << m);
    check_mesh(a.meshes[m], b.meshes[m], how);
  }
  CHECK(a.motion_refs == b.motion_refs);
  if (!a.motion_refs.empty()) CHECK(a.motion_refs_chunk == b.motion_refs_chunk);
  CHECK(a.user_data == b.user_data);
  CHECK(a.lod_ref == b.lod_ref);
  REQUIRE(a.description.has_value() == b.description.has_value());
  if (a.description) {
    CHECK(a.description->source_file == b.description->source_file);
    CHECK(a.description->modify_time == b.description->modify_time);
  }
  REQUIRE(a.motion_keys.has_value() == b.motion_keys.has_value());
  if (a.motion_keys) {
    REQUIRE(a.motion_keys->motions.size() == b.motion_keys->motions.size());
    for (std::size_t m = 0; m < a.motion_keys->motions.size(); ++m) {
      CHECK(a.motion_keys->motions[m].name == b.motion_keys->motions[m].name);
      CHECK(a.motion_keys->motions[m].frame_count == b.motion_keys->motions[m].frame_count);
    }
  }
}

xray::OgfModel as_written_from_scene(xray::OgfModel model) {
  for (auto& mesh : model.meshes) {
    const auto full_detail = mesh.full_detail_indices();
    mesh.indices.assign(full_detail.begin(), full_detail.end());
    mesh.sliding_windows.reset();
    xray::weld_ogf_vertices(mesh);
  }
  return model;
}

}  // namespace gamefmt::test
