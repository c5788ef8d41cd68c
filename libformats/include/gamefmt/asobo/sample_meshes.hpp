#pragma once
// A FUEL PC archive with meshes, built in code since no real archive is public. Tests, benchmarks and fuzz
// seeds use it. The bytes follow the class layouts of mesh_object.hpp, skin_object.hpp and
// skeleton_object.hpp field by field:
//   "crate.mesh"   Mesh_Z, 36-byte vertices: a grid of grid x grid quads in the XY plane (z = 0), normals +Z,
//                  uv = xy, lightmap uv = xy / 2; vertex group 0 = the grid with material "crate_wood",
//                  vertex group 1 = one more triangle over the first three vertices, no material; one strip,
//                  one collision box and face, so the reader steps over filled arrays.
//   "arm.mesh"     Mesh_Z, 60-byte vertices: a strip of 3 x 2 vertices at y = 0, 1, 2 (x = 0 and 1); vertices
//   at
//                  y = 0 follow "shoulder", y = 1 half "shoulder" half "elbow", y = 2 "elbow"; one vertex
//                  group.
//   "arm.skin"     Skin_Z over "arm.mesh" with skeleton "arm.skel"; one palette {"shoulder", "elbow"}; blend
//                  index = slot * 6.
//   "arm.skel"     Skel_Z: "root" at the origin, "shoulder" at (0, 0, 0) child of root, "elbow" at (0, 1, 0)
//                  child of shoulder, all unrotated.
//   "wheel.mesh"   (only with `with_broken_mesh`) a Mesh_Z whose body stops half-way.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "gamefmt/asobo/bigfile.hpp"

namespace gamefmt::asobo {

struct SampleMeshArchiveOptions {
  std::uint32_t grid = 2;  // quads per side of "crate.mesh"
  bool compress = true;    // store the crate compressed (the others raw)
  bool with_broken_mesh = false;
};

BigFile make_sample_mesh_archive(const SampleMeshArchiveOptions& options = {});
// The names of the archive's objects, classes and materials as a name list (one per line).
std::string sample_mesh_archive_names();

// The bodies on their own, for reader tests.
std::vector<std::byte> sample_crate_mesh_body(std::uint32_t grid);
std::vector<std::byte> sample_arm_mesh_body();
std::vector<std::byte> sample_arm_skin_link_header();
std::vector<std::byte> sample_arm_skin_body();
std::vector<std::byte> sample_arm_skeleton_body();

}  // namespace gamefmt::asobo
