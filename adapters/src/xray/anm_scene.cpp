#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <sstream>
#include <string>

#include "core/ai_channel_sampling.hpp"
#include "ai_scene_building.hpp"
#include "xray/anm_scene.hpp"
#include "xray/xray_axes.hpp"
#include "xray/level_mesh_scene.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/text_encoding.hpp"

namespace gamefmt::assimp {
namespace {

constexpr std::size_t kMaxSamples = 1'000'000;

// Degenerate keys (equal times next to a TCB or linear behaviour) can divide by zero: such values become 0.
xray::AnmPose finite_pose(xray::AnmPose pose) {
  for (auto* values : {&pose.position, &pose.rotation})
    for (auto& v : *values)
      if (!std::isfinite(v)) v = 0.0f;
  return pose;
}

aiQuaternion pose_rotation(const xray::AnmPose& pose) {
  // euler_rotation takes (rx, ry, rz) = (P, H, B): Ry(H)·Rx(P)·Rz(B) in X-Ray axes.
  return xray_axes::euler_rotation(pose.rotation[1], pose.rotation[0], pose.rotation[2]);
}

std::vector<float> sample_times(const xray::ObjectMotion& motion, double rate, std::string_view file) {
  const float fps = motion.fps;
  std::vector<float> times;
  if (!(fps > 0) || !std::isfinite(fps) || motion.frame_end < motion.frame_start) {
    times.push_back(0.0f);
    return times;
  }
  const double start = double(motion.frame_start) / fps, end = double(motion.frame_end) / fps;
  const double count = std::floor((end - start) * rate + 1e-9) + 1;
  if (!std::isfinite(count) || count > double(kMaxSamples))
    throw FormatError(std::string(file), std::nullopt, "frame_end",
                      "frames " + std::to_string(motion.frame_start) + ".." +
                          std::to_string(motion.frame_end) + " at " + std::to_string(rate) +
                          " samples per second are too many samples");
  for (std::size_t k = 0; k < std::size_t(count); ++k)
    times.push_back(rate == fps ? float(motion.frame_start + std::int64_t(k)) / fps
                                : float(start + double(k) / rate));
  const float first = times.front(), last = float(end);
  if (times.back() < last) times.push_back(last);
  for (const auto& envelope : motion.stored)
    for (const auto& key : envelope.keys)
      if (key.time >= first && key.time <= last) times.push_back(key.time);
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  return times;
}

std::string behaviours_text(const xray::ObjectMotion& motion) {
  std::string text;
  for (std::size_t c = 0; c < 6; ++c) {
    const auto& e = motion.channel(xray::AnmChannel(c));
    text += (c ? " " : "") + std::to_string(e.behaviour_pre) + "," + std::to_string(e.behaviour_post);
  }
  return text;
}

void parse_behaviours(const std::string& text, xray::ObjectMotion& motion) {
  std::istringstream in(text);
  for (std::size_t c = 0; c < 6; ++c) {
    std::string item;
    if (!(in >> item)) return;
    int pre = 1, post = 1;
    if (std::sscanf(item.c_str(), "%d,%d", &pre, &post) != 2 || pre < 0 || pre > 5 || post < 0 || post > 5)
      continue;
    motion.channel(xray::AnmChannel(c)).behaviour_pre = pre;
    motion.channel(xray::AnmChannel(c)).behaviour_post = post;
  }
}

// The node the first animation moves, and its channel.
const aiNodeAnim* animated_channel(const aiScene& scene) {
  for (unsigned a = 0; a < scene.mNumAnimations; ++a)
    for (unsigned c = 0; c < scene.mAnimations[a]->mNumChannels; ++c) {
      const aiNodeAnim* channel = scene.mAnimations[a]->mChannels[c];
      if (channel->mNumPositionKeys > 0 || channel->mNumRotationKeys > 0) return channel;
    }
  return nullptr;
}

const aiAnimation* animation_of(const aiScene& scene, const aiNodeAnim* channel) {
  for (unsigned a = 0; a < scene.mNumAnimations; ++a)
    for (unsigned c = 0; c < scene.mAnimations[a]->mNumChannels; ++c)
      if (scene.mAnimations[a]->mChannels[c] == channel) return scene.mAnimations[a];
  return nullptr;
}

// The angle equal to `angle` modulo 2π that is nearest to `previous`.
float unwrap(float angle, float previous) {
  constexpr double two_pi = 2 * std::numbers::pi;
  return float(angle - two_pi * std::round((double(angle) - previous) / two_pi));
}

}  // namespace

std::unique_ptr<aiScene> anm_to_scene(const xray::ObjectMotion& motion, std::string_view file_stem,
                                      double sample_fps) {
  const std::string name = motion.name.empty() ? std::string(file_stem) : cp1251_to_utf8(motion.name);
  const double rate = sample_fps > 0 ? sample_fps : motion.fps;
  const auto times = sample_times(motion, rate > 0 && std::isfinite(rate) ? rate : 30.0, file_stem);
  const double ticks_per_second = motion.fps > 0 && std::isfinite(motion.fps) ? motion.fps : 30.0;

  auto channel = std::make_unique<aiNodeAnim>();
  channel->mNodeName = aiString(name);
  channel->mNumPositionKeys = channel->mNumRotationKeys = unsigned(times.size());
  channel->mPositionKeys = new aiVectorKey[times.size()];
  channel->mRotationKeys = new aiQuatKey[times.size()];
  aiQuaternion previous;
  for (std::size_t i = 0; i < times.size(); ++i) {
    const auto pose = finite_pose(xray::evaluate_anm(motion, times[i]));
    const double ticks = double(times[i]) * ticks_per_second;
    aiQuaternion q = pose_rotation(pose);
    if (i > 0 && q.x * previous.x + q.y * previous.y + q.z * previous.z + q.w * previous.w < 0)
      q = aiQuaternion(-q.w, -q.x, -q.y, -q.z);
    previous = q;
    channel->mPositionKeys[i] =
        aiVectorKey(ticks, xray_axes::vector(pose.position[0], pose.position[1], pose.position[2]));
    channel->mRotationKeys[i] = aiQuatKey(ticks, q);
  }
  auto animation = std::make_unique<aiAnimation>();
  animation->mName = aiString(name);
  animation->mTicksPerSecond = ticks_per_second;
  animation->mDuration = std::max(0.0, double(times.back()) * ticks_per_second);
  std::vector<std::unique_ptr<aiNodeAnim>> channels;
  channels.push_back(std::move(channel));
  animation->mChannels = release_to_array(channels, animation->mNumChannels);

  auto scene = std::make_unique<aiScene>();
  aiNode* root = make_node(name + "_root");
  add_metadata(root->mMetaData, "xray.format", aiString(std::string(".anm")));
  aiNode* node = make_node(name);
  const auto first = finite_pose(xray::evaluate_anm(motion, times.front()));
  node->mTransformation =
      aiMatrix4x4(aiVector3D(1, 1, 1), pose_rotation(first),
                  xray_axes::vector(first.position[0], first.position[1], first.position[2]));
  add_metadata(node->mMetaData, "xray.anm.name", aiString(cp1251_to_utf8(motion.name)));
  add_metadata(node->mMetaData, "xray.anm.version", int(motion.version));
  add_metadata(node->mMetaData, "xray.anm.fps", double(motion.fps));
  add_metadata(node->mMetaData, "xray.anm.frame_start", int(motion.frame_start));
  add_metadata(node->mMetaData, "xray.anm.frame_end", int(motion.frame_end));
  add_metadata(node->mMetaData, "xray.anm.behaviours", aiString(behaviours_text(motion)));
  set_children(*root, {node});
  scene->mRootNode = root;
  std::vector<std::unique_ptr<aiAnimation>> animations;
  animations.push_back(std::move(animation));
  scene->mAnimations = release_to_array(animations, scene->mNumAnimations);
  std::vector<std::unique_ptr<aiMaterial>> materials;
  materials.push_back(make_material("anm", aiColor4D(0.8f, 0.8f, 0.8f, 1)));
  scene->mMaterials = release_to_array(materials, scene->mNumMaterials);
  scene->mFlags |= AI_SCENE_FLAGS_INCOMPLETE;
  return scene;
}

xray::AnmFile scene_to_anm(const aiScene& scene, std::string_view output_name) {
  const aiNodeAnim* channel = animated_channel(scene);
  if (channel == nullptr)
    throw FormatError(std::string(output_name), std::nullopt, "animations",
                      "the scene has no animated node to write as a path");
  const aiAnimation& animation = *animation_of(scene, channel);
  const double ticks_per_second = animation.mTicksPerSecond > 0 ? animation.mTicksPerSecond : 25.0;
  const aiNode* node = scene.mRootNode->FindNode(channel->mNodeName);
  const aiMetadata* metadata = node != nullptr ? node->mMetaData : nullptr;

  xray::AnmFile anm;
  auto& m = anm.motion;
  double value = 0;
  m.version = find_metadata_number(metadata, "xray.anm.version", value) && value >= 3 && value <= 5
                  ? std::uint16_t(value)
                  : 5;
  m.fps = find_metadata_number(metadata, "xray.anm.fps", value) && value > 0 && value < 1e6 ? float(value)
                                                                                            : 30.0f;
  for (auto& envelope : m.stored) envelope.legacy_layout = m.version == 3;
  std::string text;
  if (find_metadata_string(metadata, "xray.anm.name", text)) {
    auto cp = utf8_to_cp1251(text);
    if (!cp)
      throw FormatError(std::string(output_name), std::nullopt, "xray.anm.name",
                        "'" + text + "' has characters Windows-1251 cannot hold");
    m.name = *cp;
  }

  std::vector<double> ticks;
  for (unsigned k = 0; k < channel->mNumPositionKeys; ++k) ticks.push_back(channel->mPositionKeys[k].mTime);
  for (unsigned k = 0; k < channel->mNumRotationKeys; ++k) ticks.push_back(channel->mRotationKeys[k].mTime);
  std::sort(ticks.begin(), ticks.end());
  ticks.erase(std::unique(ticks.begin(), ticks.end()), ticks.end());
  if (ticks.size() > 0xFFFF)
    throw FormatError(std::string(output_name), std::nullopt, "animations",
                      std::to_string(ticks.size()) + " keys; a path holds at most 65535");

  aiVector3D rest_position, scaling;
  aiQuaternion rest_rotation;
  if (node != nullptr) node->mTransformation.Decompose(scaling, rest_rotation, rest_position);
  std::array<float, 3> previous{};
  for (std::size_t i = 0; i < ticks.size(); ++i) {
    const float time = float(ticks[i] / ticks_per_second);
    const aiVector3D p = xray_axes::vector(sample_position(*channel, ticks[i], rest_position));
    const auto euler =
        xray_axes::euler_rotation_from_scene(sample_rotation(*channel, ticks[i], rest_rotation));
    std::array<float, 3> hpb = {euler[1], euler[0], euler[2]};
    if (i > 0)
      for (int c = 0; c < 3; ++c) hpb[c] = unwrap(hpb[c], previous[c]);
    previous = hpb;
    const std::array<float, 6> values = {p.x, p.y, p.z, hpb[0], hpb[1], hpb[2]};
    for (std::size_t c = 0; c < 6; ++c) {
      xray::EnvelopeKey key;
      key.value = values[c];
      key.time = time;
      key.shape = static_cast<std::uint32_t>(xray::EnvelopeShape::linear);  // parameters unused by LINE keys
      m.channel(xray::AnmChannel(c)).keys.push_back(key);
    }
  }
  const float first = ticks.empty() ? 0.0f : float(ticks.front() / ticks_per_second);
  const float last = ticks.empty() ? 0.0f : float(ticks.back() / ticks_per_second);
  auto frame = [&](const char* key, float seconds) {
    const double from_keys = std::clamp(std::round(double(seconds) * m.fps), -2147483648.0, 2147483647.0);
    const bool given =
        find_metadata_number(metadata, key, value) && value >= -2147483648.0 && value <= 2147483647.0;
    return std::int32_t(given ? value : from_keys);
  };
  m.frame_start = frame("xray.anm.frame_start", first);
  m.frame_end = frame("xray.anm.frame_end", last);
  if (find_metadata_string(metadata, "xray.anm.behaviours", text)) parse_behaviours(text, m);
  return anm;
}

}  // namespace gamefmt::assimp
