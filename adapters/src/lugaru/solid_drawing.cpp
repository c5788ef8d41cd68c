#include "lugaru/solid_drawing.hpp"

#include <string>

#include "lugaru/solid_kind.hpp"

namespace gamefmt::lugaru {

bool solid_is_foliage(std::string_view file_name) {
  const std::string base = solid_base_name(file_name);
  return base.starts_with("bush") || base.starts_with("leaves");
}

void apply_solid_drawing(scene::Scene& scene, std::string_view file_name) {
  if (!solid_is_foliage(file_name)) return;
  for (auto& material : scene.materials) {
    material.alpha_mode = scene::AlphaMode::mask;
    material.alpha_cutoff = 0.5f;  // glAlphaFunc(GL_GREATER, 0.5)
    material.double_sided = true;  // glDisable(GL_CULL_FACE)
    material.unlit = true;         // glDisable(GL_LIGHTING)
  }
}

}  // namespace gamefmt::lugaru
