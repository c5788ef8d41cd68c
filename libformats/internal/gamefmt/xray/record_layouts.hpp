#pragma once
// How the fixed-size records of the X-Ray formats are laid out, field by field, for reading and writing
// (gamefmt/core/record_fields.hpp): bone shapes and joint limits, SDK joints, level.hom and level.som
// polygons, and the level's portals, dynamic lights and glows.
#include "gamefmt/core/record_fields.hpp"
#include "gamefmt/xray/hom.hpp"
#include "gamefmt/xray/level.hpp"
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

// The level's portal (80 bytes).
template <class IO, RecordOf<LevelPortal> T>
void fields(IO& io, T& portal) {
  io(portal.front_sector, "front_sector");
  io(portal.back_sector, "back_sector");
  io(portal.vertices, "vertices");
  io(portal.vertex_count, "vertex_count");
}

// The level's dynamic light (108 bytes): the controller, then Direct3D 9's D3DLIGHT9 field by field.
template <class IO, RecordOf<LevelLight> T>
void fields(IO& io, T& light) {
  io(light.controller, "controller");
  io(light.type, "type");
  io(light.diffuse, "diffuse");
  io(light.specular, "specular");
  io(light.ambient, "ambient");
  io(light.position, "position");
  io(light.direction, "direction");
  io(light.range, "range");
  io(light.falloff, "falloff");
  io(light.attenuation, "attenuation");
  io(light.theta, "theta");
  io(light.phi, "phi");
}

// The level's glow (18 bytes).
template <class IO, RecordOf<LevelGlow> T>
void fields(IO& io, T& glow) {
  io(glow.position, "position");
  io(glow.radius, "radius");
  io(glow.shader_id, "shader_id");
}

}  // namespace gamefmt::xray
