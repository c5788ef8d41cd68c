#include <zlib.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/xray/chunks.hpp"
#include "gamefmt/xray/shared_records.hpp"

namespace gamefmt::xray {
namespace {

constexpr float kKeyQuant = 32767.0f;
constexpr float kSimilarTranslation =
    0.001f;  // the SDK's EPS_L: a translation this close to the mean is constant

// A key scaled to its integer range, truncated as the SDK does, clamped before the conversion (which is
// undefined for values out of range); NaN gives 0.
std::int16_t quantize(float scaled, int low, int high) {
  if (std::isnan(scaled)) return 0;
  return static_cast<std::int16_t>(
      static_cast<int>(std::clamp(scaled, static_cast<float>(low), static_cast<float>(high))));
}

bool is_line_end(std::byte b) {
  return b == std::byte{'\r'} || b == std::byte{'\n'};
}

// The engine's r_string: text up to CR or LF, then every consecutive CR/LF (kept so the file rewrites
// exactly).
void read_line(ByteReader& r, std::string& text, std::string& terminator, const char* field) {
  const auto rest = r.data().subspan(r.position());
  const auto end = std::find_if(rest.begin(), rest.end(), is_line_end);
  if (end == rest.end()) r.fail(field, "text has no CR/LF terminator before the end of the chunk");
  text = r.string_of_size(static_cast<std::size_t>(end - rest.begin()), field);
  std::size_t terminator_size = 0;
  while (terminator_size < r.remaining() && is_line_end(r.data()[r.position() + terminator_size]))
    ++terminator_size;
  terminator = r.string_of_size(terminator_size, field);
}

std::vector<std::byte> rest_of(ByteReader& r) {
  const auto span = r.bytes(r.remaining(), "trailing");
  return {span.begin(), span.end()};
}

template <class Key>
std::uint32_t crc_of(const std::vector<Key>& keys) {
  ByteWriter w(ByteOrder::little, keys.size() * sizeof(Key));
  for (const auto& key : keys) w.write_array(key);
  const auto& bytes = w.buffer();
  return static_cast<std::uint32_t>(
      crc32(0L, reinterpret_cast<const Bytef*>(bytes.data()), static_cast<uInt>(bytes.size())));
}

BoneKeys read_bone_keys(ByteReader& r, std::uint32_t frame_count, BoneKeysLayout layout) {
  BoneKeys bone;
  bone.flags = r.u8("flags");
  if (layout == BoneKeysLayout::translation_present)
    bone.flags = bone.flags != 0 ? kBoneTranslationAnimated : 0;
  if (bone.flags & kBoneRotationConstant) {
    bone.rotations.resize(1);
    r.read_array(bone.rotations[0], "rotation");
  } else {
    bone.rotation_crc = r.u32("rotation_crc");
    bone.rotations.resize(r.count(frame_count, 8, "rotations"));
    for (auto& key : bone.rotations) r.read_array(key, "rotations");
  }
  if (bone.flags & kBoneTranslationAnimated) {
    bone.translation_crc = r.u32("translation_crc");
    const bool wide = (bone.flags & kBoneTranslation16Bit) != 0;
    bone.translations.resize(r.count(frame_count, wide ? 6 : 3, "translations"));
    for (auto& key : bone.translations) {
      for (auto& component : key) component = wide ? r.i16("translations") : r.i8("translations");
    }
    r.read_array(bone.translation_size, "translation_size");
  }
  r.read_array(bone.translation_init, "translation_init");
  return bone;
}

void write_bone_keys(ByteWriter& w, const BoneKeys& bone) {
  w.u8(bone.flags);
  if (bone.flags & kBoneRotationConstant) {
    w.write_array(bone.rotations.empty() ? std::array<std::int16_t, 4>{0, 0, 0, 32767} : bone.rotations[0]);
  } else {
    w.u32(bone.rotation_crc);
    for (const auto& key : bone.rotations) w.write_array(key);
  }
  if (bone.flags & kBoneTranslationAnimated) {
    w.u32(bone.translation_crc);
    const bool wide = (bone.flags & kBoneTranslation16Bit) != 0;
    for (const auto& key : bone.translations)
      for (auto component : key) wide ? w.i16(component) : w.i8(static_cast<std::int8_t>(component));
    w.write_array(bone.translation_size);
  }
  w.write_array(bone.translation_init);
}

}  // namespace

std::vector<MotionMark> read_motion_marks(ByteReader& r) {
  std::vector<MotionMark> marks(r.count(r.u32("mark_count"), 1 + 4, "mark_count"));
  for (std::size_t k = 0; k < marks.size(); ++k) {
    auto mark_scope = r.enter("marks", k);
    auto& mark = marks[k];
    read_line(r, mark.name, mark.terminator, "name");
    mark.intervals.resize(r.count(r.u32("interval_count"), 8, "interval_count"));
    for (auto& interval : mark.intervals) r.read_array(interval, "intervals");
  }
  return marks;
}

void write_motion_marks(ByteWriter& w, const std::vector<MotionMark>& marks) {
  w.u32(static_cast<std::uint32_t>(marks.size()));
  for (const auto& mark : marks) {
    w.bytes(mark.name);
    w.bytes(mark.terminator);
    w.u32(static_cast<std::uint32_t>(mark.intervals.size()));
    for (const auto& interval : mark.intervals) w.write_array(interval);
  }
}

std::size_t MotionParamsChunk::bone_count() const {
  std::size_t total = 0;
  for (const auto& part : parts) total += part.bones.size();
  return total;
}

MotionParamsChunk read_motion_params(const Chunk& chunk, std::string_view file) {
  ByteReader r = chunk.reader(file);
  auto scope = r.enter("motion_params");
  if (chunk.compressed) r.fail("", "compressed motion parameters are not supported");
  MotionParamsChunk params;
  params.version = r.u16("version");
  if (params.version < 3 || params.version > 4)
    r.fail_at(chunk.payload_offset, "version",
              "motion parameter version " + std::to_string(params.version) + " (only 3 and 4 are read)");
  params.parts.resize(r.count(r.u16("part_count"), 3, "part_count"));
  for (std::size_t p = 0; p < params.parts.size(); ++p) {
    auto part_scope = r.enter("parts", p);
    auto& part = params.parts[p];
    part.name = r.string_zero_terminated("name");
    part.bones.resize(r.count(r.u16("bone_count"), 5, "bone_count"));
    for (std::size_t b = 0; b < part.bones.size(); ++b) {
      auto bone_scope = r.enter("bones", b);
      part.bones[b].name = r.string_zero_terminated("name");
      part.bones[b].index = r.u32("index");
    }
  }
  params.motions.resize(r.count(r.u16("motion_count"), 1 + 4 + 2 + 2 + 16, "motion_count"));
  for (std::size_t m = 0; m < params.motions.size(); ++m) {
    auto motion_scope = r.enter("motions", m);
    auto& def = params.motions[m];
    def.name = r.string_zero_terminated("name");
    def.flags = r.u32("flags");
    def.bone_or_part = r.u16("bone_or_part");
    def.motion = r.u16("motion");
    def.speed = r.f32("speed");
    def.power = r.f32("power");
    def.accrue = r.f32("accrue");
    def.falloff = r.f32("falloff");
    if (params.version >= 4) def.marks = read_motion_marks(r);
  }
  params.trailing = rest_of(r);
  return params;
}

void write_motion_params(ByteWriter& w, const MotionParamsChunk& params) {
  w.u16(params.version);
  w.u16(static_cast<std::uint16_t>(params.parts.size()));
  for (const auto& part : params.parts) {
    w.string_zero_terminated(part.name);
    w.u16(static_cast<std::uint16_t>(part.bones.size()));
    for (const auto& bone : part.bones) {
      w.string_zero_terminated(bone.name);
      w.u32(bone.index);
    }
  }
  w.u16(static_cast<std::uint16_t>(params.motions.size()));
  for (const auto& def : params.motions) {
    w.string_zero_terminated(def.name);
    w.u32(def.flags);
    w.u16(def.bone_or_part);
    w.u16(def.motion);
    w.f32(def.speed);
    w.f32(def.power);
    w.f32(def.accrue);
    w.f32(def.falloff);
    if (params.version >= 4) write_motion_marks(w, def.marks);
  }
  w.bytes(params.trailing);
}

MotionKeys read_motion(ByteReader& r, std::size_t bone_count, BoneKeysLayout layout) {
  MotionKeys motion;
  motion.name = r.string_zero_terminated("name");
  motion.frame_count = r.u32("frame_count");
  if (motion.frame_count > kMaxMotionFrames)
    r.fail("frame_count",
           std::to_string(motion.frame_count) + " frames (at most " + std::to_string(kMaxMotionFrames) + ")");
  motion.bones.resize(r.count(bone_count, 1 + 8 + 12, "bones"));
  for (std::size_t b = 0; b < bone_count; ++b) {
    auto bone_scope = r.enter("bones", b);
    motion.bones[b] = read_bone_keys(r, motion.frame_count, layout);
  }
  motion.trailing = rest_of(r);
  return motion;
}

void write_motion(ByteWriter& w, const MotionKeys& motion) {
  w.string_zero_terminated(motion.name);
  w.u32(motion.frame_count);
  for (const auto& bone : motion.bones) write_bone_keys(w, bone);
  w.bytes(motion.trailing);
}

MotionKeysChunk read_motion_keys(const Chunk& chunk, std::string_view file, std::size_t bone_count,
                                 BoneKeysLayout layout) {
  MotionKeysChunk keys;
  std::span<const std::byte> after;
  const auto subs = read_sub_chunks(chunk, file, "motion_keys", &after);
  keys.trailing.assign(after.begin(), after.end());
  for (std::size_t i = 0; i < subs.size(); ++i) {
    const auto& sub = subs[i];
    ByteReader r = sub.reader(file);
    auto scope = r.enter("motion_keys", i);
    if (sub.compressed) r.fail("", "compressed motion keys are not supported");
    if (i == 0) {
      if (sub.id != 0)
        r.fail("", "the first motion sub-chunk must be the count (id 0), found id " + std::to_string(sub.id));
      keys.count_payload.assign(sub.payload.begin(), sub.payload.end());
      continue;
    }
    MotionKeys motion = read_motion(r, bone_count, layout);
    motion.chunk_id = sub.id;
    keys.motions.push_back(std::move(motion));
  }
  if (subs.empty())
    throw FormatError(std::string(file), chunk.payload_offset, "motion_keys", "no motion count sub-chunk");
  return keys;
}

void write_motion_keys(ByteWriter& w, const MotionKeysChunk& keys) {
  ChunkWriter chunks(w);
  chunks.write(0, keys.count_payload);
  for (const auto& motion : keys.motions) {
    const auto at = chunks.begin(motion.chunk_id);
    write_motion(w, motion);
    chunks.end(at);
  }
  w.bytes(keys.trailing);
}

std::array<float, 4> decode_rotation(const BoneKeys& bone, std::size_t frame) {
  if (bone.rotations.empty()) return {0, 0, 0, 1};
  const auto& key = bone.rotations[std::min(frame, bone.rotations.size() - 1)];
  return {key[0] / kKeyQuant, key[1] / kKeyQuant, key[2] / kKeyQuant, key[3] / kKeyQuant};
}

std::array<float, 3> decode_translation(const BoneKeys& bone, std::size_t frame) {
  if (!(bone.flags & kBoneTranslationAnimated) || bone.translations.empty()) return bone.translation_init;
  const auto& key = bone.translations[std::min(frame, bone.translations.size() - 1)];
  std::array<float, 3> out{};
  for (int i = 0; i < 3; ++i) out[i] = key[i] * bone.translation_size[i] + bone.translation_init[i];
  return out;
}

BoneKeys encode_bone_keys(std::span<const std::array<float, 4>> rotations,
                          std::span<const std::array<float, 3>> translations, bool force_16bit) {
  if (rotations.size() != translations.size() || rotations.empty())
    throw FormatError("", std::nullopt, "motion_keys",
                      "a bone needs as many rotation as translation keys, at least one (" +
                          std::to_string(rotations.size()) + " and " + std::to_string(translations.size()) +
                          ")");
  BoneKeys bone;
  for (const auto& q : rotations) {
    std::array<std::int16_t, 4> key{};
    for (int i = 0; i < 4; ++i) key[i] = quantize(q[i] * kKeyQuant, -32767, 32767);
    bone.rotations.push_back(key);
  }
  const bool rotation_animated = std::any_of(bone.rotations.begin(), bone.rotations.end(),
                                             [&](const auto& key) { return key != bone.rotations[0]; });
  if (rotation_animated) {
    bone.rotation_crc = crc_of(bone.rotations);
  } else {
    bone.rotations.resize(1);
    bone.flags |= kBoneRotationConstant;
  }

  std::array<float, 3> low = translations[0], high = translations[0], mean{};
  std::array<double, 3> sum{};
  for (const auto& t : translations) {
    for (int i = 0; i < 3; ++i) {
      low[i] = std::min(low[i], t[i]);
      high[i] = std::max(high[i], t[i]);
      sum[i] += t[i];
    }
  }
  for (int i = 0; i < 3; ++i) mean[i] = static_cast<float>(sum[i] / static_cast<double>(translations.size()));
  const bool translation_animated = std::any_of(translations.begin(), translations.end(), [&](const auto& t) {
    for (int i = 0; i < 3; ++i)
      if (std::abs(t[i] - mean[i]) > kSimilarTranslation) return true;
    return false;
  });
  if (!translation_animated) {
    bone.translation_init = mean;
    return bone;
  }
  std::array<float, 3> center{}, half{};
  bool wide = force_16bit;
  for (int i = 0; i < 3; ++i) {
    center[i] = (low[i] + high[i]) / 2;
    half[i] = (high[i] - low[i]) / 2;
    if (half[i] > 1.5f) wide = true;
  }
  const float steps = wide ? 32767.0f : 127.0f;
  for (const auto& t : translations) {
    std::array<std::int16_t, 3> key{};
    for (int i = 0; i < 3; ++i) {
      const float scaled = half[i] > 0 ? steps * (t[i] - center[i]) / half[i] : 0.0f;
      key[i] = quantize(scaled, wide ? -32767 : -128, wide ? 32767 : 127);
    }
    bone.translations.push_back(key);
  }
  bone.flags |= kBoneTranslationAnimated | (wide ? kBoneTranslation16Bit : 0);
  for (int i = 0; i < 3; ++i) bone.translation_size[i] = half[i] / steps;
  bone.translation_init = center;
  if (wide) {
    bone.translation_crc = crc_of(bone.translations);
  } else {
    std::vector<std::array<std::int8_t, 3>> narrow;
    for (const auto& key : bone.translations)
      narrow.push_back({static_cast<std::int8_t>(key[0]), static_cast<std::int8_t>(key[1]),
                        static_cast<std::int8_t>(key[2])});
    bone.translation_crc = crc_of(narrow);
  }
  return bone;
}

}  // namespace gamefmt::xray
