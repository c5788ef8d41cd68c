#include "gamefmt/xray/sdk_bone.hpp"

#include <cstring>
#include <string>

#include "gamefmt/core/format_error.hpp"

namespace gamefmt::xray {
namespace {

const std::vector<std::uint32_t> kBoneDefaultOrder = {
    kBoneChunkVersion, kBoneChunkDef,     kBoneChunkBindPose, kBoneChunkMaterial, kBoneChunkShape,
    kBoneChunkIkFlags, kBoneChunkIkJoint, kBoneChunkBreak,    kBoneChunkFriction, kBoneChunkMass};

void read_shape(ByteReader& r, OgfShape& shape) {
  shape.type = r.u16("type");
  shape.flags = r.u16("flags");
  r.read_array(shape.box.rotate, "box.rotate");
  r.read_array(shape.box.translate, "box.translate");
  r.read_array(shape.box.half_size, "box.half_size");
  r.read_array(shape.sphere, "sphere");
  r.read_array(shape.cylinder, "cylinder");
}

void write_shape(ByteWriter& w, const OgfShape& shape) {
  w.u16(shape.type);
  w.u16(shape.flags);
  w.write_array(shape.box.rotate);
  w.write_array(shape.box.translate);
  w.write_array(shape.box.half_size);
  w.write_array(shape.sphere);
  w.write_array(shape.cylinder);
}

// The SDK's loader reads a chunk's fields and no more: bytes after them are kept with the chunk, as stored.
void expect_end(const ByteReader& r, const char* field) {
  if (!r.at_end())
    r.warn(field, std::to_string(r.remaining()) +
                      " bytes at the end of the chunk are not read; the chunk is kept as stored");
}

std::optional<std::vector<std::byte>> encode_bone_chunk(const SdkBone& bone, std::uint32_t id) {
  ByteWriter w(ByteOrder::little);
  switch (id) {
    case kBoneChunkVersion:
      if (!bone.version) return std::nullopt;
      w.u16(*bone.version);
      break;
    case kBoneChunkDef:
      w.string_zero_terminated(bone.name);
      if (bone.definition_has_parent) {
        w.string_zero_terminated(bone.parent);
        w.string_zero_terminated(bone.weight_map);
      }
      break;
    case kBoneChunkBindPose:
      if (!bone.bind_pose) return std::nullopt;
      w.write_array(*bone.bind_pose);
      break;
    case kBoneChunkMaterial:
      if (!bone.game_material) return std::nullopt;
      w.string_zero_terminated(*bone.game_material);
      break;
    case kBoneChunkShape:
      if (!bone.shape) return std::nullopt;
      write_shape(w, *bone.shape);
      break;
    case kBoneChunkIkJoint:
      if (!bone.joint) return std::nullopt;
      w.u32(bone.joint->type);
      for (const auto& limit : bone.joint->limits) {
        w.write_array(limit.range);
        w.f32(limit.spring);
        w.f32(limit.damping);
      }
      w.f32(bone.joint->spring);
      w.f32(bone.joint->damping);
      break;
    case kBoneChunkIkFlags:
      if (!bone.ik_flags) return std::nullopt;
      w.u32(*bone.ik_flags);
      break;
    case kBoneChunkBreak:
      if (!bone.break_limits) return std::nullopt;
      w.write_array(*bone.break_limits);
      break;
    case kBoneChunkFriction:
      if (!bone.friction) return std::nullopt;
      w.f32(*bone.friction);
      break;
    case kBoneChunkMass:
      if (!bone.mass) return std::nullopt;
      w.write_array(*bone.mass);
      break;
    default:
      return std::nullopt;
  }
  return w.take();
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
    ByteReader r = c.reader(file);
    switch (c.id) {
      case kBoneChunkVersion:
        bone.version = r.u16("version");
        break;
      case kBoneChunkDef: {
        auto scope = r.enter("definition");
        bone.name = r.string_zero_terminated("name");
        bone.definition_has_parent = !r.at_end();
        if (bone.definition_has_parent) {
          bone.parent = r.string_zero_terminated("parent");
          bone.weight_map = r.string_zero_terminated("weight_map");
        }
        have_def = true;
        break;
      }
      case kBoneChunkBindPose:
        r.read_array(bone.bind_pose.emplace(), "bind_pose");
        break;
      case kBoneChunkMaterial:
        bone.game_material = r.string_zero_terminated("game_material");
        break;
      case kBoneChunkShape: {
        auto scope = r.enter("shape");
        read_shape(r, bone.shape.emplace());
        break;
      }
      case kBoneChunkIkJoint: {
        auto scope = r.enter("ik_joint");
        auto& joint = bone.joint.emplace();
        joint.type = r.u32("type");
        for (auto& limit : joint.limits) {
          r.read_array(limit.range, "limit");
          limit.spring = r.f32("spring");
          limit.damping = r.f32("damping");
        }
        joint.spring = r.f32("spring");
        joint.damping = r.f32("damping");
        break;
      }
      case kBoneChunkIkFlags:
        bone.ik_flags = r.u32("ik_flags");
        break;
      case kBoneChunkBreak:
        r.read_array(bone.break_limits.emplace(), "break");
        break;
      case kBoneChunkFriction:
        bone.friction = r.f32("friction");
        break;
      case kBoneChunkMass:
        r.read_array(bone.mass.emplace(), "mass");
        break;
      default:
        return false;
    }
    expect_end(r, "chunk");
    return true;
  };
  bone.layout =
      read_chunk_slots(children, parse, [&](std::uint32_t id) { return encode_bone_chunk(bone, id); });
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

std::vector<std::byte> write_sdk_bone(const SdkBone& bone) {
  ByteWriter w(ByteOrder::little);
  std::vector<ChunkSlot> layout = bone.layout;
  if (layout.empty()) {
    for (const std::uint32_t id : kBoneDefaultOrder) {
      layout.push_back({id, false, {}});
      if (id == kBoneChunkBindPose && bone.second_definition)
        layout.push_back({kBoneSecondDefinitionSlot, false, {}});
    }
  }
  ChunkWriter chunks(w);
  for (const auto& slot : layout) {
    if (slot.kept) {
      chunks.write(slot.raw_id, slot.payload);
    } else if (slot.raw_id == kBoneSecondDefinitionSlot) {
      ByteWriter name(ByteOrder::little);
      name.string_zero_terminated(bone.name);
      chunks.write(kBoneChunkDef, name.buffer());
    } else if (const auto payload = encode_bone_chunk(bone, slot.raw_id)) {
      chunks.write(slot.raw_id, *payload);
    }
  }
  return w.take();
}

std::vector<SdkBone> read_sdk_bone_list(const std::vector<Chunk>& children, std::string_view file,
                                        const char* field) {
  std::vector<SdkBone> bones;
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
  for (std::size_t i = 0; i < bones.size(); ++i)
    chunks.write(static_cast<std::uint32_t>(i), write_sdk_bone(bones[i]));
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
