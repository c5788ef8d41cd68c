#pragma once
// A small Overgrowth-style character built in code, since no Overgrowth game files are public: a biped that
// is mirror-symmetric in X (left = +X, facing +Z, Y up, metres) with the IK chains the engine names (head,
// torso, leftarm, rightarm, left_leg, right_leg, leftear, rightear, tail), connector bones without vertices
// (head -> ears, hip -> tail) and a six-bone tail; a box-per-bone OBJ with quads; and a walk cycle. Tests,
// benchmarks, fuzz seeds and the demo use it.
#include <string>
#include <vector>

#include "gamefmt/phoenix/animation.hpp"
#include "gamefmt/phoenix/ragdoll.hpp"
#include "gamefmt/phoenix/skeleton.hpp"

namespace gamefmt::phoenix {

struct SampleBiped {
  Skeleton skeleton;                    // points in the OBJ's centred space
  std::string model_obj;                // the rig's model, in raw (uncentred) OBJ space
  std::vector<std::string> bone_names;  // what each bone is, for tests ("left_thigh", "tail3", ...)
  Vec3 hip_point{};                     // first point of the hip bone, centred space
};

// Every field the version can hold is filled (point/bone parents, masses, centres of mass, matrices, weights
// for stage 1 and 2, hinge/amotor/fixed joints, IK bones).
SampleBiped make_sample_biped(std::int32_t version = 11, std::int32_t rigging_stage = 1);

// A walk cycle of `keyframe_count` keys over one second for the biped, written in the version's layout and
// filling every block it has (weights, weapons, mobility, events, IK bones, shape and status keys, centring).
// v11 clips also turn about Y in their mobility, and are centred by it as the engine's Animation::Center
// does. Bone matrices are model space relative to the hip point, as the engine's animations are.
Animation make_sample_walk(const SampleBiped& biped, std::int32_t version = 10,
                           std::size_t keyframe_count = 9);

// A morph target of the biped's model (the engine's <model>_<label>.obj): the same faces, every vertex above
// 1.5 m (the head and ears) raised by 5 cm. The sample walk's shape key "blink" drives it.
std::string make_sample_morph_obj(const SampleBiped& biped);

// Ragdoll volumes for the biped: one per body part the engine knows (left side with the mirror flag, the tail
// segments, head, chest, abdomen, hip), at the bone midpoints in Blender axes (x, -z, y).
Ragdoll make_sample_ragdoll(const SampleBiped& biped);

}  // namespace gamefmt::phoenix
