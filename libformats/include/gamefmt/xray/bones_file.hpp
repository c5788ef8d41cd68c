#pragma once
// X-Ray SDK `.bones` file (ActorEditor bone data): chunks 0..n-1, one SdkBone each (name-only definition,
// game material, shape, IK joint and physics; no bind pose), then the bone parts chunk 0x0923. Kept
// losslessly.
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "gamefmt/xray/shared_records.hpp"

namespace gamefmt::xray {

inline constexpr std::uint32_t kBonesFileChunkParts = 0x0923;

struct BonesFile {
  std::vector<SdkBone> bones;
  std::optional<std::vector<SdkBonePart>> parts;
  std::vector<ChunkSlot>
      extra;  // chunks after the bones other than the parts, in order (none in known files)
  bool parts_before_extra = true;
  std::vector<std::byte> after_parts;     // bytes in the parts chunk after the parts, written back with them
  std::vector<std::byte> trailing_bytes;  // after the last whole chunk
  Warnings warnings;                      // problems the reader tolerated; not written to the file
};

BonesFile read_bones_file(std::span<const std::byte> data, std::string_view file_name);
std::vector<std::byte> write_bones_file(const BonesFile& file, std::string_view file_name = {});

}  // namespace gamefmt::xray
