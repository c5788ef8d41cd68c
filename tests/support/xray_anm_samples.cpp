#include "xray_anm_samples.hpp"

namespace gamefmt::test {
namespace {

using xray::EnvelopeShape;

xray::EnvelopeKey key(float time, float value, EnvelopeShape shape, std::array<float, 7> parameters,
                      bool quantize) {
  xray::EnvelopeKey k;
  k.time = time;
  k.value = value;
  k.shape = static_cast<std::uint32_t>(shape);
  if (quantize) {
    for (std::size_t i = 0; i < 7; ++i) k.quantized[i] = xray::quantize_envelope_param(parameters[i]);
  } else {
    k.floats = parameters;
  }
  return k;
}

}  // namespace

xray::AnmFile xray_sample_anm(std::uint16_t version) {
  xray::AnmFile anm;
  auto& m = anm.motion;
  m.name = "cam_path";
  m.frame_start = 0;
  m.frame_end = 30;
  m.fps = 30;
  m.version = version;
  const bool q = version >= 4;
  const std::array<EnvelopeShape, 6> shapes = {EnvelopeShape::tcb,      EnvelopeShape::hermite,
                                               EnvelopeShape::bezier2d, EnvelopeShape::linear,
                                               EnvelopeShape::bezier1d, EnvelopeShape::tcb};
  for (std::size_t c = 0; c < 6; ++c) {
    auto& e = m.channel(xray::AnmChannel(c));
    e.legacy_layout = !q;
    const float scale = c < 3 ? 1.0f : 0.5f;
    e.keys.push_back(key(0.0f, 0.0f, EnvelopeShape::step, {}, q));
    e.keys.push_back(
        key(1.0f / 3, scale * float(c + 1), shapes[c], {0.25f, -0.5f, 0.125f, 0.5f, 1.5f, 0.1f, 0.2f}, q));
    e.keys.push_back(key(2.0f / 3, -scale, shapes[c], {-0.25f, 0.5f, 0, 1.0f, -1.0f, 0.1f, -0.3f}, q));
    e.keys.push_back(key(1.0f, scale * 0.5f, EnvelopeShape::linear, {}, q));
  }
  m.channel(xray::kAnmX).behaviour_post = static_cast<std::int32_t>(xray::EnvelopeBehaviour::linear);
  m.channel(xray::kAnmY).behaviour_pre = static_cast<std::int32_t>(xray::EnvelopeBehaviour::repeat);
  return anm;
}

std::vector<SweepInput> xray_anm_samples() {
  return {{"path_v5.anm", xray::write_anm(xray_sample_anm(5), "path_v5.anm")},
          {"path_v3.anm", xray::write_anm(xray_sample_anm(3), "path_v3.anm")}};
}

}  // namespace gamefmt::test
