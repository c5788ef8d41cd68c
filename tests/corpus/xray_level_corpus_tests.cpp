// The blender-xray level-geometry fixtures (bx_*): byte-identical rewrites and conversions read back.
#include <catch2/catch.hpp>
#include <set>

#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/conversion.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/xray/cform.hpp"
#include "gamefmt/xray/dm.hpp"
#include "gamefmt/xray/err.hpp"
#include "test_support.hpp"

using namespace gamefmt;

namespace {
std::filesystem::path fixture(const char* name) {
  return *test::corpus_dir() / "xray" / name;
}
}  // namespace

TEST_CASE("bx_level.cform: rewrite is byte-identical; .glb back gives the same surface",
          "[corpus][xray][cform][xray-cform]") {
  const auto bytes = test::read_bytes(fixture("bx_level.cform"));
  REQUIRE(bytes.size() == 1136);
  const auto cform = xray::read_cform(bytes, "bx_level.cform");
  CHECK(cform.vertices.size() == 33);
  CHECK(cform.triangles.size() == 44);
  CHECK(xray::write_cform(cform) == bytes);
  const auto scene = load_scene({fixture("bx_level.cform")}, {});
  const auto back_scene = gltf::read_gltf(gltf::write_gltf(scene, {}, "x.glb"), "x.glb");
  const auto back = xray::read_cform(save_scene(back_scene, "x.cform", {}).front().bytes, "x.cform");
  REQUIRE(back.triangles.size() == cform.triangles.size());
  CHECK(back.bounds_min == cform.bounds_min);
  CHECK(back.bounds_max == cform.bounds_max);
  // Same packed attributes per triangle (groups keep the original order within each group).
  std::multiset<std::uint32_t> a, b;
  for (const auto& t : cform.triangles) a.insert(t.packed);
  for (const auto& t : back.triangles) b.insert(t.packed);
  CHECK(a == b);
}

TEST_CASE("bx_test_fmt.err and bx_test_fmt_sdk.err: both layouts rewrite byte-identically",
          "[corpus][xray][err][xray-err]") {
  for (const char* name : {"bx_test_fmt.err", "bx_test_fmt_sdk.err"}) {
    INFO(name);
    const auto bytes = test::read_bytes(fixture(name));
    const auto err = xray::read_err(bytes, name);
    CHECK(err.faces.size() == 2);
    CHECK(err.layout == (std::string(name) == "bx_test_fmt.err" ? xray::ErrLayout::compiler
                                                                : xray::ErrLayout::level_editor));
    CHECK(xray::write_err(err) == bytes);
    const auto scene = load_scene({fixture(name)}, {});
    REQUIRE(scene.meshes.size() == 1);
    CHECK(scene.meshes[0].triangles.size() == 3 * 2);
  }
}

TEST_CASE("bx_test_fmt.dm: rewrite and .glb round trip are byte-identical", "[corpus][xray][dm][xray-dm]") {
  const auto bytes = test::read_bytes(fixture("bx_test_fmt.dm"));
  const auto model = xray::read_dm(bytes, "bx_test_fmt.dm");
  CHECK(model.shader == "effects\\rain");
  CHECK(model.texture == "fx\\fx_rainsplash1");
  CHECK(model.vertices.size() == 5);
  CHECK(model.indices.size() == 12);
  CHECK(xray::write_dm(model) == bytes);
  const auto scene = load_scene({fixture("bx_test_fmt.dm")}, {});
  const auto back_scene = gltf::read_gltf(gltf::write_gltf(scene, {}, "x.glb"), "x.glb");
  const auto back = xray::read_dm(save_scene(back_scene, "x.dm", {}).front().bytes, "x.dm");
  CHECK(back.indices == model.indices);
  CHECK(back.shader == model.shader);
  CHECK(back.texture == model.texture);
  REQUIRE(back.vertices.size() == model.vertices.size());
  for (std::size_t v = 0; v < model.vertices.size(); ++v) {
    CHECK(back.vertices[v].position == model.vertices[v].position);
    CHECK(back.vertices[v].u == Approx(model.vertices[v].u).margin(1e-6));
    CHECK(back.vertices[v].v == Approx(model.vertices[v].v).margin(1e-6));
  }
}
