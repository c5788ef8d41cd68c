#pragma once
// X-Ray `.omf` motion file: a chunk list holding OGF_S_MOTIONS (keys) and OGF_S_SMPARAMS (bone parts and
// motion parameters), in that order in every known file. Other chunks are kept raw, in place.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "gamefmt/xray/shared_records.hpp"

namespace gamefmt::xray {

struct OmfChunk {
  std::uint32_t raw_id = 0;            // with the compression flag
  std::vector<std::byte> raw_payload;  // for chunks other than keys and params
};

struct OmfFile {
  MotionKeysChunk keys;
  MotionParamsChunk params;
  // The file's chunks in order; keys and params are written from the fields above where their ids appear.
  std::vector<OmfChunk> chunks = {{kChunkMotionKeys, {}}, {kChunkMotionParams, {}}};
  std::vector<std::byte> trailing_bytes;  // after the last whole chunk, written back after the chunks
  Warnings warnings;                      // problems the reader tolerated; not written to the file
};

// Throws FormatError when the params or keys chunk is missing or malformed. Bytes after the last chunk (or
// after the last motion) are tolerated with a warning and kept.
OmfFile read_omf(std::span<const std::byte> data, std::string_view file_name);
std::vector<std::byte> write_omf(const OmfFile& omf, std::string_view file_name = {});

}  // namespace gamefmt::xray
