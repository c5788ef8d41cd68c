#pragma once
// Grimrock files built field by field, for the tests of the model and animation adapters and of the
// companions a model finds.
#include <cstdint>
#include <initializer_list>

#include "gamefmt/shinobi/animation.hpp"
#include "gamefmt/shinobi/model.hpp"

namespace gamefmt::test {

// A skinned Grimrock model with what glTF cannot carry bit for bit. Nodes: 0 root (a transform with negative
// zeros), 1 the mesh (its parent, node 3, comes later in the file), 2 bone_a (awkward floats, a subnormal),
// 3 bone_b (a mirrored frame), 4 unused_bone (listed by the mesh, weighting nothing). The mesh: two segments
// whose vertices are not in order of first use; normals off unit length (one zero); tangents off unit length;
// bitangents that are not cross(normal, tangent); UVs with a negative zero; colours; bone weights unsorted,
// summing to 0.99999994, with an index in a zero-weight slot; bounds as a tool wrote them (not recomputed).
shinobi::Model awkward_model();

// Two tracks (bone_b, bone_a) in an order that is not the tree's, three frames: rotations one unit in the
// last place off unit length, one with negative w and one in the other hemisphere from its neighbour, a
// negative zero position.
shinobi::Animation awkward_animation();

// A vertex array of float32 components, `dim` per vertex.
shinobi::VertexArray float_array(std::int32_t dim, std::initializer_list<float> values);

}  // namespace gamefmt::test
