#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>
#include <string>

#include "engine_space.hpp"
#include "ai_scene_building.hpp"
#include "shinobi/animation_scene.hpp"
#include "gamefmt/core/format_error.hpp"

namespace gamefmt::assimp {
namespace {

using shinobi::Animation;
namespace space = shinobi_space;

constexpr const char* kSyntheticRootKey = "shinobi.synthetic_root";
constexpr std::size_t kMostFrames = 1000000;  // a scene animation longer than this many frames is refused

std::string metadata_key(std::string_view animation, const char* leaf) {
  return "shinobi.animation." + std::string(animation) + "." + leaf;
}

// Any numeric metadata value (the glTF reader gives doubles or integers).
std::optional<double> find_number(const aiMetadata* metadata, const std::string& key) {
  if (metadata == nullptr) return std::nullopt;
  for (unsigned int i = 0; i < metadata->mNumProperties; ++i) {
    if (key != metadata->mKeys[i].C_Str()) continue;
    const aiMetadataEntry& e = metadata->mValues[i];
    switch (e.mType) {
      case AI_INT32: return *static_cast<std::int32_t*>(e.mData);
      case AI_UINT64: return static_cast<double>(*static_cast<std::uint64_t*>(e.mData));
      case AI_FLOAT: return *static_cast<float*>(e.mData);
      case AI_DOUBLE: return *static_cast<double*>(e.mData);
      default: return std::nullopt;
    }
  }
  return std::nullopt;
}

std::string unique_animation_name(const aiScene& scene, std::string_view wanted) {
  std::set<std::string> taken;
  for (unsigned int a = 0; a < scene.mNumAnimations; ++a) taken.insert(scene.mAnimations[a]->mName.C_Str());
  std::string name(wanted);
  for (int n = 1; taken.count(name) != 0; ++n) name = std::string(wanted) + "." + std::to_string(n);
  return name;
}

void append_animation(aiScene& scene, std::unique_ptr<aiAnimation> animation) {
  std::vector<std::unique_ptr<aiAnimation>> all;
  for (unsigned int a = 0; a < scene.mNumAnimations; ++a) all.emplace_back(scene.mAnimations[a]);
  delete[] scene.mAnimations;
  scene.mAnimations = nullptr;
  all.push_back(std::move(animation));
  scene.mAnimations = release_to_array(all, scene.mNumAnimations);
}

// Keys at frames 0..n-1 and a closing key at frame n equal to frame 0.
std::unique_ptr<aiNodeAnim> make_channel(const shinobi::AnimationTrack& track) {
  const auto n = static_cast<unsigned int>(track.keys.size());
  auto channel = std::make_unique<aiNodeAnim>();
  channel->mNodeName = aiString(track.node_name);
  channel->mNumPositionKeys = channel->mNumRotationKeys = channel->mNumScalingKeys = n + 1;
  channel->mPositionKeys = new aiVectorKey[n + 1];
  channel->mRotationKeys = new aiQuatKey[n + 1];
  channel->mScalingKeys = new aiVectorKey[n + 1];
  for (unsigned int k = 0; k <= n; ++k) {
    const auto& key = track.keys[k == n ? 0 : k];
    const double time = k;
    channel->mPositionKeys[k] = aiVectorKey(time, space::to_scene(key.position));
    channel->mRotationKeys[k] = aiQuatKey(time, space::rotation_to_scene(key.rotation));
    channel->mScalingKeys[k] = aiVectorKey(time, aiVector3D(key.scale[0], key.scale[1], key.scale[2]));
  }
  return channel;
}

// Builds the aiAnimation from the tracks that `bound` accepts (first track of a name wins) and records the
// file's facts in the scene metadata.
template <class Bound>
void add_animation(aiScene& scene, const Animation& animation, std::string_view wanted_name, std::string_view file, Bound bound) {
  if (!std::isfinite(animation.frame_rate) || !(animation.frame_rate > 0))
    throw FormatError(std::string(file), std::nullopt, "frame_rate",
                      "frame rate " + std::to_string(animation.frame_rate) + " is not a positive number");
  const std::string name = unique_animation_name(scene, wanted_name);
  auto out = std::make_unique<aiAnimation>();
  out->mName = aiString(name);
  out->mTicksPerSecond = animation.frame_rate;
  std::vector<std::unique_ptr<aiNodeAnim>> channels;
  std::set<std::string> seen;
  std::string unbound;
  std::size_t longest = 0;
  for (const auto& track : animation.tracks) {
    if (!bound(track.node_name)) {
      unbound += (unbound.empty() ? "" : ",") + track.node_name;
      continue;
    }
    if (track.keys.empty() || !seen.insert(track.node_name).second) continue;
    longest = std::max(longest, track.keys.size());
    channels.push_back(make_channel(track));
  }
  out->mDuration = static_cast<double>(std::max<std::size_t>(longest, std::size_t(std::max(animation.frame_count, 0))));
  out->mChannels = release_to_array(channels, out->mNumChannels);
  add_metadata(scene.mMetaData, metadata_key(name, "version"), static_cast<int>(animation.version));
  add_metadata(scene.mMetaData, metadata_key(name, "frame_rate"), static_cast<double>(animation.frame_rate));
  add_metadata(scene.mMetaData, metadata_key(name, "frames"), static_cast<int>(animation.frame_count));
  if (animation.name) add_metadata(scene.mMetaData, metadata_key(name, "name"), aiString(*animation.name));
  if (!unbound.empty()) add_metadata(scene.mMetaData, metadata_key(name, "unbound_tracks"), aiString(unbound));
  append_animation(scene, std::move(out));
}

// ---- sampling -------------------------------------------------------------------------------------------------

// The key index at or before `time` and the blend factor towards the next key.
template <class Key>
std::pair<unsigned int, float> locate(const Key* keys, unsigned int count, double time) {
  if (count == 0 || time <= keys[0].mTime) return {0, 0.0f};
  if (time >= keys[count - 1].mTime) return {count - 1, 0.0f};
  const auto* next = std::upper_bound(keys, keys + count, time, [](double t, const Key& k) { return t < k.mTime; });
  const auto i = static_cast<unsigned int>(next - keys - 1);
  const double span = keys[i + 1].mTime - keys[i].mTime;
  return {i, span > 0 ? static_cast<float>((time - keys[i].mTime) / span) : 0.0f};
}

aiVector3D sample(const aiVectorKey* keys, unsigned int count, double time, const aiVector3D& fallback) {
  if (count == 0) return fallback;
  const auto [i, f] = locate(keys, count, time);
  if (f == 0.0f) return keys[i].mValue;
  return keys[i].mValue + (keys[i + 1].mValue - keys[i].mValue) * f;
}

// Normalised lerp taking the short way, as the engine blends its keys.
aiQuaternion sample(const aiQuatKey* keys, unsigned int count, double time, const aiQuaternion& fallback) {
  if (count == 0) return fallback;
  const auto [i, f] = locate(keys, count, time);
  aiQuaternion a = keys[i].mValue;
  if (f != 0.0f) {
    aiQuaternion b = keys[i + 1].mValue;
    if (a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w < 0) b = aiQuaternion(-b.w, -b.x, -b.y, -b.z);
    a = aiQuaternion(a.w + (b.w - a.w) * f, a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f, a.z + (b.z - a.z) * f);
  }
  const float length = std::sqrt(a.w * a.w + a.x * a.x + a.y * a.y + a.z * a.z);
  return length > 0 && std::isfinite(length) ? aiQuaternion(a.w / length, a.x / length, a.y / length, a.z / length) : aiQuaternion();
}

const aiAnimation& choose_animation(const aiScene& scene, const AnimationExportChoice& choice, std::string_view output_name) {
  const std::string file(output_name);
  std::string names;
  for (unsigned int a = 0; a < scene.mNumAnimations; ++a) names += std::string(names.empty() ? "" : ", ") + scene.mAnimations[a]->mName.C_Str();
  if (scene.mNumAnimations == 0) throw FormatError(file, std::nullopt, "animations", "the scene has no animation");
  const std::string stem = std::filesystem::path(file).stem().string();
  const std::string wanted = choice.animation.empty() ? stem : choice.animation;
  for (unsigned int a = 0; a < scene.mNumAnimations; ++a)
    if (wanted == scene.mAnimations[a]->mName.C_Str()) return *scene.mAnimations[a];
  if (choice.animation.empty() && scene.mNumAnimations == 1) return *scene.mAnimations[0];
  throw FormatError(file, std::nullopt, "option animation",
                    (choice.animation.empty() ? "the scene has several animations" : "no animation is named '" + choice.animation + "'") +
                        "; choose one of: " + names);
}

}  // namespace

std::unique_ptr<aiScene> animation_to_scene(const Animation& animation, std::string_view name, std::string_view file) {
  auto scene = std::make_unique<aiScene>();
  scene->mRootNode = make_node(name);
  add_metadata(scene->mRootNode->mMetaData, kSyntheticRootKey, true);
  std::vector<aiNode*> children;
  std::set<std::string> names{std::string(name)};
  for (const auto& track : animation.tracks)
    if (names.insert(track.node_name).second) children.push_back(make_node(track.node_name));
  set_children(*scene->mRootNode, children);
  scene->mFlags |= AI_SCENE_FLAGS_INCOMPLETE;
  scene->mMetaData = new aiMetadata();
  add_animation(*scene, animation, name, file, [&](const std::string& track) { return track != name; });
  return scene;
}

void add_animation_to_scene(aiScene& scene, const Animation& animation, std::string_view name, std::string_view file) {
  if (scene.mRootNode == nullptr) throw FormatError(std::string(file), std::nullopt, "", "the scene has no nodes to animate");
  if (scene.mMetaData == nullptr) scene.mMetaData = new aiMetadata();
  add_animation(scene, animation, name, file,
                [&](const std::string& track) { return find_node(*scene.mRootNode, track) != nullptr; });
}

Animation scene_to_animation(const aiScene& scene, const AnimationExportChoice& choice, std::string_view output_name) {
  const std::string file(output_name);
  const aiAnimation& source = choose_animation(scene, choice, output_name);
  const std::string name = source.mName.C_Str();
  const aiMetadata* metadata = scene.mMetaData;
  Animation out;
  out.version = choice.version != 0 ? choice.version
                                    : static_cast<std::int32_t>(find_number(metadata, metadata_key(name, "version")).value_or(1));
  if (out.version != 1 && out.version != 3)
    throw FormatError(file, std::nullopt, "option version", "ANIM version " + std::to_string(out.version) + "; gamefmt writes 1 and 3");
  const auto recorded_rate = find_number(metadata, metadata_key(name, "frame_rate"));
  out.frame_rate = choice.frame_rate.value_or(static_cast<float>(recorded_rate.value_or(30.0)));
  if (!std::isfinite(out.frame_rate) || !(out.frame_rate > 0))
    throw FormatError(file, std::nullopt, "option frame_rate", "frame rate " + std::to_string(out.frame_rate) + " is not a positive number");
  // Version 1 always stores a name (the recorded one, else the animation's); version 3 only when it came with one.
  std::string stored_name;
  const bool has_stored_name = find_metadata_string(metadata, metadata_key(name, "name"), stored_name);
  const auto recorded_version = find_number(metadata, metadata_key(name, "version"));
  if (out.version == 1) out.name = has_stored_name ? stored_name : name;
  if (out.version == 3 && has_stored_name && recorded_version == 3.0) out.name = stored_name;

  const double tps = source.mTicksPerSecond > 0 ? source.mTicksPerSecond : 1.0;
  double last_tick = 0;
  for (unsigned int c = 0; c < source.mNumChannels; ++c) {
    const aiNodeAnim& ch = *source.mChannels[c];
    if (ch.mNumPositionKeys) last_tick = std::max(last_tick, ch.mPositionKeys[ch.mNumPositionKeys - 1].mTime);
    if (ch.mNumRotationKeys) last_tick = std::max(last_tick, ch.mRotationKeys[ch.mNumRotationKeys - 1].mTime);
    if (ch.mNumScalingKeys) last_tick = std::max(last_tick, ch.mScalingKeys[ch.mNumScalingKeys - 1].mTime);
  }
  const double frames_from_duration = std::round(last_tick / tps * out.frame_rate);
  const auto recorded_frames = find_number(metadata, metadata_key(name, "frames"));
  const double frames = recorded_frames && recorded_rate && float(*recorded_rate) == out.frame_rate ? *recorded_frames : frames_from_duration;
  if (!(frames >= 0) || frames > double(kMostFrames))
    throw FormatError(file, std::nullopt, "animations['" + name + "']", "lasts " + std::to_string(frames) + " frames; at most " +
                                                                          std::to_string(kMostFrames) + " are written");
  out.frame_count = static_cast<std::int32_t>(frames);

  for (unsigned int c = 0; c < source.mNumChannels; ++c) {
    const aiNodeAnim& channel = *source.mChannels[c];
    shinobi::AnimationTrack track;
    track.node_name = channel.mNodeName.C_Str();
    aiVector3D rest_scale(1, 1, 1), rest_position(0, 0, 0);
    aiQuaternion rest_rotation;
    if (scene.mRootNode != nullptr)
      if (const aiNode* node = find_node(*scene.mRootNode, track.node_name))
        node->mTransformation.Decompose(rest_scale, rest_rotation, rest_position);
    track.keys.resize(std::size_t(out.frame_count));
    for (std::size_t f = 0; f < track.keys.size(); ++f) {
      const double tick = double(f) / out.frame_rate * tps;
      auto& key = track.keys[f];
      key.position = space::to_engine(sample(channel.mPositionKeys, channel.mNumPositionKeys, tick, rest_position));
      key.rotation = space::rotation_to_engine(sample(channel.mRotationKeys, channel.mNumRotationKeys, tick, rest_rotation));
      const aiVector3D s = sample(channel.mScalingKeys, channel.mNumScalingKeys, tick, rest_scale);
      key.scale = {s.x, s.y, s.z};
    }
    out.tracks.push_back(std::move(track));
  }
  return out;
}

}  // namespace gamefmt::assimp
