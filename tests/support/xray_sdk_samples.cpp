#include "xray_sdk_samples.hpp"

#include "gamefmt/xray/bones_file.hpp"

namespace gamefmt::test {
namespace {

xray::EnvelopeKey key(float value, float time, xray::EnvelopeShape shape) {
  xray::EnvelopeKey k;
  k.value = value;
  k.time = time;
  k.shape = static_cast<std::uint32_t>(shape);
  return k;
}

}  // namespace

xray::SdkMotion sample_motion(std::uint16_t version) {
  xray::SdkMotion m;
  m.name = "walk";
  m.frame_start = 0;
  m.frame_end = 10;
  m.fps = 30;
  m.version = version;
  m.flags = xray::kMotionStopAtEnd;
  m.v4_bools = {0, 1};
  m.speed = 1.5f;
  for (const char* name : {"root", "child"}) {
    xray::SdkBoneMotion bone;
    bone.name = name;
    for (int c = 0; c < 6; ++c) {
      bone.channels[c].legacy_layout = version < 6;
      bone.channels[c].keys = {key(0.1f * c, 0.0f, xray::EnvelopeShape::step),
                               key(0.2f * c + 0.5f, 10.0f / 30, xray::EnvelopeShape::linear)};
    }
    m.bones.push_back(bone);
  }
  if (version == 4) m.bones[0].name = "0", m.bones[1].name = "1";
  if (version == 7) m.marks = {{"step", "\r\n", {{0.1f, 0.2f}}}};
  return m;
}

// A quad (two triangles) with one UV map, a weight map per bone, one bone chain and one motion.
xray::ObjectFile sample_object() {
  xray::ObjectFile o;
  o.flags = xray::kObjectDynamic;
  o.user_data = "";
  o.lod_ref = "";
  o.surfaces = {{"body", "models\\model", "default", "default_object", "act\\body", "Texture", 1, 0x112, 1}};
  xray::ObjectMesh mesh;
  mesh.name = "body";
  mesh.bbox = std::array<float, 6>{0, 0, 0, 1, 1, 0};
  mesh.points = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
  mesh.faces = {{{0, 1, 2}, {0, 1, 2}}, {{0, 2, 3}, {0, 2, 3}}};
  mesh.smoothing = std::vector<std::uint32_t>{0, 0};
  xray::VMap uv{"Texture", 2, 0, 0, {0, 1, 1, 1, 1, 0, 0, 0}, {0, 1, 2, 3}, {}};
  xray::VMap root_weights{"root", 1, 0, 1, {1, 1}, {0, 1}, {}};
  xray::VMap child_weights{"child", 1, 0, 1, {1, 1}, {2, 3}, {}};
  mesh.vmaps = {uv, root_weights, child_weights};
  mesh.vmap_refs = {{{0, 0}, {1, 0}}, {{0, 1}, {1, 1}}, {{0, 2}, {2, 0}}, {{0, 3}, {2, 1}}};
  mesh.surface_faces = {{"body", {0, 1}}};
  o.meshes = std::vector<xray::ObjectMesh>{mesh};
  std::vector<xray::SdkBone> bones(2);
  bones[0].name = bones[0].weight_map = "root";
  bones[1].name = bones[1].weight_map = "child";
  bones[1].parent = "root";
  for (auto& b : bones) {
    b.version = 2;
    b.second_definition = true;
    b.bind_pose = std::array<float, 7>{0, 0, 0, 0, 0, 0, 0.5f};
    b.game_material = "default_object";
    b.shape.emplace().box.rotate = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    b.joint.emplace();
    b.mass = std::array<float, 4>{10, 0, 0, 0};
  }
  bones[1].bind_pose = std::array<float, 7>{0, 0.5f, 0.25f, 0.3f, 1.2f, -0.4f, 0.5f};
  o.bones = bones;
  o.bone_parts = std::vector<xray::SdkBonePart>{{"default", {"root", "child"}}};
  auto motion = sample_motion(6);
  motion.bones[0].channels[1].keys[1].value = 0.25f;
  o.motions = std::vector<xray::SdkMotion>{motion};
  o.revision = xray::ObjectRevision{"\\\\pc\\user", 1000, "", 0};
  return o;
}

std::vector<SweepInput> xray_sdk_samples() {
  std::vector<SweepInput> inputs;
  inputs.push_back({"sample.object", xray::write_object(sample_object())});
  inputs.push_back({"sample.skl", xray::write_skl({xray::kChunkSklMotion, sample_motion(7)})});
  inputs.push_back({"sample.skls", xray::write_skls({{sample_motion(6), sample_motion(5)}})});
  xray::BonesFile bones;
  const auto object = sample_object();
  for (const auto& bone : *object.bones) {
    auto copy = bone;
    copy.definition_has_parent = false;
    copy.second_definition = false;
    copy.version.reset();
    copy.bind_pose.reset();
    bones.bones.push_back(copy);
  }
  bones.parts = object.bone_parts;
  inputs.push_back({"sample.bones", xray::write_bones_file(bones)});
  return inputs;
}

}  // namespace gamefmt::test
