#pragma once
// Lugaru `.solid` <-> scene model. The one place where the model's axes and UVs become the scene's.
#include <optional>
#include <string_view>

#include "gamefmt/lugaru/solid.hpp"
#include "gamefmt/scene/scene.hpp"
#include "lugaru/solid_winding.hpp"

namespace gamefmt::lugaru {

// The scene named `name`: one root node `name` holding one mesh (left out when the model has no triangles)
// with one grey material. Corners sharing a position and UV become one vertex; the first `positions.size()`
// vertices are the file's positions in order. Normals are computed (area-weighted per position, so UV seams
// do not show as creases). The node turns the model upright (solid_upright_transform) and records the
// winding in its extras as "lugaru.winding" ("cw" or "ccw").
scene::Scene solid_to_scene(const SolidModel& model, SolidWinding winding, std::string_view name);

// Every triangle of every mesh, in tree order, in the model space of solid_to_scene: the upright transform
// is taken back out of the node transforms, so .solid -> scene -> .solid keeps positions exactly. Positions
// are shared by exact value. Throws FormatError (ErrorKind::limit) past 32767 positions or triangles.
SolidModel scene_to_solid(const scene::Scene& scene, SolidWinding winding, std::string_view output_name);
// The winding solid_to_scene recorded: the first node in tree order whose extras name one.
std::optional<SolidWinding> solid_winding_from_scene(const scene::Scene& scene);

}  // namespace gamefmt::lugaru
