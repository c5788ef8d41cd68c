#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

#include "core/ai_channel_sampling.hpp"
#include "metadata_json.hpp"
#include "ai_scene_building.hpp"
#include "xray/xray_axes.hpp"
#include "xray/xray_bone_record.hpp"
#include "xray/motion_scene.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/text_encoding.hpp"

namespace gamefmt::assimp {
namespace {

constexpr const char* kFlagNames[] = {"fx",        "stop_at_end", "no_mix", "sync_part",
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

std::optional<std::string> from_hex(const std::string& hex) {
  if (hex.size() % 2 != 0) return std::nullopt;
  std::string out;
  for (std::size_t i = 0; i < hex.size(); i += 2) {
    const auto digit = [](char c) { return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1; };
    const int hi = digit(hex[i]), lo = digit(hex[i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out += static_cast<char>(hi * 16 + lo);
  }
  return out;
}

nlohmann::json flag_names(std::uint32_t flags) {
  nlohmann::json names = nlohmann::json::array();
  for (int bit = 0; bit < 8; ++bit)
    if (flags & (1u << bit)) names.push_back(kFlagNames[bit]);
  return names;
}

nlohmann::json bone_parts_json(const xray::MotionParamsChunk& params) {
  nlohmann::json parts = nlohmann::json::array();
  for (const auto& part : params.parts) {
    nlohmann::json bones = nlohmann::json::array();
    for (const auto& bone : part.bones) bones.push_back({{"name", cp1251_to_utf8(bone.name)}, {"index", bone.index}});
    parts.push_back({{"name", cp1251_to_utf8(part.name)}, {"bones", bones}});
  }
  return parts;
}

nlohmann::json motion_json(const xray::MotionDef& def, const xray::MotionKeys& keys, std::string_view source) {
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
          {"length", static_cast<double>(keys.frame_count) / xray::kMotionFramesPerSecond},
          {"source", std::string(source)},
          {"marks", marks}};
}

}  // namespace

void XrayMotionCollector::add(const xray::MotionKeysChunk& keys, const xray::MotionParamsChunk& params,
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

  for (std::size_t m = 0; m < keys.motions.size(); ++m) {
    const auto& motion = keys.motions[m];
    const xray::MotionDef* def = m < params.motions.size() && params.motions[m].name == motion.name ? &params.motions[m] : nullptr;
    for (std::size_t d = 0; d < params.motions.size() && def == nullptr; ++d)
      if (params.motions[d].name == motion.name) def = &params.motions[d];
    if (def == nullptr && m < params.motions.size()) def = &params.motions[m];  // mangled key names: by index

    std::string name = cp1251_to_utf8(motion.name);
    if (motions_.contains(name)) {
      int n = 2;
      while (motions_.contains(name + "#" + std::to_string(n))) ++n;
      name += "#" + std::to_string(n);
    }
    const std::size_t frames = std::max<std::size_t>(motion.frame_count, 1);
    auto animation = std::make_unique<aiAnimation>();
    animation->mName = aiString(name);
    animation->mTicksPerSecond = xray::kMotionFramesPerSecond;
    animation->mDuration = static_cast<double>(frames - 1);
    std::vector<std::unique_ptr<aiNodeAnim>> channels;
    std::vector<bool> bone_done(bone_names_.size(), false);
    for (std::size_t b = 0; b < motion.bones.size() && b < bone_of_block.size(); ++b) {
      const int bone = bone_of_block[b];
      if (bone < 0 || bone_done[bone]) continue;
      bone_done[bone] = true;
      const auto& block = motion.bones[b];
      auto channel = std::make_unique<aiNodeAnim>();
      channel->mNodeName = aiString(bone_names_[bone]);
      channel->mNumPositionKeys = channel->mNumRotationKeys = static_cast<unsigned>(frames);
      channel->mPositionKeys = new aiVectorKey[frames];
      channel->mRotationKeys = new aiQuatKey[frames];
      for (std::size_t f = 0; f < frames; ++f) {
        const auto t = xray::decode_translation(block, f);
        const auto q = xray::decode_rotation(block, f);
        channel->mPositionKeys[f] = aiVectorKey(static_cast<double>(f), xray_axes::vector(t[0], t[1], t[2]));
        channel->mRotationKeys[f] = aiQuatKey(static_cast<double>(f), xray_axes::engine_rotation(q[0], q[1], q[2], q[3]));
      }
      channels.push_back(std::move(channel));
    }
    animation->mChannels = release_to_array(channels, animation->mNumChannels);
    animations_.push_back(std::move(animation));
    xray::MotionDef defaults;
    defaults.name = motion.name;
    defaults.motion = static_cast<std::uint16_t>(m);
    motions_[name] = motion_json(def != nullptr ? *def : defaults, motion, source);
    if (utf8_to_cp1251(name) != motion.name) motions_[name]["raw_name"] = hex_of(motion.name);  // mangled names
  }
}

void XrayMotionCollector::store(aiScene& scene) {
  if (animations_.empty()) return;
  scene.mAnimations = release_to_array(animations_, scene.mNumAnimations);
  add_metadata_json(scene.mMetaData, kXrayMotionsKey, motions_);
  if (!bone_parts_.is_null()) add_metadata_json(scene.mMetaData, kXrayBonePartsKey, bone_parts_);
  if (params_version_ != 0) add_metadata(scene.mMetaData, kXrayMotionParamsVersionKey, params_version_);
}

std::unique_ptr<aiScene> omf_to_scene(const xray::OmfFile& omf, std::string_view root_name) {
  std::vector<std::string> names(omf.params.bone_count());
  for (const auto& part : omf.params.parts)
    for (const auto& bone : part.bones)
      if (bone.index < names.size()) names[bone.index] = cp1251_to_utf8(bone.name);
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i].empty()) names[i] = "bone_" + std::to_string(i);
  auto scene = std::make_unique<aiScene>();
  scene->mFlags |= AI_SCENE_FLAGS_INCOMPLETE;
  scene->mRootNode = make_node(root_name);
  std::vector<aiNode*> bones;
  for (const auto& name : names) bones.push_back(make_node(name));
  set_children(*scene->mRootNode, bones);
  XrayMotionCollector collector(names);
  collector.add(omf.keys, omf.params, root_name);
  collector.store(*scene);
  return scene;
}

namespace {

void collect_bone_nodes(const aiNode& node, const std::map<std::string, bool>& wanted, std::vector<std::string>& out) {
  if (wanted.count(node.mName.C_Str()) != 0) out.push_back(node.mName.C_Str());
  for (unsigned i = 0; i < node.mNumChildren; ++i) collect_bone_nodes(*node.mChildren[i], wanted, out);
}

std::string to_cp1251(const std::string& utf8, std::string_view output_name, const char* field) {
  auto text = utf8_to_cp1251(utf8);
  if (!text) throw FormatError(std::string(output_name), std::nullopt, field, "'" + utf8 + "' has characters cp1251 lacks");
  return *text;
}

}  // namespace

xray::OmfFile scene_to_omf(const aiScene& scene, std::string_view output_name) {
  if (scene.mNumAnimations == 0 || scene.mRootNode == nullptr)
    throw FormatError(std::string(output_name), std::nullopt, "animations", "the scene has no animation to write");
  std::vector<xray::BonePart> bone_parts;
  const nlohmann::json parts = find_metadata_json(scene.mMetaData, kXrayBonePartsKey);

  std::vector<std::string> bones;  // UTF-8 node names by block index
  if (parts.is_array() && !parts.empty()) {
    for (const auto& part : parts) {
      xray::BonePart out;
      out.name = to_cp1251(part.value("name", std::string("default")), output_name, "bone_parts.name");
      for (const auto& bone : part.value("bones", nlohmann::json::array())) {
        const std::string name = bone.value("name", std::string());
        const std::uint32_t index = bone.value("index", 0u);
        out.bones.push_back({to_cp1251(name, output_name, "bone_parts.bones.name"), index});
        if (index >= 4096)
          throw FormatError(std::string(output_name), std::nullopt, "bone_parts", "bone index out of range");
        if (bones.size() <= index) bones.resize(index + 1);
        bones[index] = name;
      }
      bone_parts.push_back(std::move(out));
    }
    std::size_t part_bones = 0;
    for (const auto& part : bone_parts) part_bones += part.bones.size();
    if (bones.size() != part_bones)
      throw FormatError(std::string(output_name), std::nullopt, "bone_parts", "bone indices are not 0..n-1");
  } else {
    std::map<std::string, bool> wanted;
    for (unsigned a = 0; a < scene.mNumAnimations; ++a)
      for (unsigned c = 0; c < scene.mAnimations[a]->mNumChannels; ++c)
        wanted[scene.mAnimations[a]->mChannels[c]->mNodeName.C_Str()] = true;
    for (unsigned m = 0; m < scene.mNumMeshes; ++m)
      for (unsigned b = 0; b < scene.mMeshes[m]->mNumBones; ++b) wanted[scene.mMeshes[m]->mBones[b]->mName.C_Str()] = true;
    collect_bone_nodes(*scene.mRootNode, wanted, bones);
    xray::BonePart part;
    part.name = "default";
    for (std::size_t i = 0; i < bones.size(); ++i)
      part.bones.push_back({to_cp1251(bones[i], output_name, "bones.name"), static_cast<std::uint32_t>(i)});
    bone_parts.push_back(std::move(part));
  }

  return sample_xray_motions(scene, bones, std::move(bone_parts), {}, output_name);
}

xray::OmfFile sample_xray_motions(const aiScene& scene, const std::vector<std::string>& bones,
                                  std::vector<xray::BonePart> parts, const std::vector<unsigned>& animations,
                                  std::string_view output_name) {
  xray::OmfFile omf;
  const nlohmann::json motions = find_metadata_json(scene.mMetaData, kXrayMotionsKey);
  const nlohmann::json version = find_metadata_json(scene.mMetaData, kXrayMotionParamsVersionKey);
  omf.params.version = version.is_number() && version.get<int>() == 3 ? 3 : 4;
  omf.params.parts = std::move(parts);
  std::vector<unsigned> chosen = animations;
  if (chosen.empty())
    for (unsigned a = 0; a < scene.mNumAnimations; ++a) chosen.push_back(a);
  ByteWriter count(ByteOrder::little);
  count.u32(static_cast<std::uint32_t>(chosen.size()));
  omf.keys.count_payload = count.take();
  for (std::size_t slot = 0; slot < chosen.size(); ++slot) {
    const unsigned a = chosen[slot];
    if (a >= scene.mNumAnimations)
      throw FormatError(std::string(output_name), std::nullopt, "animations",
                        "animation " + std::to_string(a) + " is not in the scene");
    const aiAnimation& animation = *scene.mAnimations[a];
    const std::string name = animation.mName.C_Str();
    const nlohmann::json params = motions.is_object() && motions.contains(name) ? motions[name] : nlohmann::json();
    const double ticks_per_second = animation.mTicksPerSecond > 0 ? animation.mTicksPerSecond : 25.0;
    std::size_t frames = static_cast<std::size_t>(std::lround(animation.mDuration / ticks_per_second * 30.0)) + 1;
    if (params.is_object() && params.contains("frame_count") && params["frame_count"].is_number_unsigned())
      frames = std::max<std::size_t>(params["frame_count"].get<std::size_t>(), 1);
    if (frames > xray::kMaxMotionFrames)
      throw FormatError(std::string(output_name), std::nullopt, "animations." + name,
                        std::to_string(frames) + " frames at 30 fps; a motion holds at most " +
                            std::to_string(xray::kMaxMotionFrames));

    xray::MotionKeys keys;
    keys.chunk_id = static_cast<std::uint32_t>(slot + 1);
    const auto raw_name = params.is_object() && params.contains("raw_name") && params["raw_name"].is_string()
                              ? from_hex(params["raw_name"].get<std::string>())
                              : std::nullopt;
    keys.name = raw_name ? *raw_name : to_cp1251(name, output_name, "animations.name");
    keys.frame_count = static_cast<std::uint32_t>(frames);
    for (const auto& bone_name : bones) {
      const aiNodeAnim* channel = nullptr;
      for (unsigned c = 0; c < animation.mNumChannels && channel == nullptr; ++c)
        if (bone_name == animation.mChannels[c]->mNodeName.C_Str()) channel = animation.mChannels[c];
      aiVector3D rest_position;
      aiQuaternion rest_rotation;
      if (const aiNode* node = scene.mRootNode->FindNode(bone_name.c_str())) {
        aiVector3D scaling;
        node->mTransformation.Decompose(scaling, rest_rotation, rest_position);
      }
      std::vector<std::array<float, 4>> rotations(frames);
      std::vector<std::array<float, 3>> translations(frames);
      for (std::size_t f = 0; f < frames; ++f) {
        const double ticks = static_cast<double>(f) / 30.0 * ticks_per_second;
        const aiVector3D p = channel ? sample_position(*channel, ticks, rest_position) : rest_position;
        const aiQuaternion q = channel ? sample_rotation(*channel, ticks, rest_rotation) : rest_rotation;
        const aiVector3D engine_p = xray_axes::vector(p);
        translations[f] = {engine_p.x, engine_p.y, engine_p.z};
        rotations[f] = xray_axes::engine_rotation_from_scene(q);
      }
      keys.bones.push_back(xray::encode_bone_keys(rotations, translations, false));
    }
    omf.keys.motions.push_back(std::move(keys));

    xray::MotionDef def;
    def.name = omf.keys.motions.back().name;
    def.motion = static_cast<std::uint16_t>(slot);
    def.flags = params.is_object() ? params.value("flags", 0u) : 0u;
    def.bone_or_part = params.is_object() ? params.value("bone_or_part", std::uint16_t{0xFFFF}) : std::uint16_t{0xFFFF};
    def.speed = json_fields::number(params, "speed", 1.0f);
    def.power = json_fields::number(params, "power", 1.0f);
    def.accrue = json_fields::number(params, "accrue", 2.0f);
    def.falloff = json_fields::number(params, "falloff", 2.0f);
    if (omf.params.version >= 4 && params.is_object() && params.contains("marks") && params["marks"].is_array()) {
      for (const auto& mark : params["marks"]) {
        xray::MotionMark out;
        out.name = to_cp1251(mark.value("name", std::string()), output_name, "marks.name");
        for (const auto& interval : mark.value("intervals", nlohmann::json::array()))
          if (interval.is_array() && interval.size() == 2)
            out.intervals.push_back({interval[0].get<float>(), interval[1].get<float>()});
        def.marks.push_back(std::move(out));
      }
    }
    omf.params.motions.push_back(std::move(def));
  }
  return omf;
}

}  // namespace gamefmt::assimp
