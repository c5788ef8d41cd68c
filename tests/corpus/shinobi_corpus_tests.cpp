#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>
#include <set>
#include <string>

#include "blender_round_trip.hpp"
#include "gamefmt/conversion.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/shinobi/animation.hpp"
#include "gamefmt/shinobi/model.hpp"
#include "gamefmt/shinobi/tangent_vectors.hpp"
#include "shinobi/animation_scene.hpp"
#include "shinobi/model_scene.hpp"
#include "test_support.hpp"

using namespace gamefmt;

namespace {

std::filesystem::path grimrock() {
  return *test::corpus_dir() / "grimrock";
}

// The box holds every vertex.
void check_box_contains_vertices(const shinobi::MeshData& mesh) {
  const auto& b = mesh.bounds;
  const float slack = 1e-4f * std::max(1.0f, b.radius);
  for (std::size_t v = 0; v < std::size_t(mesh.vertex_count); ++v)
    for (std::size_t c = 0; c < 3; ++c) {
      const float p = shinobi::vertex_component(mesh.arrays[shinobi::kPosition], v, c);
      CHECK(p >= b.min[c] - slack);
      CHECK(p <= b.max[c] + slack);
    }
}

// The file as a user converts it, `gamefmt convert FILE -o a.glb` then `gamefmt convert a.glb -o back.EXT`
// (with `options` on the way back), read back.
std::vector<std::byte> through_glb(const std::vector<std::filesystem::path>& inputs,
                                   const std::string& back_name, const Options& options = {}) {
  test::TempDir dir;
  convert_files(inputs, dir / "a.glb", {});
  convert_files({dir / "a.glb"}, dir / back_name, options);
  return test::read_bytes(dir / back_name);
}

// skeleton_warrior_axe.model, then its four animations.
std::vector<std::filesystem::path> warrior_with_animations() {
  std::vector<std::filesystem::path> inputs = {grimrock() / "skeleton_warrior_axe.model"};
  for (const char* name : {"attack", "hit_back", "idle", "walk"})
    inputs.push_back(grimrock() / ("skeleton_warrior_axe_" + std::string(name) + ".animation"));
  return inputs;
}

// Every corpus file with the extension (`count` of them) comes back from .glb byte for byte.
void check_every_file_comes_back(const std::string& extension, std::size_t count) {
  const auto files = test::files_with_extension(grimrock(), extension);
  REQUIRE(files.size() == count);
  for (const auto& file : files) {
    INFO(file.string());
    CHECK(through_glb({file}, "back." + extension) == test::read_bytes(file));
  }
}

}  // namespace

// Lossless both ways: everything glTF has no slot for travels in extras (shinobi_way_back_tests.cpp has the
// rules), so no file needs the second pass.
TEST_CASE("Every corpus model comes back from .glb byte for byte", "[corpus][shinobi][shinobi-model]") {
  check_every_file_comes_back("model", 22);
}

TEST_CASE("Every corpus animation comes back from .glb byte for byte",
          "[corpus][shinobi][shinobi-animation]") {
  check_every_file_comes_back("animation", 4);
}

TEST_CASE("skeleton_warrior_axe and its four animations in one .glb: each file comes back byte for byte",
          "[corpus][shinobi][shinobi-model][shinobi-animation]") {
  const auto inputs = warrior_with_animations();
  CHECK(through_glb(inputs, "back.model") == test::read_bytes(inputs[0]));
  for (std::size_t a = 1; a < inputs.size(); ++a) {
    INFO(inputs[a].string());
    CHECK(through_glb(inputs, "back.animation", {{"animation", inputs[a].stem().string()}}) ==
          test::read_bytes(inputs[a]));
  }
}

// The models whose tangents Grimrock's tools computed (the others' came from another tool: scaled, or
// orthogonalised against the normal) hold what compute_tangent_vectors gives, so an edited model is written
// in the game's own convention.
TEST_CASE("Grimrock's own models hold the tangent vectors the engine computes",
          "[corpus][shinobi][shinobi-model]") {
  for (const char* name :
       {"door_metal", "door_portcullis", "eob_button_red", "eob_sewers_door", "eob_sewers_floor",
        "eob_sewers_secret_door", "eob_sewers_wall_cube", "giant_spider_web", "sewers_pit_trapdoor",
        "sewers_pressure_plate", "snail_red", "spell_projectile"}) {
    INFO(name);
    const auto model =
        shinobi::read_model(test::read_bytes(grimrock() / (std::string(name) + ".model")), name);
    for (const auto& node : model.nodes) {
      if (!node.mesh) continue;
      shinobi::MeshData computed = node.mesh->mesh;
      REQUIRE(shinobi::compute_tangent_vectors(computed));
      const auto& stored = node.mesh->mesh;
      for (std::size_t v = 0; v < std::size_t(stored.vertex_count); ++v)
        for (const std::size_t slot : {shinobi::kTangent, shinobi::kBitangent})
          for (std::size_t c = 0; c < 3; ++c)
            CHECK(shinobi::vertex_component(computed.arrays[slot], v, c) ==
                  Approx(shinobi::vertex_component(stored.arrays[slot], v, c)).margin(1e-4));
    }
  }
}

TEST_CASE("All 22 corpus models and 4 animations round-trip byte-identically",
          "[corpus][shinobi][shinobi-animation][shinobi-model]") {
  const auto models = test::files_with_extension(grimrock(), "model");
  const auto animations = test::files_with_extension(grimrock(), "animation");
  REQUIRE(models.size() == 22);
  REQUIRE(animations.size() == 4);
  for (const auto& file : models) {
    INFO(file.string());
    const auto bytes = test::read_bytes(file);
    const auto model = shinobi::read_model(bytes, file.string());
    CHECK(model.version == 2);
    CHECK(shinobi::write_model(model) == bytes);
    CHECK(handler_for_file(file)->rewrite(bytes, file.string()) == bytes);
  }
  for (const auto& file : animations) {
    INFO(file.string());
    const auto bytes = test::read_bytes(file);
    const auto animation = shinobi::read_animation(bytes, file.string());
    CHECK(animation.version == 1);
    CHECK(shinobi::write_animation(animation) == bytes);
  }
}

TEST_CASE("Corpus models convert to glTF and back to models with the same structure",
          "[corpus][shinobi][shinobi-model]") {
  for (const auto& file : test::files_with_extension(grimrock(), "model")) {
    INFO(file.string());
    const auto original = shinobi::read_model(test::read_bytes(file), file.string());
    const auto scene = load_scene({file}, {});
    const auto glb = gltf::write_gltf(scene, {}, "x.glb");
    const auto back_scene = gltf::read_gltf(glb, "x.glb");
    const auto bytes = save_scene(back_scene, file.filename(), {}).front().bytes;
    const auto back = shinobi::read_model(bytes, "back.model");
    REQUIRE(back.nodes.size() == original.nodes.size());
    std::set<std::string> names;
    std::vector<std::string> back_names;
    std::size_t segments = 0, back_segments = 0, triangles = 0, back_triangles = 0, bones = 0, back_bones = 0;
    for (const auto& n : original.nodes) {
      names.insert(n.name);
      if (!n.mesh) continue;
      bones += n.mesh->bones.size();
      for (const auto& s : n.mesh->mesh.segments)
        segments += s.triangle_count > 0, triangles += std::size_t(s.triangle_count);
    }
    for (const auto& n : back.nodes) {
      back_names.push_back(n.name);
      if (!n.mesh) continue;
      back_bones += n.mesh->bones.size();
      for (const auto& s : n.mesh->mesh.segments)
        ++back_segments, back_triangles += std::size_t(s.triangle_count);
    }
    // Names come back, duplicates made unique by the glTF reader with a ".N" suffix.
    for (const auto& name : back_names) {
      INFO(name);
      const auto dot = name.find_last_of('.');
      CHECK((names.count(name) == 1 || (dot != std::string::npos && names.count(name.substr(0, dot)) == 1)));
    }
    CHECK(back_segments == segments);
    CHECK(back_triangles == triangles);
    CHECK(back_bones == bones);
    // Every node keeps its parent (by name).
    for (std::size_t n = 0; n < back.nodes.size(); ++n) {
      const auto& node = back.nodes[n];
      const auto original_node = std::find_if(original.nodes.begin(), original.nodes.end(),
                                              [&](const auto& o) { return o.name == node.name; });
      if (original_node == original.nodes.end() ||
          std::count_if(original.nodes.begin(), original.nodes.end(),
                        [&](const auto& o) { return o.name == node.name; }) != 1)
        continue;  // a renamed duplicate
      const std::string parent = node.parent < 0 ? "" : back.nodes[std::size_t(node.parent)].name;
      const std::string original_parent =
          original_node->parent < 0 ? "" : original.nodes[std::size_t(original_node->parent)].name;
      CHECK(parent == original_parent);
    }
  }
}

TEST_CASE("skeleton_warrior_axe with its four animations: joints, durations, the way back",
          "[corpus][shinobi][shinobi-model][shinobi-animation]") {
  const auto inputs = warrior_with_animations();
  const auto& model_file = inputs[0];
  // The model's own bounds: the boxes hold every vertex. (Its spheres do not: Grimrock's exporter stored the
  // largest half extent of the box as the radius.)
  const auto model = shinobi::read_model(test::read_bytes(model_file), model_file.string());
  for (const auto& node : model.nodes)
    if (node.mesh) check_box_contains_vertices(node.mesh->mesh);
  const auto scene = load_scene(inputs, {});
  REQUIRE(scene.animations.size() == 4);
  const auto glb = gltf::write_gltf(scene, {}, "warrior.glb");
  const auto back = gltf::read_gltf(glb, "warrior.glb");
  REQUIRE(back.animations.size() == 4);
  std::set<std::string> joints;
  for (const auto& mesh : back.meshes)
    for (const auto& bone : mesh.bones) joints.insert(back.nodes[bone.node].name);
  CHECK(joints.size() >= 24);
  for (std::size_t a = 0; a < 4; ++a) {
    const auto& anim = back.animations[a];
    INFO(anim.name);
    const auto source = shinobi::read_animation(test::read_bytes(inputs[a + 1]), inputs[a + 1].string());
    CHECK(anim.duration == Approx(source.frame_count / source.frame_rate));
    CHECK(anim.channels.size() == source.tracks.size());
    for (const auto& channel : anim.channels) {
      INFO(back.nodes[channel.node].name);
      CHECK(joints.count(back.nodes[channel.node].name) == 1);
    }
    // The way back samples the same keys.
    shinobi::AnimationExportChoice choice;
    choice.animation = anim.name;
    const auto again = shinobi::animation_from_scene(back, choice, Limits{}, "again.animation");
    CHECK(again.frame_count == source.frame_count);
    CHECK(again.frame_rate == source.frame_rate);
    REQUIRE(again.tracks.size() == source.tracks.size());
    for (const auto& track : again.tracks) {
      const auto it = std::find_if(source.tracks.begin(), source.tracks.end(),
                                   [&](const auto& t) { return t.node_name == track.node_name; });
      REQUIRE(it != source.tracks.end());
      REQUIRE(track.keys.size() == it->keys.size());
      for (std::size_t k = 0; k < track.keys.size(); ++k)
        for (std::size_t c = 0; c < 3; ++c) {
          CHECK(track.keys[k].position[c] == Approx(it->keys[k].position[c]).margin(1e-5));
          CHECK(track.keys[k].scale[c] == Approx(it->keys[k].scale[c]).margin(1e-5));
        }
      for (std::size_t k = 0; k < track.keys.size(); ++k) {  // the same rotation (q and -q are the same)
        const auto& a = track.keys[k].rotation;
        const auto& b = it->keys[k].rotation;
        const float length = std::sqrt(b[0] * b[0] + b[1] * b[1] + b[2] * b[2] + b[3] * b[3]);
        CHECK(std::fabs(a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]) / length ==
              Approx(1.0f).margin(1e-5));
      }
    }
  }
}

TEST_CASE("Blender imports skeleton_warrior_axe with one armature and one action per animation",
          "[corpus][shinobi][blender][shinobi-animation]") {
  if (!test::blender_installed()) {
    WARN("blender is not installed: skipped");
    return;
  }
  test::TempDir dir;
  convert_files(warrior_with_animations(), dir / "warrior.glb", {});
  // 24 skinning bones plus the 4 animated nodes that are not (local_srt, capsule, item_l/r_local_srt).
  const auto blender = test::run_blender_script(
      "import_check.py", {(dir / "warrior.glb").string(), "--bones", "28", "--actions", "4"});
  INFO(blender.output);
  CHECK(blender.exit_code == 0);
}

namespace {

const shinobi::ModelNode& node_named(const shinobi::Model& model, const std::string& name) {
  const auto it =
      std::find_if(model.nodes.begin(), model.nodes.end(), [&](const auto& n) { return n.name == name; });
  REQUIRE(it != model.nodes.end());
  return *it;
}

std::array<float, 3> vector_at(const shinobi::VertexArray& array, std::size_t v) {
  return {shinobi::vertex_component(array, v, 0), shinobi::vertex_component(array, v, 1),
          shinobi::vertex_component(array, v, 2)};
}

// Per vertex, the side of cross(normal, tangent) the bitangent lies on.
std::vector<bool> handedness(const shinobi::MeshData& mesh) {
  std::vector<bool> out;
  for (std::size_t v = 0; v < std::size_t(mesh.vertex_count); ++v) {
    const auto n = vector_at(mesh.arrays[shinobi::kNormal], v);
    const auto t = vector_at(mesh.arrays[shinobi::kTangent], v);
    const auto b = vector_at(mesh.arrays[shinobi::kBitangent], v);
    const float side = (n[1] * t[2] - n[2] * t[1]) * b[0] + (n[2] * t[0] - n[0] * t[2]) * b[1] +
                       (n[0] * t[1] - n[1] * t[0]) * b[2];
    out.push_back(side >= 0);
  }
  return out;
}

double agreement(const std::vector<bool>& a, const std::vector<bool>& b) {
  REQUIRE(a.size() == b.size());
  std::size_t same = 0;
  for (std::size_t i = 0; i < a.size(); ++i) same += a[i] == b[i];
  return a.empty() ? 1.0 : double(same) / double(a.size());
}

}  // namespace

// A user's round trip through Blender 3.4: import (Bone Dir "Blender", the importer's choice for round trips:
// the others turn each joint's axes, which Blender's exporter keeps), export unchanged with extras and
// tangents, convert back. Blender recomputes tangents and rounds positions, so the mesh counts as edited.
TEST_CASE(
    "Through Blender, skeleton_warrior_axe and its walk keep vertices, triangles, bones, bone lists, "
    "engine tangents and poses",
    "[.][corpus][shinobi][blender-wayback]") {
  if (!test::blender_installed()) {
    WARN("blender is not installed: skipped");
    return;
  }
  const auto model_file = grimrock() / "skeleton_warrior_axe.model";
  const auto walk_file = grimrock() / "skeleton_warrior_axe_walk.animation";
  test::TempDir dir;
  test::convert_through_blender({model_file, walk_file}, dir / "back.model", dir,
                                {"--tangents", "--fps", "30", "--bone-dir", "BLENDER"});
  // The model brings its other animations beside it too (skeleton_warrior_axe_*.animation): take the walk.
  convert_files({dir / "blender.glb"}, dir / "back.animation", {{"animation", "skeleton_warrior_axe_walk"}});
  const auto original = shinobi::read_model(test::read_bytes(model_file), model_file.string());
  const auto back = shinobi::read_model(test::read_bytes(dir / "back.model"), "back.model");
  // Valid for the game: it becomes a scene again (indices, bones and parents all in range).
  CHECK_NOTHROW(shinobi::model_to_scene(back, {}, "back", "back.model"));

  REQUIRE(back.nodes.size() == original.nodes.size());
  for (std::size_t n = 0; n < original.nodes.size(); ++n) {
    INFO(original.nodes[n].name);
    CHECK(back.nodes[n].name == original.nodes[n].name);
    CHECK(back.nodes[n].parent == original.nodes[n].parent);
    if (!original.nodes[n].mesh) continue;
    REQUIRE(back.nodes[n].mesh.has_value());
    const auto& was = original.nodes[n].mesh->mesh;
    const auto& now = back.nodes[n].mesh->mesh;
    CHECK(now.vertex_count == was.vertex_count);
    CHECK(now.indices.size() == was.indices.size());
    std::vector<std::int32_t> was_bones, now_bones;
    for (const auto& bone : original.nodes[n].mesh->bones) was_bones.push_back(bone.node_index);
    for (const auto& bone : back.nodes[n].mesh->bones) now_bones.push_back(bone.node_index);
    CHECK(now_bones == was_bones);
    // The engine's tangents for what Blender gave back, with the handedness the engine gives the original.
    shinobi::MeshData engine = now;
    REQUIRE(shinobi::compute_tangent_vectors(engine));
    CHECK(now.arrays[shinobi::kTangent] == engine.arrays[shinobi::kTangent]);
    CHECK(now.arrays[shinobi::kBitangent] == engine.arrays[shinobi::kBitangent]);
    shinobi::MeshData engine_original = was;
    REQUIRE(shinobi::compute_tangent_vectors(engine_original));
    CHECK(agreement(handedness(now), handedness(engine_original)) >= 0.999);
  }
  // The body's own tangents follow the engine's convention (the axe's came from another tool); so do the
  // written ones, vertex for vertex.
  CHECK(agreement(handedness(node_named(back, "skeleton_warrior_mesh").mesh->mesh),
                  handedness(node_named(original, "skeleton_warrior_mesh").mesh->mesh)) == 1.0);

  const auto walk = shinobi::read_animation(test::read_bytes(walk_file), walk_file.string());
  const auto walk_back = shinobi::read_animation(test::read_bytes(dir / "back.animation"), "back.animation");
  CHECK(walk_back.frame_rate == walk.frame_rate);
  CHECK(walk_back.frame_count == walk.frame_count);
  REQUIRE(walk_back.tracks.size() == walk.tracks.size());
  for (std::size_t t = 0; t < walk.tracks.size(); ++t) {
    const auto& was = walk.tracks[t];
    const auto& now = walk_back.tracks[t];
    INFO(was.node_name);
    CHECK(now.node_name == was.node_name);
    REQUIRE(now.keys.size() == was.keys.size());
    for (std::size_t k = 0; k < was.keys.size(); ++k) {
      INFO("frame " << k);
      for (std::size_t c = 0; c < 3; ++c) {
        CHECK(now.keys[k].position[c] == Approx(was.keys[k].position[c]).margin(1e-4));
        CHECK(now.keys[k].scale[c] == Approx(was.keys[k].scale[c]).margin(1e-4));
      }
      const auto& q = now.keys[k].rotation;
      const auto& r = was.keys[k].rotation;
      const float sign = q[0] * r[0] + q[1] * r[1] + q[2] * r[2] + q[3] * r[3] < 0 ? -1.0f : 1.0f;
      for (std::size_t c = 0; c < 4; ++c) CHECK(sign * q[c] == Approx(r[c]).margin(1e-4));
    }
  }
}
