#pragma once
// The embedded motions of OGF version 3 models (builds ~1469-1865), read into the version 4 structures so the
// rest of gamefmt treats them as any other motion set.
//
// Keys: chunk 0x1A (later builds; bone blocks as in version 4, but the first byte only says whether the
// translation is animated) or 0x0E (earliest builds; per bone and frame a 16-bit quaternion and a float
// translation, or in some files a float quaternion; re-encoded as version 4 keys). Parameters: chunk 0x14 (a
// version: 1 = bone indices, 2 = bone names, 3 = names and block indices) or 0x12 (no version; bone indices;
// a cycle byte and a stop-at-end byte instead of flags). Bone blocks follow the bone-names order, except with
// parameters of version 3 (block indices). The parameters come out as version 3 (bone names and block
// indices, no marks).
#include <optional>
#include <string_view>
#include <vector>

#include "gamefmt/xray/chunks.hpp"
#include "gamefmt/xray/ogf.hpp"
#include "gamefmt/xray/shared_records.hpp"

namespace gamefmt::xray {

inline constexpr std::uint32_t kOgfV3MotionsRaw = 0x0E, kOgfV3ParamsUnversioned = 0x12, kOgfV3Params = 0x14,
                               kOgfV3Motions = 0x1A;

struct OgfV3Motions {
  MotionKeysChunk keys;
  MotionParamsChunk params;
};

// Nothing when the model has no key chunk. Throws FormatError for malformed keys or parameters.
std::optional<OgfV3Motions> read_ogf_v3_motions(const std::vector<Chunk>& model_chunks,
                                                const std::vector<OgfBone>& bones, std::string_view file);

}  // namespace gamefmt::xray
