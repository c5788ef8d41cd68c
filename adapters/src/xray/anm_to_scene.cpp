#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>

#include "gamefmt/core/field_path.hpp"
#include "gamefmt/core/text_encoding.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "xray/anm_scene.hpp"
#include "xray/level_mesh_scene.hpp"

namespace gamefmt::xray {
namespace {

std::vector<float> sample_times(const ObjectMotion& motion, double rate, std::uint64_t max_samples,
                                std::string_view file) {
  const float fps = motion.fps;
  std::vector<float> times;
  if (!(fps > 0) || !std::isfinite(fps) || motion.frame_end < motion.frame_start) {
    times.push_back(0.0f);
    return times;
  }
  const double start = double(motion.frame_start) / fps, end = double(motion.frame_end) / fps;
  const double count = std::floor((end - start) * rate + 1e-9) + 1;
  if (!std::isfinite(count) || count > double(max_samples))
    FieldPath(file).fail("frame_end",
                         "frames " + std::to_string(motion.frame_start) + ".." +
                             std::to_string(motion.frame_end) + " at " + std::to_string(rate) +
                             " samples per second are more than " + std::to_string(max_samples) + " samples",
                         ErrorKind::limit);
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

std::string behaviours_text(const ObjectMotion& motion) {
  std::string text;
  for (std::size_t c = 0; c < 6; ++c) {
    const auto& e = motion.channel(AnmChannel(c));
    text += (c ? " " : "") + std::to_string(e.behaviour_pre) + "," + std::to_string(e.behaviour_post);
  }
  return text;
}

glm::mat4 pose_transform(const AnmPose& pose) {
  glm::mat4 m(scene::rotation_matrix(anm_pose_rotation(pose)));
  m[3] = glm::vec4(anm_pose_translation(pose), 1.0f);
  return m;
}

// Degenerate keys (equal times next to a TCB or linear behaviour) can divide by zero: such values become 0.
AnmPose finite_pose(AnmPose pose) {
  for (auto* values : {&pose.position, &pose.rotation})
    for (auto& v : *values)
      if (!std::isfinite(v)) v = 0.0f;
  return pose;
}

}  // namespace

glm::quat anm_pose_rotation(const AnmPose& pose) {
  const AnmPose finite = finite_pose(pose);
  // euler_rotation takes (rx, ry, rz) = (P, H, B): Ry(H)·Rx(P)·Rz(B) in X-Ray axes.
  return xray_space::euler_rotation(finite.rotation[1], finite.rotation[0], finite.rotation[2]);
}

glm::vec3 anm_pose_translation(const AnmPose& pose) {
  const AnmPose finite = finite_pose(pose);
  return xray_space::vector(glm::vec3(finite.position[0], finite.position[1], finite.position[2]));
}

scene::Scene anm_to_scene(const ObjectMotion& motion, std::string_view file, const AnmSampling& sampling) {
  const std::string name =
      motion.name.empty() ? std::filesystem::path(file).stem().string() : cp1251_to_utf8(motion.name);
  const double rate = sampling.fps > 0 ? sampling.fps : motion.fps;
  const auto times =
      sample_times(motion, rate > 0 && std::isfinite(rate) ? rate : 30.0, sampling.max_samples, file);
  // Key times are kept as frames / fps: what earlier versions, which counted in frames, gave.
  const double frames_per_second = motion.fps > 0 && std::isfinite(motion.fps) ? motion.fps : 30.0;
  auto seconds_of = [&](float time) { return double(time) * frames_per_second / frames_per_second; };

  scene::Scene scene = make_level_root(name + "_root", ".anm");
  const scene::NodeIndex node = scene.add_node(name, kLevelRoot);
  scene::Node& path_node = scene.nodes[node];
  path_node.transform = pose_transform(evaluate_anm(motion, times.front()));
  path_node.extras["xray.anm.name"] = cp1251_to_utf8(motion.name);
  path_node.extras["xray.anm.version"] = std::int32_t(motion.version);
  path_node.extras["xray.anm.fps"] = double(motion.fps);
  path_node.extras["xray.anm.frame_start"] = std::int32_t(motion.frame_start);
  path_node.extras["xray.anm.frame_end"] = std::int32_t(motion.frame_end);
  path_node.extras["xray.anm.behaviours"] = behaviours_text(motion);

  scene::NodeAnimation channel;
  channel.node = node;
  channel.translation.reserve(times.size());
  channel.rotation.reserve(times.size());
  glm::quat previous(1, 0, 0, 0);
  for (std::size_t i = 0; i < times.size(); ++i) {
    const auto pose = evaluate_anm(motion, times[i]);
    const double seconds = seconds_of(times[i]);
    glm::quat q = anm_pose_rotation(pose);
    if (i > 0 && q.x * previous.x + q.y * previous.y + q.z * previous.z + q.w * previous.w < 0)
      q = glm::quat(-q.w, -q.x, -q.y, -q.z);
    previous = q;
    channel.translation.push_back({seconds, anm_pose_translation(pose)});
    channel.rotation.push_back({seconds, q});
  }
  scene::Animation& animation = scene.animations.emplace_back();
  animation.name = name;
  animation.duration = std::max(0.0, double(times.back()) * frames_per_second) / frames_per_second;
  animation.channels.push_back(std::move(channel));
  keep_one_material(scene, "anm");
  return scene;
}

}  // namespace gamefmt::xray
