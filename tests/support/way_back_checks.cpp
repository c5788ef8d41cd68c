#include "way_back_checks.hpp"

#include <catch2/catch.hpp>
#include <iostream>

#include "gamefmt/conversion.hpp"
#include "gamefmt/core/file_io.hpp"
#include "test_support.hpp"

namespace gamefmt::test {
namespace {

// One trip as the CLI takes it: `gamefmt convert X -o a.glb -O way_back=<way_back>`, then
// `gamefmt convert a.glb -o back/X`.
std::vector<std::byte> through_glb(const std::filesystem::path& file, const FormatHandler& handler,
                                   const std::filesystem::path& scratch, const std::string& way_back) {
  const auto glb = scratch / "trip.glb";
  const auto back = scratch / "back" / way_back_output_name(file, handler);
  convert_files({file}, glb, {{"way_back", way_back}});
  convert_files({glb}, back, {});
  return read_bytes(back);
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
  const auto back = through_glb(file, handler, scratch, "compact");
  // The compact records (the default) give back what the whole records give back, or the file itself.
  const auto back_from_whole_records = through_glb(file, handler, scratch, "full");
  CHECK((back == original || back == back_from_whole_records));
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
  const auto twice = through_glb(once, handler, scratch, "compact");
  if (twice == back) ++tally.second_pass;
  if (format.way_back == WayBack::second_pass) CHECK(twice == back);
}

void print_way_back_tallies(const std::map<std::string, WayBackTally>& tallies) {
  for (const auto& [id, tally] : tallies)
    std::cout << "way back " << id << ": " << tally.exact << " of " << tally.files << " exact, "
              << tally.second_pass << " exact from the second trip\n";
}

}  // namespace gamefmt::test
