// Which meshes of a kept .ogf a scene still holds (adapters/src/xray/ogf_way_back.hpp: same_ogf_mesh): the
// same triangles over the same vertices within round-off, however the vertices are ordered, split or merged.
#include <catch2/catch.hpp>

#include "gamefmt/xray/ogf.hpp"
#include "test_support.hpp"
#include "xray/ogf_way_back.hpp"
#include "xray_character_samples.hpp"

using namespace gamefmt;

namespace {

xray::OgfMesh sample_mesh() {
  const auto model = xray::read_ogf(test::xray_sample_skinned_ogf_bytes(), "body.ogf");
  REQUIRE(model.meshes.size() == 1);
  REQUIRE(model.meshes[0].indices.size() >= 6);
  return model.meshes[0];
}

}  // namespace

TEST_CASE("An OGF mesh is still the kept one however its vertices are ordered, split or merged",
          "[xray][xray-ogf][way-back]") {
  const auto kept = sample_mesh();
  CHECK(xray::same_ogf_mesh(kept, kept));

  // Vertices in reverse order, triangles in reverse order, each turned to start at its second corner.
  auto reordered = kept;
  const auto count = static_cast<std::uint16_t>(kept.vertices.size());
  std::reverse(reordered.vertices.begin(), reordered.vertices.end());
  reordered.indices.clear();
  for (std::size_t t = kept.indices.size(); t >= 3; t -= 3)
    for (const int k : {1, 2, 0})
      reordered.indices.push_back(static_cast<std::uint16_t>(count - 1 - kept.indices[t - 3 + k]));
  CHECK(xray::same_ogf_mesh(kept, reordered));

  // The first triangle's first corner split off as a copy, with round-off on its normal (as Blender gives).
  auto split = kept;
  auto copy = kept.vertices[kept.indices[0]];
  copy.normal[0] += 1e-4f;
  split.vertices.push_back(copy);
  split.indices[0] = count;
  CHECK(xray::same_ogf_mesh(kept, split));
  // ... and the kept mesh holding that copy side by side, the written one merging it back.
  CHECK(xray::same_ogf_mesh(split, kept));
}

TEST_CASE("An edited OGF mesh is not the kept one", "[xray][xray-ogf][way-back]") {
  const auto kept = sample_mesh();
  auto moved = kept;
  moved.vertices[0].position[1] += 1e-3f;
  CHECK_FALSE(xray::same_ogf_mesh(kept, moved));
  auto turned = kept;
  std::swap(turned.indices[1], turned.indices[2]);  // one triangle's winding flipped
  CHECK_FALSE(xray::same_ogf_mesh(kept, turned));
  auto fewer = kept;
  fewer.indices.resize(fewer.indices.size() - 3);
  CHECK_FALSE(xray::same_ogf_mesh(kept, fewer));
  auto other_uv = kept;
  other_uv.vertices[1].uv[0] += 0.01f;
  CHECK_FALSE(xray::same_ogf_mesh(kept, other_uv));
  auto other_texture = kept;
  other_texture.texture += "_2";
  CHECK_FALSE(xray::same_ogf_mesh(kept, other_texture));
  auto other_bone = kept;
  REQUIRE(kept.links >= 1);
  auto influences = xray::ogf_influences(other_bone.vertices[0], kept.links);
  influences.bones[0] = static_cast<std::uint16_t>(influences.bones[0] == 0 ? 1 : 0);
  xray::store_ogf_influences(other_bone.vertices[0], kept.links, influences);
  CHECK_FALSE(xray::same_ogf_mesh(kept, other_bone));
}
