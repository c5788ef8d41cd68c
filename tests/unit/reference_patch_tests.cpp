// gamefmt/core/reference_patch.hpp: a file kept as its difference from a reference.
#include <catch2/catch.hpp>
#include <cstring>
#include <random>
#include <vector>

#include "gamefmt/core/reference_patch.hpp"

using namespace gamefmt;

namespace {

std::vector<std::byte> noise(std::size_t size, unsigned seed) {
  std::mt19937 random(seed);
  std::vector<std::byte> out(size);
  for (auto& b : out) b = static_cast<std::byte>(random() & 0xFF);
  return out;
}

}  // namespace

TEST_CASE("A patch makes the file from its reference, and costs little where the two agree",
          "[reference-patch][way-back]") {
  const auto reference = noise(200000, 1);
  auto file = reference;
  // Edits a writer's output would differ by: a changed field, inserted bytes, a dropped run.
  file[1000] = std::byte{0x55};
  const auto inserted = noise(300, 2);
  file.insert(file.begin() + 50000, inserted.begin(), inserted.end());
  file.erase(file.begin() + 150000, file.begin() + 150500);
  const auto patch = make_reference_patch(file, reference);
  REQUIRE_FALSE(patch.empty());
  CHECK(patch.size() < 1000);  // the 300 new bytes and a few matches; the file is 200 kB of noise
  CHECK(apply_reference_patch(patch, reference, file.size()) == file);

  // The same file without the reference: the noise costs its size.
  CHECK(make_reference_patch(file, {}).size() > file.size() - 100);
  // An empty file and an empty reference.
  CHECK(apply_reference_patch(make_reference_patch({}, reference), reference, 0) == std::vector<std::byte>{});
  CHECK(apply_reference_patch(make_reference_patch(file, {}), {}, file.size()) == file);
}

TEST_CASE("A patch is refused with another reference, cut, grown or over the allowed size",
          "[reference-patch][way-back][hostile]") {
  const auto reference = noise(50000, 3);
  auto file = reference;
  file[10] = std::byte{0};
  const auto patch = make_reference_patch(file, reference);
  REQUIRE(apply_reference_patch(patch, reference, file.size()).has_value());

  auto other = reference;
  other[20000] ^= std::byte{1};  // a writer that wrote one bit otherwise
  CHECK_FALSE(apply_reference_patch(patch, other, file.size()).has_value());
  CHECK_FALSE(apply_reference_patch(patch, {}, file.size()).has_value());
  // The file's size is what the frame claims: one byte less allowed is a refusal before decoding.
  CHECK_FALSE(apply_reference_patch(patch, reference, file.size() - 1).has_value());
  const std::span<const std::byte> whole(patch);
  CHECK_FALSE(apply_reference_patch(whole.first(patch.size() - 1), reference, file.size()).has_value());
  auto grown = patch;
  grown.push_back(std::byte{0});
  CHECK_FALSE(apply_reference_patch(grown, reference, file.size()).has_value());
  CHECK_FALSE(apply_reference_patch({}, reference, file.size()).has_value());
  // Every single flipped byte is refused or gives the file (zstd's checksum covers the content).
  for (std::size_t i = 0; i < patch.size(); ++i) {
    auto flipped = patch;
    flipped[i] ^= std::byte{0x40};
    const auto out = apply_reference_patch(flipped, reference, file.size() + 4096);
    CHECK((!out || *out == file));
  }
}
