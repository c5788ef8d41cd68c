#pragma once
// Corner normals of an `.object` edit mesh, rebuilt from its smoothing data as the SDK does (the file has no
// normals unless a later SDK wrote the 0x1014 chunk). The file does not say which of three smoothing-group
// conventions it uses, so the caller picks one:
//   cop:  Clear Sky / Call of Pripyat SDK per-edge flags (bits 0..2: edge hard, bit 3: backface), flood fill
//         through soft edges around each point;
//   soc:  Shadow of Chernobyl "Maya" ids: faces with the same value are smoothed together, 0xFFFFFFFF is
//   flat; max:  3ds Max bit masks (the mesh flag kMeshSmoothingMask): faces sharing a bit are smoothed, 0 is
//   flat.
// Results are unit vectors in X-Ray axes, three per face in file corner order.
#include <array>
#include <optional>
#include <string_view>
#include <vector>

#include "gamefmt/xray/object.hpp"

namespace gamefmt::xray {

enum class SmoothingRule { cop, soc, max, flat };

// "cop", "soc", "max", "flat" (the names scene extras record), and back (nothing for another name).
const char* smoothing_rule_name(SmoothingRule rule);
std::optional<SmoothingRule> smoothing_rule_named(std::string_view name);

// `cop` unless the mesh has kMeshSmoothingMask (then `max`).
SmoothingRule default_smoothing_rule(const ObjectMesh& mesh);
std::vector<std::array<float, 3>> object_corner_normals(const ObjectMesh& mesh, SmoothingRule rule);

}  // namespace gamefmt::xray
