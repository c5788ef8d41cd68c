#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>

#include "core/ai_channel_sampling.hpp"
#include "metadata_json.hpp"
#include "ai_scene_building.hpp"
#include "xray/xray_axes.hpp"
#include "xray/sdk_motion_scene.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/text_encoding.hpp"

namespace gamefmt::assimp {
namespace {

constexpr const char* kFlagNames[] = {"fx",        "stop_at_end", "no_mix", "sync_part",
                                      "foot_steps", "root_mover",  "idle",   "use_weapon_bone"};
constexpr std::int64_t kMaxBakedFrames = 100000;

bool all_step(const xray::SdkMotion& motion) {
  for (const auto& bone : motion.bones)
    for (const auto& channel : bone.channels)
      for (std::size_t k = 1; k < channel.keys.size(); ++k)
        if ((channel.keys[k].shape & 0xFF) != static_cast<std::uint32_t>(xray::EnvelopeShape::step)) return false;
  return true;
}

nlohmann::json motion_json(const xray::SdkMotion& motion) {
  nlohmann::json flags = nlohmann::json::array();
  for (int bit = 0; bit < 8; ++bit)
    if (motion.flags & (1u << bit)) flags.push_back(kFlagNames[bit]);
  nlohmann::json marks = nlohmann::json::array();
  for (const auto& mark : motion.marks) {
    nlohmann::json intervals = nlohmann::json::array();
    for (const auto& interval : mark.intervals) intervals.push_back({interval[0], interval[1]});
    marks.push_back({{"name", cp1251_to_utf8(mark.name)}, {"intervals", intervals}});
  }
  nlohmann::json bone_flags = nlohmann::json::object();
  for (const auto& bone : motion.bones)
    if (bone.flags != 0) bone_flags[cp1251_to_utf8(bone.name)] = bone.flags;
  return {{"name", cp1251_to_utf8(motion.name)},
          {"version", motion.version},
          {"fps", motion.fps},
          {"frame_start", motion.frame_start},
          {"frame_end", motion.frame_end},
          {"flags", motion.flags},
          {"flag_names", flags},
          {"bone_or_part", motion.bone_or_part},
          {"speed", motion.speed},
          {"accrue", motion.accrue},
          {"falloff", motion.falloff},
          {"power", motion.power},
          {"marks", marks},
          {"bone_flags", bone_flags}};
}

std::string to_cp1251(const std::string& utf8, std::string_view output_name, const char* field) {
  auto text = utf8_to_cp1251(utf8);
  if (!text) throw FormatError(std::string(output_name), std::nullopt, field, "'" + utf8 + "' has characters cp1251 lacks");
  return *text;
}

void collect_animated(const aiNode& node, const std::map<std::string, bool>& wanted, std::vector<std::string>& out) {
  if (wanted.count(node.mName.C_Str()) != 0) out.push_back(node.mName.C_Str());
  for (unsigned i = 0; i < node.mNumChildren; ++i) collect_animated(*node.mChildren[i], wanted, out);
}

// One envelope from per-frame values: a key per frame, keys inside runs of equal values dropped.
xray::Envelope envelope_of(const std::vector<float>& values, int frame_start, float fps, bool step) {
  xray::Envelope envelope;
  for (std::size_t f = 0; f < values.size(); ++f) {
    const bool same_as_before = f > 0 && values[f] == values[f - 1];
    const bool same_as_after = f + 1 < values.size() && values[f + 1] == values[f];
    if (same_as_before && same_as_after) continue;
    if (step && same_as_before) continue;
    xray::EnvelopeKey key;
    key.value = values[f];
    key.time = static_cast<float>(frame_start + static_cast<int>(f)) / fps;
    key.shape = static_cast<std::uint32_t>(step ? xray::EnvelopeShape::step : xray::EnvelopeShape::linear);
    envelope.keys.push_back(key);
  }
  return envelope;
}

}  // namespace

void add_sdk_motions(aiScene& scene, const std::vector<xray::SdkMotion>& motions,
                     const std::vector<std::string>& bone_names, std::string_view source) {
  if (motions.empty()) return;
  std::map<std::string, std::size_t> bone_by_name;
  for (std::size_t i = 0; i < bone_names.size(); ++i) bone_by_name.emplace(lower_ascii(bone_names[i]), i);
  std::size_t poses = 0;
  for (std::size_t m = 0; m < motions.size(); ++m) {
    const auto& motion = motions[m];
    const std::int64_t frames =
        std::clamp<std::int64_t>(std::int64_t{motion.frame_end} - motion.frame_start + 1, 1, kMaxBakedFrames);
    std::size_t matched = 0;
    for (const auto& bone : motion.bones) matched += bone_by_name.count(lower_ascii(cp1251_to_utf8(bone.name)));
    poses += matched * static_cast<std::size_t>(frames);
    if (poses > kMaxBakedPoses)
      throw FormatError(std::string(source), std::nullopt, "motions[" + std::to_string(m) + "]",
                        "baking would make more than " + std::to_string(kMaxBakedPoses) + " bone poses");
  }
  nlohmann::json params = find_metadata_json(scene.mMetaData, kXraySdkMotionsKey);
  if (!params.is_object()) params = nlohmann::json::object();
  std::vector<std::unique_ptr<aiAnimation>> animations;
  for (unsigned a = 0; a < scene.mNumAnimations; ++a) animations.emplace_back(scene.mAnimations[a]);
  delete[] scene.mAnimations;
  scene.mAnimations = nullptr;
  scene.mNumAnimations = 0;

  for (const auto& motion : motions) {
    std::string name = cp1251_to_utf8(motion.name);
    if (name.empty()) name = "motion";
    for (int n = 2; params.contains(name); ++n) name = cp1251_to_utf8(motion.name) + "#" + std::to_string(n);
    const float fps = std::isfinite(motion.fps) && motion.fps > 0 ? motion.fps : 30.0f;
    const std::int64_t frames =
        std::clamp<std::int64_t>(std::int64_t{motion.frame_end} - motion.frame_start + 1, 1, kMaxBakedFrames);
    auto animation = std::make_unique<aiAnimation>();
    animation->mName = aiString(name);
    animation->mTicksPerSecond = fps;
    animation->mDuration = static_cast<double>(frames - 1);
    std::vector<std::unique_ptr<aiNodeAnim>> channels;
    std::vector<bool> done(bone_names.size(), false);
    for (const auto& bone : motion.bones) {
      const auto found = bone_by_name.find(lower_ascii(cp1251_to_utf8(bone.name)));
      if (found == bone_by_name.end() || done[found->second]) continue;
      done[found->second] = true;
      auto channel = std::make_unique<aiNodeAnim>();
      channel->mNodeName = aiString(bone_names[found->second]);
      channel->mNumPositionKeys = channel->mNumRotationKeys = static_cast<unsigned>(frames);
      channel->mPositionKeys = new aiVectorKey[frames];
      channel->mRotationKeys = new aiQuatKey[frames];
      aiQuaternion previous;
      for (std::int64_t f = 0; f < frames; ++f) {
        // f32 time, as the engine computes it, so key times hit exactly.
        const float t = static_cast<float>(motion.frame_start + f) / fps;
        std::array<float, 6> v{};
        for (std::size_t c = 0; c < 6; ++c) v[c] = xray::evaluate_envelope(bone.channels[c], t);
        aiQuaternion q = xray_axes::euler_rotation(v[4], v[3], v[5]);  // P about X, H about Y, B about Z
        if (f > 0 && q.x * previous.x + q.y * previous.y + q.z * previous.z + q.w * previous.w < 0)
          q = aiQuaternion(-q.w, -q.x, -q.y, -q.z);
        previous = q;
        channel->mPositionKeys[f] = aiVectorKey(static_cast<double>(f), xray_axes::vector(v[0], v[1], v[2]));
        channel->mRotationKeys[f] = aiQuatKey(static_cast<double>(f), q);
      }
      channels.push_back(std::move(channel));
    }
    animation->mChannels = release_to_array(channels, animation->mNumChannels);
    if (all_step(motion))
      add_metadata(scene.mMetaData, "gltf.animation." + name + ".interpolation", aiString(std::string("STEP")));
    params[name] = motion_json(motion);
    animations.push_back(std::move(animation));
  }
  scene.mAnimations = release_to_array(animations, scene.mNumAnimations);
  add_metadata_json(scene.mMetaData, kXraySdkMotionsKey, params);
}

std::unique_ptr<aiScene> sdk_motions_to_scene(const std::vector<xray::SdkMotion>& motions, std::string_view root_name,
                                              std::string_view source) {
  std::vector<std::string> names;
  std::map<std::string, bool> seen;
  for (const auto& motion : motions)
    for (const auto& bone : motion.bones) {
      const std::string name = cp1251_to_utf8(bone.name);
      if (seen.emplace(lower_ascii(name), true).second) names.push_back(name);
    }
  auto scene = std::make_unique<aiScene>();
  scene->mFlags |= AI_SCENE_FLAGS_INCOMPLETE;
  std::string root(root_name.empty() ? "motions" : root_name);
  while (seen.count(lower_ascii(root)) != 0) root += "_root";
  scene->mRootNode = make_node(root);
  std::vector<aiNode*> bones;
  for (const auto& name : names) bones.push_back(make_node(name));
  set_children(*scene->mRootNode, bones);
  add_sdk_motions(*scene, motions, names, source);
  return scene;
}

std::vector<xray::SdkMotion> scene_to_sdk_motions(const aiScene& scene, std::vector<std::string> bone_names,
                                                  std::string_view output_name) {
  if (scene.mNumAnimations == 0 || scene.mRootNode == nullptr)
    throw FormatError(std::string(output_name), std::nullopt, "animations", "the scene has no animation to write");
  if (bone_names.empty()) {
    std::map<std::string, bool> wanted;
    for (unsigned a = 0; a < scene.mNumAnimations; ++a)
      for (unsigned c = 0; c < scene.mAnimations[a]->mNumChannels; ++c)
        wanted[scene.mAnimations[a]->mChannels[c]->mNodeName.C_Str()] = true;
    collect_animated(*scene.mRootNode, wanted, bone_names);
  }
  const nlohmann::json params = find_metadata_json(scene.mMetaData, kXraySdkMotionsKey);
  std::vector<xray::SdkMotion> motions;
  for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
    const aiAnimation& animation = *scene.mAnimations[a];
    const std::string name = animation.mName.C_Str();
    const nlohmann::json p = params.is_object() && params.contains(name) && params[name].is_object() ? params[name]
                                                                                                       : nlohmann::json::object();
    const double ticks_per_second = animation.mTicksPerSecond > 0 ? animation.mTicksPerSecond : 25.0;
    xray::SdkMotion motion;
    motion.name = to_cp1251(p.value("name", name), output_name, "animations.name");
    motion.fps = p.contains("fps") && p["fps"].is_number() ? p["fps"].get<float>() : 30.0f;
    if (!(motion.fps > 0 && motion.fps < 1000)) motion.fps = 30.0f;
    motion.frame_start = p.contains("frame_start") && p["frame_start"].is_number_integer() ? p["frame_start"].get<int>() : 0;
    const double seconds = animation.mDuration / ticks_per_second;
    if (!(seconds >= 0 && seconds * motion.fps < kMaxBakedFrames))
      throw FormatError(std::string(output_name), std::nullopt, "animations." + name, "too long to write");
    motion.frame_end = motion.frame_start + static_cast<int>(std::lround(seconds * motion.fps));
    motion.flags = p.value("flags", 0u) & 0xFF;
    motion.bone_or_part = p.value("bone_or_part", 0xFFFFu) & 0xFFFF;
    motion.speed = p.value("speed", 1.0f);
    motion.accrue = p.value("accrue", 2.0f);
    motion.falloff = p.value("falloff", 2.0f);
    motion.power = p.value("power", 1.0f);
    for (const auto& mark : p.value("marks", nlohmann::json::array())) {
      xray::MotionMark out;
      out.name = to_cp1251(mark.value("name", std::string("mark")), output_name, "marks.name");
      for (const auto& interval : mark.value("intervals", nlohmann::json::array()))
        if (interval.is_array() && interval.size() == 2 && interval[0].is_number() && interval[1].is_number())
          out.intervals.push_back({interval[0].get<float>(), interval[1].get<float>()});
      motion.marks.push_back(std::move(out));
    }
    motion.version = motion.marks.empty() ? 6 : 7;
    std::string interpolation;
    const bool step = find_metadata_string(scene.mMetaData, "gltf.animation." + name + ".interpolation", interpolation) &&
                      interpolation == "STEP";
    const nlohmann::json bone_flags = p.value("bone_flags", nlohmann::json::object());
    const std::size_t frames = static_cast<std::size_t>(motion.frame_end - motion.frame_start + 1);
    for (const auto& bone_name : bone_names) {
      const aiNodeAnim* channel = nullptr;
      for (unsigned c = 0; c < animation.mNumChannels && channel == nullptr; ++c)
        if (bone_name == animation.mChannels[c]->mNodeName.C_Str()) channel = animation.mChannels[c];
      aiVector3D rest_position, scaling;
      aiQuaternion rest_rotation;
      if (const aiNode* node = scene.mRootNode->FindNode(bone_name.c_str()))
        node->mTransformation.Decompose(scaling, rest_rotation, rest_position);
      std::array<std::vector<float>, 6> values;
      for (auto& v : values) v.resize(frames);
      for (std::size_t f = 0; f < frames; ++f) {
        const double ticks = static_cast<double>(f) / motion.fps * ticks_per_second;
        const aiVector3D position = xray_axes::vector(channel ? sample_position(*channel, ticks, rest_position) : rest_position);
        const auto euler = xray_axes::euler_rotation_from_scene(channel ? sample_rotation(*channel, ticks, rest_rotation) : rest_rotation);
        const std::array<float, 6> v{position.x, position.y, position.z, euler[1], euler[0], euler[2]};
        for (std::size_t c = 0; c < 6; ++c) {
          float value = v[c];
          if (c >= 3 && f > 0) {  // keep angles continuous: the nearest turn to the previous frame
            const float previous = values[c][f - 1];
            value += static_cast<float>(2 * std::numbers::pi) *
                     std::round((previous - value) / static_cast<float>(2 * std::numbers::pi));
          }
          values[c][f] = value;
        }
      }
      xray::SdkBoneMotion bone;
      bone.name = to_cp1251(lower_ascii(bone_name), output_name, "bones.name");
      if (bone_flags.contains(bone_name) && bone_flags[bone_name].is_number_integer())
        bone.flags = static_cast<std::uint32_t>(bone_flags[bone_name].get<std::int64_t>()) & 0xFF;
      for (std::size_t c = 0; c < 6; ++c) bone.channels[c] = envelope_of(values[c], motion.frame_start, motion.fps, step);
      motion.bones.push_back(std::move(bone));
    }
    motions.push_back(std::move(motion));
  }
  return motions;
}

}  // namespace gamefmt::assimp
