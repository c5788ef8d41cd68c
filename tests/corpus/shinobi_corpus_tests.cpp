#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>
#include <set>
#include <string>

#include "gamefmt/conversion.hpp"
#include "gamefmt/gltf/gltf_reader.hpp"
#include "gamefmt/gltf/gltf_writer.hpp"
#include "gamefmt/shinobi/animation.hpp"
#include "gamefmt/shinobi/model.hpp"
#include "shinobi/animation_scene.hpp"
#include "test_support.hpp"

using namespace gamefmt;

namespace {

std::filesystem::path grimrock() {
  return *test::corpus_dir() / "grimrock";
}

// The box, and unless `box_only` the sphere, hold every vertex.
void check_bounds_contain_vertices(const shinobi::MeshData& mesh, bool box_only = false) {
  const auto& b = mesh.bounds;
  const float slack = 1e-4f * std::max(1.0f, b.radius);
  for (std::size_t v = 0; v < std::size_t(mesh.vertex_count); ++v) {
    float d2 = 0;
    for (std::size_t c = 0; c < 3; ++c) {
      const float p = shinobi::vertex_component(mesh.arrays[shinobi::kPosition], v, c);
      CHECK(p >= b.min[c] - slack);
      CHECK(p <= b.max[c] + slack);
      d2 += (p - b.center[c]) * (p - b.center[c]);
    }
    if (!box_only) CHECK(std::sqrt(d2) <= b.radius + slack);
  }
}

}  // namespace

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
      check_bounds_contain_vertices(n.mesh->mesh);
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
          "[corpus][shinobi][shinobi-animation]") {
  const auto model_file = grimrock() / "skeleton_warrior_axe.model";
  std::vector<std::filesystem::path> inputs = {model_file};
  for (const char* name : {"attack", "hit_back", "idle", "walk"})
    inputs.push_back(grimrock() / ("skeleton_warrior_axe_" + std::string(name) + ".animation"));
  // The model's own bounds: the boxes hold every vertex. (Its spheres do not: Grimrock's exporter stored the
  // largest half extent of the box as the radius.)
  const auto model = shinobi::read_model(test::read_bytes(model_file), model_file.string());
  for (const auto& node : model.nodes)
    if (node.mesh) check_bounds_contain_vertices(node.mesh->mesh, true);
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
  std::vector<std::filesystem::path> inputs = {grimrock() / "skeleton_warrior_axe.model"};
  for (const char* name : {"attack", "hit_back", "idle", "walk"})
    inputs.push_back(grimrock() / ("skeleton_warrior_axe_" + std::string(name) + ".animation"));
  convert_files(inputs, dir / "warrior.glb", {});
  // 24 skinning bones plus the 4 animated nodes that are not (local_srt, capsule, item_l/r_local_srt).
  const auto blender = test::run_blender_script(
      "import_check.py", {(dir / "warrior.glb").string(), "--bones", "28", "--actions", "4"});
  INFO(blender.output);
  CHECK(blender.exit_code == 0);
}
