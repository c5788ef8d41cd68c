// X-Ray skeletal motions -> scene animations (motion_scene.hpp describes the layout).
#include <algorithm>
#include <map>

#include "core/two_threads.hpp"
#include "gamefmt/adapters/common_options.hpp"
#include "gamefmt/core/text_encoding.hpp"
#include "xray/extras_numbers.hpp"
#include "xray/motion_record.hpp"
#include "xray/motion_scene.hpp"
#include "xray/xray_space.hpp"

namespace gamefmt::xray {
namespace {

// The stored-keys records of `motions` (motion_record), by name. Deflating them is most of the time a
// character's import takes (the corpus dog: 79 motions, 1.1 MB of keys): a second thread shares them when
// there are megabytes to deflate.
std::vector<std::pair<std::string, nlohmann::json>> motion_records(
    const std::vector<std::pair<std::string, const MotionKeys*>>& motions, std::size_t bone_count) {
  std::vector<std::pair<std::string, nlohmann::json>> out(motions.size());
  std::size_t bytes = 0;
  for (const auto& motion : motions)
    for (const auto& bone : motion.second->bones)
      bytes += bone.rotations.size() * 8 + bone.translations.size() * 6;
  for_each_on_two_threads(motions.size(), bytes >= (std::size_t{1} << 20), [&](std::size_t i) {
    out[i] = {motions[i].first, motion_record(*motions[i].second, bone_count)};
  });
  return out;
}

constexpr const char* kFlagNames[] = {"fx",         "stop_at_end", "no_mix", "sync_part",
                                      "foot_steps", "root_mover",  "idle",   "use_weapon_bone"};

// Names that do not survive cp1251 -> UTF-8 -> cp1251 (mods mangle them) travel as hex bytes too.
std::string hex_of(const std::string& bytes) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (unsigned char c : bytes) {
    out += digits[c >> 4];
    out += digits[c & 15];
  }
  return out;
}

nlohmann::json flag_names(std::uint32_t flags) {
  nlohmann::json names = nlohmann::json::array();
  for (int bit = 0; bit < 8; ++bit)
    if (flags & (1u << bit)) names.push_back(kFlagNames[bit]);
  return names;
}

nlohmann::json bone_parts_json(const MotionParamsChunk& params) {
  nlohmann::json parts = nlohmann::json::array();
  for (const auto& part : params.parts) {
    nlohmann::json bones = nlohmann::json::array();
    for (const auto& bone : part.bones)
      bones.push_back({{"name", cp1251_to_utf8(bone.name)}, {"index", bone.index}});
    parts.push_back({{"name", cp1251_to_utf8(part.name)}, {"bones", bones}});
  }
  return parts;
}

nlohmann::json motion_json(const MotionDef& def, const MotionKeys& keys, std::string_view source) {
  nlohmann::json marks = nlohmann::json::array();
  for (const auto& mark : def.marks) {
    nlohmann::json intervals = nlohmann::json::array();
    for (const auto& interval : mark.intervals) intervals.push_back({interval[0], interval[1]});
    marks.push_back({{"name", cp1251_to_utf8(mark.name)}, {"intervals", intervals}});
  }
  return {{"flags", def.flags},
          {"flag_names", flag_names(def.flags)},
          {"bone_or_part", def.bone_or_part},
          {"motion", def.motion},
          {"speed", def.speed},
          {"power", def.power},
          {"accrue", def.accrue},
          {"falloff", def.falloff},
          {"frame_count", keys.frame_count},
          {"length", static_cast<double>(keys.frame_count) / kMotionFramesPerSecond},
          {"source", std::string(source)},
          {"marks", marks}};
}

}  // namespace

const MotionDef* motion_definition(const MotionParamsChunk& params, const std::string& key_name,
                                   std::size_t m) {
  if (m < params.motions.size() && params.motions[m].name == key_name) return &params.motions[m];
  for (const auto& def : params.motions)
    if (def.name == key_name) return &def;
  return m < params.motions.size() ? &params.motions[m] : nullptr;  // mangled key names: by index
}

XrayMotionCollector::XrayMotionCollector(const scene::Scene& scene, std::vector<scene::NodeIndex> bones,
                                         MotionRecords records)
    : bone_nodes_(std::move(bones)), records_(records) {
  for (scene::NodeIndex node : bone_nodes_) bone_names_.push_back(scene.nodes.at(node).name);
}

void XrayMotionCollector::add(const MotionKeysChunk& keys, const MotionParamsChunk& params,
                              std::string_view source) {
  std::map<std::string, std::size_t> bone_by_name;
  for (std::size_t i = 0; i < bone_names_.size(); ++i) bone_by_name.emplace(lower_ascii(bone_names_[i]), i);
  // Block index -> model bone, as the engine's rm_bones.
  std::vector<int> bone_of_block(params.bone_count(), -1);
  for (const auto& part : params.parts)
    for (const auto& bone : part.bones) {
      const auto found = bone_by_name.find(lower_ascii(cp1251_to_utf8(bone.name)));
      if (found != bone_by_name.end() && bone.index < bone_of_block.size())
        bone_of_block[bone.index] = static_cast<int>(found->second);
    }
  if (bone_parts_.is_null()) {
    bone_parts_ = bone_parts_json(params);
    params_version_ = params.version;
  }

  std::vector<std::pair<std::string, const MotionKeys*>> kept;  // the motions whose keys are recorded
  for (std::size_t m = 0; m < keys.motions.size(); ++m) {
    const auto& motion = keys.motions[m];
    const MotionDef* def = motion_definition(params, motion.name, m);

    std::string name = cp1251_to_utf8(motion.name);
    if (motions_.contains(name)) {
      int n = 2;
      while (motions_.contains(name + "#" + std::to_string(n))) ++n;
      name += "#" + std::to_string(n);
    }
    // One key per frame, key f at f / 30 s.
    const double frames_per_second = kMotionFramesPerSecond;
    const std::size_t frames = std::max<std::size_t>(motion.frame_count, 1);
    scene::Animation animation;
    animation.name = name;
    animation_names_.push_back(name);
    animation.duration = static_cast<double>(frames - 1) / frames_per_second;
    std::vector<bool> bone_done(bone_names_.size(), false);
    for (std::size_t b = 0; b < motion.bones.size() && b < bone_of_block.size(); ++b) {
      const int bone = bone_of_block[b];
      if (bone < 0 || bone_done[bone]) continue;
      bone_done[bone] = true;
      const auto& block = motion.bones[b];
      scene::NodeAnimation channel;
      channel.node = bone_nodes_[bone];
      channel.translation.reserve(frames);
      channel.rotation.reserve(frames);
      for (std::size_t f = 0; f < frames; ++f) {
        const double time = static_cast<double>(f) / frames_per_second;
        const auto t = decode_translation(block, f);
        const auto q = decode_rotation(block, f);
        channel.translation.push_back({time, xray_space::vector(glm::vec3(t[0], t[1], t[2]))});
        channel.rotation.push_back({time, xray_space::engine_rotation(q[0], q[1], q[2], q[3])});
      }
      animation.channels.push_back(std::move(channel));
    }
    animations_.push_back(std::move(animation));
    MotionDef defaults;
    defaults.name = motion.name;
    defaults.motion = static_cast<std::uint16_t>(m);
    motions_[name] = motion_json(def != nullptr ? *def : defaults, motion, source);
    if (utf8_to_cp1251(name) != motion.name)
      motions_[name]["raw_name"] = hex_of(motion.name);  // mangled names
    if (records_ == MotionRecords::keep) kept.emplace_back(name, &motion);
  }
  for (auto& [name, record] : motion_records(kept, params.bone_count()))
    motions_[name][kStoredKeysKey] = std::move(record);
}

void XrayMotionCollector::store(scene::Scene& scene) {
  if (animations_.empty()) return;
  for (auto& animation : animations_) scene.animations.push_back(std::move(animation));
  animations_.clear();
  animation_names_.clear();
  scene.extras[kXrayMotionsKey] = motions_;
  if (!bone_parts_.is_null()) scene.extras[kXrayBonePartsKey] = bone_parts_;
  if (params_version_ != 0) scene.extras[kXrayMotionParamsVersionKey] = params_version_;
}

MotionRecords motion_records_for(const ImportRequest& request) {
  return keeps_way_back_records(request) ? MotionRecords::keep : MotionRecords::none;
}

scene::Scene omf_to_scene(const OmfFile& omf, std::string_view root_name, MotionRecords records) {
  std::vector<std::string> names(omf.params.bone_count());
  for (const auto& part : omf.params.parts)
    for (const auto& bone : part.bones)
      if (bone.index < names.size()) names[bone.index] = cp1251_to_utf8(bone.name);
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i].empty()) names[i] = "bone_" + std::to_string(i);
  scene::Scene scene;
  scene.name = std::string(root_name);
  std::vector<scene::NodeIndex> bones;
  for (const auto& name : names) bones.push_back(scene.add_node(name));
  if (bones.empty()) scene.add_node(std::string(root_name));  // nothing but the file: one node for it
  XrayMotionCollector collector(scene, bones, records);
  collector.add(omf.keys, omf.params, root_name);
  if (records == MotionRecords::keep && collector.animation_count() != 0)
    scene.extras[kOmfFileKey] = omf_file_record(omf, collector.animation_names());
  collector.store(scene);
  normalize_extras_numbers(scene);
  return scene;
}

}  // namespace gamefmt::xray
