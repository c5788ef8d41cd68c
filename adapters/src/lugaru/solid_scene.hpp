#pragma once
// Lugaru `.solid` <-> aiScene. The engine draws characters, clothes and weapons with clockwise front faces
// and world objects counter-clockwise; the file does not say which it is, so the winding is a parameter.
#include <assimp/scene.h>

#include <memory>
#include <optional>
#include <string_view>

#include "gamefmt/lugaru/solid.hpp"

namespace gamefmt::assimp {

enum class SolidWinding { clockwise, counter_clockwise };

// Lugaru's own character, clothes and weapon names (Body*, Wolf*, Rabbit*, Belt*, Staff*, Sword*,
// ThrowingKnife*) are clockwise; any other name gives nothing.
std::optional<SolidWinding> solid_winding_from_name(std::string_view file_name);
// The automatic default: by name as above, else by the sign of the enclosed volume (a closed mesh whose
// triangles wind counter-clockwise seen from outside has positive volume).
SolidWinding guess_solid_winding(const lugaru::SolidModel& model, std::string_view file_name);

// One mesh under a node named after the file. Corners sharing a position and UV become one vertex; the first
// `positions.size()` vertices are the file's positions in order. Normals are computed (area-weighted).
// The node turns the model upright the way the game does (clockwise models: 180 degrees about X;
// counter-clockwise world objects: 90 degrees about X) and records the winding as metadata "lugaru.winding".
std::unique_ptr<aiScene> solid_to_scene(const lugaru::SolidModel& model, SolidWinding winding, std::string_view name);

// Every triangle of the scene (faces with more corners are fanned) in the node-space of the model: the node
// transform of solid_to_scene is taken back out, so .solid -> scene -> .solid keeps positions exactly.
// Positions are shared by exact value. Throws FormatError past 32767 vertices or triangles.
lugaru::SolidModel scene_to_solid(const aiScene& scene, SolidWinding winding, std::string_view output_name);
// The winding recorded by solid_to_scene, if the scene has one.
std::optional<SolidWinding> solid_winding_from_scene(const aiScene& scene);

}  // namespace gamefmt::assimp
