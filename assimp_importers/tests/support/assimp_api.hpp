#pragma once
// Assimp's own API as a user program calls it, with gamefmt's importers and exporters registered.
#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

namespace gamefmt::test {

// `input` read by an Assimp::Importer and written to `output` by an Assimp::Exporter as `exporter_id`; the
// bytes written. Fails the test case, with Assimp's error text, when either side fails.
std::vector<std::byte> import_and_export_with_assimp(const std::filesystem::path& input,
                                                     const std::string& exporter_id,
                                                     const std::filesystem::path& output);

}  // namespace gamefmt::test
