#pragma once
// Grimrock files built field by field, for the tests of the model and animation adapters and of the
// companions a model finds, and the lever of samples/grimrock.
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

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

// A Grimrock model with one quad (positions, normals, UVs) per material name, each on a node of its own under
// "RootNode", the segment named after the material.
shinobi::Model grimrock_quads(const std::vector<std::string>& materials);

// The lever of samples/grimrock (engine space: left-handed, Y up, metres; front faces clockwise): a stone
// base 0.6 x 0.25 x 0.4 m on bone "base" and a wooden handle 0.6 m tall on bone "handle", which pivots 0.2 m
// up. One mesh of 12 quads with normals, tangents, UVs onto sample_lever_texture (stone in its top half, wood
// in its bottom half) and one bone per vertex, material "sample_lever". Nodes: root, base, handle, lever (the
// mesh, under root).
shinobi::Model sample_lever_model();
// "pull": 16 frames at 30 fps, the handle swinging about X from -40 to +40 degrees and back; the base still.
shinobi::Animation sample_lever_animation();
// Its diffuse map: a 64 x 64 DXT1 .dds, stone blocks above wooden planks.
std::vector<std::byte> sample_lever_texture();

}  // namespace gamefmt::test
