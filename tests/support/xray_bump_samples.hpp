#pragma once
// X-Ray bump-map test material: a skinned quad whose tangent frame is known, DXT5 `_bump` / `_bump#` files
// laid out by hand (dds_samples.hpp), and the documented normal-map formula (docs/formats/xray.md, Bump maps)
// written here again, apart from the conversion's code, to check what it embeds.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "glb_images.hpp"

namespace gamefmt::test {

// The quad's frame in X-Ray axes: it faces +Y, u grows along +X (the tangent) and v along +Z (the binormal).
inline constexpr std::array<float, 3> kBumpQuadNormal{0, 1, 0}, kBumpQuadTangent{1, 0, 0},
    kBumpQuadBinormal{0, 0, 1};
// xray_sample_skinned_ogf_bytes with its mesh made that 2 x 2 m quad (texture "act\body", all weight on the
// root bone, whose bind pose is the identity), written by gamefmt's OGF writer.
std::vector<std::byte> xray_bump_quad_ogf_bytes();

// A 4 x 4 DXT5 file whose every texel is (r, g, b, a) as near as 5:6:5 colours allow.
std::vector<std::byte> uniform_dxt5(std::uint8_t r, std::uint8_t g, std::uint8_t b, std::uint8_t a);
// An 8 x 4 DXT5 file of two blocks with varied colours and alphas (interpolated, both alpha modes), so
// that every channel of the formula meets many values, its clamps included.
std::vector<std::byte> varied_dxt5(std::uint8_t seed);

// The formula: normal texture and metal/roughness texture pixels from the decoded `_bump` and `_bump#`
// (absent: no error map). The error map must have the bump's size.
Pixels expected_normal_pixels(const Pixels& bump, const std::optional<Pixels>& bump_error);
Pixels expected_metal_roughness_pixels(const Pixels& bump, const std::optional<Pixels>& bump_error);

}  // namespace gamefmt::test
