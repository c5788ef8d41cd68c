#pragma once
// Gathering the files of an Overgrowth rig from an import request: the skeleton (primary), its model OBJ
// (named, or <base>.obj beside it), the animations and the ragdoll volumes, each read and checked the way the
// engine loads them.
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "gamefmt/adapters/format_handler.hpp"
#include "gamefmt/phoenix/animation.hpp"
#include "gamefmt/phoenix/model_obj.hpp"
#include "gamefmt/phoenix/ragdoll.hpp"
#include "gamefmt/phoenix/skeleton.hpp"

namespace gamefmt::phoenix {

struct RigInputs {
  Skeleton skeleton;
  std::optional<ObjModel> model;
  std::string model_path;
  std::vector<std::pair<std::string, Animation>> animations;  // base name, clip
  std::vector<std::span<const std::byte>> animation_files;    // each clip's bytes (in the request)
  std::optional<Ragdoll> ragdoll;       // a .fzx companion, or <model base>.fzx beside the model OBJ
  std::vector<std::byte> ragdoll_file;  // its bytes
  // Morph targets: <model>_<label>.obj companions, and those beside the model for the animations' shape keys.
  std::vector<std::pair<std::string, ObjModel>> morphs;
  Warnings warnings;  // what the readers of the skeleton, the animations and the ragdoll tolerated
};

// Throws FormatError: unreadable files, a companion of an unknown kind, a v<11 skeleton with weights and no
// model, vertex counts that differ, an asymmetric skeleton (when `engine_checks`).
RigInputs read_rig_inputs(const ImportRequest& request, bool engine_checks = true);

// A plausible .phxbn header: version 6..11, a rigging stage, and point parents inside the point list.
bool looks_like_skeleton(std::span<const std::byte> head);

}  // namespace gamefmt::phoenix
