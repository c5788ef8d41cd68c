// Scene animations -> X-Ray skeletal motions (motion_scene.hpp describes the choices).
#include <cmath>
#include <map>
#include <optional>
#include <set>

#include "core/two_threads.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/field_path.hpp"
#include "gamefmt/core/text_encoding.hpp"
#include "gamefmt/scene/extras.hpp"
#include "gamefmt/scene/scene_queries.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "xray/model_space.hpp"
#include "xray/motion_record.hpp"
#include "xray/motion_sampling.hpp"
#include "xray/motion_scene.hpp"
#include "xray/xray_space.hpp"

namespace gamefmt::xray {
namespace {

std::optional<std::string> from_hex(const std::string& hex) {
  if (hex.size() % 2 != 0) return std::nullopt;
  std::string out;
  for (std::size_t i = 0; i < hex.size(); i += 2) {
    const auto digit = [](char c) {
      return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    };
    const int hi = digit(hex[i]), lo = digit(hex[i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out += static_cast<char>(hi * 16 + lo);
  }
  return out;
}

std::string to_cp1251(const std::string& utf8, const FieldPath& path, std::string_view field) {
  auto text = utf8_to_cp1251(utf8);
  if (!text) path.fail(field, "'" + utf8 + "' has characters cp1251 lacks", ErrorKind::cannot_write);
  return *text;
}

}  // namespace

OmfFile scene_to_omf(const scene::Scene& scene, std::string_view output_name) {
  FieldPath path(output_name);
  if (scene.animations.empty())
    path.fail("animations", "the scene has no animation to write", ErrorKind::cannot_write);
  const auto names = unique_node_names(scene);
  std::vector<BonePart> bone_parts;
  const nlohmann::json parts = scene::get_or<nlohmann::json>(scene.extras, kXrayBonePartsKey, nullptr);

  std::vector<std::optional<scene::NodeIndex>> bones;  // by block index
  if (parts.is_array() && !parts.empty()) {
    std::map<std::string, scene::NodeIndex> node_by_name;
    for (scene::NodeIndex n = 0; n < names.size(); ++n) node_by_name.emplace(names[n], n);
    for (const auto& part : parts) {
      BonePart out;
      out.name = to_cp1251(part.value("name", std::string("default")), path, "bone_parts.name");
      for (const auto& bone : part.value("bones", nlohmann::json::array())) {
        const std::string name = bone.value("name", std::string());
        const std::uint32_t index = bone.value("index", 0u);
        out.bones.push_back({to_cp1251(name, path, "bone_parts.bones.name"), index});
        if (index >= 4096) path.fail("bone_parts", "bone index out of range", ErrorKind::limit);
        if (bones.size() <= index) bones.resize(index + 1);
        const auto node = node_by_name.find(name);
        bones[index] = node != node_by_name.end() ? std::optional(node->second) : std::nullopt;
      }
      bone_parts.push_back(std::move(out));
    }
    std::size_t part_bones = 0;
    for (const auto& part : bone_parts) part_bones += part.bones.size();
    if (bones.size() != part_bones) path.fail("bone_parts", "bone indices are not 0..n-1");
  } else {
    // Every animated or skinning node, in tree order.
    std::set<scene::NodeIndex> wanted;
    for (const auto& animation : scene.animations)
      for (const auto& channel : animation.channels) wanted.insert(channel.node);
    for (const auto& mesh : scene.meshes)
      for (const auto& bone : mesh.bones) wanted.insert(bone.node);
    BonePart part;
    part.name = "default";
    for (scene::NodeIndex node : scene::tree_order(scene)) {
      if (wanted.count(node) == 0) continue;
      part.bones.push_back(
          {to_cp1251(names[node], path, "bones.name"), static_cast<std::uint32_t>(bones.size())});
      bones.push_back(node);
    }
    bone_parts.push_back(std::move(part));
  }

  const nlohmann::json record = scene::get_or<nlohmann::json>(scene.extras, kOmfFileKey, nullptr);
  std::vector<std::string> animation_names;
  for (const auto& animation : scene.animations) animation_names.push_back(animation.name);
  const auto order = recorded_animation_order(record, animation_names);
  const MotionRecords records =
      recorded_blocks_match(record, bone_parts) ? MotionRecords::keep : MotionRecords::none;
  OmfFile omf = sample_xray_motions(scene, bones, std::move(bone_parts), order, output_name, records);
  std::vector<std::string> written;
  for (std::size_t a : order) written.push_back(animation_names[a]);
  restore_omf_file(record, written, omf);
  return omf;
}

namespace {

// A bone of a motion whose keys come from the scene: `motions[slot].bones[index]`, sampled from `source`
// (none: the bone's rest pose) at each of `frames` frames at 30 fps.
struct BoneSampling {
  std::size_t slot = 0, index = 0;
  std::optional<scene::NodeIndex> bone;
  const scene::NodeAnimation* source = nullptr;
  std::size_t frames = 0;
};

BoneKeys sampled_bone_keys(const scene::Scene& scene, const BoneSampling& job) {
  std::optional<ChannelSampler> channel;
  if (job.source != nullptr) channel.emplace(*job.source);
  const scene::Trs rest =
      job.bone ? scene::decompose(scene::matrix_of(scene.nodes[*job.bone])) : scene::Trs();
  std::vector<std::array<float, 4>> rotations(job.frames);
  std::vector<std::array<float, 3>> translations(job.frames);
  for (std::size_t f = 0; f < job.frames; ++f) {
    const double seconds = static_cast<double>(f) / 30.0;
    const glm::vec3 p = channel ? channel->translation(seconds, rest.translation) : rest.translation;
    const glm::quat q = channel ? channel->rotation(seconds, rest.rotation) : rest.rotation;
    const glm::vec3 engine_p = xray_space::vector(p);
    translations[f] = {engine_p.x, engine_p.y, engine_p.z};
    rotations[f] = xray_space::engine_rotation_from_scene(q);
  }
  return encode_bone_keys(rotations, translations, false);
}

// Each job's keys into its place; a character's motions (the corpus dog: 79 motions of 33 bones) on two
// threads.
void sample_bones(const scene::Scene& scene, const std::vector<BoneSampling>& jobs,
                  std::vector<MotionKeys>& motions) {
  constexpr std::size_t kFramesWorthAThread = 20000;
  std::size_t frames = 0;
  for (const auto& job : jobs) frames += job.frames;
  for_each_on_two_threads(jobs.size(), frames >= kFramesWorthAThread, [&](std::size_t j) {
    motions[jobs[j].slot].bones[jobs[j].index] = sampled_bone_keys(scene, jobs[j]);
  });
}

}  // namespace

OmfFile sample_xray_motions(const scene::Scene& scene,
                            const std::vector<std::optional<scene::NodeIndex>>& bones,
                            std::vector<BonePart> parts, const std::vector<std::size_t>& animations,
                            std::string_view output_name, MotionRecords records) {
  FieldPath path(output_name);
  OmfFile omf;
  const nlohmann::json motions = scene::get_or<nlohmann::json>(scene.extras, kXrayMotionsKey, nullptr);
  const nlohmann::json version =
      scene::get_or<nlohmann::json>(scene.extras, kXrayMotionParamsVersionKey, nullptr);
  omf.params.version = version.is_number() && version.get<int>() == 3 ? 3 : 4;
  omf.params.parts = std::move(parts);
  std::vector<std::size_t> chosen = animations;
  if (chosen.empty())
    for (std::size_t a = 0; a < scene.animations.size(); ++a) chosen.push_back(a);
  ByteWriter count(ByteOrder::little);
  count.u32(static_cast<std::uint32_t>(chosen.size()));
  omf.keys.count_payload = count.take();
  std::vector<BoneSampling> sampling;  // the bones whose keys are sampled from the scene
  for (std::size_t slot = 0; slot < chosen.size(); ++slot) {
    const std::size_t a = chosen[slot];
    if (a >= scene.animations.size())
      path.fail("animations", "animation " + std::to_string(a) + " is not in the scene");
    const scene::Animation& animation = scene.animations[a];
    const std::string& name = animation.name;
    auto field = path.enter_key("animations", name);
    const nlohmann::json params =
        motions.is_object() && motions.contains(name) ? motions[name] : nlohmann::json();
    std::size_t frames = static_cast<std::size_t>(std::lround(sampled_duration(animation) * 30.0)) + 1;
    // Only an unsigned number counts, as before the scene model: extras read back from glTF hold signed
    // integers, and there the animation's own length decides.
    if (params.is_object() && params.contains("frame_count") && params["frame_count"].is_number_unsigned())
      frames = std::max<std::size_t>(params["frame_count"].get<std::size_t>(), 1);
    if (frames > kMaxMotionFrames)
      path.fail("",
                std::to_string(frames) + " frames at 30 fps; a motion holds at most " +
                    std::to_string(kMaxMotionFrames),
                ErrorKind::limit);

    MotionKeys keys;
    keys.chunk_id = static_cast<std::uint32_t>(slot + 1);
    const auto raw_name = params.is_object() && params.contains("raw_name") && params["raw_name"].is_string()
                              ? from_hex(params["raw_name"].get<std::string>())
                              : std::nullopt;
    keys.name = raw_name ? *raw_name : to_cp1251(name, path, "name");
    keys.frame_count = static_cast<std::uint32_t>(frames);
    // The recorded keys serve while the motion keeps its frame count (the importer made at least one frame).
    std::optional<MotionKeys> stored =
        records == MotionRecords::keep && params.is_object() && params.contains(kStoredKeysKey)
            ? recorded_motion(params[kStoredKeysKey], bones.size())
            : std::nullopt;
    if (stored && std::max<std::size_t>(stored->frame_count, 1) != frames) stored.reset();
    if (stored) {
      keys.name = stored->name;
      keys.frame_count = stored->frame_count;
      keys.trailing = stored->trailing;
    }
    for (std::size_t b = 0; b < bones.size(); ++b) {
      const auto& bone = bones[b];
      const scene::NodeAnimation* source = nullptr;
      for (std::size_t c = 0; c < animation.channels.size() && source == nullptr && bone; ++c)
        if (animation.channels[c].node == *bone) source = &animation.channels[c];
      if (stored && (source == nullptr || channel_holds_keys(*source, stored->bones[b], frames))) {
        keys.bones.push_back(stored->bones[b]);
        continue;
      }
      keys.bones.emplace_back();  // sampled below
      sampling.push_back({slot, b, bone, source, frames});
    }
    omf.keys.motions.push_back(std::move(keys));

    MotionDef def;
    def.name = omf.keys.motions.back().name;
    def.motion = static_cast<std::uint16_t>(slot);
    def.flags = params.is_object() ? params.value("flags", 0u) : 0u;
    def.bone_or_part =
        params.is_object() ? params.value("bone_or_part", std::uint16_t{0xFFFF}) : std::uint16_t{0xFFFF};
    def.speed = scene::get_or(params, "speed", 1.0f);
    def.power = scene::get_or(params, "power", 1.0f);
    def.accrue = scene::get_or(params, "accrue", 2.0f);
    def.falloff = scene::get_or(params, "falloff", 2.0f);
    if (omf.params.version >= 4 && params.is_object() && params.contains("marks") &&
        params["marks"].is_array()) {
      for (const auto& mark : params["marks"]) {
        MotionMark out;
        out.name = to_cp1251(mark.value("name", std::string()), path, "marks.name");
        for (const auto& interval : mark.value("intervals", nlohmann::json::array()))
          if (interval.is_array() && interval.size() == 2)
            out.intervals.push_back({interval[0].get<float>(), interval[1].get<float>()});
        def.marks.push_back(std::move(out));
      }
    }
    omf.params.motions.push_back(std::move(def));
  }
  sample_bones(scene, sampling, omf.keys.motions);
  return omf;
}

}  // namespace gamefmt::xray
