#include "ogf_v3_motions.hpp"

#include <map>
#include <string>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/text_encoding.hpp"
#include "gamefmt/xray/chunks.hpp"

namespace gamefmt::xray {
namespace {

constexpr float kKeyQuant = 32767.0f;

// Earliest layout: per motion a name and a frame count, then per bone one key per frame: a quaternion (four
// s16, or four floats in some files, told apart by the size) and a float translation (kept with 16-bit keys).
MotionKeysChunk read_raw_keys(const Chunk& chunk, std::size_t bone_count, std::string_view file) {
  MotionKeysChunk keys;
  const auto subs = read_sub_chunks(chunk, file, "motion_keys");
  if (subs.empty() || subs[0].id != 0)
    throw FormatError(std::string(file), chunk.payload_offset, "motion_keys",
                      "no motion count sub-chunk (id 0)");
  keys.count_payload.assign(subs[0].payload.begin(), subs[0].payload.end());
  for (std::size_t i = 1; i < subs.size(); ++i) {
    ByteReader r = subs[i].reader(file);
    auto scope = r.enter("motion_keys", i);
    if (subs[i].compressed) r.fail("", "compressed motion keys are not supported");
    MotionKeys motion;
    motion.chunk_id = subs[i].id;
    motion.name = r.string_zero_terminated("name");
    motion.frame_count = r.u32("frame_count");
    if (motion.frame_count > kMaxMotionFrames)
      r.fail("frame_count", std::to_string(motion.frame_count) + " frames (at most " +
                                std::to_string(kMaxMotionFrames) + ")");
    const std::size_t keys_per_motion = std::size_t(motion.frame_count) * bone_count;
    const bool float_rotations = keys_per_motion > 0 && r.remaining() == keys_per_motion * 28;
    if (r.remaining() != keys_per_motion * (float_rotations ? 28 : 20))
      r.fail("bones", std::to_string(r.remaining()) + " bytes of keys, " +
                          std::to_string(motion.frame_count) + " frames of " + std::to_string(bone_count) +
                          " bones need " + std::to_string(keys_per_motion * 20));
    std::vector<std::array<float, 4>> rotations(motion.frame_count);
    std::vector<std::array<float, 3>> translations(motion.frame_count);
    for (std::size_t b = 0; b < bone_count; ++b) {
      auto bone_scope = r.enter("bones", b);
      for (std::size_t f = 0; f < motion.frame_count; ++f) {
        for (auto& component : rotations[f])
          component = float_rotations ? r.f32("rotation") : r.i16("rotation") / kKeyQuant;
        r.read_array(translations[f], "translation");
      }
      motion.bones.push_back(motion.frame_count == 0
                                 ? BoneKeys{kBoneRotationConstant, 0, {{0, 0, 0, 32767}}, 0, {}, {}, {}}
                                 : encode_bone_keys(rotations, translations, true));
    }
    keys.motions.push_back(std::move(motion));
  }
  return keys;
}

struct ParamsReader {
  const std::vector<OgfBone>& bones;
  std::string_view file;

  BonePartBone bone_at(ByteReader& r, std::uint32_t index) const {
    if (index >= bones.size())
      r.fail("bone", "bone " + std::to_string(index) + " of " + std::to_string(bones.size()));
    return {bones[index].name, index};
  }

  BonePartBone bone_named(ByteReader& r, const std::string& name) const {
    const std::string wanted = lower_ascii(name);
    for (std::size_t i = 0; i < bones.size(); ++i)
      if (lower_ascii(bones[i].name) == wanted) return {name, static_cast<std::uint32_t>(i)};
    r.fail("bone", "bone '" + cp1251_to_utf8(name) + "' is not one of the model's bones");
  }

  // `entry_version`: 0 and 1 = a u32 bone index; 2 = a name; 3 = a name and a block index.
  MotionParamsChunk read(const Chunk& chunk, bool versioned) const {
    ByteReader r = chunk.reader(file);
    auto scope = r.enter("motion_params");
    if (chunk.compressed) r.fail("", "compressed motion parameters are not supported");
    MotionParamsChunk params;
    params.version = 3;
    const std::uint16_t version = versioned ? r.u16("version") : 0;
    if (versioned && (version < 1 || version > 3))
      r.fail_at(chunk.payload_offset, "version",
                "motion parameter version " + std::to_string(version) + " (1 to 3 are read)");
    params.parts.resize(r.count(r.u16("part_count"), 3, "part_count"));
    for (std::size_t p = 0; p < params.parts.size(); ++p) {
      auto part_scope = r.enter("parts", p);
      auto& part = params.parts[p];
      part.name = r.string_zero_terminated("name");
      part.bones.resize(r.count(r.u16("bone_count"), version == 2 ? 1 : 4, "bone_count"));
      for (std::size_t b = 0; b < part.bones.size(); ++b) {
        auto bone_scope = r.enter("bones", b);
        if (version <= 1) {
          part.bones[b] = bone_at(r, r.u32("index"));
        } else if (version == 2) {
          part.bones[b] = bone_named(r, r.string_zero_terminated("name"));
        } else {
          part.bones[b].name = r.string_zero_terminated("name");
          part.bones[b].index = r.u32("index");
          if (part.bones[b].index >= bones.size())
            r.fail("index",
                   "block " + std::to_string(part.bones[b].index) + " of " + std::to_string(bones.size()));
        }
      }
    }
    params.motions.resize(r.count(r.u16("motion_count"),
                                  versioned ? 1 + 4 + 2 + 2 + 16 : 1 + 1 + 2 + 2 + 16 + 1, "motion_count"));
    for (std::size_t m = 0; m < params.motions.size(); ++m) {
      auto motion_scope = r.enter("motions", m);
      auto& def = params.motions[m];
      def.name = r.string_zero_terminated("name");
      if (versioned)
        def.flags = r.u32("flags");
      else
        def.flags = r.u8("cycle") != 0 ? 0 : kMotionFx;
      def.bone_or_part = r.u16("bone_or_part");
      def.motion = r.u16("motion");
      def.speed = r.f32("speed");
      def.power = r.f32("power");
      def.accrue = r.f32("accrue");
      def.falloff = r.f32("falloff");
      if (!versioned && r.u8("stop_at_end") != 0) def.flags |= kMotionStopAtEnd;
    }
    params.trailing.assign(chunk.payload.begin() + static_cast<std::ptrdiff_t>(r.position()),
                           chunk.payload.end());
    return params;
  }
};

// Without a parameter chunk: one part with every bone, a plain cycle per motion.
MotionParamsChunk default_params(const MotionKeysChunk& keys, const std::vector<OgfBone>& bones) {
  MotionParamsChunk params;
  params.version = 3;
  BonePart all{"default", {}};
  for (std::size_t i = 0; i < bones.size(); ++i)
    all.bones.push_back({bones[i].name, static_cast<std::uint32_t>(i)});
  params.parts.push_back(std::move(all));
  for (std::size_t m = 0; m < keys.motions.size(); ++m) {
    MotionDef def;
    def.name = keys.motions[m].name;
    def.bone_or_part = 0xFFFF;
    def.motion = static_cast<std::uint16_t>(m);
    params.motions.push_back(std::move(def));
  }
  return params;
}

}  // namespace

std::optional<OgfV3Motions> read_ogf_v3_motions(const std::vector<Chunk>& chunks,
                                                const std::vector<OgfBone>& bones, std::string_view file) {
  const Chunk* keys_chunk = find_chunk(chunks, kOgfV3Motions);
  const bool raw = keys_chunk == nullptr;
  if (raw) keys_chunk = find_chunk(chunks, kOgfV3MotionsRaw);
  if (keys_chunk == nullptr) return std::nullopt;
  if (keys_chunk->compressed)
    throw FormatError(std::string(file), keys_chunk->payload_offset, "motion_keys",
                      "compressed motion keys are not supported");
  OgfV3Motions out;
  out.keys = raw ? read_raw_keys(*keys_chunk, bones.size(), file)
                 : read_motion_keys(*keys_chunk, file, bones.size(), BoneKeysLayout::translation_present);
  const ParamsReader params{bones, file};
  if (const Chunk* chunk = find_chunk(chunks, kOgfV3Params))
    out.params = params.read(*chunk, true);
  else if (const Chunk* old = find_chunk(chunks, kOgfV3ParamsUnversioned))
    out.params = params.read(*old, false);
  else
    out.params = default_params(out.keys, bones);
  return out;
}

}  // namespace gamefmt::xray
