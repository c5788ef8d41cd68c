#pragma once
// X-Ray SDK envelopes: one animated scalar (LightWave style) with per-key shapes and pre/post behaviours.
// Skeletal SDK motions (.skl/.skls/.object) hold six per bone, object motions (.anm) six per object. Two
// layouts exist: "Load_2" (SMotion v6+, OMotion v4+: u8 behaviours, u16 key count, q16 parameters absent for
// STEP keys) and the older "Load_1" (s32 behaviours, u32 key count, 40-byte keys with f32 parameters). Keys
// keep their stored parameter encoding so files rewrite byte for byte; evaluate() follows the engine's
// evalEnvelope.
#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"

namespace gamefmt::xray {

enum class EnvelopeShape : std::uint8_t {
  tcb = 0,
  hermite = 1,
  bezier1d = 2,
  linear = 3,
  step = 4,
  bezier2d = 5
};
enum class EnvelopeBehaviour : std::int32_t {
  reset = 0,
  constant = 1,
  repeat = 2,
  oscillate = 3,
  offset = 4,
  linear = 5
};

// Parameter slots of a key: tension, continuity, bias, then param[0..3].
inline constexpr std::size_t kEnvelopeParamCount = 7;

struct EnvelopeKey {
  float value = 0;
  float time = 0;           // seconds
  std::uint32_t shape = 4;  // EnvelopeShape; Load_1 stores a u32 (the engine masks it with 0xFF)
  // Load_2: the q16 words as stored (range [-32, 32]); STEP keys store none. Load_1: ignored.
  std::array<std::uint16_t, kEnvelopeParamCount> quantized{32768, 32768, 32768, 32768, 32768, 32768, 32768};
  // Load_1: the f32 parameters as stored. Load_2: ignored.
  std::array<float, kEnvelopeParamCount> floats{};
};

struct Envelope {
  bool legacy_layout = false;                          // Load_1
  std::int32_t behaviour_pre = 1, behaviour_post = 1;  // EnvelopeBehaviour; u8 in Load_2
  std::vector<EnvelopeKey> keys;
};

Envelope read_envelope(ByteReader& reader, bool legacy_layout);
// Throws FormatError (naming `file`) when the Load_2 layout cannot hold the key count or a behaviour.
void write_envelope(ByteWriter& out, const Envelope& envelope, std::string_view file = {});

// The q16 encoding of parameters: u16 = floor((v + 32) / 64 * 65535 + 0.5), clamped; 0.0 is stored as 32768.
std::uint16_t quantize_envelope_param(float value);
float dequantize_envelope_param(std::uint16_t value);
// Parameter i of a key as a float, whichever layout stored it.
float envelope_param(const Envelope& envelope, const EnvelopeKey& key, std::size_t i);

// The engine's evaluation at time t (seconds), in f32 as the engine computes it.
float evaluate_envelope(const Envelope& envelope, float time);

}  // namespace gamefmt::xray
