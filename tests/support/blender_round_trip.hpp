#pragma once
// A user's round trip through Blender in tests: its glTF importer, then its exporter with the extras on
// (tests/blender/reexport.py), nothing edited. Callers check test::blender_installed() first.
#include <filesystem>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace gamefmt::test {

// reexport.py from `glb` to `out`, with its `options` (--tangents, --fps N, --bone-dir NAME). REQUIREs that
// Blender succeeded, with its log in the message when it did not.
void reexport_in_blender(const std::filesystem::path& glb, const std::filesystem::path& out,
                         const std::vector<std::string>& options = {});

// `inputs` converted to `dir`/a.glb with the way-back records whole (-O way_back=full, what the add-on asks
// for: the default compact records hold only against the glTF gamefmt wrote, and Blender writes the meshes
// anew), re-exported by Blender to `dir`/blender.glb and converted to `output`: the warnings of that last
// conversion.
std::vector<std::string> convert_through_blender(const std::vector<std::filesystem::path>& inputs,
                                                 const std::filesystem::path& output, const TempDir& dir,
                                                 const std::vector<std::string>& options = {});

}  // namespace gamefmt::test
