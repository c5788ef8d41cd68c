#pragma once
// How the fixed-size records of the X-Ray formats are laid out, field by field, for reading and writing
// (gamefmt/core/record_fields.hpp): bone shapes and joint limits, SDK joints, level.hom and level.som
// polygons.
#include "gamefmt/core/record_fields.hpp"
#include "gamefmt/xray/hom.hpp"
#include "gamefmt/xray/shared_records.hpp"
#include "gamefmt/xray/som.hpp"

namespace gamefmt::xray {

// Records shared by OGF bones and SDK bones, for reading and writing (record_fields.hpp).
template <class IO, RecordOf<OgfBox> T>
void fields(IO& io, T& box) {
  io(box.rotate, "rotate");
  io(box.translate, "translate");
  io(box.half_size, "half_size");
}
template <class IO, RecordOf<OgfShape> T>
void fields(IO& io, T& shape) {
  io(shape.type, "type");
  io(shape.flags, "flags");
  io(shape.box, "box");
  io(shape.sphere, "sphere");
  io(shape.cylinder, "cylinder");
}
template <class IO, RecordOf<OgfJointLimit> T>
void fields(IO& io, T& limit) {
  io(limit.range, "range");
  io(limit.spring, "spring");
  io(limit.damping, "damping");
}

template <class IO, RecordOf<SdkJoint> T>
void fields(IO& io, T& joint) {
  io(joint.type, "type");
  io(joint.limits, "limits");
  io(joint.spring, "spring");
  io(joint.damping, "damping");
}

// The stored level.hom polygon.
template <class IO, RecordOf<HomPolygon> T>
void fields(IO& io, T& polygon) {
  io(polygon.corners, "corners");
  io(polygon.flags, "flags");
}

// The stored level.som polygon.
template <class IO, RecordOf<SomPolygon> T>
void fields(IO& io, T& polygon) {
  io(polygon.corners, "corners");
  io(polygon.two_sided, "two_sided");
  io(polygon.occlusion, "occlusion");
}

}  // namespace gamefmt::xray
