#pragma once
// How the X-Ray engine draws a surface, told by its engine shader name ("models\window"), as glTF's material
// fields: blended, alpha-tested or opaque; culled or two-sided; lit, unlit or self-lit. The rules are the
// engine's (OpenXRay's blenders and shader scripts; docs/formats/xray.md, "How surfaces are drawn"): the
// ordinary model shaders are opaque and single-sided whatever their texture's alpha holds (a gloss mask, not
// transparency).
#include <string_view>

#include "gamefmt/scene/scene.hpp"

namespace gamefmt::xray {

struct ShaderDrawing {
  scene::AlphaMode alpha_mode = scene::AlphaMode::opaque;
  float alpha_cutoff = 0.5f;  // with alpha_mode mask
  bool double_sided = false;
  bool unlit = false;
  bool self_lit = false;        // the base texture also glows (glTF: the same texture as emissive)
  const char* rule = "opaque";  // the name of the rule, kept in the material's extras
};

// The drawing of an engine shader name (letter case and slash direction ignored). Names the engine draws in
// the ordinary way, and names it does not know, are opaque, culled and lit.
ShaderDrawing shader_drawing(std::string_view engine_shader);

// Sets the material's alpha mode, cutoff, sidedness and unlit flag from shader_drawing and records the rule
// in its extras ("xray.drawing"), when it is not the ordinary opaque one.
void apply_shader_drawing(scene::Material& material, std::string_view engine_shader);

// The self-lit materials' glow: each material whose rule is self-lit and that has a base colour texture gets
// it as its emissive texture too (call after the textures are attached).
void link_self_lit_textures(scene::Scene& scene);

}  // namespace gamefmt::xray
