#pragma once
// Small X-Ray character files assembled field by field (not with gamefmt's writers), so tests can check the
// readers against known bytes. Used by the unit, sweep and fuzz-seed tests.
#include <cstddef>
#include <vector>

namespace gamefmt::test {

// OMF, params version 4: bone parts "upper" = {spine -> block 1}, "lower" = {root -> block 0}; motions "walk"
// (3 frames: root rotating with 8-bit translation keys, spine constant; one mark "left" [0.1, 0.2]) and
// "shoot" (2 frames, FX: root with a constant rotation and 16-bit translation keys, spine rotating with a
// constant translation).
std::vector<std::byte> xray_sample_omf_bytes();
// Skinned OGF v4 (type 10): bones root and spine (bind: spine 1 m up, 0.5 m forward, turned 0.5 rad about Z),
// one child (type 5, 2-link vertices, texture "act\body", shader "models\model") with 4 vertices and 2
// triangles, IK data version 1, a description chunk.
std::vector<std::byte> xray_sample_skinned_ogf_bytes();
// Static OGF v4 (type 1, hierarchy) with two children of type 0: FVF 0x112 (position, normal, one UV) and
// FVF 0x152 (plus a diffuse colour), each one triangle; the second is progressive with a sliding window.
std::vector<std::byte> xray_sample_static_ogf_bytes();
// OGF v3 (type 1, hierarchy, 4-byte headers): BBOX (0,0,0)-(2,1,1) and BSPHERE chunks, a motions chunk of the
// v3 era (26, skipped), and one static child (type 0, texture "wood", 3 vertices of FVF 0x112), with v3 chunk
// ids (vertices 7, indices 8, children 17).
std::vector<std::byte> xray_sample_v3_ogf_bytes();

// Skinned OGF v3 (type 4 of that version = animated skeleton): bones "root" and "spine" (no IK data), one
// child (type 7 = skinned) with 3 early 1-link vertices (36 bytes, no tangents) and one triangle, and one
// embedded motion of 2 frames. `raw_keys` false: chunk 0x1A ("walk": root with 8-bit translation keys, spine
// constant) and parameters 0x14 version 1 (one part "all" by bone index; a cycle with speed 1.5); true: chunk
// 0x0E ("idle": per frame a 16-bit quaternion and a float translation) and parameters 0x12 (FX with
// stop-at-end).
std::vector<std::byte> xray_sample_v3_skinned_ogf_bytes(bool raw_keys);

}  // namespace gamefmt::test
