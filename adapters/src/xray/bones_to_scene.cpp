// X-Ray SDK .bones -> scene (bones_scene.hpp describes the layout).
#include <set>

#include "gamefmt/core/text_encoding.hpp"
#include "xray/bones_scene.hpp"
#include "xray/extras_numbers.hpp"
#include "xray/object_scene.hpp"
#include "xray/xray_bone_record.hpp"

namespace gamefmt::xray {

nlohmann::json sdk_bone_parts_json(const std::vector<SdkBonePart>& parts) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& part : parts) {
    nlohmann::json bones = nlohmann::json::array();
    for (const auto& bone : part.bones) bones.push_back(cp1251_to_utf8(bone));
    out.push_back({{"name", cp1251_to_utf8(part.name)}, {"bones", bones}});
  }
  return out;
}

scene::Scene bones_to_scene(const BonesFile& file, std::string_view root_name) {
  std::set<std::string> used;
  const auto unique = [&](std::string name) {
    if (name.empty()) name = "bone";
    std::string candidate = name;
    for (int n = 2; !used.insert(candidate).second; ++n) candidate = name + "#" + std::to_string(n);
    return candidate;
  };
  scene::Scene scene;
  for (const auto& bone : file.bones) {
    const auto node = scene.add_node(unique(cp1251_to_utf8(bone.name)));
    scene.nodes[node].extras[kXrayBoneKey] = sdk_bone_json(bone);
  }
  scene.name = unique(std::string(root_name));
  if (scene.nodes.empty()) scene.add_node(scene.name);  // nothing but the file: one node for it
  if (file.parts) scene.extras[kXrayBonePartsSdkKey] = sdk_bone_parts_json(*file.parts);
  normalize_extras_numbers(scene);
  return scene;
}

}  // namespace gamefmt::xray
