// The game's rest frames through a DCC tool that turns bones (gamefmt/scene/rest_frames.hpp): a scene is
// turned as Blender's glTF importer and exporter turn it (each joint's frame, its inverse binds, its keys and
// its children, the mesh staying where it was), then restored; the test skins the mesh itself (linear blend
// skinning) to check that the restored scene deforms as the original at every key.
#include <catch2/catch.hpp>
#include <cmath>
#include <map>

#include "gamefmt/core/file_io.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/scene/rest_frames.hpp"
#include "gamefmt/scene/scene_queries.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "gamefmt/xray/ogf.hpp"
#include "test_support.hpp"
#include "xray_character_samples.hpp"

using namespace gamefmt;

namespace {

constexpr float kTolerance = 2e-5f;

// An armature node above a chain root -> spine -> head, a mesh of six vertices weighted to them (two with two
// bones each), a collider node under the head, and an animation keying the spine's and head's rotation and
// the root's translation.
scene::Scene character() {
  scene::Scene s;
  const auto armature = s.add_node("Armature");
  const auto root = s.add_node("root", armature);
  const auto spine = s.add_node("spine", root);
  const auto head = s.add_node("head", spine);
  const auto collider = s.add_node("collider", head);
  s.nodes[armature].transform = scene::Trs{{0, 0, 0}, scene::axis_angle({1, 0, 0}, -1.5707964f), {1, 1, 1}};
  s.nodes[root].transform = scene::Trs{{0, 1, 0}, scene::axis_angle({0, 1, 0}, 0.3f), {1, 1, 1}};
  s.nodes[spine].transform = scene::Trs{{0, 0.5f, 0.1f}, scene::axis_angle({0, 0, 1}, 0.7f), {1, 1, 1}};
  s.nodes[head].transform = scene::Trs{{0.2f, 0.4f, 0}, scene::axis_angle({1, 1, 0}, -0.4f), {1, 1, 1}};
  s.nodes[collider].transform = scene::Trs{{0, 0.1f, 0.05f}, glm::quat(1, 0, 0, 0), {1, 1, 1}};
  scene::Mesh mesh;
  mesh.positions = {{0, 1, 0},       {0.1f, 1.2f, 0}, {0, 1.5f, 0.1f},
                    {0.2f, 1.7f, 0}, {0, 1.9f, 0},    {-0.1f, 2.0f, 0}};
  mesh.triangles = {0, 1, 2, 2, 3, 4, 3, 4, 5};
  const auto globals = scene::global_transforms(s);
  mesh.bones.push_back({root, scene::inverse(globals[root]), {{0, 1.0f}, {1, 0.6f}}});
  mesh.bones.push_back({spine, scene::inverse(globals[spine]), {{1, 0.4f}, {2, 1.0f}, {3, 0.5f}}});
  mesh.bones.push_back({head, scene::inverse(globals[head]), {{3, 0.5f}, {4, 1.0f}, {5, 1.0f}}});
  const auto body = s.add_node("body");
  s.nodes[body].meshes = {s.add_mesh(mesh)};
  scene::Animation walk;
  walk.name = "walk";
  walk.duration = 1.0;
  walk.channels.push_back({root, {{0, {0, 1, 0}}, {1, {0.3f, 1.1f, 0}}}, {}, {}});
  walk.channels.push_back(
      {spine, {}, {{0, scene::axis_angle({0, 0, 1}, 0.7f)}, {1, scene::axis_angle({1, 0, 0}, 0.5f)}}, {}});
  walk.channels.push_back(
      {head, {}, {{0, scene::axis_angle({1, 1, 0}, -0.4f)}, {0.5, scene::axis_angle({0, 1, 0}, 1.2f)}}, {}});
  s.animations.push_back(walk);
  return s;
}

// What a DCC tool makes of the scene when it turns each named joint's frame by `turn` (in the joint's own
// axes): the joint's global becomes G * turn, its inverse binds inverse(turn) * IBM, its keys and its
// children's are re-expressed so that every global at every key is where it was.
void turn_joints(scene::Scene& s, const std::map<std::string, glm::quat>& turns) {
  const auto parents = scene::parents_of(s);
  const auto globals = scene::global_transforms(s);
  std::vector<glm::mat4> turn(s.nodes.size(), glm::mat4(1.0f));
  for (std::size_t n = 0; n < s.nodes.size(); ++n)
    if (const auto it = turns.find(s.nodes[n].name); it != turns.end())
      turn[n] = glm::mat4(scene::rotation_matrix(it->second));
  std::vector<glm::mat4> turned(s.nodes.size());
  for (std::size_t n = 0; n < s.nodes.size(); ++n) turned[n] = globals[n] * turn[n];
  for (std::size_t n = 0; n < s.nodes.size(); ++n) {
    const glm::mat4 parent = parents[n] ? turned[*parents[n]] : glm::mat4(1.0f);
    s.nodes[n].transform = scene::decompose(scene::inverse(parent) * turned[n]);
  }
  for (auto& mesh : s.meshes)
    for (auto& bone : mesh.bones) bone.inverse_bind = scene::inverse(turn[bone.node]) * bone.inverse_bind;
  for (auto& animation : s.animations)
    for (auto& channel : animation.channels) {
      const glm::quat own = scene::decompose(turn[channel.node]).rotation;
      const glm::quat above = parents[channel.node] ? scene::decompose(turn[*parents[channel.node]]).rotation
                                                    : glm::quat(1, 0, 0, 0);
      const glm::quat back(above.w, -above.x, -above.y, -above.z);
      for (auto& key : channel.rotation) key.value = back * key.value * own;
      for (auto& key : channel.translation) key.value = scene::rotate(back, key.value);
    }
}

// The node's local transform at `time`: its keys where it has them (linear, slerp), its rest otherwise.
glm::mat4 posed_local(const scene::Scene& s, scene::NodeIndex node, double time) {
  scene::Trs trs = scene::decompose(scene::matrix_of(s.nodes[node]));
  for (const auto& channel : s.animations.front().channels) {
    if (channel.node != node) continue;
    const auto at = [&](const auto& keys, auto rest, auto mix) {
      if (keys.empty()) return rest;
      if (time <= keys.front().time) return keys.front().value;
      for (std::size_t k = 1; k < keys.size(); ++k)
        if (time <= keys[k].time) {
          const float f = float((time - keys[k - 1].time) / (keys[k].time - keys[k - 1].time));
          return mix(keys[k - 1].value, keys[k].value, f);
        }
      return keys.back().value;
    };
    trs.translation = at(channel.translation, trs.translation,
                         [](glm::vec3 a, glm::vec3 b, float f) { return a + (b - a) * f; });
    trs.rotation = at(channel.rotation, trs.rotation,
                      [](glm::quat a, glm::quat b, float f) { return scene::slerp(a, b, f); });
  }
  return scene::compose(trs);
}

// Every vertex skinned at `time`: sum of weight * global(t) * inverse bind * position.
std::vector<glm::vec3> skinned(const scene::Scene& s, double time) {
  const auto parents = scene::parents_of(s);
  std::vector<glm::mat4> globals(s.nodes.size());
  for (scene::NodeIndex n : scene::tree_order(s))
    globals[n] = (parents[n] ? globals[*parents[n]] : glm::mat4(1.0f)) * posed_local(s, n, time);
  const auto& mesh = s.meshes.front();
  std::vector<glm::vec3> out(mesh.positions.size(), glm::vec3(0.0f));
  std::vector<float> sums(mesh.positions.size(), 0.0f);
  for (const auto& bone : mesh.bones)
    for (const auto& w : bone.weights) {
      out[w.vertex] +=
          w.weight * scene::transform_point(globals[bone.node] * bone.inverse_bind, mesh.positions[w.vertex]);
      sums[w.vertex] += w.weight;
    }
  for (std::size_t v = 0; v < out.size(); ++v) out[v] /= sums[v];
  return out;
}

void check_same_deformation(const scene::Scene& a, const scene::Scene& b) {
  for (const double time : {0.0, 0.25, 0.5, 0.75, 1.0}) {
    const auto pa = skinned(a, time), pb = skinned(b, time);
    for (std::size_t v = 0; v < pa.size(); ++v) {
      INFO("vertex " << v << " at " << time << " s");
      CHECK(glm::length(pa[v] - pb[v]) < kTolerance);
    }
  }
}

glm::vec3 head_of(const scene::Scene& s, const std::string& name) {
  return glm::vec3(scene::global_transform(s, *scene::find_node(s, name))[3]);
}

}  // namespace

TEST_CASE("Turned bones come back in the game's frames: transforms, inverse binds, keys and children",
          "[scene][rest-frames]") {
  auto original = character();
  scene::record_rest_frames(original);
  // Recorded: the joints and the node above them; not the collider or the mesh node.
  for (const char* name : {"Armature", "root", "spine", "head"})
    CHECK(original.nodes[*scene::find_node(original, name)].extras.contains(scene::kRestFrameKey));
  for (const char* name : {"collider", "body"})
    CHECK_FALSE(original.nodes[*scene::find_node(original, name)].extras.contains(scene::kRestFrameKey));

  // A heuristic's quarter turns (Blender's Temperance snaps bones to an axis), and an arbitrary one
  // (Fortune).
  auto turned = original;
  turn_joints(turned, {{"root", scene::axis_angle({0, 0, 1}, 1.5707964f)},
                       {"spine", scene::axis_angle({1, 0, 0}, -1.5707964f)},
                       {"head", scene::axis_angle({0.3f, 1, 0.2f}, 0.9f)}});
  check_same_deformation(original, turned);  // the DCC tool's scene looks and moves the same
  CHECK(glm::length(scene::decompose(scene::matrix_of(turned.nodes[2])).rotation.x -
                    scene::decompose(scene::matrix_of(original.nodes[2])).rotation.x) > 0.01f);

  const auto report = scene::restore_rest_frames(turned);
  CHECK(report.restored == 4);
  CHECK(report.turned == 3);
  CHECK(report.moved == 0);
  CHECK_THAT(scene::rest_frame_warning(report), Catch::Contains("3 bones were turned back"));
  for (std::size_t n = 0; n < original.nodes.size(); ++n) {
    INFO(original.nodes[n].name);
    CHECK_FALSE(turned.nodes[n].extras.contains(scene::kRestFrameKey));  // taken out for the exporter
    const glm::mat4 a = scene::matrix_of(original.nodes[n]), b = scene::matrix_of(turned.nodes[n]);
    for (int c = 0; c < 4; ++c)
      for (int r = 0; r < 4; ++r) CHECK(std::abs(a[c][r] - b[c][r]) < kTolerance);
  }
  // Recorded bones whose head was not moved take the recorded numbers exactly.
  CHECK(std::get<scene::Trs>(turned.nodes[2].transform).rotation ==
        std::get<scene::Trs>(original.nodes[2].transform).rotation);
  for (std::size_t b = 0; b < 3; ++b)
    for (int c = 0; c < 4; ++c)
      for (int r = 0; r < 4; ++r)
        CHECK(std::abs(turned.meshes[0].bones[b].inverse_bind[c][r] -
                       original.meshes[0].bones[b].inverse_bind[c][r]) < kTolerance);
  check_same_deformation(original, turned);
  // The game's own keys (the original's) on the restored skeleton: the same deformation.
  auto with_game_keys = turned;
  with_game_keys.animations = original.animations;
  check_same_deformation(original, with_game_keys);
}

TEST_CASE(
    "A moved head stays where the scene puts it, in the game's frame; new and re-parented bones keep theirs",
    "[scene][rest-frames]") {
  auto original = character();
  scene::record_rest_frames(original);
  auto edited = original;
  turn_joints(edited, {{"spine", scene::axis_angle({0, 1, 0}, 1.5707964f)}});
  // The user moves the spine's head 2 cm (its children stay) ...
  const auto spine = *scene::find_node(edited, "spine");
  const auto head = *scene::find_node(edited, "head");
  const glm::mat4 head_global = scene::global_transform(edited, head);
  auto trs = std::get<scene::Trs>(edited.nodes[spine].transform);
  trs.translation += glm::vec3(0.02f, 0, 0);
  edited.nodes[spine].transform = trs;
  edited.nodes[head].transform =
      scene::decompose(scene::inverse(scene::global_transform(edited, spine)) * head_global);
  // ... and adds a bone under the head.
  const auto added = edited.add_node("added", head);
  edited.nodes[added].transform = scene::Trs{{0, 0.2f, 0}, scene::axis_angle({0, 0, 1}, 0.4f), {1, 1, 1}};
  const glm::vec3 moved_head = head_of(edited, "spine");

  auto restored = edited;
  const auto report = scene::restore_rest_frames(restored);
  CHECK(report.turned == 1);
  CHECK(report.moved == 1);
  CHECK_THAT(scene::rest_frame_warning(report), Catch::Contains("1 moved bone head stays"));
  // The head where the user put it, the frame the game's.
  CHECK(glm::length(head_of(restored, "spine") - moved_head) < kTolerance);
  const auto turn_of = [](const scene::Scene& s, const char* name) {
    return scene::decompose(scene::global_transform(s, *scene::find_node(s, name))).rotation;
  };
  CHECK(std::abs(std::abs(glm::dot(turn_of(restored, "spine"), turn_of(original, "spine"))) - 1) < 1e-6f);
  // The head bone, unmoved, keeps its place and frame; the added bone its place and the scene's frame.
  CHECK(glm::length(head_of(restored, "head") - head_of(original, "head")) < kTolerance);
  CHECK(glm::length(head_of(restored, "added") - head_of(edited, "added")) < kTolerance);
  CHECK(std::abs(std::abs(glm::dot(turn_of(restored, "added"), turn_of(edited, "added"))) - 1) < 1e-6f);

  // A record whose parent is not the node's nearest recorded ancestor any more is left alone.
  auto reparented = original;
  turn_joints(reparented, {{"head", scene::axis_angle({0, 0, 1}, 1.5707964f)}});
  reparented.nodes[*scene::find_node(reparented, "head")].extras[scene::kRestFrameKey]["parent"] = "root";
  const auto before = scene::matrix_of(reparented.nodes[*scene::find_node(reparented, "head")]);
  CHECK(scene::restore_rest_frames(reparented).turned == 0);
  CHECK(scene::matrix_of(reparented.nodes[*scene::find_node(reparented, "head")]) == before);
}

TEST_CASE("Records that do not read are ignored; a scene without records is left as it is",
          "[scene][rest-frames]") {
  auto plain = character();
  const auto copy = plain;
  CHECK(scene::restore_rest_frames(plain).restored == 0);
  CHECK(scene::matrix_of(plain.nodes[2]) == scene::matrix_of(copy.nodes[2]));
  auto broken = character();
  scene::record_rest_frames(broken);
  broken.nodes[2].extras[scene::kRestFrameKey]["rotation"] = {0, 0, 0, 5};  // not a rotation
  broken.nodes[3].extras[scene::kRestFrameKey]["scale"] = "big";
  const auto report = scene::restore_rest_frames(broken);
  CHECK(report.restored == 2);  // the armature and the root
  CHECK(broken.nodes[2].extras.is_null());
}

TEST_CASE("An X-Ray model whose bones a DCC tool turned comes back from glTF byte for byte",
          "[scene][rest-frames][xray][xray-ogf][cli]") {
  test::TempDir dir;
  const auto ogf = test::xray_sample_skinned_ogf_bytes();
  write_file_atomically(dir / "model.ogf", ogf);
  REQUIRE(test::run_gamefmt({"convert", (dir / "model.ogf").string(), "-o", (dir / "a.glb").string()})
              .exit_code == 0);
  auto scene = gltf::read_gltf(test::read_bytes(dir / "a.glb"), "a.glb");
  turn_joints(scene, {{"root", scene::axis_angle({1, 0, 0}, 1.5707964f)},
                      {"spine", scene::axis_angle({0.2f, 0.5f, 1}, 2.1f)}});
  write_file_atomically(dir / "turned.glb", gltf::write_gltf(scene, {}, "turned.glb"));
  const auto back =
      test::run_gamefmt({"convert", (dir / "turned.glb").string(), "-o", (dir / "back.ogf").string()});
  INFO(back.output);
  REQUIRE(back.exit_code == 0);
  CHECK_THAT(back.output, Catch::Contains("2 bones were turned back to the game's rest frames"));
  CHECK(test::read_bytes(dir / "back.ogf") == ogf);
}
