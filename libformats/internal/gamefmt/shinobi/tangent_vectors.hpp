#pragma once
// The tangent frame that Grimrock's normal-mapping shaders read (vertex array slots kTangent and kBitangent),
// computed as the engine's own Mesh::computeTangentVectors does (Grimrock.bin.x86 0x080df090, reconstructed
// in LibreGrimrock src/engine/Mesh.cpp). The game's tools wrote the Grimrock corpus models door_metal,
// door_portcullis, snail_red, stone_dagger and others this way (their stored tangents match it in direction).
#include "gamefmt/shinobi/model.hpp"

namespace gamefmt::shinobi {

// For every triangle of every triangle-list segment (a, b, c; engine winding and space, texture set 0):
//   e1 = pb - pa, e2 = pc - pa, (s1, t1) = uvb - uva, (s2, t2) = uvc - uva, r = 1 / (s1*t2 - s2*t1)
//   tangent   += (e1*t2 - e2*t1) * r          (along U)
//   bitangent += -((s1*e2 - s2*e1) * r)       (along V, which points down the image in the engine)
// added to each of its three vertices; then every non-zero sum is normalised. Tangent and bitangent are not
// orthogonalised against the normal or each other, and a vertex no triangle reaches keeps (0, 0, 0), as in
// the engine. One difference: a triangle whose UVs are degenerate (r not finite) is skipped, where the
// engine's sums would become NaN. Writes both as float32 x 3 arrays. Returns false (and leaves the mesh as it
// is) when the positions lack three components or texture set 0 lacks two.
bool compute_tangent_vectors(MeshData& mesh);

}  // namespace gamefmt::shinobi
