#pragma once
// Gathering the files of an Overgrowth rig from an import request: the skeleton (primary), its model OBJ
// (named, or <base>.obj beside it), the animations and the ragdoll volumes, each read and checked the way the
// engine loads them.
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "gamefmt/assimp/format_handler.hpp"
#include "gamefmt/phoenix/animation.hpp"
#include "gamefmt/phoenix/model_obj.hpp"
#include "gamefmt/phoenix/ragdoll.hpp"
#include "gamefmt/phoenix/skeleton.hpp"

namespace gamefmt::assimp {

struct PhoenixInputs {
  phoenix::Skeleton skeleton;
  std::optional<phoenix::ObjModel> model;
  std::string model_path;
  std::vector<std::pair<std::string, phoenix::Animation>> animations;  // base name, clip
  std::optional<phoenix::Ragdoll> ragdoll;  // a .fzx companion, or <model base>.fzx beside the model OBJ
  // Morph targets: <model>_<label>.obj companions, and those beside the model for the animations' shape keys.
  std::vector<std::pair<std::string, phoenix::ObjModel>> morphs;
  Warnings warnings;  // what the readers of the skeleton, the animations and the ragdoll tolerated
};

// Throws FormatError: unreadable files, a companion of an unknown kind, a v<11 skeleton with weights and no
// model, vertex counts that differ, an asymmetric skeleton (when `engine_checks`).
PhoenixInputs read_phoenix_inputs(const ImportRequest& request, bool engine_checks = true);

// Puts reader warnings first in the scene's warnings (the rig and ragdoll scenes may hold some already).
void add_reader_warnings(aiScene& scene, const Warnings& warnings);

// A plausible .phxbn header: version 6..11, a rigging stage, and point parents inside the point list.
bool phoenix_looks_like_skeleton(std::span<const std::byte> head);

}  // namespace gamefmt::assimp
