#pragma once
// X-Ray bump maps -> glTF's normal and metal/roughness textures, by the formula the games' shaders use
// (docs/formats/xray.md, Bump maps). A bump pair is two DXT5 textures: `_bump` holds R = gloss, G = normal z,
// B = normal y, A = normal x; `_bump#` holds R, G, B = the compression error of normal x, y, z and A = the
// parallax height. The shaders rebuild the tangent-space normal n (components in -1..1) as
//   n = 2 * (bump.agb + bump#.rgb - 1)            (all channels in 0..1)
// and light it with n.x along the vertex tangent, n.y along the binormal (the direction V grows, as the
// SDK's tangents point) and n.z along the normal.
//
// Pixels, all from 8-bit channels (a, b, g, r of `_bump`; er, eg, eb, ea of `_bump#`):
//   normal texture   R = clamp(a + er - 127), G = 255 - clamp(b + eg - 127), B = clamp(g + eb - 127), A = 255
//                    (clamp to 0..255; `(n + 1) / 2 * 255 = a + er - 127.5` rounded half up). G is flipped:
//                    glTF's +Y points up the image (towards -V), X-Ray's binormal towards +V; a Blender
//                    render test decides it (docs/formats/xray.md).
//                    Without a `_bump#` the error term is zero: R = a, G = 255 - b, B = g.
//   metal/roughness  R = r (the raw gloss, which glTF ignores there), G = 255 - r (roughness: gloss scales
//                    the engine's fixed-exponent highlight, so no gloss is fully rough), B = ea (the parallax
//                    height, 127 without a `_bump#`; the material's metallic factor is 0, so glTF reads no
//                    metal from it), A = 255.
// A `_bump#` of another size than the `_bump` is sampled at the same UV, nearest texel (as the engine samples
// both at one UV).
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include "gamefmt/image/rgba8_image.hpp"

namespace gamefmt::xray {

struct XrayBumpImages {
  image::Rgba8Image normal;           // glTF normalTexture
  image::Rgba8Image metal_roughness;  // glTF metallicRoughnessTexture (with the raw gloss and height)
};

// glTF's tangent (xyz, handedness w) for a vertex whose normal, tangent and binormal are already in scene
// axes (converted by xray_space like normals): the tangent made unit length, and w such that glTF's
// bitangent, cross(normal, tangent) * w, points where the normal texture's +G does: against the binormal,
// since G is flipped above. A tangent of no length (or not finite) becomes a unit vector perpendicular to the
// normal; w is 1 when the binormal gives no side. Always a unit xyz and w = +-1, as glTF requires.
glm::vec4 gltf_tangent(const glm::vec3& normal, const glm::vec3& tangent, const glm::vec3& binormal);

// `bump` and `bump_error` decoded to RGBA8 (bump_error may be absent). Neither may be empty.
XrayBumpImages rebuild_xray_bump(const image::Rgba8Image& bump, const image::Rgba8Image* bump_error);

}  // namespace gamefmt::xray
