#pragma once
// The game's rest frames of a skeleton, kept through a DCC tool that turns bones.
//
// A game's motions give each bone its transform relative to its parent's *frame*, so they only deform a model
// as the game does while every bone keeps the frame (the axes) it has in the game. DCC tools re-orient bones
// on import: Blender's glTF importer points each bone at a child unless its "Bone Dir" setting is "Blender"
// (bone_heuristic TEMPERANCE, FORTUNE), Maya-style joint orientation and rig tools do the same. They keep the
// mesh where it was (the inverse bind matrices turn with the joints) and the joints' heads where they were,
// so the scene they export is the same model in other frames, and its keys are relative to those frames.
//
// Importers of skeletons record each joint's frame (record_rest_frames: the extras "gamefmt.rest" of every
// skin joint and every node above one, which glTF, Blender's custom properties and its glTF exporter carry
// back); exporters of game files restore them (restore_rest_frames) and then write the scene as usual.
//
// The rule, per node with a record whose parent is still the node it was recorded under (the nearest
// ancestor with a record, or none):
// - the node takes its recorded rotation and scale relative to its parent's restored frame: the game's frame;
// - its head (the frame's origin) stays where the scene puts it; a head within round-off of the recorded one
//   takes the recorded translation exactly, so an unedited bone comes back bit for bit;
// - when the frame turned (beyond round-off), the change C = inverse(scene global) * restored global is
//   undone everywhere the frame is seen: the inverse bind matrices of its bindings become inverse(C) * IBM,
//   its keys (the rotation, and the scale where C permutes axes) become those of
//   inverse(C_parent) * key * C, children without a record keep their place in the world (their
//   transforms and keys are re-expressed in the restored frame).
// A node without a record (a bone the user added) or whose parent changed keeps the scene's frame: that is
// what the games' own exporters do with a DCC tool's bones (they take the DCC bone's matrix as the rest).
#include <cstddef>
#include <string>

#include "gamefmt/scene/scene.hpp"

namespace gamefmt::scene {

// Node extras key of the record: { "translation": [x, y, z], "rotation": [x, y, z, w], "scale": [x, y, z],
// "parent": <name of the nearest ancestor with a record> (absent for none) }; glTF's TRS, as imported.
inline constexpr const char* kRestFrameKey = "gamefmt.rest";

// Records the transform of every skin joint and every node above one (Blender makes bones of those).
void record_rest_frames(Scene& scene);

struct RestFrameReport {
  std::size_t restored = 0;  // nodes that took their recorded frame
  std::size_t turned = 0;    // of those, the nodes whose frame the scene had turned (beyond round-off)
  std::size_t moved = 0;     // of those, the nodes whose head the scene had moved (beyond round-off)
};

// Restores the recorded frames as described above and removes the records (an exporter never sees them).
// A record that does not read (a DCC tool or a user changed it) is ignored.
RestFrameReport restore_rest_frames(Scene& scene);

// What a user reads when frames turned back, or nothing when none did.
std::string rest_frame_warning(const RestFrameReport& report);

}  // namespace gamefmt::scene
