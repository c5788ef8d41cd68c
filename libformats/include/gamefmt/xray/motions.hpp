#pragma once
// X-Ray skeletal motions: the two chunks an OMF file consists of and an animated OGF carries inline.
// OGF_S_MOTIONS (0x0E) holds the quantized keys, OGF_S_SMPARAMS (0x0F) the bone parts and per-motion
// parameters. Strings are kept as stored (cp1251). Keys are kept quantized so files rewrite byte for byte;
// the helpers at the end decode them as the engine does and encode float keys as the SDK does.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/xray/chunks.hpp"

namespace gamefmt::xray {

inline constexpr std::uint32_t kChunkMotionKeys = 0x0E;
inline constexpr std::uint32_t kChunkMotionParams = 0x0F;
inline constexpr int kMotionFramesPerSecond = 30;  // one key per 1/30 s, whatever the editor's frame rate
// Constant bones store one key whatever the length, so the bytes left do not bound it: at most 65535 frames
// (36 min).
inline constexpr std::uint32_t kMaxMotionFrames = 65535;

// Per-bone key flags.
inline constexpr std::uint8_t kBoneTranslationAnimated = 1 << 0;  // flTKeyPresent
inline constexpr std::uint8_t kBoneRotationConstant = 1 << 1;     // flRKeyAbsent
inline constexpr std::uint8_t kBoneTranslation16Bit = 1 << 2;     // flTKey16IsBit (Clear Sky and later)

// Motion flags (esm*).
inline constexpr std::uint32_t kMotionFx = 1 << 0;
inline constexpr std::uint32_t kMotionStopAtEnd = 1 << 1;
inline constexpr std::uint32_t kMotionNoMix = 1 << 2;
inline constexpr std::uint32_t kMotionSyncPart = 1 << 3;
inline constexpr std::uint32_t kMotionUseFootSteps = 1 << 4;
inline constexpr std::uint32_t kMotionRootMover = 1 << 5;
inline constexpr std::uint32_t kMotionIdle = 1 << 6;
inline constexpr std::uint32_t kMotionUseWeaponBone = 1 << 7;

struct BoneKeys {
  std::uint8_t flags = 0;
  std::uint32_t rotation_crc = 0;  // CRC-32 of the rotation keys; absent when the rotation is constant
  std::vector<std::array<std::int16_t, 4>> rotations;     // x, y, z, w / 32767; one key when constant
  std::uint32_t translation_crc = 0;                      // only when the translation is animated
  std::vector<std::array<std::int16_t, 3>> translations;  // s8 or s16 (kBoneTranslation16Bit), one per frame
  std::array<float, 3> translation_size{};                // only when animated: key * size + init
  std::array<float, 3> translation_init{};  // the constant translation, or the offset of the keys
};

struct MotionKeys {
  std::uint32_t chunk_id = 0;  // the sub-chunk id as stored (1..n in every known file)
  std::string name;
  std::uint32_t frame_count = 0;
  std::vector<BoneKeys> bones;      // ordered by the bone-part "index" of each bone
  std::vector<std::byte> trailing;  // bytes after the last bone block (none in valid files)
};

struct MotionKeysChunk {
  std::vector<std::byte> count_payload;  // sub-chunk 0: u32 motion count (kept raw)
  std::vector<MotionKeys> motions;
  // Bytes after the last motion sub-chunk (the engine opens motions by id, so they do no harm), written back.
  std::vector<std::byte> trailing;
};

struct BonePartBone {
  std::string name;
  std::uint32_t index = 0;  // the block of this bone inside every motion
};

struct BonePart {
  std::string name;
  std::vector<BonePartBone> bones;
};

struct MotionMark {
  std::string name;
  std::string terminator = "\r\n";              // the CR/LF bytes that ended the name, as stored
  std::vector<std::array<float, 2>> intervals;  // seconds
};

struct MotionDef {
  std::string name;
  std::uint32_t flags = 0;
  std::uint16_t bone_or_part = 0;  // cycles: bone part (0xFFFF = all); FX: start bone
  std::uint16_t motion = 0;        // index of the key sub-chunk minus one
  float speed = 1.0f, power = 1.0f, accrue = 2.0f, falloff = 2.0f;
  std::vector<MotionMark> marks;  // params version 4 only
};

struct MotionParamsChunk {
  std::uint16_t version = 4;  // 3: Shadow of Chernobyl, 4: Clear Sky / Call of Pripyat (adds marks)
  std::vector<BonePart> parts;
  std::vector<MotionDef> motions;
  std::vector<std::byte> trailing;

  // Bones in motion blocks = sum of the part sizes (the engine checks it against the model's bone count).
  std::size_t bone_count() const;
};

// Motion marks as the params chunk (v4) and SDK motions (v7) store them: u32 count, then per mark a
// CR/LF-ended name, u32 interval count and (begin, end) pairs in seconds.
std::vector<MotionMark> read_motion_marks(ByteReader& reader);
void write_motion_marks(ByteWriter& out, const std::vector<MotionMark>& marks);

MotionParamsChunk read_motion_params(const Chunk& chunk, std::string_view file);
void write_motion_params(ByteWriter& out, const MotionParamsChunk& params);
// How a bone block starts: a byte of flags (above), or, in the motions of OGF version 3 models (chunk 0x1A),
// a byte that only says whether the translation is animated (then with 8-bit keys); such blocks are read with
// the flags they have in the later layout.
enum class BoneKeysLayout { flags, translation_present };
// One motion's sub-chunk payload (name, frame count, `bone_count` bone blocks, the bytes after them to the
// reader's end); chunk_id is left 0 for the caller. write_motion writes the same payload.
MotionKeys read_motion(ByteReader& reader, std::size_t bone_count,
                       BoneKeysLayout layout = BoneKeysLayout::flags);
void write_motion(ByteWriter& out, const MotionKeys& motion);
// `bone_count` bone blocks per motion (see MotionParamsChunk::bone_count).
MotionKeysChunk read_motion_keys(const Chunk& chunk, std::string_view file, std::size_t bone_count,
                                 BoneKeysLayout layout = BoneKeysLayout::flags);
void write_motion_keys(ByteWriter& out, const MotionKeysChunk& keys);

// Engine decoding of one bone's key at a frame (frames past the stored keys use the last one).
std::array<float, 4> decode_rotation(const BoneKeys& bone,
                                     std::size_t frame);  // x, y, z, w (engine quaternion)
std::array<float, 3> decode_translation(const BoneKeys& bone, std::size_t frame);  // x, y, z (engine axes)

// SDK-style quantization of one bone's per-frame keys (engine axes, engine quaternions). Rotations equal in
// every frame are stored once; translations equal in every frame are stored as a constant; translations whose
// half range exceeds 1.5 use 16-bit keys (or always, with `force_16bit`). CRCs are computed.
BoneKeys encode_bone_keys(std::span<const std::array<float, 4>> rotations,
                          std::span<const std::array<float, 3>> translations, bool force_16bit);

}  // namespace gamefmt::xray
