// The way back from glTF, as `gamefmt convert X -o a.glb && gamefmt convert a.glb -o back.X` takes it, held
// to what the file's format promises (FormatDescription::way_back). Shared by the corpus test (every real
// file) and the unit test (every format's fuzz seeds, which also cover formats the corpus lacks).
#pragma once

#include <cstddef>
#include <filesystem>
#include <map>
#include <string>

#include "gamefmt/adapters/format_handler.hpp"

namespace gamefmt::test {

struct WayBackTally {
  std::size_t files = 0, exact = 0, second_pass = 0;
};

// The name the way back writes `file` under: its own name, or for a format known by its file name only
// (X-Ray's `level`, which a corpus names `bx_level`) that name.
std::filesystem::path way_back_output_name(const std::filesystem::path& file, const FormatHandler& handler);

// Takes `file` to a .glb and back to its own format, unedited, as the CLI does with its default options
// (-O way_back=compact), and checks (Catch CHECKs) that it comes back as with -O way_back=full or as itself,
// and the promise: the
// same bytes for WayBack::exact; bytes that no longer change from the second trip on for
// WayBack::second_pass; for every format, a first way back that the format's own reader accepts. Counts the
// outcome in `tallies` under the format's id. `scratch` is a folder for the intermediate file.
void check_way_back(const std::filesystem::path& file, const FormatHandler& handler,
                    const std::filesystem::path& scratch, std::map<std::string, WayBackTally>& tallies);

// One line per format: "way back <id>: E of N exact, S exact from the second trip".
void print_way_back_tallies(const std::map<std::string, WayBackTally>& tallies);

}  // namespace gamefmt::test
