// Memory in proportion to the input, on inputs made to take more: kept bytes that claim to inflate to
// gigabytes (a few megabytes of deflated zeros, or a false count), and files of nothing but zeros, which
// chunked formats read as millions of empty chunks. Each run is measured (tests/support/bounded_run.hpp):
// under 10 s and 1 GB.
#include <catch2/catch.hpp>
#include <random>
#include <string>

#include "gamefmt/core/base64.hpp"
#include "gamefmt/core/bytes_as_text.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/core/reference_patch.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "test_support.hpp"
#include "xray_character_samples.hpp"

using namespace gamefmt;

namespace {

constexpr double kMostSeconds = 10;
constexpr double kMostMiB = 1024;

void check_bounded(const test::MeasuredRun& run) {
  INFO(run.output);
  CHECK_FALSE(run.timed_out);
  CHECK(run.seconds < kMostSeconds);
  CHECK(double(run.peak_memory_bytes) / (1 << 20) < kMostMiB);
}

}  // namespace

TEST_CASE("Kept bytes may claim no more than their text can honestly hold", "[hostile][kept-bytes]") {
  // Gigabytes of zeros deflate to about a thousandth: refused before anything is allocated.
  const std::vector<std::byte> zeros(std::size_t{256} << 20);
  const std::string text = bytes_to_text(zeros);
  CHECK(text.size() < (std::size_t{2} << 20));
  CHECK_FALSE(bytes_from_text(text, zeros.size()).has_value());
  CHECK(most_bytes_from(text.size() * 3 / 4) < zeros.size());
  // Within the allowance (64 MiB whatever the text), zeros still come back.
  const std::vector<std::byte> few(std::size_t{32} << 20);
  CHECK(bytes_from_text(bytes_to_text(few), few.size()) == few);
  // A false count: four gigabytes claimed of a megabyte of random bytes.
  std::vector<std::byte> noise(std::size_t{1} << 20);
  std::mt19937 random(7);
  for (auto& b : noise) b = std::byte(random() & 0xFF);
  const std::string noisy = bytes_to_text(noise);
  CHECK_FALSE(bytes_from_text(noisy, std::size_t{4000000000}).has_value());
  CHECK(bytes_from_text(noisy, noise.size()) == noise);
}

TEST_CASE("A glTF whose kept model claims gigabytes converts within bounds, from the scene",
          "[hostile][kept-bytes][xray][cli]") {
  test::TempDir dir;
  write_file_atomically(dir / "model.ogf", test::xray_sample_skinned_ogf_bytes());
  REQUIRE(test::run_gamefmt({"convert", (dir / "model.ogf").string(), "-o", (dir / "a.glb").string(), "-O",
                             "way_back=full"})
              .exit_code == 0);
  auto scene = gltf::read_gltf(test::read_bytes(dir / "a.glb"), "a.glb");
  REQUIRE(scene.extras.contains("xray.ogf.file"));
  // 768 MiB of zeros, deflated to under a megabyte: the way back would inflate them whole.
  const std::vector<std::byte> zeros(std::size_t{768} << 20);
  scene.extras["xray.ogf.file"]["bytes"] = std::to_string(zeros.size()) + ":" + bytes_to_text(zeros);
  write_file_atomically(dir / "bomb.glb", gltf::write_gltf(scene, {}, "bomb.glb"));
  const auto run =
      test::run_gamefmt_measured({"convert", (dir / "bomb.glb").string(), "-o", (dir / "back.ogf").string()});
  check_bounded(run);
  CHECK(run.exit_code == 0);  // the kept file is refused; the model is written from the scene
  CHECK(std::filesystem::file_size(dir / "back.ogf") < 4096);
}

TEST_CASE("A glTF whose compact way back claims gigabytes converts within bounds, from the scene",
          "[hostile][kept-bytes][way-back][xray][cli]") {
  test::TempDir dir;
  write_file_atomically(dir / "model.ogf", test::xray_sample_skinned_ogf_bytes());
  REQUIRE(test::run_gamefmt({"convert", (dir / "model.ogf").string(), "-o", (dir / "a.glb").string()})
              .exit_code == 0);
  auto scene = gltf::read_gltf(test::read_bytes(dir / "a.glb"), "a.glb");
  auto& record = scene.extras["gamefmt.way_back"]["xray-ogf"];
  REQUIRE(record.is_array());
  // 256 MiB of zeros made from an empty reference: a few kilobytes of patch. The record's reference stays
  // that of the model, so only the claimed size stands between the patch and the allocation.
  const std::vector<std::byte> zeros(std::size_t{256} << 20);
  const auto bomb = make_reference_patch(zeros, {});
  REQUIRE(bomb.size() < 100000);
  record[2] = base64_encode(bomb);
  write_file_atomically(dir / "bomb.glb", gltf::write_gltf(scene, {}, "bomb.glb"));
  const auto run =
      test::run_gamefmt_measured({"convert", (dir / "bomb.glb").string(), "-o", (dir / "back.ogf").string()});
  check_bounded(run);
  CHECK(run.exit_code == 0);  // the patch is refused; the model is written from the scene
  CHECK(std::filesystem::file_size(dir / "back.ogf") < 4096);
}

TEST_CASE("All-zero files of the chunked formats are refused within bounds", "[hostile][xray][cli]") {
  test::TempDir dir;
  const std::vector<std::byte> zeros(std::size_t{64} << 20);
  for (const char* name : {"zero.ogf", "zero.omf", "zero.object", "zero.bones", "zero.details", "level"}) {
    INFO(name);
    write_file_atomically(dir / name, zeros);
    const auto run =
        test::run_gamefmt_measured({"convert", (dir / name).string(), "-o", (dir / "out.glb").string()});
    check_bounded(run);
    CHECK(run.exit_code == 1);
    CHECK_FALSE(std::filesystem::exists(dir / "out.glb"));
    std::filesystem::remove(dir / name);
  }
}
