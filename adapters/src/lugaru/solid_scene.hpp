#pragma once
// Lugaru `.solid` <-> scene model. The engine's axes, UVs and units: lugaru_space.hpp.
#include <optional>
#include <string_view>

#include "gamefmt/lugaru/solid.hpp"
#include "gamefmt/scene/scene.hpp"
#include "lugaru/solid_winding.hpp"

namespace gamefmt::lugaru {

// Node extras of the model's node: the winding ("cw" or "ccw") and the scale (a number) it was imported with.
inline constexpr const char* kSolidWindingKey = "lugaru.winding";
inline constexpr const char* kSolidScaleKey = "lugaru.scale";

// The scene named `name`: one root node `name` holding one mesh (left out when the model has no triangles)
// with one grey material. Corners sharing a position and UV become one vertex; the first `positions.size()`
// vertices are the file's positions in order, unchanged. Normals are computed (area-weighted per position, so
// UV seams do not show as creases). The node's transform turns the model upright (solid_upright_transform)
// and scales it by `scale` (metres per file unit, lugaru_space.hpp; as a float, the matrix's type); its
// extras record both.
scene::Scene solid_to_scene(const SolidModel& model, SolidWinding winding, double scale,
                            std::string_view name);

// Every triangle of every mesh, in tree order, in the model space of solid_to_scene: each point is taken
// through its node's transform, the upright turn taken back and the result divided by `scale` (as a float,
// so that the same `scale` undoes solid_to_scene's). A node whose
// transform is that of solid_to_scene (within float rounding) gives its positions exactly as they are, so
// .solid -> scene -> .solid keeps every bit. Positions are shared by exact value. Throws FormatError
// (ErrorKind::limit) past 32767 positions or triangles.
SolidModel scene_to_solid(const scene::Scene& scene, SolidWinding winding, double scale,
                          std::string_view output_name);
// The winding and the scale solid_to_scene recorded: the first node in tree order whose extras hold one (a
// scale must be a positive finite number).
std::optional<SolidWinding> solid_winding_from_scene(const scene::Scene& scene);
std::optional<double> solid_scale_from_scene(const scene::Scene& scene);

}  // namespace gamefmt::lugaru
