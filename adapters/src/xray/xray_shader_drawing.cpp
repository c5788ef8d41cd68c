#include "xray/xray_shader_drawing.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "gamefmt/core/text_encoding.hpp"

namespace gamefmt::xray {
namespace {

// The deferred renderers' alpha-test reference for "_aref" surfaces: 200 of 255 (def_aref).
constexpr float kDeferredAlphaReference = 200.0f / 255.0f;

struct NamedDrawing {
  const char* name;
  ShaderDrawing drawing;
};

constexpr ShaderDrawing blended(const char* rule, bool unlit = false) {
  return {scene::AlphaMode::blend, 0.5f, false, unlit, false, rule};
}
constexpr ShaderDrawing alpha_tested(const char* rule, bool double_sided = false) {
  return {scene::AlphaMode::mask, kDeferredAlphaReference, double_sided, false, false, rule};
}

// Names and what the engine does with them (docs/formats/xray.md lists the source of each).
constexpr std::array kDrawings = {
    NamedDrawing{"models/window", blended("blend")},
    NamedDrawing{"models/transparent", blended("blend")},
    NamedDrawing{"glass", blended("blend")},
    NamedDrawing{"effects/rain", blended("blend")},
    NamedDrawing{"models/lightplanes", blended("additive_unlit", true)},
    NamedDrawing{"models/pautina", blended("blend_unlit", true)},
    NamedDrawing{"models/model_aref", alpha_tested("alpha_test")},
    NamedDrawing{"models/model_fur", alpha_tested("alpha_test")},
    NamedDrawing{"details/set", alpha_tested("alpha_test_two_sided", true)},
    NamedDrawing{"models/selflight", {scene::AlphaMode::opaque, 0.5f, false, false, true, "self_lit"}},
    NamedDrawing{"models/selflightl", {scene::AlphaMode::opaque, 0.5f, false, false, true, "self_lit"}},
};

// Lower case, '/' for '\\'.
std::string canonical(std::string_view name) {
  std::string out = lower_ascii(name);
  std::replace(out.begin(), out.end(), '\\', '/');
  return out;
}

}  // namespace

ShaderDrawing shader_drawing(std::string_view engine_shader) {
  const std::string name = canonical(engine_shader);
  for (const auto& named : kDrawings)
    if (name == named.name) return named.drawing;
  // The level shaders of the alpha-tested blenders (def_aref, def_aref_v) and the trees' leaves (def_trans*).
  if (name.starts_with("def_shaders/def_aref") || name.starts_with("def_shaders/def_trans"))
    return alpha_tested("alpha_test");
  return {};
}

void apply_shader_drawing(scene::Material& material, std::string_view engine_shader) {
  const ShaderDrawing drawing = shader_drawing(engine_shader);
  material.alpha_mode = drawing.alpha_mode;
  material.alpha_cutoff = drawing.alpha_cutoff;
  material.double_sided = material.double_sided || drawing.double_sided;
  material.unlit = drawing.unlit;
  if (drawing.alpha_mode == scene::AlphaMode::opaque && !drawing.self_lit) return;
  if (!material.extras.is_object()) material.extras = nlohmann::json::object();
  material.extras["xray.drawing"] = drawing.rule;
}

void link_self_lit_textures(scene::Scene& scene) {
  for (auto& material : scene.materials) {
    if (!material.base_color_texture || !material.extras.is_object()) continue;
    const auto rule = material.extras.find("xray.drawing");
    if (rule == material.extras.end() || *rule != "self_lit") continue;
    material.emissive_texture = material.base_color_texture;
    material.emissive = glm::vec3(1.0f);
  }
}

}  // namespace gamefmt::xray
