#include "assimp_api.hpp"

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <catch2/catch.hpp>

#include "gamefmt/assimp/assimp.hpp"
#include "test_support.hpp"

namespace gamefmt::test {

std::vector<std::byte> import_and_export_with_assimp(const std::filesystem::path& input,
                                                     const std::string& exporter_id,
                                                     const std::filesystem::path& output) {
  Assimp::Importer importer;
  assimp::register_importers(importer);
  const aiScene* scene = importer.ReadFile(input.string(), 0);
  INFO(importer.GetErrorString());
  REQUIRE(scene != nullptr);
  Assimp::Exporter exporter;
  assimp::register_exporters(exporter);
  INFO(exporter.GetErrorString());
  REQUIRE(exporter.Export(scene, exporter_id.c_str(), output.string()) == AI_SUCCESS);
  return read_bytes(output);
}

}  // namespace gamefmt::test
