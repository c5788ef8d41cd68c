// A game file to glTF through gamefmt's scene model, and the same file through Assimp once gamefmt's
// importers are registered. Run: app Wolf.solid Wolf.glb
#include <assimp/scene.h>

#include <assimp/Importer.hpp>
#include <gamefmt/adapters/format_registry.hpp>
#include <gamefmt/assimp/register.hpp>
#include <gamefmt/core/file_io.hpp>
#include <gamefmt/core/format_error.hpp>
#include <gamefmt/gltf/gltf_writer.hpp>
#include <iostream>

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: app GAME_FILE OUTPUT.glb\n";
    return 2;
  }
  try {
    gamefmt::ImportRequest request;
    request.primary = {argv[1], gamefmt::read_file_bytes(argv[1])};
    const gamefmt::FormatHandler* format = gamefmt::find_handler(argv[1], request.primary.bytes);
    if (format == nullptr) {
      std::cerr << argv[1] << ": not a format gamefmt knows\n";
      return 1;
    }
    const gamefmt::scene::Scene scene = format->import_scene(request);  // throws gamefmt::FormatError
    gamefmt::write_file_atomically(argv[2], gamefmt::gltf::write_gltf(scene, {}, argv[2]));

    Assimp::Importer importer;
    gamefmt::assimp::register_importers(importer);  // this Importer now reads every gamefmt format
    const aiScene* seen_by_assimp = importer.ReadFile(argv[1], 0);
    std::cout << format->description().name << ": " << scene.meshes.size() << " meshes; Assimp sees "
              << (seen_by_assimp ? seen_by_assimp->mNumMeshes : 0) << '\n';
  } catch (const gamefmt::FormatError& error) {
    std::cerr << error.what() << '\n';
    return 1;
  }
  return 0;
}
