#include "gamefmt/xray/bones_file.hpp"

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/xray/chunks.hpp"

namespace gamefmt::xray {

BonesFile read_bones_file(std::span<const std::byte> data, std::string_view file_name) {
  BonesFile file;
  ByteReader reader(data, file_name, ByteOrder::little);
  reader.collect_warnings(&file.warnings);
  // Bone chunks (ids 0..) and the parts are looked up: cut short they are refused; other bytes are kept.
  const auto chunks = read_chunks(reader, "chunks",
                                  [](std::uint32_t id) { return id < 0x100 || id == kBonesFileChunkParts; });
  const auto rest = reader.bytes(reader.remaining(), "trailing_bytes");
  file.trailing_bytes.assign(rest.begin(), rest.end());
  std::size_t bone_chunks = 0;
  while (bone_chunks < chunks.size() && chunks[bone_chunks].id == bone_chunks &&
         !chunks[bone_chunks].compressed)
    ++bone_chunks;
  file.bones = read_sdk_bone_list({chunks.begin(), chunks.begin() + static_cast<std::ptrdiff_t>(bone_chunks)},
                                  file_name, "bones");
  for (std::size_t i = bone_chunks; i < chunks.size(); ++i) {
    const Chunk& chunk = chunks[i];
    if (chunk.id == kBonesFileChunkParts && !chunk.compressed && !file.parts) {
      ByteReader r = chunk.reader(file_name);
      auto scope = r.enter("bone_parts");
      file.parts = read_sdk_bone_parts(r);
      if (!r.at_end()) {  // kept with the parts and written back after them
        r.warn("bone_parts",
               std::to_string(r.remaining()) + " bytes after the bone parts are not read; they are kept");
        const auto after = r.bytes(r.remaining(), "bone_parts");
        file.after_parts.assign(after.begin(), after.end());
      }
      file.parts_before_extra = file.extra.empty();
      continue;
    }
    if (chunk.id < 0x100)  // a bone chunk out of sequence is a broken file, not an extra
      throw FormatError(
          std::string(file_name), chunk.payload_offset - kChunkHeaderSize, "bones",
          "bone chunk id " + std::to_string(chunk.id) + " after " + std::to_string(bone_chunks) + " bones");
    file.extra.push_back({chunk.raw_id(), true, {chunk.payload.begin(), chunk.payload.end()}});
  }
  return file;
}

std::vector<std::byte> write_bones_file(const BonesFile& file, std::string_view file_name) {
  ByteWriter w(ByteOrder::little, 0, file_name);
  write_sdk_bone_list(w, file.bones);
  ChunkWriter chunks(w);
  const auto write_parts = [&] {
    if (!file.parts) return;
    const auto at = chunks.begin(kBonesFileChunkParts);
    write_sdk_bone_parts(w, *file.parts);
    w.bytes(file.after_parts);
    chunks.end(at);
  };
  if (file.parts_before_extra) write_parts();
  for (const auto& slot : file.extra) chunks.write(slot.raw_id, slot.payload);
  if (!file.parts_before_extra) write_parts();
  w.bytes(file.trailing_bytes);
  return w.take();
}

}  // namespace gamefmt::xray
