#include "way_back_checks.hpp"

#include <catch2/catch.hpp>
#include <iostream>

#include "gamefmt/conversion.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "test_support.hpp"

namespace gamefmt::test {
namespace {

// One trip: the file as a scene, the scene as .glb bytes, those read back and written as the file's format.
std::vector<std::byte> through_glb(const std::filesystem::path& file, const FormatHandler& handler) {
  const auto glb = gltf::write_gltf(load_scene({file}, {}), {}, "a.glb");
  const auto scene = gltf::read_gltf(glb, "a.glb");
  return save_scene(scene, way_back_output_name(file, handler), {}).front().bytes;
}

}  // namespace

std::filesystem::path way_back_output_name(const std::filesystem::path& file, const FormatHandler& handler) {
  const auto& format = handler.description();
  if (!format.extensions.empty() || format.file_names.empty()) return file.filename();
  return format.file_names.front();  // a format known by its file name only (X-Ray's `level`)
}

void check_way_back(const std::filesystem::path& file, const FormatHandler& handler,
                    const std::filesystem::path& scratch, std::map<std::string, WayBackTally>& tallies) {
  const auto& format = handler.description();
  INFO(file.string() << " (" << format.id << ", promised: " << to_string(format.way_back) << ")");
  const auto original = read_bytes(file);
  const auto back = through_glb(file, handler);
  auto& tally = tallies[format.id];
  ++tally.files;
  if (back == original) {
    ++tally.exact;
    return;
  }
  CHECK(format.way_back != WayBack::exact);
  // The first way back must give a file the format's reader takes; the second trip starts from it.
  const auto once = scratch / ("once_" + file.filename().string());
  write_file_atomically(once, back);
  CHECK_NOTHROW(handler.rewrite(back, once.string()));
  const auto twice = through_glb(once, handler);
  if (twice == back) ++tally.second_pass;
  if (format.way_back == WayBack::second_pass) CHECK(twice == back);
}

void print_way_back_tallies(const std::map<std::string, WayBackTally>& tallies) {
  for (const auto& [id, tally] : tallies)
    std::cout << "way back " << id << ": " << tally.exact << " of " << tally.files << " exact, "
              << tally.second_pass << " exact from the second trip\n";
}

}  // namespace gamefmt::test
