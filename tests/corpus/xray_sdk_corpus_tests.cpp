#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>

#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/scene/scene_queries.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "gamefmt/xray/bones_file.hpp"
#include "gamefmt/xray/object.hpp"
#include "gamefmt/xray/sdk_motion.hpp"
#include "test_support.hpp"
#include "xray/object_scene.hpp"
#include "xray/sdk_motion_scene.hpp"
#include "xray/xray_space.hpp"

using namespace gamefmt;
namespace xray_space = gamefmt::xray::xray_space;

namespace {

std::vector<std::filesystem::path> xray_files(const std::string& extension) {
  return test::files_with_extension(*test::corpus_dir() / "xray", extension);
}

// Every corner of every face as (position, uv) in X-Ray terms, sorted: comparable whatever the vertex order.
std::vector<std::array<float, 5>> corners(const xray::ObjectMesh& mesh) {
  std::vector<std::array<float, 5>> out;
  for (const auto& face : mesh.faces)
    for (int c = 0; c < 3; ++c) {
      const auto& p = mesh.points[face.points[c]];
      std::array<float, 5> corner{p[0], p[1], p[2], 0, 0};
      for (const auto& ref : mesh.vmap_refs[face.refs[c]])
        if (mesh.vmaps[ref.vmap].is_uv()) {
          corner[3] = mesh.vmaps[ref.vmap].data[2 * ref.index];
          corner[4] = mesh.vmaps[ref.vmap].data[2 * ref.index + 1];
          break;
        }
      out.push_back(corner);
    }
  std::sort(out.begin(), out.end());
  return out;
}

// Pose of a motion bone at a frame: translation and rotation quaternion (scene axes).
std::pair<glm::vec3, glm::quat> pose(const xray::SdkBoneMotion& bone, float time) {
  std::array<float, 6> v{};
  for (int c = 0; c < 6; ++c) v[c] = xray::evaluate_envelope(bone.channels[c], time);
  return {xray_space::vector(glm::vec3(v[0], v[1], v[2])), xray_space::euler_rotation(v[4], v[3], v[5])};
}

void check_same_motions(const std::vector<xray::SdkMotion>& a, const std::vector<xray::SdkMotion>& b) {
  REQUIRE(a.size() == b.size());
  for (std::size_t m = 0; m < a.size(); ++m) {
    CHECK(b[m].name == a[m].name);
    CHECK(b[m].frame_start == a[m].frame_start);
    CHECK(b[m].frame_end == a[m].frame_end);
    CHECK(b[m].fps == a[m].fps);
    CHECK(b[m].flags == a[m].flags);
    REQUIRE(b[m].bones.size() == a[m].bones.size());
    float worst = 0;
    for (std::size_t i = 0; i < a[m].bones.size(); ++i) {
      const auto& other = *std::find_if(b[m].bones.begin(), b[m].bones.end(), [&](const auto& bone) {
        std::string x = bone.name, y = a[m].bones[i].name;
        std::transform(x.begin(), x.end(), x.begin(), ::tolower);
        std::transform(y.begin(), y.end(), y.begin(), ::tolower);
        return x == y;
      });
      for (int f = a[m].frame_start; f <= a[m].frame_end; ++f) {
        const float t = static_cast<float>(f) / a[m].fps;
        const auto [pa, qa] = pose(a[m].bones[i], t);
        const auto [pb, qb] = pose(other, t);
        const float dot = qa.x * qb.x + qa.y * qb.y + qa.z * qb.z + qa.w * qb.w;
        worst = std::max({worst, glm::length(pa - pb), 1.0f - std::abs(dot)});
      }
    }
    CHECK(worst < 1e-5f);
  }
}

}  // namespace

TEST_CASE("Every corpus SDK file rewrites byte-identically", "[corpus][xray][xray-sdk]") {
  std::size_t count = 0;
  for (const auto& file : xray_files("object")) {
    INFO(file.string());
    const auto bytes = test::read_bytes(file);
    CHECK(xray::write_object(xray::read_object(bytes, file.string())) == bytes);
    ++count;
  }
  CHECK(count >= 8);
  for (const auto& file : xray_files("skl")) {
    const auto bytes = test::read_bytes(file);
    CHECK(xray::write_skl(xray::read_skl(bytes, file.string())) == bytes);
  }
  for (const auto& file : xray_files("skls")) {
    const auto bytes = test::read_bytes(file);
    CHECK(xray::write_skls(xray::read_skls(bytes, file.string())) == bytes);
  }
  const auto bones = xray_files("bones");
  CHECK(bones.size() >= 2);
  for (const auto& file : bones) {
    const auto bytes = test::read_bytes(file);
    CHECK(xray::write_bones_file(xray::read_bones_file(bytes, file.string())) == bytes);
  }
}

TEST_CASE("The compressed old-format object decodes and re-encodes when its body changes",
          "[corpus][xray][xray-sdk][xray-object]") {
  const auto path = *test::corpus_dir() / "xray" / "bx_test_fmt_old.object";
  auto object = xray::read_object(test::read_bytes(path), path.string());
  CHECK(object.compressed);
  CHECK(object.surfaces_chunk == xray::kObjectChunkSurfaces0);
  REQUIRE(object.meshes);
  CHECK(object.meshes->at(0).vmaps_chunk == xray::kMeshChunkVMaps1);
  CHECK(!object.meshes->at(0).point_adjacency.empty());
  object.user_data = "changed";
  const auto again = xray::read_object(xray::write_object(object), "again.object");
  CHECK(again.user_data == std::string("changed"));
  CHECK(again.meshes->at(0).points == object.meshes->at(0).points);
}

TEST_CASE("Every corpus .object converts to glTF and back to an equal object",
          "[corpus][xray][xray-sdk][xray-object]") {
  for (const auto& file : xray_files("object")) {
    INFO(file.string());
    const auto object = xray::read_object(test::read_bytes(file), file.string());
    const auto scene = xray::object_to_scene(object, "object");
    REQUIRE(object.meshes);
    CHECK(scene.meshes.size() >= object.meshes->size());
    CHECK(scene.animations.size() == (object.motions ? object.motions->size() : 0));
    const auto glb = gltf::write_gltf(scene, {}, "x.glb");
    const auto back = xray::scene_to_object(gltf::read_gltf(glb, "x.glb"), "back.object");
    const auto reread = xray::read_object(xray::write_object(back), "back.object");
    REQUIRE(reread.meshes->size() == object.meshes->size());
    for (std::size_t m = 0; m < object.meshes->size(); ++m) {
      const auto a = corners((*object.meshes)[m]);
      const auto b = corners((*reread.meshes)[m]);
      REQUIRE(a.size() == b.size());
      float worst = 0;
      for (std::size_t i = 0; i < a.size(); ++i)
        for (int k = 0; k < 5; ++k) worst = std::max(worst, std::abs(a[i][k] - b[i][k]));
      CHECK(worst < 1e-5f);
    }
    CHECK(reread.flags.value_or(0) == object.flags.value_or(0));
    CHECK(reread.user_data.value_or("") == object.user_data.value_or(""));
    CHECK(reread.surfaces.size() <= object.surfaces.size());
    for (const auto& surface : reread.surfaces) {
      const auto found = std::find_if(object.surfaces.begin(), object.surfaces.end(),
                                      [&](const auto& s) { return s.name == surface.name; });
      REQUIRE(found != object.surfaces.end());
      CHECK(found->texture == surface.texture);
      CHECK(found->engine_shader == surface.engine_shader);
    }
    if (object.bones) {
      REQUIRE(reread.bones);
      REQUIRE(reread.bones->size() == object.bones->size());
      for (const auto& bone : *object.bones) {
        const auto found = std::find_if(reread.bones->begin(), reread.bones->end(),
                                        [&](const auto& b) { return b.name == bone.name; });
        REQUIRE(found != reread.bones->end());
        CHECK(found->parent == bone.parent);
        CHECK(found->game_material == bone.game_material);
        const auto pa = xray_space::bone_transform(
            {(*bone.bind_pose)[0], (*bone.bind_pose)[1], (*bone.bind_pose)[2]}, bone.bind_rotation());
        const auto pb = xray_space::bone_transform(
            {(*found->bind_pose)[0], (*found->bind_pose)[1], (*found->bind_pose)[2]}, found->bind_rotation());
        INFO(bone.name << " " << (*bone.bind_pose)[0] << " " << (*bone.bind_pose)[1] << " "
                       << (*bone.bind_pose)[2] << " " << (*bone.bind_pose)[3] << " " << (*bone.bind_pose)[4]
                       << " " << (*bone.bind_pose)[5] << " -> " << (*found->bind_pose)[0] << " "
                       << (*found->bind_pose)[1] << " " << (*found->bind_pose)[2] << " "
                       << (*found->bind_pose)[3] << " " << (*found->bind_pose)[4] << " "
                       << (*found->bind_pose)[5]);
        for (int r = 0; r < 4; ++r)
          for (int c = 0; c < 4; ++c) CHECK(std::abs(pa[r][c] - pb[r][c]) < 1e-5f);
      }
    }
    if (object.motions && !object.motions->empty()) {
      REQUIRE(reread.motions);
      check_same_motions(*object.motions, *reread.motions);
    }
  }
}

TEST_CASE("Corpus .skls: baked on the armature object, through glTF and back to equal keys",
          "[corpus][xray][xray-sdk][xray-object][xray-skls]") {
  const auto dir = *test::corpus_dir() / "xray";
  const auto skls = xray::read_skls(test::read_bytes(dir / "bx_test_fmt.skls"), "bx_test_fmt.skls");
  const auto skl = xray::read_skl(test::read_bytes(dir / "bx_test_fmt.skl"), "bx_test_fmt.skl");
  REQUIRE(skls.motions.size() == 1);
  CHECK(skl.motion.name == skls.motions[0].name);
  // Alone: bones from the motion's names, flat.
  const auto alone = xray::sdk_motions_to_scene(skls.motions, "motions", "bx_test_fmt.skls", {});
  CHECK(alone.animations.size() == 1);
  CHECK(alone.roots.size() == skls.motions[0].bones.size());
  const auto glb = gltf::write_gltf(alone, {}, "x.glb");
  const auto back = xray::scene_to_sdk_motions(gltf::read_gltf(glb, "x.glb"), {}, "back.skls", {});
  check_same_motions(skls.motions, back);
  // The rewritten file reads back too.
  const auto again = xray::read_skls(xray::write_skls({back}), "again.skls");
  check_same_motions(skls.motions, again.motions);
}

TEST_CASE("Corpus armature .object: bind pose and skin as docs/formats/xray.md works them out",
          "[corpus][xray][xray-sdk][xray-object]") {
  const auto path = *test::corpus_dir() / "xray" / "bx_test_fmt_armature.object";
  const auto object = xray::read_object(test::read_bytes(path), path.string());
  const auto scene = xray::object_to_scene(object, "armature");
  const auto bone = gamefmt::scene::find_node(scene, "Bone1");
  REQUIRE(bone.has_value());
  const auto trs = gamefmt::scene::decompose(gamefmt::scene::matrix_of(scene.nodes[*bone]));
  const glm::quat& rotation = trs.rotation;
  const glm::vec3& position = trs.translation;
  const float sign = rotation.w < 0 ? -1.0f : 1.0f;
  CHECK(sign * rotation.x == Approx(0.165504f).margin(1e-5));
  CHECK(sign * rotation.y == Approx(-0.687465f).margin(1e-5));
  CHECK(sign * rotation.z == Approx(0.165504f).margin(1e-5));
  CHECK(sign * rotation.w == Approx(0.687465f).margin(1e-5));
  CHECK(position.x == Approx(-0.049998f).margin(1e-5));
  CHECK(position.y == Approx(0.099561f).margin(1e-5));
  CHECK(std::abs(position.z) < 1e-5f);
  // The embedded motion holds Bone1 at its bind pose (constant keys equal to the rest values).
  REQUIRE(scene.animations.size() == 1);
  for (const auto& channel : scene.animations[0].channels) {
    if (channel.node != *bone) continue;
    const glm::quat& q = channel.rotation[0].value;
    CHECK(std::abs(q.x * rotation.x + q.y * rotation.y + q.z * rotation.z + q.w * rotation.w) ==
          Approx(1.0f).margin(1e-4));
  }
  // Every vertex is skinned with weights summing to one.
  const auto& mesh = scene.meshes[0];
  std::vector<float> sums(mesh.vertex_count(), 0.0f);
  for (const auto& binding : mesh.bones)
    for (const auto& weight : binding.weights) sums[weight.vertex] += weight.weight;
  for (float sum : sums) CHECK(sum == Approx(1.0f));
}

TEST_CASE("Corpus .skls and .object as companions of each other and of an OGF",
          "[corpus][xray][xray-sdk][xray-object][xray-skls]") {
  const auto dir = *test::corpus_dir() / "xray";
  const std::string object = (dir / "bx_test_fmt_armature.object").string(),
                    skls = (dir / "bx_test_fmt.skls").string(),
                    ogf = (dir / "rad_stalker_hero_1.ogf").string();
  test::TempDir out;
  for (const auto& inputs : {std::vector<std::string>{object, skls}, std::vector<std::string>{skls, object},
                             std::vector<std::string>{ogf, skls}}) {
    std::vector<std::string> arguments{"convert"};
    arguments.insert(arguments.end(), inputs.begin(), inputs.end());
    arguments.insert(arguments.end(), {"-o", (out / "x.glb").string()});
    const auto result = test::run_gamefmt(arguments);
    INFO(result.output);
    CHECK(result.exit_code == 0);
    if (inputs[0] == ogf) continue;  // the OGF's bones are not the motion's: its keys have nothing to move
    const auto scene = gltf::read_gltf(test::read_bytes(out / "x.glb"), "x.glb");
    CHECK(scene.animations.size() >= 1);
    bool has_xact = false;
    for (const auto& animation : scene.animations) has_xact = has_xact || animation.name == "xact";
    CHECK(has_xact);
  }
}
