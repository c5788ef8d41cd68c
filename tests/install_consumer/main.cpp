// Reads a game file through the registered Assimp importers and writes it as .glb: prints "<meshes> <bytes>".
#include <assimp/Importer.hpp>
#include <gamefmt/assimp/register.hpp>
#include <gamefmt/gltf/gltf_writer.hpp>
#include <iostream>

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  Assimp::Importer importer;
  gamefmt::assimp::register_importers(importer);
  const aiScene* scene = importer.ReadFile(argv[1], 0);
  if (scene == nullptr) {
    std::cerr << importer.GetErrorString() << '\n';
    return 1;
  }
  std::cout << scene->mNumMeshes << ' ' << gamefmt::gltf::write_gltf(*scene, {}, "out.glb").size() << '\n';
  return 0;
}
