#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>

#include "gamefmt/conversion.hpp"
#include "gamefmt/core/text_encoding.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "gamefmt/xray/chunks.hpp"
#include "gamefmt/xray/object.hpp"
#include "gamefmt/xray/ogf.hpp"
#include "gamefmt/xray/ogf_tangents.hpp"
#include "gamefmt/xray/omf.hpp"
#include "test_support.hpp"
#include "xray/motion_scene.hpp"
#include "xray/ogf_scene.hpp"
#include "xray/xray_space.hpp"
#include "xray_ogf_checks.hpp"

using namespace gamefmt;

namespace {
std::vector<std::filesystem::path> xray_files(const std::string& extension) {
  return test::files_with_extension(*test::corpus_dir() / "xray", extension);
}
}  // namespace

TEST_CASE("Every corpus OMF rewrites byte-identically and decodes to one animation per motion",
          "[corpus][xray][xray-omf]") {
  const auto files = xray_files("omf");
  REQUIRE(files.size() >= 12);
  for (const auto& file : files) {
    INFO(file.string());
    const auto bytes = test::read_bytes(file);
    const auto omf = xray::read_omf(bytes, file.string());
    CHECK(xray::write_omf(omf) == bytes);
    const auto scene = xray::omf_to_scene(omf, "motions");
    CHECK(scene.animations.size() == omf.keys.motions.size());
    // Through glTF and back to OMF: every key within a quantization step of the original.
    const auto glb = gltf::write_gltf(scene, {}, "x.glb");
    const auto back = xray::scene_to_omf(gltf::read_gltf(glb, "x.glb"), "back.omf");
    REQUIRE(back.keys.motions.size() == omf.keys.motions.size());
    for (std::size_t m = 0; m < omf.keys.motions.size(); ++m) {
      const auto& a = omf.keys.motions[m];
      const auto& b = back.keys.motions[m];
      REQUIRE(b.frame_count == std::max<std::uint32_t>(a.frame_count, 1));
      CHECK(b.name == a.name);
      CHECK(back.params.motions[m].flags == omf.params.motions[m].flags);
      float worst = 0;
      for (std::size_t bone = 0; bone < a.bones.size(); ++bone)
        for (std::size_t f = 0; f < a.frame_count; ++f) {
          const auto ta = xray::decode_translation(a.bones[bone], f),
                     tb = xray::decode_translation(b.bones[bone], f);
          const auto qa = xray::decode_rotation(a.bones[bone], f),
                     qb = xray::decode_rotation(b.bones[bone], f);
          const float sign = qa[0] * qb[0] + qa[1] * qb[1] + qa[2] * qb[2] + qa[3] * qb[3] < 0 ? -1.0f : 1.0f;
          for (int i = 0; i < 3; ++i)
            worst = std::max(worst, std::abs(ta[i] - tb[i]) / std::max(1.0f, std::abs(ta[i])));
          for (int i = 0; i < 4; ++i) worst = std::max(worst, std::abs(qa[i] - sign * qb[i]));
        }
      CHECK(worst < 0.02f);
    }
  }
}

TEST_CASE(
    "Every corpus OGF (v3 and v4) converts; skinned vertices lie in the boxes of the bones that weight them",
    "[corpus][xray][xray-ogf]") {
  std::size_t skinned_models = 0, v3_models = 0;
  for (const auto& file : xray_files("ogf")) {
    INFO(file.string());
    const auto bytes = test::read_bytes(file);
    if (bytes.size() > 8 && bytes[8] == std::byte{3}) ++v3_models;
    const auto model = xray::read_ogf(bytes, file.string());
    const auto scene = load_scene({file}, {});
    REQUIRE(scene.meshes.size() == model.meshes.size());
    const auto glb = gltf::write_gltf(scene, {}, "x.glb");
    const auto back = gltf::read_gltf(glb, "x.glb");
    CHECK(back.meshes.size() == scene.meshes.size());
    if (model.bones.empty() || !model.has_ik_data) continue;
    ++skinned_models;
    // The check of docs/formats/xray.md (OGF models): a vertex taken into the space of a bone weighting it
    // (inverse bind) lands in or near that bone's box (S_BONE_NAMES). Measured in engine axes.
    const auto globals = xray::ogf_bind_globals(model);
    float worst = 0;
    for (const auto& mesh : model.meshes)
      for (const auto& v : mesh.vertices) {
        float nearest = 1e9f;  // distance outside the nearest box among the bones weighting the vertex
        const auto influences = xray::ogf_influences(v, mesh.links);
        for (std::size_t k = 0; k < influences.count; ++k) {
          const auto& bone = model.bones[influences.bones[k]];
          const glm::vec3 scene_p =
              xray::xray_space::vector(glm::vec3(v.position[0], v.position[1], v.position[2]));
          const glm::vec3 local = xray::xray_space::vector(gamefmt::scene::transform_point(
              gamefmt::scene::inverse(globals[influences.bones[k]]), scene_p));
          const glm::vec3 d(local.x - bone.box.translate[0], local.y - bone.box.translate[1],
                            local.z - bone.box.translate[2]);
          float excess = 0;
          for (int axis = 0; axis < 3; ++axis) {
            const float along = d.x * bone.box.rotate[3 * axis] + d.y * bone.box.rotate[3 * axis + 1] +
                                d.z * bone.box.rotate[3 * axis + 2];
            excess = std::max(excess, std::abs(along) - bone.box.half_size[axis]);
          }
          nearest = std::min(nearest, excess);
        }
        worst = std::max(worst, nearest);
      }
    CHECK(worst < 0.1f);  // metres; the real characters reach 0.09 for one vertex, the samples 0
  }
  CHECK(skinned_models >= 16);
  CHECK(v3_models >= 1);
}

TEST_CASE("The OGF v3 sample reads as the build's rigid skeleton with one textured skinned child",
          "[corpus][xray][xray-ogf]") {
  const auto file = *test::corpus_dir() / "xray" / "bx_test_fmt_ogf_v3.ogf";
  const auto model = xray::read_ogf(test::read_bytes(file), file.string());
  CHECK(model.header.format_version == 3);
  CHECK(model.header.type == xray::kOgfSkeletonRigid);
  CHECK(model.header.bbox_max[0] > model.header.bbox_min[0]);  // from the BBOX chunk
  REQUIRE(model.meshes.size() == 1);
  CHECK(model.meshes[0].header.type == xray::kOgfSkinnedStatic);
  CHECK(model.meshes[0].links == 1);
  CHECK(model.meshes[0].vertices.size() == 24);
  CHECK(model.meshes[0].indices.size() == 36);
  CHECK(model.meshes[0].texture == "item\\item_ustroystva");
  REQUIRE(model.bones.size() == 1);
  CHECK(model.bones[0].name == "bone01");
  REQUIRE(model.has_ik_data);
  CHECK(model.bones[0].ik_version == 0);  // the unversioned IK chunk of v3
  CHECK(model.bones[0].game_material == "objects\\small_weapon");
  REQUIRE(model.description.has_value());
  CHECK(model.description->source_file == "item_aptechka.object");
  CHECK(model.skipped_chunks.empty());
}

TEST_CASE(
    "bx_test_fmt_ogf_gl.ogf: its garbage 'compressed' description and bogus chunk warn and come back as "
    "stored",
    "[corpus][xray][lenient][xray-ogf]") {
  const auto file = *test::corpus_dir() / "xray" / "bx_test_fmt_ogf_gl.ogf";
  const auto bytes = test::read_bytes(file);
  const auto model = xray::read_ogf(bytes, file.string());
  CHECK(model.skipped_chunks == std::vector<std::uint32_t>{18u | xray::kChunkCompressedFlag, 0x80637546u});
  REQUIRE(model.warnings.size() == 2);
  CHECK_THAT(model.warnings[0], Catch::Contains("description: does not read"));
  CHECK_THAT(model.warnings[1], Catch::Contains("chunk 0x80637546 (0 bytes)"));
  CHECK(xray::write_ogf(model, "gl.ogf") == bytes);
}

TEST_CASE("The dog and its OMF give one animation per motion with its frame count",
          "[corpus][xray][xray-omf][xray-ogf]") {
  const auto dir = *test::corpus_dir() / "xray";
  const auto omf = xray::read_omf(test::read_bytes(dir / "rad_dog_big_animation.omf"), "dog.omf");
  const auto scene = load_scene({dir / "rad_dog_red_big_dead.ogf", dir / "rad_dog_big_animation.omf"}, {});
  REQUIRE(scene.animations.size() == omf.keys.motions.size());
  const auto glb = gltf::write_gltf(scene, {}, "dog.glb");
  const auto back = gltf::read_gltf(glb, "dog.glb");
  REQUIRE(back.animations.size() == omf.keys.motions.size());
  auto motions = back.extras.at(xray::kXrayMotionsKey);  // a copy: [] on a missing name gives null
  for (std::size_t a = 0; a < back.animations.size(); ++a) {
    const gamefmt::scene::Animation& animation = back.animations[a];
    const auto& keys = omf.keys.motions[a];
    INFO(keys.name);
    REQUIRE(!animation.channels.empty());
    CHECK(animation.channels[0].rotation.size() == std::max<std::uint32_t>(keys.frame_count, 1));
    // Length in seconds: the last key sits at (frames - 1) / 30; the motion lasts frames / 30.
    CHECK(animation.duration ==
          Approx((std::max<std::uint32_t>(keys.frame_count, 1) - 1) / 30.0).margin(1e-3));
    CHECK(motions[animation.name]["frame_count"].get<unsigned>() == keys.frame_count);
    CHECK(motions[animation.name]["length"].get<double>() == Approx(keys.frame_count / 30.0));
  }
}

TEST_CASE("--gamedata resolves the dog's own motion reference", "[corpus][xray][xray-omf][xray-ogf]") {
  const auto dir = *test::corpus_dir() / "xray";
  test::TempDir gamedata;
  std::filesystem::create_directories(gamedata / "meshes/monsters");
  std::filesystem::copy_file(dir / "rad_dog_big_animation.omf",
                             gamedata / "meshes/monsters/Dog_Big_Animation.omf");
  const auto scene = load_scene({dir / "rad_dog_red_big_dead.ogf"}, {{"gamedata", (gamedata / "").string()}});
  const auto omf = xray::read_omf(test::read_bytes(dir / "rad_dog_big_animation.omf"), "dog.omf");
  CHECK(scene.animations.size() == omf.keys.motions.size());
  // A reference that is not there: the model converts without that motion, with a warning naming it.
  test::TempDir empty;
  const auto without = load_scene({dir / "rad_dog_red_big_dead.ogf"}, {{"gamedata", empty.path().string()}});
  CHECK(without.animations.empty());
  CHECK(std::any_of(without.warnings.begin(), without.warnings.end(), [](const std::string& w) {
    return w.find("motion reference 'monsters/dog_big_animation' not found") != std::string::npos;
  }));
  // The command line's --gamedata says the same.
  const auto converted =
      test::run_gamefmt({"convert", (dir / "rad_dog_red_big_dead.ogf").string(), "--gamedata",
                         gamedata.path().string(), "-o", (gamedata / "dog.glb").string()});
  INFO(converted.output);
  REQUIRE(converted.exit_code == 0);
  CHECK(gltf::read_gltf(test::read_bytes(gamedata / "dog.glb"), "dog.glb").animations.size() ==
        omf.keys.motions.size());
  const auto missing =
      test::run_gamefmt({"convert", (dir / "rad_dog_red_big_dead.ogf").string(), "--gamedata",
                         empty.path().string(), "-o", (empty / "dog.glb").string()});
  CHECK(missing.exit_code == 0);
  CHECK_THAT(
      missing.output,
      Catch::Contains("rad_dog_red_big_dead.ogf: motion reference 'monsters/dog_big_animation' not found"));
}

TEST_CASE(
    "Every corpus OGF of version 4 rewrites byte-identically, garbage chunks included; version 3 keeps its "
    "content",
    "[corpus][xray][xray-ogf]") {
  std::size_t identical = 0;
  for (const auto& file : xray_files("ogf")) {
    INFO(file.string());
    const auto bytes = test::read_bytes(file);
    const auto model = xray::read_ogf(bytes, file.string());
    const auto written = xray::write_ogf(model, "x.ogf");
    if (model.header.format_version == 4) {
      CHECK(written == bytes);
      identical += written == bytes;
    }
    test::check_same_ogf(model, xray::read_ogf(written, "x.ogf"), {0.0f, true});
  }
  CHECK(identical >= 19);  // every v4 file, bx_test_fmt_ogf_gl.ogf (a garbage 'compressed' chunk) included
}

TEST_CASE("Every corpus OGF -> glTF -> OGF keeps bones, IK data, bind pose, skin, UVs and materials",
          "[corpus][xray][xray-ogf]") {
  for (const auto& file : xray_files("ogf")) {
    INFO(file.string());
    const auto model = xray::read_ogf(test::read_bytes(file), file.string());
    if (model.bones.empty() || !model.has_ik_data) continue;
    const auto scene = load_scene({file}, {});
    const auto glb = gltf::write_gltf(scene, {}, "x.glb");
    const auto back_scene = gltf::read_gltf(glb, "x.glb");
    const auto back =
        xray::read_ogf(xray::write_ogf(xray::scene_to_ogf(back_scene, {}, "x.ogf"), "x.ogf"), "x.ogf");
    test::check_same_ogf(test::as_written_from_scene(model), back, {2e-5f, false});
  }
}

TEST_CASE("Computed OGF tangents point where the SDK's do", "[corpus][xray][xray-ogf]") {
  // Per file, over its skinned meshes' vertices, the mean cosine between the vectors computed from the stored
  // triangles and the stored ones. The games' SDKs ran NVMeshMender (2002); the stored vectors are not all
  // unit length, and some binormals differ for reasons not found, hence not 1. A swapped or flipped
  // convention gives 0 or less; the approximation used before (UV gradients not made unit, then made
  // perpendicular to the normal) gave 0.79 to 0.99.
  for (const auto& file : xray_files("ogf")) {
    const auto model = xray::read_ogf(test::read_bytes(file), file.string());
    if (model.header.format_version != 4) continue;
    double tangent_agreement = 0, binormal_agreement = 0;
    std::size_t vertices = 0;
    const auto along = [](const std::array<float, 3>& a, const std::array<float, 3>& b) {
      const double la = std::sqrt(double(a[0]) * a[0] + double(a[1]) * a[1] + double(a[2]) * a[2]);
      const double lb = std::sqrt(double(b[0]) * b[0] + double(b[1]) * b[1] + double(b[2]) * b[2]);
      return la > 0 && lb > 0 ? (double(a[0]) * b[0] + double(a[1]) * b[1] + double(a[2]) * b[2]) / (la * lb)
                              : 0.0;
    };
    for (const auto& stored : model.meshes) {
      if (stored.links == 0) continue;
      auto computed = stored;
      xray::compute_ogf_tangents(computed);
      for (std::size_t i = 0; i < stored.vertices.size(); ++i) {
        tangent_agreement += along(computed.vertices[i].tangent, stored.vertices[i].tangent);
        binormal_agreement += along(computed.vertices[i].binormal, stored.vertices[i].binormal);
      }
      vertices += stored.vertices.size();
    }
    if (vertices == 0) continue;
    INFO(file.filename().string() << ": mean cosine tangent " << tangent_agreement / double(vertices)
                                  << ", binormal " << binormal_agreement / double(vertices));
    CHECK(tangent_agreement / double(vertices) > 0.98);
    CHECK(binormal_agreement / double(vertices) > 0.9);
  }
}

TEST_CASE("An SDK object converts to an OGF with its bones, bind pose and physics",
          "[corpus][xray][xray-ogf][xray-object]") {
  const auto file = *test::corpus_dir() / "xray" / "bx_test_fmt_armature.object";
  const auto object = xray::read_object(test::read_bytes(file), file.string());
  REQUIRE(object.bones.has_value());
  const auto scene = load_scene({file}, {});
  const auto ogf = xray::read_ogf(
      xray::write_ogf(xray::scene_to_ogf(scene, {}, "armature.ogf"), "armature.ogf"), "armature.ogf");
  REQUIRE(ogf.bones.size() == object.bones->size());
  for (std::size_t i = 0; i < ogf.bones.size(); ++i) {
    const auto& sdk = (*object.bones)[i];
    INFO(sdk.name);
    CHECK(ogf.bones[i].name == sdk.name);
    if (sdk.game_material) CHECK(ogf.bones[i].game_material == *sdk.game_material);
    if (sdk.mass) CHECK(ogf.bones[i].mass == (*sdk.mass)[0]);
    if (sdk.joint) {
      CHECK(ogf.bones[i].joint_type == sdk.joint->type);
      // OGF limits are the editor's negated and swapped.
      CHECK(ogf.bones[i].limits[0].range[0] == -sdk.joint->limits[0].range[1]);
    }
    REQUIRE(sdk.bind_pose.has_value());
    const auto expected = xray::xray_space::bone_transform(
        {(*sdk.bind_pose)[0], (*sdk.bind_pose)[1], (*sdk.bind_pose)[2]}, sdk.bind_rotation());
    const auto actual =
        xray::xray_space::bone_transform(ogf.bones[i].bind_translation, ogf.bones[i].bind_rotation);
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 4; ++c)
        CHECK(gamefmt::scene::at(actual, r, c) == Approx(gamefmt::scene::at(expected, r, c)).margin(1e-5));
  }
  CHECK(ogf.meshes.size() >= 1);
  for (const auto& mesh : ogf.meshes) CHECK(mesh.links >= 1);
}

TEST_CASE("An OGF through an SDK object and back keeps its bones, physics, materials and triangles",
          "[corpus][xray][xray-ogf][xray-object]") {
  const auto file = *test::corpus_dir() / "xray" / "rad_stalker_hero_1.ogf";
  const auto model = xray::read_ogf(test::read_bytes(file), file.string());
  test::TempDir dir;
  convert_files({file}, dir / "hero.object", {});
  const auto scene = load_scene({dir / "hero.object"}, {});
  const auto back =
      xray::read_ogf(xray::write_ogf(xray::scene_to_ogf(scene, {}, "hero.ogf"), "hero.ogf"), "hero.ogf");
  REQUIRE(back.bones.size() == model.bones.size());
  for (std::size_t i = 0; i < model.bones.size(); ++i) {
    INFO(model.bones[i].name);
    CHECK(back.bones[i].name == model.bones[i].name);
    CHECK(back.bones[i].parent_name == model.bones[i].parent_name);
    CHECK(back.bones[i].game_material == model.bones[i].game_material);
    CHECK(back.bones[i].shape.type == model.bones[i].shape.type);
    CHECK(back.bones[i].joint_type == model.bones[i].joint_type);
    CHECK(back.bones[i].limits[1].range == model.bones[i].limits[1].range);
    CHECK(back.bones[i].mass == model.bones[i].mass);
  }
  REQUIRE(back.meshes.size() == model.meshes.size());
  for (std::size_t m = 0; m < model.meshes.size(); ++m) {
    CHECK(back.meshes[m].texture == model.meshes[m].texture);
    CHECK(back.meshes[m].shader == model.meshes[m].shader);
    CHECK(back.meshes[m].full_detail_indices().size() == model.meshes[m].full_detail_indices().size());
  }
  CHECK(back.motion_refs == model.motion_refs);
  CHECK(back.user_data == model.user_data);
}

TEST_CASE("Blender imports the dog with its 33 bones and one action per motion, of the motion's length",
          "[corpus][xray][blender][xray-omf][xray-ogf]") {
  if (!test::blender_installed()) {
    WARN("blender is not installed: skipped");
    return;
  }
  const auto dir = *test::corpus_dir() / "xray";
  const auto model = xray::read_ogf(test::read_bytes(dir / "rad_dog_red_big_dead.ogf"), "dog.ogf");
  const auto omf = xray::read_omf(test::read_bytes(dir / "rad_dog_big_animation.omf"), "dog.omf");
  test::TempDir out;
  convert_files({dir / "rad_dog_red_big_dead.ogf", dir / "rad_dog_big_animation.omf"}, out / "dog.glb", {});
  const auto blender = test::run_blender_script(
      "import_check.py", {(out / "dog.glb").string(), "--bones", std::to_string(model.bones.size()),
                          "--actions", std::to_string(omf.keys.motions.size())});
  INFO(blender.output.substr(blender.output.size() > 3000 ? blender.output.size() - 3000 : 0));
  CHECK(blender.exit_code == 0);
  const auto summary = test::marked_json(blender.output, "GAMEFMT_BLENDER");
  REQUIRE(summary.is_object());
  CHECK(summary["bones"] == model.bones.size());
  const double fps = summary["fps"].get<double>();
  std::size_t checked = 0;
  for (const auto& motion : omf.keys.motions) {
    const std::string name = cp1251_to_utf8(motion.name);
    INFO(name);
    // Blender names the action after the animation (and the object, when several are animated).
    const nlohmann::json* range = nullptr;
    std::string action;
    for (const auto& [key, value] : summary["actions"].items())
      if (key == name || key.rfind(name + "_", 0) == 0) {
        range = &value;
        action = key;
      }
    REQUIRE(range != nullptr);
    const std::uint32_t frames = std::max<std::uint32_t>(motion.frame_count, 1);
    // The last key at (frames - 1) / 30 s; the motion lasts frames / 30 s.
    CHECK(((*range)[1].get<double>() - (*range)[0].get<double>()) / fps ==
          Approx((frames - 1) / 30.0).margin(0.5 / fps));
    CHECK(summary["action_keys"][action] == frames);
    ++checked;
  }
  CHECK(checked == omf.keys.motions.size());
}
