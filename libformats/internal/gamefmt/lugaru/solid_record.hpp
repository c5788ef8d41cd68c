#pragma once
// The 36 bytes of a .solid triangle, field by field, for reading and writing
// (gamefmt/core/record_fields.hpp).
#include "gamefmt/core/record_fields.hpp"
#include "gamefmt/lugaru/solid.hpp"

namespace gamefmt::lugaru {

template <class IO, RecordOf<SolidTriangle> T>
void fields(IO& io, T& triangle) {
  io(triangle.index_shorts, "index_shorts");
  io(triangle.u, "gx");
  io(triangle.v, "gy");
}

}  // namespace gamefmt::lugaru
