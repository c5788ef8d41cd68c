#include "gamefmt/phoenix/skeleton.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"

namespace gamefmt::phoenix {
namespace {

constexpr std::int32_t kFirstVersionedFormat = 6;  // below, the first int is the rigging stage (v5)

void check_index(ByteReader& r, std::uint64_t at, std::int32_t value, std::size_t limit, bool allow_minus_one,
                 const char* field, const char* what) {
  if ((allow_minus_one && value == -1) || (value >= 0 && static_cast<std::size_t>(value) < limit)) return;
  r.fail_at(at, field,
            std::string(what) + " index " + std::to_string(value) + " is outside the " +
                std::to_string(limit) + (allow_minus_one ? " (or -1)" : ""));
}

void read_vec3(ByteReader& r, Vec3& out, const char* field) {
  r.read_array(out, field);
}

void read_joint(ByteReader& r, SkeletonJoint& joint, std::size_t bone_count) {
  joint.type = r.i32("type");
  if (joint.type == static_cast<std::int32_t>(JointType::amotor)) {
    r.read_array(joint.stop_angles, "stop_angles");
  } else if (joint.type == static_cast<std::int32_t>(JointType::hinge)) {
    joint.stop_angles[0] = r.f32("stop_angles");
    joint.stop_angles[1] = r.f32("stop_angles");
  }
  for (int k = 0; k < 2; ++k) {
    const auto at = r.absolute_offset();
    joint.bone_ids[k] = r.i32("bone_ids");
    check_index(r, at, joint.bone_ids[k], bone_count, false, "bone_ids", "bone");
  }
  if (joint.type == static_cast<std::int32_t>(JointType::hinge)) read_vec3(r, joint.axis, "axis");
}

}  // namespace

const std::vector<std::int32_t>* Skeleton::parents() const {
  if (has_weights_block()) return &hier_parents;
  if (version >= 8) return &bone_parents;
  return nullptr;
}

const SkeletonIkBone* Skeleton::find_ik_bone(std::string_view name) const {
  for (const auto& ik : ik_bones)
    if (ik.name == name) return &ik;
  return nullptr;
}

Skeleton read_skeleton(std::span<const std::byte> data, std::string_view file_name,
                       std::optional<std::size_t> model_corner_count) {
  ByteReader r(data, file_name, ByteOrder::little);
  Skeleton s;
  r.collect_warnings(&s.warnings);
  const std::int32_t first = r.i32("version");
  if (first >= kFirstVersionedFormat) {
    s.version = first;
    if (s.version > kSkeletonMaxVersion)
      r.fail_at(0, "version",
                "version " + std::to_string(first) + " is newer than the engine reads (5 to 11)");
    s.rigging_stage = r.i32("rigging_stage");
  } else {
    s.version = 5;
    s.rigging_stage = first;
  }

  s.points.resize(r.count(r.i32("point_count"), 12, "points"));
  for (std::size_t i = 0; i < s.points.size(); ++i) {
    auto f = r.enter("points", i);
    read_vec3(r, s.points[i], "");
  }
  const std::size_t point_count = s.points.size();
  if (s.version >= 8) {
    s.point_parents.resize(point_count);
    r.require(4 * point_count, "point_parents");
    for (std::size_t i = 0; i < point_count; ++i) {
      auto f = r.enter("point_parents", i);
      const auto at = r.absolute_offset();
      s.point_parents[i] = r.i32("");
      check_index(r, at, s.point_parents[i], point_count, true, "", "point");
    }
  }

  s.bone_ends.resize(r.count(r.i32("bone_count"), 8, "bone_ends"));
  const std::size_t bone_count = s.bone_ends.size();
  for (std::size_t i = 0; i < bone_count; ++i) {
    auto f = r.enter("bone_ends", i);
    for (int k = 0; k < 2; ++k) {
      const auto at = r.absolute_offset();
      s.bone_ends[i][k] = r.i32("");
      check_index(r, at, s.bone_ends[i][k], point_count, false, "", "point");
    }
  }
  auto read_parents = [&](std::vector<std::int32_t>& out, const char* field) {
    r.require(4 * bone_count, field);
    out.resize(bone_count);
    for (std::size_t i = 0; i < bone_count; ++i) {
      auto f = r.enter(field, i);
      const auto at = r.absolute_offset();
      out[i] = r.i32("");
      check_index(r, at, out[i], bone_count, true, "", "bone");
    }
  };
  if (s.version >= 8) read_parents(s.bone_parents, "bone_parents");
  if (s.version >= 6) {
    r.require(4 * bone_count, "bone_masses");
    s.bone_masses.resize(bone_count);
    for (auto& m : s.bone_masses) m = r.f32("bone_masses");
  }
  if (s.version >= 7) {
    r.require(12 * bone_count, "bone_centres_of_mass");
    s.bone_centres_of_mass.resize(bone_count);
    for (auto& c : s.bone_centres_of_mass) read_vec3(r, c, "bone_centres_of_mass");
  }
  if (s.version >= 9) {
    r.require(64 * bone_count, "bone_matrices");
    s.bone_matrices.resize(bone_count);
    for (auto& m : s.bone_matrices) r.read_array(m, "bone_matrices");
  }

  if (s.has_weights_block()) {
    std::size_t corners = 0;
    if (s.version >= 11) {
      const auto at = r.absolute_offset();
      corners = r.count(r.i32("vertex_count"), 32, "vertex_count");
      if (model_corner_count && *model_corner_count != corners)
        r.fail_at(at, "vertex_count",
                  "different vertex counts: the file rigs " + std::to_string(corners) +
                      " triangle corners, the model OBJ has " + std::to_string(*model_corner_count) +
                      " (3 per triangle, quads count as two triangles)");
    } else {
      if (!model_corner_count)
        r.fail("corner_weights",
               "a version " + std::to_string(s.version) +
                   " .phxbn with weights cannot be read without its model OBJ: the number of weighted "
                   "vertices (3 per triangle of the OBJ) is not stored in the file");
      corners = r.count(*model_corner_count, 32, "corner_weights");
    }
    s.corner_weights.resize(corners);
    for (auto& w : s.corner_weights) r.read_array(w, "corner_weights");
    s.corner_bone_ids.resize(corners);
    for (std::size_t i = 0; i < corners; ++i) {
      const auto at = r.absolute_offset();
      r.read_array(s.corner_bone_ids[i], "corner_bone_ids");
      for (float id : s.corner_bone_ids[i])
        if (!(id >= 0 && id < static_cast<float>(bone_count)))
          r.fail_at(at, "corner_bone_ids",
                    "corner " + std::to_string(i) + " names bone " + std::to_string(id) + ", outside the " +
                        std::to_string(bone_count) + " bones");
    }
    read_parents(s.hier_parents, "hier_parents");
    s.joints.resize(r.count(r.i32("joint_count"), 12, "joints"));
    for (std::size_t i = 0; i < s.joints.size(); ++i) {
      auto f = r.enter("joints", i);
      read_joint(r, s.joints[i], bone_count);
    }
  }

  if (s.version >= 10) {
    s.ik_bones.resize(r.count(r.i32("ik_bone_count"), 12, "ik_bones"));
    for (std::size_t i = 0; i < s.ik_bones.size(); ++i) {
      auto f = r.enter("ik_bones", i);
      auto& ik = s.ik_bones[i];
      const auto at = r.absolute_offset();
      ik.bone_id = r.i32("bone_id");
      check_index(r, at, ik.bone_id, bone_count, false, "bone_id", "bone");
      ik.chain_length = r.i32("chain_length");
      ik.name = r.string_prefixed<std::int32_t>("name");
    }
  }
  if (!r.at_end()) {  // the game reads no further
    r.warn("", std::to_string(r.remaining()) +
                   " bytes after the end of the skeleton are not read; they are kept");
    const auto rest = r.bytes(r.remaining(), "trailing_bytes");
    s.trailing_bytes.assign(rest.begin(), rest.end());
  }
  return s;
}

std::vector<std::byte> write_skeleton(const Skeleton& s, std::string_view file_name) {
  const std::size_t points = s.points.size(), bones = s.bone_ends.size();
  ByteWriter w(ByteOrder::little, 64 + 12 * points + 100 * bones + 32 * s.corner_weights.size(), file_name);
  if (s.version < kSkeletonMinVersion || s.version > kSkeletonMaxVersion)
    w.fail("version", "version " + std::to_string(s.version) + " is not one of 5 to 11");
  if (s.version == 5 && s.rigging_stage >= kFirstVersionedFormat)
    w.fail("rigging_stage", "a version 5 file cannot store rigging stage " + std::to_string(s.rigging_stage) +
                                " (it would read as a version number)");
  auto expect = [&](std::size_t have, std::size_t want, bool present, const char* field) {
    if (have != (present ? want : 0))
      w.fail(field, std::to_string(have) + " entries; version " + std::to_string(s.version) + " with " +
                        std::to_string(bones) + " bones and " + std::to_string(points) + " points needs " +
                        std::to_string(present ? want : 0));
  };
  expect(s.point_parents.size(), points, s.version >= 8, "point_parents");
  expect(s.bone_parents.size(), bones, s.version >= 8, "bone_parents");
  expect(s.bone_masses.size(), bones, s.version >= 6, "bone_masses");
  expect(s.bone_centres_of_mass.size(), bones, s.version >= 7, "bone_centres_of_mass");
  expect(s.bone_matrices.size(), bones, s.version >= 9, "bone_matrices");
  const bool weights = s.has_weights_block();
  expect(s.corner_bone_ids.size(), s.corner_weights.size(), weights, "corner_bone_ids");
  if (!weights && !s.corner_weights.empty()) expect(s.corner_weights.size(), 0, false, "corner_weights");
  expect(s.hier_parents.size(), bones, weights, "hier_parents");
  if (!weights && !s.joints.empty()) expect(s.joints.size(), 0, false, "joints");
  if (s.version < 10 && !s.ik_bones.empty()) expect(s.ik_bones.size(), 0, false, "ik_bones");

  if (s.version >= kFirstVersionedFormat) w.i32(s.version);
  w.i32(s.rigging_stage);
  w.i32(static_cast<std::int32_t>(points));
  for (const auto& p : s.points) w.write_array(p);
  if (s.version >= 8) w.write_array(s.point_parents);
  w.i32(static_cast<std::int32_t>(bones));
  for (const auto& e : s.bone_ends) w.write_array(e);
  if (s.version >= 8) w.write_array(s.bone_parents);
  if (s.version >= 6) w.write_array(s.bone_masses);
  if (s.version >= 7)
    for (const auto& c : s.bone_centres_of_mass) w.write_array(c);
  if (s.version >= 9)
    for (const auto& m : s.bone_matrices) w.write_array(m);
  if (weights) {
    if (s.version >= 11) w.i32(static_cast<std::int32_t>(s.corner_weights.size()));
    for (const auto& c : s.corner_weights) w.write_array(c);
    for (const auto& c : s.corner_bone_ids) w.write_array(c);
    w.write_array(s.hier_parents);
    w.i32(static_cast<std::int32_t>(s.joints.size()));
    for (const auto& j : s.joints) {
      w.i32(j.type);
      if (j.type == static_cast<std::int32_t>(JointType::amotor)) w.write_array(j.stop_angles);
      if (j.type == static_cast<std::int32_t>(JointType::hinge)) {
        w.f32(j.stop_angles[0]);
        w.f32(j.stop_angles[1]);
      }
      w.write_array(j.bone_ids);
      if (j.type == static_cast<std::int32_t>(JointType::hinge)) w.write_array(j.axis);
    }
  }
  if (s.version >= 10) {
    w.i32(static_cast<std::int32_t>(s.ik_bones.size()));
    for (const auto& ik : s.ik_bones) {
      w.i32(ik.bone_id);
      w.i32(ik.chain_length);
      w.string_prefixed<std::int32_t>(ik.name);
    }
  }
  w.bytes(s.trailing_bytes);
  return w.take();
}

Mat4 bone_bind_matrix(const Vec3& start, const Vec3& end) {
  auto normalize = [](Vec3 v) {
    const float length = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    if (length > 0)
      for (auto& c : v) c /= length;
    return v;
  };
  auto cross = [](const Vec3& a, const Vec3& b) {
    return Vec3{a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
  };
  const Vec3 dir = normalize({end[0] - start[0], end[1] - start[1], end[2] - start[2]});
  Vec3 up{0, 0, 1};
  if (std::fabs(dir[2]) > 0.95f) up = {1, 0, 0};
  const Vec3 right = normalize(cross(up, dir));
  up = normalize(cross(dir, right));
  return {right[0],
          right[1],
          right[2],
          0,
          up[0],
          up[1],
          up[2],
          0,
          dir[0],
          dir[1],
          dir[2],
          0,
          (start[0] + end[0]) / 2,
          (start[1] + end[1]) / 2,
          (start[2] + end[2]) / 2,
          1};
}

std::vector<std::size_t> skeleton_symmetry(const Skeleton& s, std::string_view file_name) {
  auto close_to_mirror = [](const Vec3& a, const Vec3& b) {
    const float dx = a[0] + b[0], dy = a[1] - b[1], dz = a[2] - b[2];
    return dx * dx + dy * dy + dz * dz < 1e-4f;
  };
  // Bones bucketed by their first point on a 1 cm grid (the tolerance is 1 cm), so that each bone only
  // compares with bones in the 27 cells around its mirror image: linear time even for huge (corrupt)
  // skeletons.
  constexpr float kCell = 0.01f;
  auto cell_of = [](const Vec3& p) {
    std::array<long long, 3> c{};
    for (int k = 0; k < 3; ++k) {
      const float v = std::isfinite(p[k]) ? std::clamp(p[k] / kCell, -1e15f, 1e15f) : 0.0f;
      c[k] = static_cast<long long>(std::floor(v));
    }
    return c;
  };
  std::map<std::array<long long, 3>, std::vector<std::size_t>> grid;
  for (std::size_t j = 0; j < s.bone_ends.size(); ++j)
    grid[cell_of(s.points[s.bone_ends[j][0]])].push_back(j);
  std::vector<std::size_t> symmetry(s.bone_ends.size());
  for (std::size_t i = 0; i < s.bone_ends.size(); ++i) {
    const Vec3& p0 = s.points[s.bone_ends[i][0]];
    const auto centre = cell_of({-p0[0], p0[1], p0[2]});
    std::optional<std::size_t> found;
    for (long long dx = -1; dx <= 1 && !found; ++dx)
      for (long long dy = -1; dy <= 1 && !found; ++dy)
        for (long long dz = -1; dz <= 1 && !found; ++dz) {
          const auto it = grid.find({centre[0] + dx, centre[1] + dy, centre[2] + dz});
          if (it == grid.end()) continue;
          for (std::size_t j : it->second)
            if (close_to_mirror(p0, s.points[s.bone_ends[j][0]]) &&
                close_to_mirror(s.points[s.bone_ends[i][1]], s.points[s.bone_ends[j][1]]) &&
                (!found || j < *found))
              found = j;
        }
    if (!found)
      throw FormatError(
          std::string(file_name), std::nullopt, "bone_ends[" + std::to_string(i) + "]",
          "the skeleton is not symmetrical: no bone mirrors this one across X = 0 (the engine refuses it)");
    symmetry[i] = *found;
  }
  return symmetry;
}

std::size_t chain_member(const Skeleton& s, std::size_t tip, int steps, std::string_view file_name) {
  const auto* parents = s.parents();
  std::size_t bone = tip;
  for (int k = 0; k < steps; ++k) {
    const std::int32_t parent = parents != nullptr && bone < parents->size() ? (*parents)[bone] : -1;
    if (parent < 0)
      throw FormatError(
          std::string(file_name), std::nullopt, "hier_parents",
          "bone " + std::to_string(tip) + " has fewer than " + std::to_string(steps) + " ancestors");
    bone = static_cast<std::size_t>(parent);
  }
  return bone;
}

}  // namespace gamefmt::phoenix
