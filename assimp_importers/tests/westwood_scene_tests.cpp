#include <assimp/scene.h>

#include <assimp/Importer.hpp>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <set>

#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/assimp/assimp.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/scene/scene_queries.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "gamefmt/westwood/vox.hpp"
#include "gamefmt/westwood/voxel_mesher.hpp"
#include "glb_images.hpp"
#include "test_support.hpp"
#include "westwood/vox_conversion.hpp"
#include "westwood/vxl_scene.hpp"
#include "westwood_sweep_inputs.hpp"

using namespace gamefmt;

namespace {

std::size_t mesher_triangles(const westwood::VxlFile& vxl) {
  std::size_t n = 0;
  for (const auto& limb : vxl.limbs)
    n += westwood::mesh_voxels(westwood::decode_limb_voxels(limb, "x.vxl")).triangle_count();
  return n;
}

// The texels of the first material's base colour texture (the voxels' palette) in a .glb, decoded by
// stb_image.
std::vector<std::array<int, 4>> palette_texels(std::span<const std::byte> glb) {
  std::vector<std::array<int, 4>> texels;
  const auto image = test::material_image_bytes(test::parse_glb(glb), 0, "baseColorTexture");
  if (!image) return texels;
  const auto pixels = test::decode_picture(*image);
  if (!pixels) return texels;
  for (std::size_t i = 0; 4 * i < pixels->rgba.size(); ++i)
    texels.push_back(
        {pixels->rgba[4 * i], pixels->rgba[4 * i + 1], pixels->rgba[4 * i + 2], pixels->rgba[4 * i + 3]});
  return texels;
}

const scene::NodeAnimation* channel_for(const scene::Scene& scene, const scene::Animation& animation,
                                        const char* node) {
  for (const auto& channel : animation.channels)
    if (scene.nodes[channel.node].name == node) return &channel;
  return nullptr;
}

}  // namespace

TEST_CASE("VXL + HVA -> scene -> .glb: limb nodes, coloured meshes and the HVA animation read back",
          "[westwood][westwood-vxl][westwood-hva]") {
  const auto vxl = test::westwood_sample_vxl();
  const auto hva = test::westwood_sample_hva();
  const auto* handler = gamefmt::find_handler_by_id("westwood-vxl");
  REQUIRE(handler != nullptr);
  gamefmt::ImportRequest request;
  request.primary = {"unit.vxl", westwood::write_vxl(vxl)};
  request.companions.push_back({"unit.hva", westwood::write_hva(hva)});
  const auto scene = handler->import_scene(request);
  const auto glb = gltf::write_gltf(scene, {}, "unit.glb");
  const auto back = gltf::read_gltf(glb, "unit.glb");

  const auto root = scene::find_node(back, "unit");
  REQUIRE(root.has_value());
  const scene::Node& root_node = back.nodes[*root];
  REQUIRE(root_node.children.size() == 2);
  CHECK(back.nodes[root_node.children[0]].name == "body");
  CHECK(back.nodes[root_node.children[1]].name == "turret");
  // Z-up to Y-up: VXL +Z becomes +Y (scaled to metres: westwood_size_tests.cpp).
  const glm::vec3 up = scene::normalize(scene::transform_point(scene::matrix_of(root_node), {0, 0, 1}));
  CHECK(up.y == Approx(1.0f));
  const auto turret_voxels = scene::find_node(back, "turret.voxels");
  REQUIRE(turret_voxels.has_value());
  CHECK(scene::at(scene::matrix_of(back.nodes[*turret_voxels]), 2, 3) == Approx(2.0f));  // min_bounds z

  std::size_t triangles = 0;
  for (const auto& mesh : back.meshes) {
    REQUIRE(mesh.texcoords.size() == 1);
    triangles += mesh.triangles.size() / 3;
  }
  CHECK(triangles == mesher_triangles(vxl));
  // A vertex's UV lands on the palette entry of its voxel: colour index c has RGB (37c, 37c + 37, 37c + 74)
  // mod 256.
  const scene::Mesh& body = back.meshes[0];
  const auto palette = palette_texels(glb);
  REQUIRE(palette.size() == 256);
  bool palette_colours = true;
  for (const glm::vec2& uv : body.texcoords[0]) {
    const auto& texel = palette[std::size_t(uv.x * 256)];
    palette_colours = palette_colours && (texel[1] - texel[0] + 256) % 256 == 37;
  }
  CHECK(palette_colours);

  REQUIRE(back.animations.size() == 1);
  const scene::Animation& animation = back.animations[0];
  CHECK(animation.duration == Approx(2.0 / westwood::kVxlDefaultFramesPerSecond));
  const scene::NodeAnimation* turret = channel_for(back, animation, "turret");
  REQUIRE(turret != nullptr);
  REQUIRE(turret->translation.size() == 3);
  // HVA translation 12 * frame, times scale 1/12 and section scale 1: one voxel per frame; z 24 / 12 = 2.
  CHECK(turret->translation[1].value.x == Approx(1.0f));
  CHECK(turret->translation[2].value.x == Approx(2.0f));
  CHECK(turret->translation[2].value.z == Approx(2.0f));
}

TEST_CASE("VXL import options: fps changes the animation rate, palette colours the voxels",
          "[westwood][westwood-vxl]") {
  test::TempDir temp;
  write_file_atomically(temp / "unit.vxl", westwood::write_vxl(test::westwood_sample_vxl()));
  write_file_atomically(temp / "unit.hva", westwood::write_hva(test::westwood_sample_hva()));
  std::vector<std::byte> pal(768, std::byte(0));
  for (std::size_t c = 1; c < 256; ++c) pal[3 * c] = std::byte(63);  // pure red, 6-bit
  write_file_atomically(temp / "red.pal", pal);

  const auto glb = (temp / "unit.glb").string();
  auto run = test::run_gamefmt({"convert", (temp / "unit.vxl").string(), "-o", glb, "-O", "fps=10", "-O",
                                "palette=" + (temp / "red.pal").string()});
  REQUIRE(run.exit_code == 0);
  const auto scene = gltf::read_gltf(read_file_bytes(glb), glb);
  REQUIRE(scene.animations.size() == 1);  // the .hva was found beside the .vxl
  CHECK(scene.animations[0].duration == Approx(0.2));
  REQUIRE(scene.meshes[0].texcoords.size() == 1);
  const auto palette = palette_texels(read_file_bytes(glb));
  REQUIRE(palette.size() == 256);
  const auto& c = palette[std::size_t(scene.meshes[0].texcoords[0][0].x * 256)];
  CHECK(c[0] == 255);
  CHECK(c[1] == 0);

  run = test::run_gamefmt({"convert", (temp / "unit.vxl").string(), "-o", glb, "-O", "fps=zero"});
  CHECK(run.exit_code != 0);
  CHECK_THAT(run.output, Catch::Contains("fps"));
}

TEST_CASE("VXL info lists limbs, sizes and voxel counts", "[westwood][westwood-vxl]") {
  test::TempDir temp;
  const auto vxl = test::westwood_sample_vxl();
  write_file_atomically(temp / "unit.vxl", westwood::write_vxl(vxl));
  const auto run = test::run_gamefmt({"info", (temp / "unit.vxl").string(), "--json"});
  REQUIRE(run.exit_code == 0);
  const auto json = nlohmann::json::parse(run.output);
  REQUIRE(json["limbs"].size() == 2);
  CHECK(json["limbs"][1]["name"] == "turret");
  CHECK(json["limbs"][1]["size"] == nlohmann::json::array({2, 2, 3}));
  const auto body = westwood::decode_limb_voxels(vxl.limbs[0], "unit.vxl").filled_count();
  const auto turret = westwood::decode_limb_voxels(vxl.limbs[1], "unit.vxl").filled_count();
  CHECK(json["limbs"][0]["voxels"] == body);
  CHECK(json["voxels"] == body + turret);
}

TEST_CASE("VOX: hand-built bytes give the model; rewrite is byte-identical", "[westwood][magicavoxel-vox]") {
  std::vector<std::byte> bytes;
  const auto put = [&](std::initializer_list<int> values) {
    for (int v : values) bytes.push_back(std::byte(v));
  };
  const auto put32 = [&](std::uint32_t v) {
    put({int(v & 0xff), int(v >> 8 & 0xff), int(v >> 16 & 0xff), int(v >> 24)});
  };
  put({'V', 'O', 'X', ' '});
  put32(150);
  put({'M', 'A', 'I', 'N'});
  put32(0);
  put32(12 + 12 + 12 + 12);  // SIZE and XYZI chunks
  put({'S', 'I', 'Z', 'E'});
  put32(12);
  put32(0);
  put32(2);
  put32(1);
  put32(3);
  put({'X', 'Y', 'Z', 'I'});
  put32(12);
  put32(0);
  put32(2);
  put({1, 0, 2, 7, 0, 0, 0, 9});
  const auto vox = westwood::read_vox(bytes, "hand.vox");
  CHECK(vox.version == 150);
  const auto models = westwood::vox_models(vox, "hand.vox");
  REQUIRE(models.size() == 1);
  CHECK(models[0].size == std::array<std::uint32_t, 3>{2, 1, 3});
  REQUIRE(models[0].voxels.size() == 2);
  CHECK(models[0].voxels[0] == std::array<std::uint8_t, 4>{1, 0, 2, 7});
  CHECK(westwood::write_vox(vox) == bytes);

  auto outside = bytes;
  outside[bytes.size() - 8] = std::byte(2);  // x 2 in a model 2 wide
  CHECK_THROWS_AS(westwood::vox_models(westwood::read_vox(outside, "bad.vox"), "bad.vox"), FormatError);
  auto long_chunk = bytes;
  long_chunk[16] = std::byte(0xff);  // MAIN's children size past the end
  CHECK_THROWS_AS(westwood::read_vox(long_chunk, "bad.vox"), FormatError);
  for (std::size_t n = 0; n < bytes.size(); ++n)
    CHECK_THROWS_AS(westwood::read_vox(std::span(bytes).first(n), "cut.vox"), FormatError);
}

TEST_CASE("VXL -> VOX -> VXL through the CLI is byte-identical and keeps colour indices",
          "[westwood][westwood-vxl][magicavoxel-vox]") {
  test::TempDir temp;
  const auto vxl = test::westwood_sample_vxl();
  const auto vxl_bytes = westwood::write_vxl(vxl);
  write_file_atomically(temp / "unit.vxl", vxl_bytes);
  REQUIRE(test::run_gamefmt({"convert", (temp / "unit.vxl").string(), "-o", (temp / "unit.vox").string()})
              .exit_code == 0);
  const auto vox = westwood::read_vox(read_file_bytes(temp / "unit.vox"), "unit.vox");
  const auto models = westwood::vox_models(vox, "unit.vox");
  REQUIRE(models.size() == 2);
  CHECK(models[1].name == "turret");
  const auto grid = westwood::decode_limb_voxels(vxl.limbs[1], "unit.vxl");
  REQUIRE(models[1].voxels.size() == grid.filled_count());
  for (const auto& v : models[1].voxels) CHECK(grid.at(v[0], v[1], v[2]).color == v[3]);
  // The RGBA entry i colours index i + 1.
  const auto rgba = westwood::vox_palette(vox, "unit.vox");
  REQUIRE(rgba.has_value());
  CHECK((*rgba)[4][0] == vxl.palette[15]);

  REQUIRE(test::run_gamefmt({"convert", (temp / "unit.vox").string(), "-o", (temp / "back.vxl").string()})
              .exit_code == 0);
  CHECK(read_file_bytes(temp / "back.vxl") == vxl_bytes);
}

TEST_CASE(
    "An edited VOX converts back: unchanged voxels keep colour and normal, new voxels get a learnt normal",
    "[westwood][magicavoxel-vox]") {
  const auto vxl = test::westwood_sample_vxl();
  const auto vxl_bytes = westwood::write_vxl(vxl);
  auto models = westwood::vox_models(westwood::vxl_to_vox(vxl, vxl_bytes, std::nullopt), "unit.vox");
  // The edit: the body loses one voxel and gains one of colour 200; the turret stays as it was.
  const auto original_body = westwood::decode_limb_voxels(vxl.limbs[0], "unit.vxl");
  auto& body = models[0].voxels;
  const auto removed = body.front();
  body.erase(body.begin());
  std::array<std::uint8_t, 4> added{};
  for (std::uint8_t z = 0; z < 2 && added[3] == 0; ++z)
    for (std::uint8_t x = 0; x < 4 && added[3] == 0; ++x)
      if (!original_body.at(x, 1, z).filled) added = {x, 1, z, 200};
  REQUIRE(added[3] == 200);
  body.push_back(added);
  const auto edited =
      westwood::make_vox(models, westwood::VoxPalette{});  // as an editor would save it: no wwVX

  const auto* vox_handler = gamefmt::find_handler_by_id("magicavoxel-vox");
  const auto* vxl_handler = gamefmt::find_handler_by_id("westwood-vxl");
  gamefmt::ImportRequest request;
  request.primary = {"edited.vox", westwood::write_vox(edited)};
  request.companions.push_back({"unit.vxl", vxl_bytes});
  const auto out_bytes = vox_handler->convert_to(request, *vxl_handler, {{}, {}, "out.vxl"});
  REQUIRE(out_bytes.has_value());
  const auto out = westwood::read_vxl(*out_bytes, "out.vxl");
  CHECK(out.palette == vxl.palette);
  CHECK(out.limbs[0].tailer.normals_type == 2);
  CHECK(out.limbs[1].body.span_data == vxl.limbs[1].body.span_data);  // untouched limb: spans kept as stored
  const auto grid = westwood::decode_limb_voxels(out.limbs[0], "out.vxl");
  CHECK(grid.filled_count() == original_body.filled_count());
  CHECK_FALSE(grid.at(removed[0], removed[1], removed[2]).filled);
  CHECK(grid.at(added[0], added[1], added[2]).color == 200);
  const auto near = [](std::size_t x, std::size_t y, std::size_t z, const std::array<std::uint8_t, 4>& e) {
    return std::abs(long(x) - e[0]) + std::abs(long(y) - e[1]) + std::abs(long(z) - e[2]) <= 1;
  };
  std::set<int> used_normals;
  for (const auto& cell : original_body.cells)
    if (cell.filled) used_normals.insert(cell.normal);
  std::size_t kept = 0;
  for (std::size_t z = 0; z < grid.size_z; ++z)
    for (std::size_t y = 0; y < grid.size_y; ++y)
      for (std::size_t x = 0; x < grid.size_x; ++x) {
        const auto& now = grid.at(x, y, z);
        const auto& before = original_body.at(x, y, z);
        if (!now.filled || !before.filled) continue;
        CHECK(now.color == before.color);
        if (near(x, y, z, removed) || near(x, y, z, added)) continue;
        CHECK(now.normal == before.normal);  // away from the edits, normals are kept
        ++kept;
      }
  CHECK(kept > 0);
  CHECK(used_normals.count(grid.at(added[0], added[1], added[2]).normal) == 1);  // a normal the unit uses

  // Without the original, the models alone make a .vxl with the chosen normals type.
  gamefmt::ImportRequest alone;
  alone.primary = request.primary;
  alone.options["normals_type"] = "2";
  const auto fresh = westwood::read_vxl(
      *vox_handler->convert_to(alone, *vxl_handler, {alone.options, {}, "new.vxl"}), "new.vxl");
  REQUIRE(fresh.limbs.size() == 2);
  CHECK(westwood::name_text(fresh.limbs[1].header.name) == "turret");
  CHECK(fresh.limbs[0].tailer.normals_type == 2);
  CHECK(westwood::decode_limb_voxels(fresh.limbs[0], "new.vxl").at(added[0], added[1], added[2]).color ==
        200);
}

TEST_CASE("Assimp reads a .vxl through the registered importer, with the .hva beside it",
          "[westwood][westwood-vxl][westwood-hva]") {
  test::TempDir temp;
  write_file_atomically(temp / "tank.vxl", westwood::write_vxl(test::westwood_sample_vxl()));
  write_file_atomically(temp / "tank.hva", westwood::write_hva(test::westwood_sample_hva()));
  Assimp::Importer importer;
  assimp::register_importers(importer);
  importer.SetPropertyString("gamefmt.fps", "3");
  const aiScene* scene = importer.ReadFile((temp / "tank.vxl").string(), 0);
  REQUIRE(scene != nullptr);
  CHECK(scene->mRootNode->FindNode("turret") != nullptr);
  CHECK(scene->mNumMeshes == 2);
  REQUIRE(scene->mNumAnimations == 1);
  // One key per HVA frame at 3 frames per second (Assimp gets milliseconds from gamefmt).
  const aiNodeAnim& channel = *scene->mAnimations[0]->mChannels[0];
  REQUIRE(channel.mNumPositionKeys >= 2);
  CHECK((channel.mPositionKeys[1].mTime - channel.mPositionKeys[0].mTime) /
            scene->mAnimations[0]->mTicksPerSecond ==
        Approx(1.0 / 3.0));
  CHECK(scene->mAnimations[0]->mNumChannels == 2);
}
