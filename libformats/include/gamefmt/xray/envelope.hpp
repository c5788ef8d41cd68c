#pragma once
// X-Ray SDK envelopes (LightWave-style animation curves) as used by `.anm` object/camera paths and SDK
// skeletal motions, and their evaluation exactly as the engine's evalEnvelope does it (f32 arithmetic, the
// segment (k0, k1) shaped by k1's shape, behaviours before the first and after the last key). Two stored
// layouts: Load_1 (old: s32 behaviours, u32 count, 40-byte keys with float parameters) and Load_2 (u8
// behaviours, u16 count, keys { f32 value; f32 time; u8 shape; q16 x 7 unless STEP }).
#include <array>
#include <cstdint>
#include <vector>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"

namespace gamefmt::xray {

enum EnvelopeShape : std::uint8_t {
  kShapeTcb = 0,
  kShapeHermite = 1,
  kShapeBezier1 = 2,
  kShapeLinear = 3,
  kShapeStep = 4,
  kShapeBezier2 = 5
};
enum EnvelopeBehaviour : std::int32_t {
  kBehaviourReset = 0,
  kBehaviourConstant = 1,
  kBehaviourRepeat = 2,
  kBehaviourOscillate = 3,
  kBehaviourOffset = 4,
  kBehaviourLinear = 5,
};

struct EnvelopeKey {
  float value = 0, time = 0;  // time in seconds
  std::uint32_t shape =
      kShapeLinear;  // Load_1 keeps the whole u32 (only the low byte counts); Load_2 one byte
  // tension, continuity, bias, param[0..3]. Load_1 stores these floats; Load_2 stores `quantized` (q16 over
  // [-32, 32], absent for STEP keys) and `parameters` holds their decoded values.
  std::array<float, 7> parameters{};
  std::array<std::uint16_t, 7> quantized{32768, 32768, 32768, 32768, 32768, 32768, 32768};
  std::uint8_t shape_kind() const { return std::uint8_t(shape & 0xFF); }
};

enum class EnvelopeLayout { load1, load2 };

struct Envelope {
  std::int32_t pre = kBehaviourConstant, post = kBehaviourConstant;
  std::vector<EnvelopeKey> keys;  // sorted by time
};

// q16 over [-32, 32]: read v = q * 64 / 65535 - 32; write floor((v + 32) / 64 * 65535 + 0.5) clamped.
float dequantize_envelope_parameter(std::uint16_t q);
std::uint16_t quantize_envelope_parameter(float v);

Envelope read_envelope(ByteReader& r, EnvelopeLayout layout);
// Throws FormatError (naming `file`) when Load_2 cannot hold the key count or a behaviour.
void write_envelope(ByteWriter& w, const Envelope& envelope, EnvelopeLayout layout, std::string_view file);

// The envelope's value at `time` seconds.
float evaluate_envelope(const Envelope& envelope, float time);

}  // namespace gamefmt::xray
