#pragma once
// X-Ray skeletal motions (OMF files, OGF-embedded motions) <-> scene animations. Axes: xray_space.hpp.
//
// Each motion becomes one animation with one key per frame (key i at i / 30 s). A motion's bone blocks are
// matched to the model's bones by name, case-insensitively, through the bone parts, as the engine does.
// Motion parameters have no glTF slot; they go to the scene extras:
//   "xray.motions":    { <motion name>: { flags, flag_names, bone_or_part, speed, power, accrue, falloff,
//                        frame_count, length (seconds), source, marks: [{ name, intervals: [[t0, t1], ...]
//                        }], raw_name (hex of the stored bytes, only when the name does not survive UTF-8),
//                        stored_keys (.omf import only: motion_record.hpp) } }
//   "xray.bone_parts": [ { name, bones: [ { name, index } ] } ]   (from the first motion set, as the engine
//                        uses)
//   "xray.motion_params_version": 3 or 4
//   "xray.omf_file":   the way back of an .omf import (motion_record.hpp)
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/adapters/format_handler.hpp"
#include "gamefmt/scene/scene.hpp"
#include "gamefmt/xray/omf.hpp"

namespace gamefmt::xray {

inline constexpr const char* kXrayMotionsKey = "xray.motions";
inline constexpr const char* kXrayBonePartsKey = "xray.bone_parts";
inline constexpr const char* kXrayMotionParamsVersionKey = "xray.motion_params_version";

// The definition the importer pairs with motion `m` of a key chunk, whose name is `key_name`: the one at
// index m with that name, else the first with that name, else the one at index m (mangled key names); null
// when there is none.
const MotionDef* motion_definition(const MotionParamsChunk& params, const std::string& key_name,
                                   std::size_t m);

// Whether an import records each motion's stored keys for the way back (motion_record.hpp), and whether an
// export uses them: only where the bone blocks are in the recorded order (an .omf's, not a model's).
enum class MotionRecords { none, keep };
// keep when the import keeps its way-back records (keeps_way_back_records).
MotionRecords motion_records_for(const ImportRequest& request);

// Collects motion sets into animations and their parameters, then stores them on a scene.
class XrayMotionCollector {
 public:
  // `bones`: the skeleton's nodes in model order; motions find them by their names.
  XrayMotionCollector(const scene::Scene& scene, std::vector<scene::NodeIndex> bones,
                      MotionRecords records = MotionRecords::none);
  // Adds every motion of a set; `source` names where it came from (file name). Blocks of bones the model does
  // not have are left out.
  void add(const MotionKeysChunk& keys, const MotionParamsChunk& params, std::string_view source);
  std::size_t animation_count() const { return animations_.size(); }
  // The names of the animations added, in the order of their motions (until store()).
  const std::vector<std::string>& animation_names() const { return animation_names_; }
  // Moves the animations into the scene (after those it has) and adds the extras described above.
  void store(scene::Scene& scene);

 private:
  std::vector<std::string> bone_names_;
  std::vector<scene::NodeIndex> bone_nodes_;
  MotionRecords records_;
  std::vector<scene::Animation> animations_;
  std::vector<std::string> animation_names_;
  nlohmann::json motions_ = nlohmann::json::object();
  nlohmann::json bone_parts_;
  int params_version_ = 0;
};

// A scene made of the motions alone: one node per bone of the bone parts, as roots of a scene named
// `root_name`. With `records` MotionRecords::none, the file's way-back records are not kept.
scene::Scene omf_to_scene(const OmfFile& omf, std::string_view root_name,
                          MotionRecords records = MotionRecords::keep);

// Samples every animation of the scene at 30 frames per second and quantizes it as the SDK does; where the
// scene still holds what an .omf import made of the file, its stored keys and parts come back instead
// (motion_record.hpp), in the recorded order of the motions. Bones: the
// bone parts of the extras when present, else every animated or skinning node in tree order as one part
// "default". Throws FormatError (cannot_write) when the scene has no animation.
OmfFile scene_to_omf(const scene::Scene& scene, std::string_view output_name);
// The same sampling for chosen bones and animations: one block per node of `bones` (block order; nothing
// for a block makes it hold the identity pose), the given bone parts (their indices are block indices), the
// animations whose indices `animations` lists (all when empty), each with its parameters from the extras, and
// with `records` keep, each bone block with its recorded keys while its channel holds them
// (motion_record.hpp).
OmfFile sample_xray_motions(const scene::Scene& scene,
                            const std::vector<std::optional<scene::NodeIndex>>& bones,
                            std::vector<BonePart> parts, const std::vector<std::size_t>& animations,
                            std::string_view output_name, MotionRecords records = MotionRecords::none);

}  // namespace gamefmt::xray
