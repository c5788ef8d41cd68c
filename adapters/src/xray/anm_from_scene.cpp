#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <sstream>
#include <string>

#include "gamefmt/core/field_path.hpp"
#include "gamefmt/core/text_encoding.hpp"
#include "gamefmt/scene/channel_sampling.hpp"
#include "gamefmt/scene/extras.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "xray/anm_scene.hpp"
#include "xray/level_mesh_scene.hpp"

namespace gamefmt::xray {
namespace {

constexpr std::size_t kMaxKeys = 0xFFFF;  // key counts are u16

void parse_behaviours(const std::string& text, ObjectMotion& motion) {
  std::istringstream in(text);
  for (std::size_t c = 0; c < 6; ++c) {
    std::string item;
    if (!(in >> item)) return;
    int pre = 1, post = 1;
    if (std::sscanf(item.c_str(), "%d,%d", &pre, &post) != 2 || pre < 0 || pre > 5 || post < 0 || post > 5)
      continue;
    motion.channel(AnmChannel(c)).behaviour_pre = pre;
    motion.channel(AnmChannel(c)).behaviour_post = post;
  }
}

// The first channel (of the first animation that has one) that moves or turns its node.
const scene::NodeAnimation* animated_channel(const scene::Scene& scene) {
  for (const auto& animation : scene.animations)
    for (const auto& channel : animation.channels)
      if (!channel.translation.empty() || !channel.rotation.empty()) return &channel;
  return nullptr;
}

// The angle equal to `angle` modulo 2π that is nearest to `previous`.
float unwrap(float angle, float previous) {
  constexpr double two_pi = 2 * std::numbers::pi;
  return float(angle - two_pi * std::round((double(angle) - previous) / two_pi));
}

}  // namespace

AnmFile anm_from_scene(const scene::Scene& scene, std::string_view output_name) {
  const FieldPath path(output_name);
  const scene::NodeAnimation* channel = animated_channel(scene);
  if (channel == nullptr)
    path.fail("animations", "the scene has no animated node to write as a path", ErrorKind::cannot_write);
  const scene::Node* node = channel->node < scene.nodes.size() ? &scene.nodes[channel->node] : nullptr;
  const scene::Extras no_extras;
  const scene::Extras& extras = node != nullptr ? node->extras : no_extras;

  AnmFile anm;
  auto& m = anm.motion;
  const auto version = extras_number(extras, "xray.anm.version");
  m.version = version && *version >= 3 && *version <= 5 ? std::uint16_t(*version) : 5;
  const auto fps = extras_number(extras, "xray.anm.fps");
  m.fps = fps && *fps > 0 && *fps < 1e6 ? float(*fps) : 30.0f;
  for (auto& envelope : m.stored) envelope.legacy_layout = m.version == 3;
  if (const auto name = scene::get<std::string>(extras, "xray.anm.name")) {
    auto cp = utf8_to_cp1251(*name);
    if (!cp)
      path.fail("xray.anm.name", "'" + *name + "' has characters Windows-1251 cannot hold",
                ErrorKind::cannot_write);
    m.name = *cp;
  }

  std::vector<double> times;
  for (const auto& key : channel->translation) times.push_back(key.time);
  for (const auto& key : channel->rotation) times.push_back(key.time);
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  if (times.size() > kMaxKeys)
    path.fail("animations", std::to_string(times.size()) + " keys; a path holds at most 65535",
              ErrorKind::limit);

  const scene::Trs rest = node != nullptr ? scene::decompose(scene::matrix_of(*node)) : scene::Trs{};
  std::array<float, 3> previous{};
  for (std::size_t i = 0; i < times.size(); ++i) {
    const glm::vec3 p = xray_space::vector(scene::sample_translation(*channel, times[i], rest.translation));
    const auto euler =
        xray_space::euler_rotation_from_scene(scene::sample_rotation(*channel, times[i], rest.rotation));
    std::array<float, 3> hpb = {euler[1], euler[0], euler[2]};
    if (i > 0)
      for (int c = 0; c < 3; ++c) hpb[c] = unwrap(hpb[c], previous[c]);
    previous = hpb;
    const std::array<float, 6> values = {p.x, p.y, p.z, hpb[0], hpb[1], hpb[2]};
    for (std::size_t c = 0; c < 6; ++c) {
      EnvelopeKey key;
      key.value = values[c];
      key.time = float(times[i]);
      key.shape = static_cast<std::uint32_t>(EnvelopeShape::linear);  // parameters unused by LINE keys
      m.channel(AnmChannel(c)).keys.push_back(key);
    }
  }
  const float first = times.empty() ? 0.0f : float(times.front());
  const float last = times.empty() ? 0.0f : float(times.back());
  auto frame = [&](const char* key, float seconds) {
    const double from_keys = std::clamp(std::round(double(seconds) * m.fps), -2147483648.0, 2147483647.0);
    const auto given = extras_number(extras, key);
    return std::int32_t(given && *given >= -2147483648.0 && *given <= 2147483647.0 ? *given : from_keys);
  };
  m.frame_start = frame("xray.anm.frame_start", first);
  m.frame_end = frame("xray.anm.frame_end", last);
  if (const auto behaviours = scene::get<std::string>(extras, "xray.anm.behaviours"))
    parse_behaviours(*behaviours, m);
  return node != nullptr ? with_kept_anm_file(*node, *channel, std::move(anm), output_name) : anm;
}

}  // namespace gamefmt::xray
