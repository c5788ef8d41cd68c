// The way back from glTF, on every corpus file of every format that imports and exports: the file goes to a
// .glb and back to its own format, unedited, as `gamefmt convert X -o a.glb && gamefmt convert a.glb -o
// back.X` does. Each file must come back as its format's description promises (FormatDescription::way_back):
// the same bytes (exact), or bytes that no longer change from the second trip on (second_pass). Formats that
// promise neither must still come back as a file their own reader accepts. A summary per format is printed.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/conversion.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/gltf/gltf_reader.hpp"
#include "gamefmt/gltf/gltf_writer.hpp"
#include "test_support.hpp"

using namespace gamefmt;

namespace {

// The corpus files of formats that both import and export, in a stable order (textures and scripts are not).
std::vector<std::pair<std::filesystem::path, const FormatHandler*>> round_trip_files() {
  std::vector<std::pair<std::filesystem::path, const FormatHandler*>> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(*test::corpus_dir())) {
    if (!entry.is_regular_file()) continue;
    const FormatHandler* handler = handler_for_file(entry.path());
    if (handler == nullptr || !handler->description().can_import || !handler->description().can_export)
      continue;
    files.emplace_back(entry.path(), handler);
  }
  std::sort(files.begin(), files.end());
  return files;
}

// One trip: the file as a scene, the scene as .glb bytes, those read back and written as the file's format.
std::vector<std::byte> through_glb(const std::filesystem::path& file) {
  const auto glb = gltf::write_gltf(load_scene({file}, {}), {}, "a.glb");
  const auto scene = gltf::read_gltf(glb, "a.glb");
  return save_scene(scene, file.filename(), {}).front().bytes;
}

struct Tally {
  std::size_t files = 0, exact = 0, second_pass = 0;
};

}  // namespace

TEST_CASE("Every corpus file comes back from glTF as its format promises", "[corpus][way-back]") {
  const auto files = round_trip_files();
  REQUIRE(files.size() >= 50);
  std::map<std::string, Tally> tallies;
  test::TempDir temp;
  for (const auto& [file, handler] : files) {
    const auto& format = handler->description();
    INFO(file.string() << " (" << format.id << ", promised: " << to_string(format.way_back) << ")");
    const auto original = test::read_bytes(file);
    const auto back = through_glb(file);
    auto& tally = tallies[format.id];
    ++tally.files;
    if (back == original) {
      ++tally.exact;
      continue;
    }
    CHECK(format.way_back != WayBack::exact);
    // The first way back must give a file the format's reader takes; the second trip starts from it.
    const auto once = temp / ("once_" + file.filename().string());
    write_file_atomically(once, back);
    CHECK_NOTHROW(handler->rewrite(back, once.string()));
    const auto twice = through_glb(once);
    if (twice == back) ++tally.second_pass;
    if (format.way_back == WayBack::second_pass) CHECK(twice == back);
  }
  for (const auto& [id, tally] : tallies)
    std::cout << "way back " << id << ": " << tally.exact << " of " << tally.files << " exact, "
              << tally.second_pass << " exact from the second trip\n";
}
