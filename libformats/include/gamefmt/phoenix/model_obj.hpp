#pragma once
// The rig's model OBJ read the way the Phoenix engine unrolls it (Model::SimpleLoadTriangleCutObj): triangles
// in file face order, a quad `f a b c d` as (a, b, c) then (d, a, c), faces past four corners truncated. The
// `.phxbn` weights are stored per corner of these triangles, so this order is what ties them to the mesh;
// Assimp's OBJ importer regroups faces by material and cannot be used for it.
#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "gamefmt/phoenix/skeleton.hpp"

namespace gamefmt::phoenix {

struct ObjCorner {
  std::int32_t position = -1;  // zero-based; -1 = absent
  std::int32_t uv = -1;
  std::int32_t normal = -1;
  friend bool operator==(const ObjCorner&, const ObjCorner&) = default;
};

struct ObjModel {
  std::vector<Vec3> positions;
  std::vector<std::array<float, 2>> uvs;  // as in the file (OBJ convention, v up)
  std::vector<Vec3> normals;
  std::vector<std::array<ObjCorner, 3>> triangles;

  std::size_t corner_count() const { return 3 * triangles.size(); }
  // The centre of the box around all face corners; the engine subtracts it (_MDL_CENTER).
  Vec3 centre() const;
};

// Reads v, vt, vn and f lines (other lines are ignored). Throws FormatError (offset = start of the line,
// field = "line N") for unreadable numbers, negative or out-of-range indices and faces with fewer than three
// corners.
ObjModel read_obj_model(std::span<const std::byte> data, std::string_view file_name);

}  // namespace gamefmt::phoenix
