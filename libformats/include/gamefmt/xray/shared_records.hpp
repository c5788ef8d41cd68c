#pragma once
// Records several X-Ray formats share, in one place: how a file's chunk layout is kept for byte-identical
// rewrites (OGF, .object, .bones and the level files), the collision shapes and joint limits of bones (OGF
// and SDK bones), envelopes (.anm and SDK motions), skeletal motions (.omf, OGF, SDK motions) and SDK bones
// (.object, .bones). The functions that read and write these records take the library's internal byte reader
// and writer: they are for gamefmt's own readers.
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/core/format_error.hpp"

namespace gamefmt {
class ByteReader;
class ByteWriter;
}  // namespace gamefmt

namespace gamefmt::xray {

struct Chunk;  // a chunk as read (the reader's own)

// ---- Kept chunk layouts ----

// One chunk of a list whose order is kept for rewriting. A `kept` chunk is written back as stored (stored()):
// chunks nobody models, duplicates of a modelled id (the engine reads only the first) and chunks whose
// modelled fields would not reproduce their bytes. Other slots are written from the modelled fields.
struct ChunkSlot {
  std::uint32_t raw_id = 0;
  bool kept = false;
  std::vector<std::byte> payload;
  // The size field as stored, when it is not payload.size(): a chunk whose records the engine reads past its
  // size (the payload then holds the bytes it reads).
  std::optional<std::uint32_t> stored_size;
  // A kept chunk that the model decodes too: the fingerprint of what the model wrote for it when it was read.
  // While the model still writes that, the stored bytes go back; once the model is edited, the model's own.
  std::optional<std::uint64_t> model_fingerprint;
  // A chunk the file did not have although the model writes one (an empty texture name, say): nothing is
  // written while the model still writes what it did when it was read (model_fingerprint); an edited model's
  // chunk is written in this place, the end of the list.
  bool absent = false;
  // A modelled chunk (not kept) that a reader took as stored, without encoding the model to compare: the
  // fingerprint of the model's fields that the chunk encodes, as read. While the fields still have it, the
  // stored bytes go back (with stored_size); once they are edited, the model's encoding (.ogf).
  std::optional<std::uint64_t> fields_fingerprint;
  // The stored bytes as a range of the file the slot was read from, shared by the slots of that file (no copy
  // per chunk); when there is no source, `payload` holds them.
  std::shared_ptr<const std::vector<std::byte>> source;
  std::size_t source_offset = 0, source_size = 0;

  std::span<const std::byte> stored() const {
    if (!source) return payload;
    return std::span<const std::byte>(*source).subspan(source_offset, source_size);
  }
};

// The layout of a chunked level file (level.hom, level.som, .err, level.details, .anm, level, level.geom):
// chunk order and the chunks a reader does not decode, for byte-identical rewrites.
struct RawChunk {
  std::uint32_t raw_id = 0;  // with the compression flag, as stored
  std::vector<std::byte> payload;
};

// A known chunk whose bytes the model does not reproduce (bytes after its records, say): written back as
// stored while the model still writes what it did when the chunk was read (model_fingerprint), else from the
// model.
struct StoredLevelChunk {
  std::uint32_t id = 0;
  std::vector<std::byte> payload;
  std::uint64_t model_fingerprint = 0;
};

struct LevelChunkLayout {
  // Raw ids in file order. Empty: the format's default order with no other chunks.
  std::vector<std::uint32_t> order;
  std::vector<RawChunk> others;          // the chunks not decoded, in file order
  std::vector<StoredLevelChunk> stored;  // decoded chunks kept as stored
  std::vector<std::byte>
      trailing_bytes;  // after the last whole chunk of a file, written back after the chunks
};

// ---- Bone collision shapes and joint limits (OGF bones and SDK bones) ----

struct OgfBox {                   // an oriented box in bone space
  std::array<float, 9> rotate{};  // rows are the box axes
  std::array<float, 3> translate{}, half_size{};
};

struct OgfShape {
  std::uint16_t type = 0;  // 0 none, 1 box, 2 sphere, 3 cylinder
  std::uint16_t flags = 0;
  OgfBox box;
  std::array<float, 4> sphere{};    // center, radius
  std::array<float, 8> cylinder{};  // center, direction, height, radius
};

struct OgfJointLimit {
  std::array<float, 2> range{};
  float spring = 0, damping = 0;
};

// ---- Envelopes ----
// X-Ray SDK envelopes: one animated scalar (LightWave style) with per-key shapes and pre/post behaviours.
// Skeletal SDK motions (.skl/.skls/.object) hold six per bone, object motions (.anm) six per object. Two
// layouts exist: "Load_2" (SMotion v6+, OMotion v4+: u8 behaviours, u16 key count, q16 parameters absent for
// STEP keys) and the older "Load_1" (s32 behaviours, u32 key count, 40-byte keys with f32 parameters). Keys
// keep their stored parameter encoding so files rewrite byte for byte; evaluate() follows the engine's
// evalEnvelope.

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

// ---- Skeletal motions ----
// X-Ray skeletal motions: the two chunks an OMF file consists of and an animated OGF carries inline.
// OGF_S_MOTIONS (0x0E) holds the quantized keys, OGF_S_SMPARAMS (0x0F) the bone parts and per-motion
// parameters. Strings are kept as stored (cp1251). Keys are kept quantized so files rewrite byte for byte;
// the helpers at the end decode them as the engine does and encode float keys as the SDK does.

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

// ---- SDK bones ----
// An X-Ray SDK bone (CBone) as the `.object` BONES2 chunk and the `.bones` file store it: a list of small
// chunks (version, definition, bind pose, game material, collision shape, IK joint and physics). `.bones`
// files carry only the name in the definition and no bind pose. Chunk order and duplicates are kept (the SDK
// writes the definition twice, the second time with the name only).

inline constexpr std::uint32_t kBoneChunkVersion = 0x0001;
inline constexpr std::uint32_t kBoneChunkDef = 0x0002;
inline constexpr std::uint32_t kBoneChunkBindPose = 0x0003;
inline constexpr std::uint32_t kBoneChunkMaterial = 0x0004;
inline constexpr std::uint32_t kBoneChunkShape = 0x0005;
inline constexpr std::uint32_t kBoneChunkIkJoint = 0x0006;
inline constexpr std::uint32_t kBoneChunkMass = 0x0007;
inline constexpr std::uint32_t kBoneChunkIkFlags = 0x0008;
inline constexpr std::uint32_t kBoneChunkBreak = 0x0009;
inline constexpr std::uint32_t kBoneChunkFriction = 0x0010;
// Layout marker (never a file id): where the SDK's name-only DEF copy goes.
inline constexpr std::uint32_t kBoneSecondDefinitionSlot = 0x7FFF0002;

// The editor's joint limits: (min, max) in radians per axis, as the SDK stores them (OGF export negates and
// swaps).
struct SdkJoint {
  std::uint32_t type = 0;  // 0 rigid, 1 cloth, 2 joint, 3 wheel, 4 none, 5 slider
  std::array<OgfJointLimit, 3> limits{};
  float spring = 1.0f, damping = 1.0f;
};

struct SdkBone {
  std::optional<std::uint16_t> version;  // 2 (1: rotation x/y swapped, see bind_rotation())
  std::string name;
  bool definition_has_parent = true;  // false in `.bones` files: the DEF chunk is the name alone
  std::string parent, weight_map;     // weight_map: the weight vmap skinning this bone (normally the name)
  bool second_definition = false;     // the SDK's name-only DEF copy after the bind pose
  std::optional<std::array<float, 7>> bind_pose;  // offset xyz, rotation xyz (setXYZi order), length
  std::optional<std::string> game_material;
  std::optional<OgfShape> shape;
  std::optional<SdkJoint> joint;
  std::optional<std::uint32_t> ik_flags;             // bit 0: breakable
  std::optional<std::array<float, 2>> break_limits;  // force, torque
  std::optional<float> friction;
  std::optional<std::array<float, 4>> mass;  // mass, center of mass xyz (bone space)
  std::vector<ChunkSlot> layout;

  // The bind rotation in setXYZi order (version 1 files store x and y swapped).
  std::array<float, 3> bind_rotation() const;
};

SdkBone read_sdk_bone(const Chunk& chunk, std::string_view file);
std::vector<std::byte> write_sdk_bone(const SdkBone& bone, std::string_view file_name = {});

// An indexed container: children 0..n-1, one bone each (the SDK stops at the first missing index).
std::vector<SdkBone> read_sdk_bone_list(const std::vector<Chunk>& children, std::string_view file,
                                        const char* field);
void write_sdk_bone_list(ByteWriter& out, const std::vector<SdkBone>& bones);

// Bone parts: `u32 n; n × { sz name; u32 k; k × sz bone_name }` (BONEPARTS2, also the `.bones` 0x0923 chunk).
struct SdkBonePart {
  std::string name;
  std::vector<std::string> bones;
};
std::vector<SdkBonePart> read_sdk_bone_parts(ByteReader& reader);
void write_sdk_bone_parts(ByteWriter& out, const std::vector<SdkBonePart>& parts);

}  // namespace gamefmt::xray
