#include <algorithm>
#include <cstring>
#include <string>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/record_fields.hpp"
#include "gamefmt/xray/chunks.hpp"
#include "gamefmt/xray/record_layouts.hpp"
#include "gamefmt/xray/shared_records.hpp"

namespace gamefmt::xray {
namespace {

const std::vector<std::uint32_t> kBoneDefaultOrder = {
    kBoneChunkVersion, kBoneChunkDef,     kBoneChunkBindPose, kBoneChunkMaterial, kBoneChunkShape,
    kBoneChunkIkFlags, kBoneChunkIkJoint, kBoneChunkBreak,    kBoneChunkFriction, kBoneChunkMass};

// The payload of bone chunk `id`, one of kBoneDefaultOrder, for reading and writing. Writing needs the
// chunk's value present in the bone (has_bone_chunk).
template <class IO, RecordOf<SdkBone> T>
void bone_chunk_fields(IO& io, T& bone, std::uint32_t id) {
  switch (id) {
    case kBoneChunkVersion:
      io(io.present(bone.version), "version");
      break;
    case kBoneChunkDef: {
      auto scope = io.enter("definition");
      io.string_z(bone.name, "name");
      if constexpr (IO::reading) bone.definition_has_parent = !io.reader().at_end();
      if (bone.definition_has_parent) {
        io.string_z(bone.parent, "parent");
        io.string_z(bone.weight_map, "weight_map");
      }
      break;
    }
    case kBoneChunkBindPose:
      io(io.present(bone.bind_pose), "bind_pose");
      break;
    case kBoneChunkMaterial:
      io.string_z(io.present(bone.game_material), "game_material");
      break;
    case kBoneChunkShape:
      io(io.present(bone.shape), "shape");
      break;
    case kBoneChunkIkJoint:
      io(io.present(bone.joint), "ik_joint");
      break;
    case kBoneChunkIkFlags:
      io(io.present(bone.ik_flags), "ik_flags");
      break;
    case kBoneChunkBreak:
      io(io.present(bone.break_limits), "break");
      break;
    case kBoneChunkFriction:
      io(io.present(bone.friction), "friction");
      break;
    case kBoneChunkMass:
      io(io.present(bone.mass), "mass");
      break;
  }
}

bool is_bone_chunk(std::uint32_t id) {
  return std::find(kBoneDefaultOrder.begin(), kBoneDefaultOrder.end(), id) != kBoneDefaultOrder.end();
}

// Whether the bone has a value for chunk `id` (the definition always).
bool has_bone_chunk(const SdkBone& bone, std::uint32_t id) {
  switch (id) {
    case kBoneChunkVersion:
      return bone.version.has_value();
    case kBoneChunkDef:
      return true;
    case kBoneChunkBindPose:
      return bone.bind_pose.has_value();
    case kBoneChunkMaterial:
      return bone.game_material.has_value();
    case kBoneChunkShape:
      return bone.shape.has_value();
    case kBoneChunkIkJoint:
      return bone.joint.has_value();
    case kBoneChunkIkFlags:
      return bone.ik_flags.has_value();
    case kBoneChunkBreak:
      return bone.break_limits.has_value();
    case kBoneChunkFriction:
      return bone.friction.has_value();
    case kBoneChunkMass:
      return bone.mass.has_value();
    default:
      return false;
  }
}

// The SDK's loader reads a chunk's fields and no more: bytes after them are kept with the chunk, as stored.
void expect_end(const ByteReader& r, const char* field) {
  if (!r.at_end())
    r.warn(field, std::to_string(r.remaining()) +
                      " bytes at the end of the chunk are not read; the chunk is kept as stored");
}

// Appends chunk `id` of the bone to `w`; false when the bone has no such chunk.
bool encode_bone_chunk_into(const SdkBone& bone, std::uint32_t id, ByteWriter& w) {
  if (!has_bone_chunk(bone, id)) return false;
  FieldWriter out(w);
  bone_chunk_fields(out, bone, id);
  return true;
}

}  // namespace

std::array<float, 3> SdkBone::bind_rotation() const {
  if (!bind_pose) return {};
  const auto& p = *bind_pose;
  if (version && *version == 1) return {p[4], p[3], p[5]};
  return {p[3], p[4], p[5]};
}

SdkBone read_sdk_bone(const Chunk& chunk, std::string_view file) {
  const auto children = read_sub_chunks(chunk, file, "chunks");
  SdkBone bone;
  bool have_def = false;
  const auto parse = [&](const Chunk& c) {
    if (!is_bone_chunk(c.id)) return ChunkParse::not_modelled;
    ByteReader r = c.reader(file);
    FieldReader in(r);
    bone_chunk_fields(in, bone, c.id);
    have_def = have_def || c.id == kBoneChunkDef;
    expect_end(r, "chunk");
    return r.at_end() ? ChunkParse::to_its_end : ChunkParse::with_bytes_after;
  };
  bone.layout = read_chunk_slots(
      children, parse, [&](std::uint32_t id, ByteWriter& w) { return encode_bone_chunk_into(bone, id, w); });
  if (!have_def)
    throw FormatError(std::string(file), chunk.payload_offset, "definition",
                      "the bone has no DEF chunk (0x0002)");
  // The SDK's name-only copy of DEF: written from the name, so a renamed bone stays consistent.
  bool first_def = true;
  for (auto& slot : bone.layout) {
    if ((slot.raw_id & ~kChunkCompressedFlag) != kBoneChunkDef) continue;
    if (first_def) {
      first_def = false;
      continue;
    }
    std::vector<std::byte> name_only(bone.name.size() + 1);
    std::memcpy(name_only.data(), bone.name.data(), bone.name.size());
    if (slot.kept && slot.payload == name_only && !bone.second_definition) {
      bone.second_definition = true;
      slot.kept = false;
      slot.raw_id = kBoneSecondDefinitionSlot;
      slot.payload.clear();
    }
  }
  return bone;
}

namespace {

// A bone's chunks, appended to `w`.
void write_bone_chunks(ByteWriter& w, const SdkBone& bone) {
  std::vector<ChunkSlot> default_layout;
  if (bone.layout.empty()) {
    for (const std::uint32_t id : kBoneDefaultOrder) {
      default_layout.push_back({id, false, {}});
      if (id == kBoneChunkBindPose && bone.second_definition)
        default_layout.push_back({kBoneSecondDefinitionSlot, false, {}});
    }
  }
  ChunkWriter chunks(w);
  // Modelled chunks are encoded in place (no buffer per chunk).
  for (const auto& slot : bone.layout.empty() ? default_layout : bone.layout) {
    if (slot.kept && slot.model_fingerprint) {  // decoded too: as stored while the model still writes that
      ByteWriter encoded(ByteOrder::little);
      const bool writes = encode_bone_chunk_into(bone, slot.raw_id, encoded);
      if ((writes ? fingerprint(encoded.buffer()) : 0) == *slot.model_fingerprint)
        chunks.write(slot.raw_id, slot.stored());
      else if (writes)
        chunks.write(slot.raw_id, encoded.buffer());
    } else if (slot.kept) {
      chunks.write(slot.raw_id, slot.stored());
    } else if (slot.raw_id == kBoneSecondDefinitionSlot) {
      const auto begin = chunks.begin(kBoneChunkDef);
      w.string_zero_terminated(bone.name);
      chunks.end(begin);
    } else if (has_bone_chunk(bone, slot.raw_id)) {
      const auto begin = chunks.begin(slot.raw_id);
      FieldWriter out(w);
      bone_chunk_fields(out, bone, slot.raw_id);
      chunks.end(begin);
    }
  }
}

}  // namespace

std::vector<std::byte> write_sdk_bone(const SdkBone& bone, std::string_view file_name) {
  ByteWriter w(ByteOrder::little, 0, file_name);
  write_bone_chunks(w, bone);
  return w.take();
}

std::vector<SdkBone> read_sdk_bone_list(const std::vector<Chunk>& children, std::string_view file,
                                        const char* field) {
  std::vector<SdkBone> bones;
  bones.reserve(children.size());
  for (std::size_t i = 0; i < children.size(); ++i) {
    if (children[i].id != i || children[i].compressed)
      throw FormatError(std::string(file), children[i].payload_offset - kChunkHeaderSize, field,
                        "bone chunk " + std::to_string(i) + " has id " + std::to_string(children[i].id) +
                            " (bones are numbered 0..n-1)");
    bones.push_back(read_sdk_bone(children[i], file));
  }
  return bones;
}

void write_sdk_bone_list(ByteWriter& out, const std::vector<SdkBone>& bones) {
  ChunkWriter chunks(out);
  for (std::size_t i = 0; i < bones.size(); ++i) {
    const auto begin = chunks.begin(static_cast<std::uint32_t>(i));
    write_bone_chunks(out, bones[i]);
    chunks.end(begin);
  }
}

std::vector<SdkBonePart> read_sdk_bone_parts(ByteReader& r) {
  std::vector<SdkBonePart> parts(r.count(r.u32("part_count"), 5, "part_count"));
  for (std::size_t p = 0; p < parts.size(); ++p) {
    auto scope = r.enter("parts", p);
    parts[p].name = r.string_zero_terminated("name");
    parts[p].bones.resize(r.count(r.u32("bone_count"), 1, "bone_count"));
    for (auto& bone : parts[p].bones) bone = r.string_zero_terminated("bones");
  }
  return parts;
}

void write_sdk_bone_parts(ByteWriter& w, const std::vector<SdkBonePart>& parts) {
  w.u32(static_cast<std::uint32_t>(parts.size()));
  for (const auto& part : parts) {
    w.string_zero_terminated(part.name);
    w.u32(static_cast<std::uint32_t>(part.bones.size()));
    for (const auto& bone : part.bones) w.string_zero_terminated(bone);
  }
}

}  // namespace gamefmt::xray
