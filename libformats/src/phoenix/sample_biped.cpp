#include "gamefmt/phoenix/sample_biped.hpp"

#include <cmath>
#include <glm/glm.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/type_ptr.hpp>
#include <limits>
#include <map>
#include <span>
#include <sstream>

#include "gamefmt/phoenix/model_obj.hpp"

namespace gamefmt::phoenix {
namespace {

struct BoneSpec {
  std::string name;
  glm::vec3 start, end;
  int parent;  // index into the spec list, -1 = root
  bool has_mesh;
  float mass;
  std::int32_t joint_type;
};

struct Layout {
  std::vector<BoneSpec> bones;
  std::map<std::string, int> index;
  int add(std::string name, glm::vec3 start, glm::vec3 end, const std::string& parent, bool mesh = true,
          std::int32_t joint = static_cast<std::int32_t>(JointType::amotor)) {
    const int parent_index = parent.empty() ? -1 : index.at(parent);
    bones.push_back(
        {name, start, end, parent_index, mesh, mesh ? 1.0f + 0.1f * float(bones.size() % 5) : 0.01f, joint});
    index[name] = static_cast<int>(bones.size() - 1);
    return index[name];
  }
};

constexpr auto kHinge = static_cast<std::int32_t>(JointType::hinge);
constexpr auto kFixed = static_cast<std::int32_t>(JointType::fixed);

// Bones in authoring space (feet on the ground). Left is +X; each side is added by one lambda so the right
// side mirrors the left exactly.
Layout biped_layout() {
  Layout l;
  l.add("hip", {0, 0.95f, 0}, {0, 1.1f, 0}, "");
  l.add("abdomen", {0, 1.1f, 0}, {0, 1.25f, 0}, "hip");
  l.add("chest", {0, 1.25f, 0}, {0, 1.45f, 0}, "abdomen");
  l.add("neck", {0, 1.45f, 0}, {0, 1.55f, 0}, "chest");
  l.add("head", {0, 1.55f, 0}, {0, 1.75f, 0}, "neck");
  for (const float side : {1.0f, -1.0f}) {
    const std::string s = side > 0 ? "left_" : "right_";
    auto x = [&](float v) { return side * v; };
    l.add(s + "upperarm", {x(0.18f), 1.42f, 0}, {x(0.30f), 1.42f, 0}, "chest");
    l.add(s + "upperarm_twist", {x(0.30f), 1.42f, 0}, {x(0.42f), 1.42f, 0}, s + "upperarm", true, kFixed);
    l.add(s + "forearm", {x(0.42f), 1.42f, 0}, {x(0.53f), 1.42f, 0}, s + "upperarm_twist", true, kHinge);
    l.add(s + "forearm_twist", {x(0.53f), 1.42f, 0}, {x(0.64f), 1.42f, 0}, s + "forearm", true, kFixed);
    l.add(s + "wrist", {x(0.64f), 1.42f, 0}, {x(0.70f), 1.42f, 0}, s + "forearm_twist");
    l.add(s + "hand", {x(0.70f), 1.42f, 0}, {x(0.80f), 1.42f, 0}, s + "wrist");
    l.add(s + "thigh", {x(0.1f), 0.95f, 0}, {x(0.1f), 0.72f, 0}, "hip");
    l.add(s + "thigh_lower", {x(0.1f), 0.72f, 0}, {x(0.1f), 0.5f, 0}, s + "thigh", true, kFixed);
    l.add(s + "shin", {x(0.1f), 0.5f, 0}, {x(0.1f), 0.3f, 0}, s + "thigh_lower", true, kHinge);
    l.add(s + "shin_lower", {x(0.1f), 0.3f, 0}, {x(0.1f), 0.08f, 0}, s + "shin", true, kFixed);
    l.add(s + "foot", {x(0.1f), 0.08f, 0}, {x(0.1f), 0.04f, 0.08f}, s + "shin_lower");
    l.add(s + "toe", {x(0.1f), 0.04f, 0.08f}, {x(0.1f), 0.02f, 0.16f},
          s + "foot");  // near +Z: the bind fallback
    l.add(s + "ear_connector", {0, 1.75f, 0}, {x(0.05f), 1.75f, 0}, "head", false, kFixed);
    l.add(s + "earbase", {x(0.05f), 1.75f, 0}, {x(0.07f), 1.85f, 0}, s + "ear_connector");
    l.add(s + "eartip", {x(0.07f), 1.85f, 0}, {x(0.08f), 1.95f, 0}, s + "earbase");
  }
  l.add("tail_connector", {0, 0.95f, 0}, {0, 0.95f, -0.1f}, "hip", false, kFixed);
  glm::vec3 at{0, 0.95f, -0.1f};
  std::string parent = "tail_connector";
  for (int n = 1; n <= 6; ++n) {
    const glm::vec3 next = at + glm::vec3(0, -0.02f, -0.1f);
    parent = "tail" + std::to_string(n);
    l.add(parent, at, next, n == 1 ? "tail_connector" : "tail" + std::to_string(n - 1));
    at = next;
  }
  return l;
}

Mat4 to_mat4(const glm::mat4& m) {
  Mat4 out;
  const float* p = glm::value_ptr(m);
  std::copy(p, p + 16, out.begin());
  return out;
}
glm::mat4 to_glm(const Mat4& m) {
  return glm::make_mat4(m.data());
}

// Eight corners of a box around a bone segment, in the bone's bind frame.
std::array<glm::vec3, 8> box_around(const BoneSpec& bone) {
  const glm::mat4 bind = to_glm(
      bone_bind_matrix({bone.start.x, bone.start.y, bone.start.z}, {bone.end.x, bone.end.y, bone.end.z}));
  const float half_length = glm::length(bone.end - bone.start) / 2, r = 0.03f;
  std::array<glm::vec3, 8> out;
  for (int i = 0; i < 8; ++i) {
    const glm::vec4 local((i & 1) ? r : -r, (i & 2) ? r : -r, (i & 4) ? half_length : -half_length, 1);
    out[i] = glm::vec3(bind * local);
  }
  return out;
}

}  // namespace

SampleBiped make_sample_biped(std::int32_t version, std::int32_t rigging_stage) {
  const Layout layout = biped_layout();
  SampleBiped out;
  Skeleton& s = out.skeleton;
  s.version = version;
  s.rigging_stage = rigging_stage;

  // The model: one box per bone with vertices, quads for the sides and triangles for the caps, so both the
  // quad split and plain triangles are exercised. Corner k of the box sits at the bone's start (z<0) or end.
  std::ostringstream obj;
  obj << "# gamefmt sample biped\n";
  std::vector<glm::vec3> corners_raw;
  struct Corner {
    int bone;
    bool at_end;
  };
  std::vector<Corner> corners;  // per unrolled triangle corner, in the engine's order
  int vertex_base = 1, uv_base = 1;
  for (std::size_t b = 0; b < layout.bones.size(); ++b) {
    if (!layout.bones[b].has_mesh) continue;
    for (const auto& p : box_around(layout.bones[b])) obj << "v " << p.x << ' ' << p.y << ' ' << p.z << '\n';
    obj << "vt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\n";
    auto corner = [&](int v, int t) {
      return std::to_string(vertex_base + v) + "/" + std::to_string(uv_base + t);
    };
    // Sides as quads (the engine splits a b c d into a b c, d a c) and the two caps as triangles.
    const int quads[4][4] = {{0, 1, 5, 4}, {1, 3, 7, 5}, {3, 2, 6, 7}, {2, 0, 4, 6}};
    for (const auto& q : quads) {
      obj << "f " << corner(q[0], 0) << ' ' << corner(q[1], 1) << ' ' << corner(q[2], 2) << ' '
          << corner(q[3], 3) << '\n';
      for (int k : {q[0], q[1], q[2], q[3], q[0], q[2]}) corners.push_back({int(b), (k & 4) != 0});
    }
    const int caps[4][3] = {{0, 2, 3}, {0, 3, 1}, {4, 5, 7}, {4, 7, 6}};
    for (const auto& t : caps) {
      obj << "f " << corner(t[0], 0) << ' ' << corner(t[1], 1) << ' ' << corner(t[2], 2) << '\n';
      for (int k : t) corners.push_back({int(b), (k & 4) != 0});
    }
    for (const auto& p : box_around(layout.bones[b])) corners_raw.push_back(p);
    vertex_base += 8;
    uv_base += 4;
  }
  out.model_obj = obj.str();
  // Every box vertex is used by a face, so the box around the vertices is the engine's centring box.
  glm::vec3 low(std::numeric_limits<float>::max()), high(-std::numeric_limits<float>::max());
  for (const auto& p : corners_raw) {
    low = glm::min(low, p);
    high = glm::max(high, p);
  }
  const glm::vec3 centre = (low + high) * 0.5f;

  std::map<std::array<float, 3>, std::int32_t> point_index;
  auto point = [&](glm::vec3 p) {
    p -= centre;
    const std::array<float, 3> key{p.x, p.y, p.z};
    auto [it, added] = point_index.emplace(key, static_cast<std::int32_t>(s.points.size()));
    if (added) s.points.push_back(key);
    return it->second;
  };
  const std::size_t bone_count = layout.bones.size();
  for (const auto& bone : layout.bones) {
    s.bone_ends.push_back({point(bone.start), point(bone.end)});
    out.bone_names.push_back(bone.name);
  }
  std::vector<std::int32_t> parents;
  for (const auto& bone : layout.bones) parents.push_back(bone.parent);
  out.hip_point = s.points[s.bone_ends[0][0]];

  if (version >= 8) {
    s.point_parents.assign(s.points.size(), -1);
    for (const auto& ends : s.bone_ends) s.point_parents[ends[1]] = ends[0];
    s.bone_parents = parents;
  }
  for (std::size_t b = 0; b < bone_count && version >= 6; ++b) s.bone_masses.push_back(layout.bones[b].mass);
  for (std::size_t b = 0; b < bone_count && version >= 7; ++b) {
    const glm::vec3 mid = (layout.bones[b].start + layout.bones[b].end) * 0.5f - centre;
    s.bone_centres_of_mass.push_back({mid.x, mid.y, mid.z});
  }
  for (std::size_t b = 0; b < bone_count && version >= 9; ++b)
    s.bone_matrices.push_back(bone_bind_matrix(s.points[s.bone_ends[b][0]], s.points[s.bone_ends[b][1]]));

  if (s.has_weights_block()) {
    // Corners at a bone's start share it half and half with the parent bone (when that bone has vertices).
    for (const auto& c : corners) {
      const int parent = layout.bones[c.bone].parent;
      if (!c.at_end && parent >= 0 && layout.bones[parent].has_mesh) {
        s.corner_weights.push_back({0.5f, 0.5f, 0, 0});
        s.corner_bone_ids.push_back({float(c.bone), float(parent), 0, 0});
      } else {
        s.corner_weights.push_back({1, 0, 0, 0});
        s.corner_bone_ids.push_back({float(c.bone), 0, 0, 0});
      }
    }
    s.hier_parents = parents;
    for (std::size_t b = 0; b < bone_count; ++b) {
      if (parents[b] < 0) continue;
      SkeletonJoint j;
      j.type = layout.bones[b].joint_type;
      j.bone_ids = {static_cast<std::int32_t>(b), parents[b]};
      if (j.type == static_cast<std::int32_t>(JointType::amotor))
        j.stop_angles = {-0.5f, 0.5f, -0.25f, 0.75f, -0.1f, 0.1f};
      if (j.type == kHinge) {
        j.stop_angles[0] = -2.5f;
        j.stop_angles[1] = 0;
        j.axis = {1, 0, 0};
      }
      s.joints.push_back(j);
    }
  }
  if (version >= 10) {
    auto tip = [&](const char* name) { return static_cast<std::int32_t>(layout.index.at(name)); };
    s.ik_bones = {{"head", tip("head"), 2},           {"torso", tip("chest"), 3},
                  {"leftarm", tip("left_hand"), 6},   {"rightarm", tip("right_hand"), 6},
                  {"left_leg", tip("left_toe"), 6},   {"right_leg", tip("right_toe"), 6},
                  {"leftear", tip("left_eartip"), 2}, {"rightear", tip("right_eartip"), 2},
                  {"tail", tip("tail6"), 6}};
  }
  return out;
}

Animation make_sample_walk(const SampleBiped& biped, std::int32_t version, std::size_t keyframe_count) {
  const Skeleton& s = biped.skeleton;
  const auto& names = biped.bone_names;
  const std::vector<std::int32_t> parents = [&] {
    std::vector<std::int32_t> p(s.bone_ends.size(), -1);
    const Layout layout = biped_layout();
    for (std::size_t b = 0; b < p.size(); ++b) p[b] = layout.bones[b].parent;
    return p;
  }();
  Animation a;
  a.version = version;
  a.looping = 1;
  a.start = version >= 1 && version <= 10 ? 40 : 0;
  a.end = a.start + 1000;
  a.centred = version >= 11 ? 1 : 0;
  const glm::vec3 hip(biped.hip_point[0], biped.hip_point[1], biped.hip_point[2]);
  for (std::size_t k = 0; k < keyframe_count; ++k) {
    const float phase = keyframe_count > 1 ? float(k) / float(keyframe_count - 1) : 0;
    const float wave = std::sin(2 * 3.14159265f * phase);
    AnimationKeyframe key;
    key.time = a.start + static_cast<std::int32_t>(std::lround(1000.0 * phase));
    std::vector<glm::mat4> world(s.bone_ends.size());
    for (std::size_t b = 0; b < world.size(); ++b) {
      const Vec3& p0 = s.points[s.bone_ends[b][0]];
      const glm::vec3 pivot(p0[0], p0[1], p0[2]);
      const std::string& n = names[b];
      const float side = n.rfind("left_", 0) == 0 ? 1.0f : n.rfind("right_", 0) == 0 ? -1.0f : 0.0f;
      glm::mat4 turn(1);
      if (n.find("thigh") != std::string::npos && n.find("lower") == std::string::npos)
        turn = glm::rotate(glm::mat4(1), 0.5f * side * wave, glm::vec3(1, 0, 0));
      else if (n.find("shin") != std::string::npos && n.find("lower") == std::string::npos)
        turn = glm::rotate(glm::mat4(1), 0.4f * (1 + side * wave), glm::vec3(1, 0, 0));
      else if (n.find("upperarm") != std::string::npos && n.find("twist") == std::string::npos)
        turn = glm::rotate(glm::mat4(1), -0.4f * side * wave, glm::vec3(0, 1, 0)) *
               glm::rotate(glm::mat4(1), -side * 1.2f, glm::vec3(0, 0, 1));
      else if (n.rfind("tail", 0) == 0 && n != "tail_connector")
        turn = glm::rotate(glm::mat4(1), 0.2f * wave, glm::vec3(0, 1, 0));
      else if (n == "head")
        turn = glm::rotate(glm::mat4(1), 0.1f * wave, glm::vec3(1, 0, 0));
      const glm::mat4 local =
          glm::translate(glm::mat4(1), pivot) * turn * glm::translate(glm::mat4(1), -pivot) *
          to_glm(bone_bind_matrix(s.points[s.bone_ends[b][0]], s.points[s.bone_ends[b][1]]));
      if (parents[b] < 0) {
        const glm::vec3 motion(0, 0.02f * std::sin(4 * 3.14159265f * phase), 0.6f * phase);
        world[b] = glm::translate(glm::mat4(1), motion) * local;
      } else {
        const Mat4 parent_bind =
            bone_bind_matrix(s.points[s.bone_ends[parents[b]][0]], s.points[s.bone_ends[parents[b]][1]]);
        world[b] = world[parents[b]] * glm::inverse(to_glm(parent_bind)) * local;
      }
    }
    // Stored relative to the hip point (the engine adds it back when retargeting).
    for (const auto& m : world) key.bone_matrices.push_back(to_mat4(glm::translate(glm::mat4(1), -hip) * m));

    if (version >= 4)
      for (std::size_t b = 0; b < world.size(); ++b) key.weights.push_back(b % 2 ? 1.0f : 0.5f);
    if (version >= 7) {
      AnimationWeapon weapon;
      weapon.matrix = key.bone_matrices[static_cast<std::size_t>(
          s.find_ik_bone("rightarm") ? s.find_ik_bone("rightarm")->bone_id : 0)];
      if (version >= 8) {
        weapon.relative_id = s.find_ik_bone("rightarm") ? s.find_ik_bone("rightarm")->bone_id : 0;
        weapon.relative_weight = 1;
      }
      key.weapons.push_back(weapon);
    }
    if (version >= 9) {
      key.use_mobility = 1;
      // v11 clips also turn, so that centring has a rotation to take out.
      const float turn = version >= 11 ? 0.3f * phase : 0.0f;
      key.mobility = to_mat4(glm::translate(glm::mat4(1), glm::vec3(0, 0, 0.6f * phase)) *
                             glm::rotate(glm::mat4(1), turn, glm::vec3(0, 1, 0)));
    }
    if (version >= 2 && (k == 2 || k == 6))
      key.events.push_back({static_cast<std::int32_t>(k == 2 ? s.bone_ends.size() - 1 : 0),
                            k == 2 ? "leftstep" : "rightstep"});
    if (version >= 3 && k == 0) {
      AnimationIkBone ik;
      ik.start = {0, 0.1f, 0};
      ik.end = {0.1f, 0, 0.2f};
      ik.label = "left_leg";
      for (std::size_t b = 0; b < names.size(); ++b)
        if (names[b].rfind("left_", 0) == 0 &&
            (names[b].find("thigh") != std::string::npos || names[b].find("shin") != std::string::npos ||
             names[b] == "left_foot" || names[b] == "left_toe"))
          ik.bone_path.push_back(static_cast<std::int32_t>(b));
      key.ik_bones.push_back(ik);
    }
    if (version >= 5) key.shape_keys.push_back({0.5f + 0.5f * wave, "blink"});
    if (version >= 6) key.status_keys.push_back({phase, "groundconform"});
    a.keyframes.push_back(std::move(key));
  }
  if (a.is_centred()) {
    // The engine's Animation::Center with mobility (wolfire.md §3): key k's centre is (-m.x, m.y, -m.z) of
    // its mobility translation m and its rotation atan2(d.x, d.z) of the mobility's forward d; the bones are
    // moved by minus the centre and turned by minus the rotation; the stored offsets accumulate the centre's
    // steps, each turned by minus its key's rotation.
    glm::vec3 previous_centre(0), stored(0);
    for (std::size_t k = 0; k < a.keyframes.size(); ++k) {
      auto& key = a.keyframes[k];
      const glm::mat4 mobility = to_glm(key.mobility);
      const glm::vec3 centre(-mobility[3][0], mobility[3][1], -mobility[3][2]);
      const glm::vec3 forward = glm::vec3(mobility * glm::vec4(0, 0, 1, 0));
      const float rotation = std::atan2(forward.x, forward.z);
      const glm::mat4 unturn = glm::rotate(glm::mat4(1), -rotation, glm::vec3(0, 1, 0));
      for (auto& m : key.bone_matrices)
        m = to_mat4(unturn * glm::translate(glm::mat4(1), -centre) * to_glm(m));
      stored = k == 0 ? centre : stored + glm::vec3(unturn * glm::vec4(centre - previous_centre, 0));
      previous_centre = centre;
      key.centre_rotation = rotation;
      key.centre_offset = {stored.x, stored.y, stored.z};
    }
  }
  return a;
}

std::string make_sample_morph_obj(const SampleBiped& biped) {
  std::istringstream in(biped.model_obj);
  std::ostringstream out;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("v ", 0) == 0) {
      std::istringstream v(line.substr(2));
      float x = 0, y = 0, z = 0;
      v >> x >> y >> z;
      out << "v " << x << ' ' << (y > 1.5f ? y + 0.05f : y) << ' ' << z << '\n';
    } else {
      out << line << '\n';
    }
  }
  return out.str();
}

Ragdoll make_sample_ragdoll(const SampleBiped& biped) {
  Ragdoll out;
  const auto& s = biped.skeleton;
  // .fzx values live in the uncentred OBJ space (the engine subtracts the model's centre).
  const std::span<const std::byte> obj(reinterpret_cast<const std::byte*>(biped.model_obj.data()),
                                       biped.model_obj.size());
  const Vec3 centre = read_obj_model(obj, "sample.obj").centre();
  auto add = [&](const std::string& label, const char* shape) {
    const auto parsed = parse_ragdoll_label(label);
    const std::size_t bone = ragdoll_bone(s, *parsed, "sample");
    const Vec3& a = s.points[s.bone_ends[bone][0]];
    const Vec3& b = s.points[s.bone_ends[bone][1]];
    const Vec3 mid{(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2};
    const float half = 0.5f * std::sqrt((b[0] - a[0]) * (b[0] - a[0]) + (b[1] - a[1]) * (b[1] - a[1]) +
                                        (b[2] - a[2]) * (b[2] - a[2]));
    RagdollObject o;
    o.label = std::string(shape) + " " + label.substr(label.find(' ') + 1);
    // The engine's capsules lie along their local Y: turn Y onto the bone (engine space), then into Blender's
    // quaternion (engine x, y, z, w = Blender x, z, -y, w).
    const glm::vec3 y(0, 1, 0), along = glm::normalize(glm::vec3(b[0] - a[0], b[1] - a[1], b[2] - a[2]));
    const float d = glm::dot(y, along);
    glm::vec4 q =
        d < -0.9999f ? glm::vec4(1, 0, 0, 0) : glm::vec4(glm::cross(y, along), 1 + d);  // x, y, z, w
    q /= glm::length(q);
    o.rotation_wxyz = {q.w, q.x, -q.z, q.y};
    o.location = {mid[0] + centre[0], -(mid[2] + centre[2]), mid[1] + centre[1]};
    o.scale = {0.04f, 0.03f, half};
    out.objects.push_back(o);
  };
  for (const char* part : {"thigh", "shin", "foot", "upperarm", "forearm", "earbase", "eartip"})
    add(std::string("capsule ") + part + " l m", std::string(part) == "foot" ? "box" : "capsule");
  add("sphere head", "sphere");
  for (const char* part : {"chest", "abdomen", "hip"}) add(std::string("box ") + part, "box");
  for (int n = 1; n <= 6; ++n) add("capsule tail" + std::to_string(n), "capsule");
  return out;
}

}  // namespace gamefmt::phoenix
