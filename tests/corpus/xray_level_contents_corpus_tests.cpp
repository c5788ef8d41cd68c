// The corpus level as one scene: sectors, portals, the dynamic light, the glow and the LOD billboards are in
// the .glb in the counts and places of the level's own records, which this test reads from the file's bytes
// itself (chunk walking and fixed offsets, not gamefmt's reader).
#include <catch2/catch.hpp>
#include <cstring>
#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <map>

#include "glb_images.hpp"
#include "test_support.hpp"

using namespace gamefmt;

namespace {

std::uint32_t u32_at(const std::vector<std::byte>& b, std::size_t at) {
  std::uint32_t v;
  std::memcpy(&v, b.data() + at, 4);
  return v;
}
float f32_at(const std::vector<std::byte>& b, std::size_t at) {
  float v;
  std::memcpy(&v, b.data() + at, 4);
  return v;
}

// Top-level chunks: id -> (payload offset, size).
std::map<std::uint32_t, std::pair<std::size_t, std::size_t>> chunks_of(const std::vector<std::byte>& b,
                                                                       std::size_t from, std::size_t to) {
  std::map<std::uint32_t, std::pair<std::size_t, std::size_t>> out;
  for (std::size_t at = from; at + 8 <= to;) {
    const std::uint32_t id = u32_at(b, at), size = u32_at(b, at + 4);
    out.emplace(id, std::pair{at + 8, std::size_t(size)});
    at += 8 + size;
  }
  return out;
}

const nlohmann::json* node_named(const nlohmann::json& gltf, const std::string& name) {
  for (const auto& node : gltf.at("nodes"))
    if (node.value("name", std::string()) == name) return &node;
  return nullptr;
}

void check_mirrored(const nlohmann::json& translation, float x, float y, float z) {
  REQUIRE(translation.size() == 3);
  CHECK(translation[0].get<float>() == -x);  // X mirrored (docs/formats/xray.md, Axes)
  CHECK(translation[1].get<float>() == y);
  CHECK(translation[2].get<float>() == z);
}

}  // namespace

TEST_CASE("bx_level converts to one scene with its sectors, portals, light, glow and LOD billboards",
          "[corpus][xray][level][level-contents]") {
  const auto file = *test::corpus_dir() / "xray" / "bx_level";
  const auto bytes = test::read_bytes(file);
  const auto chunks = chunks_of(bytes, 0, bytes.size());
  const auto [portals_at, portals_size] = chunks.at(4);
  const auto [lights_at, lights_size] = chunks.at(6);
  const auto [glows_at, glows_size] = chunks.at(7);
  const auto [sectors_at, sectors_size] = chunks.at(8);
  const auto [visuals_at, visuals_size] = chunks.at(3);
  // LOD visuals: OGF header (chunk 1) byte 1 is the model type, 6 for a LOD.
  std::size_t lod_visuals = 0;
  for (const auto& [id, visual] : chunks_of(bytes, visuals_at, visuals_at + visuals_size)) {
    const auto header = chunks_of(bytes, visual.first, visual.first + visual.second).at(1);
    if (std::uint8_t(bytes[header.first + 1]) == 6) ++lod_visuals;
  }

  const auto converted = test::convert_to_glb({file});
  const auto& gltf = converted.glb.json;
  std::map<std::string, std::size_t> roles;
  for (const auto& node : gltf.at("nodes"))
    if (node.contains("extras") && node["extras"].contains("gamefmt.role"))
      ++roles[node["extras"]["gamefmt.role"].get<std::string>()];
  CHECK(roles["sector"] == chunks_of(bytes, sectors_at, sectors_at + sectors_size).size());
  CHECK(roles["lod_billboards"] == lod_visuals);
  CHECK(lod_visuals == 5);

  // Portals: one node each, its mesh the polygon of the used vertices.
  REQUIRE(portals_size % 80 == 0);
  for (std::size_t p = 0; p < portals_size / 80; ++p) {
    const std::size_t at = portals_at + 80 * p;
    const auto* node = node_named(gltf, "portal_" + std::to_string(p));
    REQUIRE(node != nullptr);
    CHECK((*node)["extras"]["xray.level.portal"]["front_sector"] == (u32_at(bytes, at) & 0xFFFF));
    CHECK((*node)["extras"]["xray.level.portal"]["back_sector"] == (u32_at(bytes, at) >> 16));
    const std::uint32_t used = u32_at(bytes, at + 76);
    const auto& accessor =
        gltf["accessors"]
            [gltf["meshes"][(*node)["mesh"].get<int>()]["primitives"][0]["attributes"]["POSITION"]
                 .get<int>()];
    CHECK(accessor["count"] == used);  // the polygon's corners, drawn as a fan
    float min_x = 1e30f, max_x = -1e30f;
    for (std::uint32_t v = 0; v < used; ++v) {
      min_x = std::min(min_x, -f32_at(bytes, at + 4 + 12 * v));
      max_x = std::max(max_x, -f32_at(bytes, at + 4 + 12 * v));
    }
    CHECK(accessor["min"][0].get<float>() == min_x);
    CHECK(accessor["max"][0].get<float>() == max_x);
  }

  // The light: directional (D3D type 3), shining along the record's direction.
  REQUIRE(lights_size == 108);
  const auto* light = node_named(gltf, "light_0");
  REQUIRE(light != nullptr);
  const int light_index = (*light)["extensions"]["KHR_lights_punctual"]["light"];
  const auto& punctual = gltf["extensions"]["KHR_lights_punctual"]["lights"][light_index];
  CHECK(u32_at(bytes, lights_at + 4) == 3);
  CHECK(punctual["type"] == "directional");
  CHECK((*light)["extras"]["xray.level.light"]["controller"] == u32_at(bytes, lights_at));
  // -Z turned by the node's rotation is the mirrored direction.
  const auto& q = (*light)["rotation"];
  const glm::quat rotation(q[3].get<float>(), q[0].get<float>(), q[1].get<float>(), q[2].get<float>());
  const glm::vec3 shines = rotation * glm::vec3(0, 0, -1);
  const glm::vec3 direction(-f32_at(bytes, lights_at + 4 + 4 + 48 + 12),
                            f32_at(bytes, lights_at + 4 + 4 + 48 + 16),
                            f32_at(bytes, lights_at + 4 + 4 + 48 + 20));
  CHECK(glm::dot(shines, glm::normalize(direction)) == Approx(1.0f).margin(1e-5));
  CHECK(std::find(gltf["extensionsUsed"].begin(), gltf["extensionsUsed"].end(), "KHR_lights_punctual") !=
        gltf["extensionsUsed"].end());

  // The glow: at its position, a square of its radius.
  REQUIRE(glows_size == 18);
  const auto* glow = node_named(gltf, "glow_0");
  REQUIRE(glow != nullptr);
  check_mirrored((*glow)["translation"], f32_at(bytes, glows_at), f32_at(bytes, glows_at + 4),
                 f32_at(bytes, glows_at + 8));
  CHECK((*glow)["extras"]["xray.level.glow"]["radius"] == f32_at(bytes, glows_at + 12));
}
