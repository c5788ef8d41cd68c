#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/xray/shared_records.hpp"

namespace gamefmt::xray {
namespace {

constexpr float kParamLow = -32.0f, kParamHigh = 32.0f;
constexpr std::size_t kTension = 0, kContinuity = 1, kBias = 2, kParam0 = 3;

EnvelopeShape shape_of(const EnvelopeKey& key) {
  return static_cast<EnvelopeShape>(key.shape & 0xFF);
}

// The engine's range(): wraps v into [lo, hi] and counts the cycles. Note `floor(v / r)`, not `(v - lo) / r`.
float wrap(float v, float lo, float hi, int* cycles) {
  const float r = hi - lo;
  if (r == 0.0f) {
    if (cycles) *cycles = 0;
    return lo;
  }
  const float v2 = lo + v - r * std::floor(v / r);
  if (cycles) {
    const float n = -((v2 - v) / r + (v2 > v ? 0.5f : -0.5f));
    *cycles =
        std::isfinite(n) && std::fabs(n) < 1e9f ? static_cast<int>(n) : 0;  // garbage times: no wraps, no UB
  }
  return v2;
}

struct Curve {
  const Envelope& envelope;
  float param(const EnvelopeKey& key, std::size_t i) const { return envelope_param(envelope, key, i); }

  float outgoing(const EnvelopeKey* k0p, const EnvelopeKey& k0, const EnvelopeKey& k1) const {
    const float d = k1.value - k0.value;
    const float scale = k0p ? (k1.time - k0.time) / (k1.time - k0p->time) : 1.0f;
    switch (shape_of(k0)) {
      case EnvelopeShape::tcb: {
        const float t = param(k0, kTension), c = param(k0, kContinuity), b = param(k0, kBias);
        const float a_weight = (1 - t) * (1 + c) * (1 + b), b_weight = (1 - t) * (1 - c) * (1 - b);
        return k0p ? scale * (a_weight * (k0.value - k0p->value) + b_weight * d) : b_weight * d;
      }
      case EnvelopeShape::linear:
        return k0p ? scale * (k0.value - k0p->value + d) : d;
      case EnvelopeShape::hermite:
      case EnvelopeShape::bezier1d:
        return param(k0, kParam0 + 1) * scale;
      case EnvelopeShape::bezier2d: {
        const float p2 = param(k0, kParam0 + 2);
        const float factor = std::abs(p2) > 1e-5f ? (k1.time - k0.time) / p2 : (k1.time - k0.time) * 1e5f;
        return param(k0, kParam0 + 3) * factor;
      }
      default:
        return 0.0f;
    }
  }

  float incoming(const EnvelopeKey& k0, const EnvelopeKey& k1, const EnvelopeKey* k1n) const {
    const float d = k1.value - k0.value;
    const float scale = k1n ? (k1.time - k0.time) / (k1n->time - k0.time) : 1.0f;
    switch (shape_of(k1)) {
      case EnvelopeShape::tcb: {
        const float t = param(k1, kTension), c = param(k1, kContinuity), b = param(k1, kBias);
        const float a_weight = (1 - t) * (1 - c) * (1 + b), b_weight = (1 - t) * (1 + c) * (1 - b);
        return k1n ? scale * (b_weight * (k1n->value - k1.value) + a_weight * d) : a_weight * d;
      }
      case EnvelopeShape::linear:
        return k1n ? scale * (k1n->value - k1.value + d) : d;
      case EnvelopeShape::hermite:
      case EnvelopeShape::bezier1d:
        return param(k1, kParam0) * scale;
      case EnvelopeShape::bezier2d: {
        const float p0 = param(k1, kParam0);
        const float factor = std::abs(p0) > 1e-5f ? (k1.time - k0.time) / p0 : (k1.time - k0.time) * 1e5f;
        return param(k1, kParam0 + 1) * factor;
      }
      default:
        return 0.0f;
    }
  }

  static float bezier(float x0, float x1, float x2, float x3, float s) {
    const float c = 3 * (x1 - x0), b = 3 * (x2 - x1) - c, a = x3 - x0 - c - b;
    return ((a * s + b) * s + c) * s + x0;
  }

  float bezier2d(const EnvelopeKey& k0, const EnvelopeKey& k1, float time) const {
    const bool start_bez2 = shape_of(k0) == EnvelopeShape::bezier2d;
    const float x1 = start_bez2 ? k0.time + param(k0, kParam0 + 2) : k0.time + (k1.time - k0.time) / 3.0f;
    const float x2 = k1.time + param(k1, kParam0);
    float lo = 0, hi = 1, s = 0.5f;
    for (int i = 0; i < 64; ++i) {  // bisection to the engine's tolerance
      s = 0.5f * (lo + hi);
      const float x = bezier(k0.time, x1, x2, k1.time, s);
      if (std::abs(x - time) <= 1e-4f) break;
      (x < time ? lo : hi) = s;
    }
    const float y1 =
        start_bez2 ? k0.value + param(k0, kParam0 + 3) : k0.value + param(k0, kParam0 + 1) / 3.0f;
    return bezier(k0.value, y1, k1.value + param(k1, kParam0 + 1), k1.value, s);
  }
};

}  // namespace

std::uint16_t quantize_envelope_param(float value) {
  const float clamped = std::clamp(value, kParamLow, kParamHigh);
  return static_cast<std::uint16_t>(
      std::floor((clamped - kParamLow) / (kParamHigh - kParamLow) * 65535.0f + 0.5f));
}

float dequantize_envelope_param(std::uint16_t value) {
  return static_cast<float>(value) * (kParamHigh - kParamLow) / 65535.0f + kParamLow;
}

float envelope_param(const Envelope& envelope, const EnvelopeKey& key, std::size_t i) {
  return envelope.legacy_layout ? key.floats[i] : dequantize_envelope_param(key.quantized[i]);
}

Envelope read_envelope(ByteReader& r, bool legacy_layout) {
  Envelope envelope;
  envelope.legacy_layout = legacy_layout;
  if (legacy_layout) {
    envelope.behaviour_pre = r.i32("behaviour_pre");
    envelope.behaviour_post = r.i32("behaviour_post");
    envelope.keys.resize(r.count(r.u32("key_count"), 40, "key_count"));
  } else {
    envelope.behaviour_pre = r.u8("behaviour_pre");
    envelope.behaviour_post = r.u8("behaviour_post");
    envelope.keys.resize(r.count(r.u16("key_count"), 9, "key_count"));
  }
  for (std::size_t k = 0; k < envelope.keys.size(); ++k) {
    auto scope = r.enter("keys", k);
    auto& key = envelope.keys[k];
    key.value = r.f32("value");
    key.time = r.f32("time");
    if (legacy_layout) {
      key.shape = r.u32("shape");
      r.read_array(key.floats, "params");
    } else {
      key.shape = r.u8("shape");
      if (key.shape != static_cast<std::uint8_t>(EnvelopeShape::step)) r.read_array(key.quantized, "params");
    }
  }
  return envelope;
}

void write_envelope(ByteWriter& w, const Envelope& envelope, std::string_view file) {
  if (!envelope.legacy_layout) {
    if (envelope.keys.size() > 0xFFFF)
      throw FormatError(std::string(file), std::nullopt, "envelope.key_count",
                        std::to_string(envelope.keys.size()) + " keys; this layout holds at most 65535");
    for (const auto behaviour : {envelope.behaviour_pre, envelope.behaviour_post})
      if (behaviour < 0 || behaviour > 0xFF)
        throw FormatError(std::string(file), std::nullopt, "envelope.behaviour",
                          "behaviour " + std::to_string(behaviour) + " does not fit this layout's byte");
  }
  if (envelope.legacy_layout) {
    w.i32(envelope.behaviour_pre);
    w.i32(envelope.behaviour_post);
    w.u32(static_cast<std::uint32_t>(envelope.keys.size()));
  } else {
    w.u8(static_cast<std::uint8_t>(envelope.behaviour_pre));
    w.u8(static_cast<std::uint8_t>(envelope.behaviour_post));
    w.u16(static_cast<std::uint16_t>(envelope.keys.size()));
  }
  for (const auto& key : envelope.keys) {
    w.f32(key.value);
    w.f32(key.time);
    if (envelope.legacy_layout) {
      w.u32(key.shape);
      w.write_array(key.floats);
    } else {
      w.u8(static_cast<std::uint8_t>(key.shape));
      if (static_cast<std::uint8_t>(key.shape) != static_cast<std::uint8_t>(EnvelopeShape::step))
        w.write_array(key.quantized);
    }
  }
}

float evaluate_envelope(const Envelope& envelope, float t) {
  const auto& keys = envelope.keys;
  if (keys.empty()) return 0.0f;
  if (keys.size() == 1) return keys[0].value;
  const Curve curve{envelope};
  const EnvelopeKey& first = keys.front();
  const EnvelopeKey& last = keys.back();
  float offset = 0.0f;
  const auto out_of_range = [&](std::int32_t behaviour, bool before) -> std::optional<float> {
    int cycles = 0;
    switch (static_cast<EnvelopeBehaviour>(behaviour)) {
      case EnvelopeBehaviour::reset:
        return 0.0f;
      case EnvelopeBehaviour::repeat:
        t = wrap(t, first.time, last.time, nullptr);
        return std::nullopt;
      case EnvelopeBehaviour::oscillate:
        t = wrap(t, first.time, last.time, &cycles);
        if (cycles % 2 != 0) t = last.time - first.time - t;
        return std::nullopt;
      case EnvelopeBehaviour::offset:
        t = wrap(t, first.time, last.time, &cycles);
        offset = static_cast<float>(cycles) * (last.value - first.value);
        return std::nullopt;
      case EnvelopeBehaviour::linear:
        if (before)
          return first.value +
                 (t - first.time) * curve.outgoing(nullptr, first, keys[1]) / (keys[1].time - first.time);
        {
          const EnvelopeKey& prev = keys[keys.size() - 2];
          return last.value + (t - last.time) * curve.incoming(prev, last, nullptr) / (last.time - prev.time);
        }
      case EnvelopeBehaviour::constant:
      default:
        return before ? first.value : last.value;
    }
  };
  if (t < first.time) {
    if (auto value = out_of_range(envelope.behaviour_pre, true)) return *value;
  } else if (t > last.time) {
    if (auto value = out_of_range(envelope.behaviour_post, false)) return *value;
  }
  // The segment (k, k + 1) with keys[k].time < t <= keys[k + 1].time (the last one past the end), by
  // bisection so baking long envelopes stays linear.
  const auto next = std::lower_bound(keys.begin() + 1, keys.end() - 1, t,
                                     [](const EnvelopeKey& key, float time) { return key.time < time; });
  const std::size_t k = static_cast<std::size_t>(next - keys.begin()) - 1;
  const EnvelopeKey& k0 = keys[k];
  const EnvelopeKey& k1 = keys[k + 1];
  if (t == k0.time) return k0.value + offset;
  if (t == k1.time) return k1.value + offset;
  const EnvelopeKey* k0p = k > 0 ? &keys[k - 1] : nullptr;
  const EnvelopeKey* k1n = k + 2 < keys.size() ? &keys[k + 2] : nullptr;
  const float u = (t - k0.time) / (k1.time - k0.time);
  switch (shape_of(k1)) {
    case EnvelopeShape::tcb:
    case EnvelopeShape::hermite:
    case EnvelopeShape::bezier1d: {
      const float u2 = u * u, u3 = u2 * u;
      const float h2 = 3 * u2 - 2 * u3, h1 = 1 - h2, h4 = u3 - u2, h3 = h4 - u2 + u;
      return h1 * k0.value + h2 * k1.value + h3 * curve.outgoing(k0p, k0, k1) +
             h4 * curve.incoming(k0, k1, k1n) + offset;
    }
    case EnvelopeShape::bezier2d:
      return curve.bezier2d(k0, k1, t) + offset;
    case EnvelopeShape::linear:
      return k0.value + u * (k1.value - k0.value) + offset;
    case EnvelopeShape::step:
      return k0.value + offset;
    default:
      return offset;
  }
}

}  // namespace gamefmt::xray
