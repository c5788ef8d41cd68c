#include "gamefmt/xray/omf.hpp"

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/xray/chunks.hpp"

namespace gamefmt::xray {

OmfFile read_omf(std::span<const std::byte> data, std::string_view file_name) {
  OmfFile omf;
  ByteReader reader(data, file_name, ByteOrder::little);
  reader.collect_warnings(&omf.warnings);
  // motions_value::load looks up the keys and the parameters: either cut short is refused, other bytes are
  // kept.
  const auto chunks = read_chunks(
      reader, "chunks", [](std::uint32_t id) { return id == kChunkMotionKeys || id == kChunkMotionParams; });
  const auto rest = reader.bytes(reader.remaining(), "trailing_bytes");
  omf.trailing_bytes.assign(rest.begin(), rest.end());
  const Chunk* params = find_chunk(chunks, kChunkMotionParams);
  const Chunk* keys = find_chunk(chunks, kChunkMotionKeys);
  if (params == nullptr || keys == nullptr)
    throw FormatError(std::string(file_name), 0, "chunks",
                      params == nullptr ? "no motion parameter chunk (0x0F)" : "no motion key chunk (0x0E)");
  if (keys->compressed)
    throw FormatError(std::string(file_name), keys->payload_offset - 8, "chunks",
                      "compressed motion keys are not supported");
  omf.params = read_motion_params(*params, file_name);
  omf.keys = read_motion_keys(*keys, file_name, omf.params.bone_count());
  omf.chunks.clear();
  for (const auto& chunk : chunks) {
    OmfChunk entry{chunk.raw_id(), {}};
    if (&chunk != params && &chunk != keys)
      entry.raw_payload.assign(chunk.payload.begin(), chunk.payload.end());
    omf.chunks.push_back(std::move(entry));
  }
  return omf;
}

std::vector<std::byte> write_omf(const OmfFile& omf, std::string_view file_name) {
  ByteWriter w(ByteOrder::little, 0, file_name);
  ChunkWriter chunks(w);
  bool keys_written = false, params_written = false;
  for (const auto& chunk : omf.chunks) {
    if (chunk.raw_id == kChunkMotionKeys && !keys_written) {
      const auto at = chunks.begin(chunk.raw_id);
      write_motion_keys(w, omf.keys);
      chunks.end(at);
      keys_written = true;
    } else if (chunk.raw_id == kChunkMotionParams && !params_written) {
      const auto at = chunks.begin(chunk.raw_id);
      write_motion_params(w, omf.params);
      chunks.end(at);
      params_written = true;
    } else {
      chunks.write(chunk.raw_id, chunk.raw_payload);
    }
  }
  w.bytes(omf.trailing_bytes);
  return w.take();
}

}  // namespace gamefmt::xray
