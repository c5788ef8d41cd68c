#include "rig_inputs.hpp"

#include <algorithm>
#include <filesystem>
#include <set>

#include "../core/texture_images.hpp"
#include "gamefmt/core/byte_order.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/text_encoding.hpp"

namespace gamefmt::phoenix {
namespace fs = std::filesystem;

RigInputs read_rig_inputs(const ImportRequest& request, bool engine_checks) {
  RigInputs out;
  const InputFile* model_file = nullptr;
  for (const auto& companion : request.companions) {
    const std::string ext = lower_case_extension(companion.path);
    if (ext == ".obj") {
      if (model_file == nullptr) {
        model_file = &companion;
        continue;
      }
      // Morph targets are named like the engine looks for them (GetMorphPath): <model>_<label>.obj.
      const std::string base = fs::path(model_file->path).stem().string() + "_";
      const std::string stem = fs::path(companion.path).stem().string();
      if (stem.size() <= base.size() || stem.compare(0, base.size(), base) != 0)
        throw FormatError(companion.path, std::nullopt, "",
                          "a rig has one model OBJ (" + model_file->path +
                              " was given first); morph targets are named " + base + "<label>.obj");
      out.morphs.emplace_back(stem.substr(base.size()), read_obj_model(companion.bytes, companion.path));
    } else if (ext == ".anm") {
      out.animations.emplace_back(fs::path(companion.path).stem().string(),
                                  read_animation(companion.bytes, companion.path));
      out.animation_files.emplace_back(companion.bytes);
    } else if (ext == ".fzx") {
      if (out.ragdoll) throw FormatError(companion.path, std::nullopt, "", "a rig has one ragdoll .fzx");
      out.ragdoll = read_ragdoll(companion.bytes, companion.path);
      out.ragdoll_file = companion.bytes;
    } else if (std::find(picture_extensions().begin(), picture_extensions().end(),
                         ext.empty() ? ext : ext.substr(1)) == picture_extensions().end()) {
      throw FormatError(
          companion.path, std::nullopt, "",
          "an Overgrowth skeleton takes a model .obj, .anm animations, a ragdoll .fzx and a texture "
          "picture as companions");
    }  // a picture is the texture (texture_images.hpp)
  }
  std::vector<std::byte> found_bytes;
  if (model_file == nullptr && request.files != nullptr) {
    const std::string beside = fs::path(request.primary.path).replace_extension(".obj").string();
    if (auto bytes = request.files->read(beside)) {
      found_bytes = std::move(*bytes);
      out.model_path = beside;
    }
  }
  if (model_file != nullptr) {
    out.model = read_obj_model(model_file->bytes, model_file->path);
    out.model_path = model_file->path;
  } else if (!out.model_path.empty()) {
    out.model = read_obj_model(found_bytes, out.model_path);
  }
  // Shape keys of the animations whose morph OBJ was not named: <model>_<label>.obj beside the model.
  if (!out.model_path.empty() && request.files != nullptr) {
    const std::string base =
        (fs::path(out.model_path).parent_path() / fs::path(out.model_path).stem()).string() + "_";
    std::set<std::string> tried;
    for (const auto& m : out.morphs) tried.insert(m.first);
    for (const auto& [name, animation] : out.animations)
      for (const auto& key : animation.keyframes)
        for (const auto& shape : key.shape_keys) {
          if (!tried.insert(shape.label).second || shape.label.empty() ||
              shape.label.find_first_of("/\\") != std::string::npos)
            continue;
          const std::string path = base + shape.label + ".obj";
          if (auto bytes = request.files->read(path))
            out.morphs.emplace_back(shape.label, read_obj_model(*bytes, path));
        }
  }
  // The engine loads the ragdoll named like the model with "obj" replaced by "fzx" (RiggedObject::Load).
  if (!out.ragdoll && !out.model_path.empty() && request.files != nullptr) {
    const std::string beside = fs::path(out.model_path).replace_extension(".fzx").string();
    if (auto bytes = request.files->read(beside)) {
      out.ragdoll = read_ragdoll(*bytes, beside);
      out.ragdoll_file = std::move(*bytes);
    }
  }
  out.skeleton = read_skeleton(request.primary.bytes, request.primary.path,
                               out.model ? std::optional(out.model->corner_count()) : std::nullopt);
  if (engine_checks) (void)skeleton_symmetry(out.skeleton, request.primary.path);
  out.warnings = out.skeleton.warnings;
  for (const auto& [name, animation] : out.animations)
    out.warnings.insert(out.warnings.end(), animation.warnings.begin(), animation.warnings.end());
  if (out.ragdoll)
    out.warnings.insert(out.warnings.end(), out.ragdoll->warnings.begin(), out.ragdoll->warnings.end());
  return out;
}

bool looks_like_skeleton(std::span<const std::byte> head) {
  if (head.size() < 12) return false;
  auto at = [&](std::size_t offset) {
    return load_value<std::int32_t>(head.data() + offset, ByteOrder::little);
  };
  const std::int32_t version = at(0), stage = at(4), points = at(8);
  if (version < 6 || version > kSkeletonMaxVersion || stage < -1 || stage > 3) return false;
  if (points <= 0 || points > 100000) return false;
  const std::size_t after_points = 12 + 12 * static_cast<std::size_t>(points);
  if (version < 8 || head.size() < after_points + 4 * static_cast<std::size_t>(points))
    return head.size() >= after_points;
  for (std::int32_t i = 0; i < points; ++i) {
    const std::int32_t parent = at(after_points + 4 * static_cast<std::size_t>(i));
    if (parent < -1 || parent >= points) return false;
  }
  return true;
}

}  // namespace gamefmt::phoenix
