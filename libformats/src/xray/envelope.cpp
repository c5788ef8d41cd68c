#include "gamefmt/xray/envelope.hpp"

#include <cmath>
#include <string>

#include "gamefmt/core/format_error.hpp"

namespace gamefmt::xray {
namespace {

constexpr std::size_t kLoad1KeySize = 40, kLoad2MinKeySize = 9;

// The engine's range(): wraps v into the span [lo, hi] and counts the wraps. The engine divides v (not v -
// lo) by the span; kept for fidelity.
float wrap_range(float v, float lo, float hi, int* cycles) {
  const float r = hi - lo;
  if (r == 0.0f) {
    if (cycles != nullptr) *cycles = 0;
    return lo;
  }
  const float v2 = lo + v - r * std::floor(v / r);
  if (cycles != nullptr) {
    const float n = -((v2 - v) / r + (v2 > v ? 0.5f : -0.5f));
    *cycles = std::isfinite(n) && std::fabs(n) < 1e9f ? int(n) : 0;  // garbage times: no wraps, not UB
  }
  return v2;
}

float hermite_tangent_scale(const EnvelopeKey* outer, const EnvelopeKey& a, const EnvelopeKey& b,
                            bool outgoing) {
  if (outer == nullptr) return 1.0f;
  return outgoing ? (b.time - a.time) / (b.time - outer->time) : (b.time - a.time) / (outer->time - a.time);
}

float outgoing(const EnvelopeKey* k0p, const EnvelopeKey& k0, const EnvelopeKey& k1) {
  const auto& p = k0.parameters;
  const float d = k1.value - k0.value;
  switch (k0.shape_kind()) {
    case kShapeTcb: {
      const float a = (1 - p[0]) * (1 + p[1]) * (1 + p[2]);
      const float b = (1 - p[0]) * (1 - p[1]) * (1 - p[2]);
      if (k0p == nullptr) return b * d;
      return (k1.time - k0.time) / (k1.time - k0p->time) * (a * (k0.value - k0p->value) + b * d);
    }
    case kShapeLinear:
      if (k0p == nullptr) return d;
      return (k1.time - k0.time) / (k1.time - k0p->time) * (k0.value - k0p->value + d);
    case kShapeHermite:
    case kShapeBezier1:
      return p[4] * hermite_tangent_scale(k0p, k0, k1, true);
    case kShapeBezier2: {
      const float dt = k1.time - k0.time;
      return std::fabs(p[5]) > 1e-5f ? p[6] * dt / p[5] : p[6] * dt * 1e5f;
    }
    default:
      return 0.0f;
  }
}

float incoming(const EnvelopeKey& k0, const EnvelopeKey& k1, const EnvelopeKey* k1n) {
  const auto& p = k1.parameters;
  const float d = k1.value - k0.value;
  switch (k1.shape_kind()) {
    case kShapeTcb: {
      const float a = (1 - p[0]) * (1 - p[1]) * (1 + p[2]);
      const float b = (1 - p[0]) * (1 + p[1]) * (1 - p[2]);
      if (k1n == nullptr) return a * d;
      return (k1.time - k0.time) / (k1n->time - k0.time) * (b * (k1n->value - k1.value) + a * d);
    }
    case kShapeLinear:
      if (k1n == nullptr) return d;
      return (k1.time - k0.time) / (k1n->time - k0.time) * (k1n->value - k1.value + d);
    case kShapeHermite:
    case kShapeBezier1:
      return p[3] * hermite_tangent_scale(k1n, k0, k1, false);
    case kShapeBezier2: {
      const float dt = k1.time - k0.time;
      return std::fabs(p[3]) > 1e-5f ? p[4] * dt / p[3] : p[4] * dt * 1e5f;
    }
    default:
      return 0.0f;
  }
}

float bezier(float x0, float x1, float x2, float x3, float s) {
  const float c = 3 * (x1 - x0);
  const float b = 3 * (x2 - x1) - c;
  const float a = x3 - x0 - c - b;
  return ((a * s + b) * s + c) * s + x0;
}

// 2-D Bezier segment: solve the time curve for the parameter by bisection, then evaluate the value curve.
float bezier2(const EnvelopeKey& k0, const EnvelopeKey& k1, float time) {
  const bool k0_bezier = k0.shape_kind() == kShapeBezier2;
  const float x1 = k0_bezier ? k0.time + k0.parameters[5] : k0.time + (k1.time - k0.time) / 3.0f;
  const float x2 = k1.time + k1.parameters[3];
  float lo = 0.0f, hi = 1.0f, s = 0.5f;
  for (int i = 0; i < 64; ++i) {  // the engine recurses until |x(s) - t| <= 1e-4
    s = 0.5f * (lo + hi);
    const float x = bezier(k0.time, x1, x2, k1.time, s);
    if (std::fabs(x - time) <= 1e-4f) break;
    if (x < time)
      lo = s;
    else
      hi = s;
  }
  const float y1 = k0_bezier ? k0.value + k0.parameters[6] : k0.value + k0.parameters[4] / 3.0f;
  return bezier(k0.value, y1, k1.value + k1.parameters[4], k1.value, s);
}

}  // namespace

float dequantize_envelope_parameter(std::uint16_t q) {
  return float(q) * 64.0f / 65535.0f - 32.0f;
}

std::uint16_t quantize_envelope_parameter(float v) {
  if (!(v > -32.0f)) v = -32.0f;
  if (v > 32.0f) v = 32.0f;
  return std::uint16_t(std::floor((v + 32.0f) / 64.0f * 65535.0f + 0.5f));
}

Envelope read_envelope(ByteReader& r, EnvelopeLayout layout) {
  Envelope e;
  std::size_t count = 0;
  if (layout == EnvelopeLayout::load1) {
    e.pre = r.i32("behaviour_pre");
    e.post = r.i32("behaviour_post");
    count = r.count(r.u32("key_count"), kLoad1KeySize, "key_count");
  } else {
    e.pre = r.u8("behaviour_pre");
    e.post = r.u8("behaviour_post");
    count = r.count(r.u16("key_count"), kLoad2MinKeySize, "key_count");
  }
  e.keys.resize(count);
  for (std::size_t i = 0; i < count; ++i) {
    auto scope = r.enter("keys", i);
    auto& k = e.keys[i];
    k.value = r.f32("value");
    k.time = r.f32("time");
    if (layout == EnvelopeLayout::load1) {
      k.shape = r.u32("shape");
      r.read_array(k.parameters, "parameters");
    } else {
      k.shape = r.u8("shape");
      if (k.shape != kShapeStep) r.read_array(k.quantized, "parameters");
      for (std::size_t p = 0; p < 7; ++p) k.parameters[p] = dequantize_envelope_parameter(k.quantized[p]);
    }
  }
  return e;
}

void write_envelope(ByteWriter& w, const Envelope& e, EnvelopeLayout layout, std::string_view file) {
  if (layout == EnvelopeLayout::load1) {
    w.i32(e.pre);
    w.i32(e.post);
    w.u32(std::uint32_t(e.keys.size()));
  } else {
    if (e.keys.size() > 0xFFFF || e.pre < 0 || e.pre > 0xFF || e.post < 0 || e.post > 0xFF)
      throw FormatError(std::string(file), std::nullopt, "envelope",
                        "an envelope of this version holds at most 65535 keys and behaviours 0..255");
    w.u8(std::uint8_t(e.pre));
    w.u8(std::uint8_t(e.post));
    w.u16(std::uint16_t(e.keys.size()));
  }
  for (const auto& k : e.keys) {
    w.f32(k.value);
    w.f32(k.time);
    if (layout == EnvelopeLayout::load1) {
      w.u32(k.shape);
      w.write_array(k.parameters);
    } else {
      if (k.shape > 0xFF)
        throw FormatError(std::string(file), std::nullopt, "envelope.shape",
                          "shape " + std::to_string(k.shape) + " does not fit a byte");
      w.u8(std::uint8_t(k.shape));
      if (k.shape != kShapeStep) w.write_array(k.quantized);
    }
  }
}

float evaluate_envelope(const Envelope& envelope, float time) {
  const auto& keys = envelope.keys;
  if (keys.empty()) return 0.0f;
  if (keys.size() == 1) return keys[0].value;
  const EnvelopeKey& first = keys.front();
  const EnvelopeKey& last = keys.back();
  float offset = 0.0f;
  int cycles = 0;
  if (time < first.time) {
    switch (envelope.pre) {
      case kBehaviourReset:
        return 0.0f;
      case kBehaviourRepeat:
        time = wrap_range(time, first.time, last.time, nullptr);
        break;
      case kBehaviourOscillate:
        time = wrap_range(time, first.time, last.time, &cycles);
        if (cycles % 2 != 0) time = last.time - first.time - time;
        break;
      case kBehaviourOffset:
        time = wrap_range(time, first.time, last.time, &cycles);
        offset = float(cycles) * (last.value - first.value);
        break;
      case kBehaviourLinear:
        return first.value +
               (time - first.time) * outgoing(nullptr, first, keys[1]) / (keys[1].time - first.time);
      default:
        return first.value;
    }
  } else if (time > last.time) {
    const EnvelopeKey& before = keys[keys.size() - 2];
    switch (envelope.post) {
      case kBehaviourReset:
        return 0.0f;
      case kBehaviourRepeat:
        time = wrap_range(time, first.time, last.time, nullptr);
        break;
      case kBehaviourOscillate:
        time = wrap_range(time, first.time, last.time, &cycles);
        if (cycles % 2 != 0) time = last.time - first.time - time;
        break;
      case kBehaviourOffset:
        time = wrap_range(time, first.time, last.time, &cycles);
        offset = float(cycles) * (last.value - first.value);
        break;
      case kBehaviourLinear:
        return last.value + (time - last.time) * incoming(before, last, nullptr) / (last.time - before.time);
      default:
        return last.value;
    }
  }
  // The first segment whose end is at or after the time (wrapped times may still fall outside: clamp).
  std::size_t k = 0;
  while (k + 2 < keys.size() && time > keys[k + 1].time) ++k;
  const EnvelopeKey& k0 = keys[k];
  const EnvelopeKey& k1 = keys[k + 1];
  if (time <= k0.time) return k0.value + offset;
  if (time >= k1.time) return k1.value + offset;
  const EnvelopeKey* k0p = k > 0 ? &keys[k - 1] : nullptr;
  const EnvelopeKey* k1n = k + 2 < keys.size() ? &keys[k + 2] : nullptr;
  const float u = (time - k0.time) / (k1.time - k0.time);
  switch (k1.shape_kind()) {
    case kShapeTcb:
    case kShapeHermite:
    case kShapeBezier1: {
      const float u2 = u * u, u3 = u2 * u;
      const float h2 = 3 * u2 - 2 * u3, h1 = 1 - h2, h4 = u3 - u2, h3 = h4 - u2 + u;
      return h1 * k0.value + h2 * k1.value + h3 * outgoing(k0p, k0, k1) + h4 * incoming(k0, k1, k1n) + offset;
    }
    case kShapeBezier2:
      return bezier2(k0, k1, time) + offset;
    case kShapeLinear:
      return k0.value + u * (k1.value - k0.value) + offset;
    case kShapeStep:
      return k0.value + offset;
    default:
      return offset;
  }
}

}  // namespace gamefmt::xray
