// gamefmt as a library: a game file into the scene model and out as glTF, and the same file read through
// Assimp by an importer that knows gamefmt's formats. Prints "<meshes> <glb bytes> <meshes seen by Assimp>".
#include <assimp/scene.h>

#include <assimp/Importer.hpp>
#include <gamefmt/adapters/format_registry.hpp>
#include <gamefmt/assimp/register.hpp>
#include <gamefmt/core/file_io.hpp>
#include <gamefmt/core/format_error.hpp>
#include <gamefmt/gltf/gltf_writer.hpp>
#include <iostream>

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  try {
    gamefmt::ImportRequest request;
    request.primary = {argv[1], gamefmt::read_file_bytes(argv[1])};
    const gamefmt::FormatHandler* format = gamefmt::find_handler(argv[1], request.primary.bytes);
    if (format == nullptr) {
      std::cerr << argv[1] << ": not a format gamefmt knows\n";
      return 1;
    }
    const gamefmt::scene::Scene scene = format->import_scene(request);
    const std::vector<std::byte> glb = gamefmt::gltf::write_gltf(scene, {}, "out.glb");

    Assimp::Importer importer;
    gamefmt::assimp::register_importers(importer);  // every game format, for this Importer
    const aiScene* seen_by_assimp = importer.ReadFile(argv[1], 0);
    std::cout << scene.meshes.size() << ' ' << glb.size() << ' '
              << (seen_by_assimp ? seen_by_assimp->mNumMeshes : 0) << '\n';
  } catch (const gamefmt::FormatError& error) {
    std::cerr << error.what() << '\n';
    return 1;
  }
  return 0;
}
