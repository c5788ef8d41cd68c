#include "xray_level_samples.hpp"

#include "gamefmt/xray/cform.hpp"
#include "gamefmt/xray/details.hpp"
#include "gamefmt/xray/dm.hpp"
#include "gamefmt/xray/err.hpp"
#include "gamefmt/xray/hom.hpp"
#include "gamefmt/xray/som.hpp"

namespace gamefmt::test {
namespace {

using Point = std::array<float, 3>;
const std::array<std::array<Point, 3>, 2> kQuad = {
    {{{{0, 0, 0}, {0, 1, 0}, {1, 0, 0}}}, {{{1, 0, 0}, {0, 1, 0}, {1, 1, 0}}}}};

xray::DetailModel sample_model() {
  xray::DetailModel model;
  model.shader = "details\\blend";
  model.texture = "detail\\detail_grass";
  model.min_scale = 0.5f;
  model.max_scale = 1.5f;
  model.vertices = {{{0, 0, 0}, 0, 1}, {{0, 1, 0}, 0, 0}, {{0.5f, 0, 0}, 1, 1}, {{0.5f, 1, 0}, 1, 0}};
  model.indices = {0, 1, 2, 2, 1, 3};
  return model;
}

xray::Details sample_details(std::uint32_t version) {
  xray::Details details;
  details.header = {version, 2, 1, 1, 2, 2};
  details.models = {sample_model(), sample_model()};
  details.model_chunk_ids = {0, 1};
  for (std::uint64_t i = 0; i < 4; ++i) {
    xray::DetailSlot slot;
    slot.palettes = {std::uint16_t(0x1111 * (i + 3)), 0xFFFF, 0, 0};
    if (version == 2) {
      slot.y_min = float(i);
      slot.y_max = float(i) + 1.5f;
      slot.ids_v2 = {0, 1, 0xFF, 0xFF};
      slot.light_v2 = 0x1234;
    } else {
      slot.bits = 1000 | (15ull << 12) | (0ull << 20) | (1ull << 26) | (0x3Full << 32) | (0x3Full << 38) |
                  (0xABCull << 44);
    }
    details.slots.push_back(slot);
  }
  return details;
}

}  // namespace

std::vector<SweepInput> xray_level_samples() {
  std::vector<SweepInput> out;
  xray::Cform cform;
  cform.vertices = {{0, 0, 0}, {0, 1, 0}, {1, 0, 0}, {1, 1, 0}};
  cform.triangles = {{{0, 1, 2}, xray::CformTriangle::pack(3, true, false, 1)}, {{2, 1, 3}, 7}};
  cform.update_bounds();
  out.push_back({"level.cform", xray::write_cform(cform)});

  xray::Hom hom;
  xray::Som som;
  for (std::size_t i = 0; i < kQuad.size(); ++i) {
    hom.polygons.push_back({kQuad[i], std::uint32_t(i)});
    som.polygons.push_back({kQuad[i], std::uint32_t(i), 0.25f * float(i + 1)});
  }
  out.push_back({"level.hom", xray::write_hom(hom)});
  out.push_back({"level.som", xray::write_som(som)});

  for (const auto layout : {xray::ErrLayout::compiler, xray::ErrLayout::level_editor}) {
    xray::Err err;
    err.layout = layout;
    err.points = {{1, 2, 3}};
    err.edges = {{Point{0, 0, 0}, Point{0, 2, 0}}};
    err.faces = {{kQuad[0], 0xFFFF0000u, 0x0101, 0x00F7}};
    out.push_back(
        {layout == xray::ErrLayout::compiler ? "build.err" : "build_sdk.err", xray::write_err(err)});
  }
  out.push_back({"grass.dm", xray::write_dm(sample_model())});
  out.push_back({"v2.details", xray::write_details(sample_details(2))});
  out.push_back({"level.details", xray::write_details(sample_details(3))});
  return out;
}

}  // namespace gamefmt::test
