#pragma once
// X-Ray skeletal motions (OMF files, OGF-embedded motions) <-> aiAnimation. Axes: xray_axes.hpp.
//
// Each motion becomes one aiAnimation at 30 ticks per second with one key per frame (key i at tick i). A motion's
// bone blocks are matched to the model's bones by name, case-insensitively, through the bone parts, as the engine
// does. Motion parameters have no glTF slot; they go to scene metadata (glTF scene extras):
//   "xray.motions":    { <motion name>: { flags, flag_names, bone_or_part, speed, power, accrue, falloff,
//                        frame_count, length (seconds), source, marks: [{ name, intervals: [[t0, t1], ...] }],
//                        raw_name (hex of the stored bytes, only when the name does not survive UTF-8) } }
//   "xray.bone_parts": [ { name, bones: [ { name, index } ] } ]   (from the first motion set, as the engine uses)
//   "xray.motion_params_version": 3 or 4
#include <assimp/scene.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/xray/omf.hpp"

namespace gamefmt::assimp {

inline constexpr const char* kXrayMotionsKey = "xray.motions";
inline constexpr const char* kXrayBonePartsKey = "xray.bone_parts";
inline constexpr const char* kXrayMotionParamsVersionKey = "xray.motion_params_version";

// Collects motion sets into animations and their parameters, then stores them on a scene.
class XrayMotionCollector {
 public:
  // `bone_names` are the skeleton's node names (UTF-8), in model order.
  explicit XrayMotionCollector(std::vector<std::string> bone_names) : bone_names_(std::move(bone_names)) {}
  // Adds every motion of a set; `source` names where it came from (file name). Blocks of bones the model does not
  // have are left out.
  void add(const xray::MotionKeysChunk& keys, const xray::MotionParamsChunk& params, std::string_view source);
  std::size_t animation_count() const { return animations_.size(); }
  // Moves the animations into the scene and adds the metadata described above.
  void store(aiScene& scene);

 private:
  std::vector<std::string> bone_names_;
  std::vector<std::unique_ptr<aiAnimation>> animations_;
  nlohmann::json motions_ = nlohmann::json::object();
  nlohmann::json bone_parts_;
  int params_version_ = 0;
};

// A scene made of the motions alone: one node per bone of the bone parts under a root node named `root_name`.
std::unique_ptr<aiScene> omf_to_scene(const xray::OmfFile& omf, std::string_view root_name);

// Samples every animation of the scene at 30 frames per second and quantizes it as the SDK does. Bones: the bone
// parts of the metadata when present, else every animated or skinning node in tree order as one part "default".
// Throws FormatError when the scene has no animation.
xray::OmfFile scene_to_omf(const aiScene& scene, std::string_view output_name);
// The same sampling for chosen bones and animations: one block per name of `bones` (scene node names, block
// order), the given bone parts (their indices are block indices), the animations whose indices `animations`
// lists (all when empty), each with its parameters from the metadata.
xray::OmfFile sample_xray_motions(const aiScene& scene, const std::vector<std::string>& bones,
                                  std::vector<xray::BonePart> parts, const std::vector<unsigned>& animations,
                                  std::string_view output_name);

}  // namespace gamefmt::assimp
