#include "legacy_ai_scene.hpp"

#include "ai_scene_conversion.hpp"
#include "gamefmt/conversion.hpp"
#include "gamefmt/gltf/gltf.hpp"

namespace gamefmt::gltf {
std::vector<std::byte> write_gltf(const aiScene& scene, const WriteOptions& options,
                                  std::string_view output_name) {
  return write_gltf(assimp::from_ai_scene(scene, output_name), options, output_name);
}
}  // namespace gamefmt::gltf

namespace gamefmt {
std::vector<OutputFile> save_scene(const aiScene& scene, const std::filesystem::path& output,
                                   const Options& options) {
  return save_scene(assimp::from_ai_scene(scene, output.string()), output, options);
}
}  // namespace gamefmt

namespace gamefmt::test {

std::unique_ptr<aiScene> legacy_read_gltf(std::span<const std::byte> data, std::string_view file_name) {
  return assimp::to_ai_scene(gltf::read_gltf(data, file_name));
}

std::unique_ptr<aiScene> legacy_load_scene(const std::vector<std::filesystem::path>& inputs,
                                           const Options& options) {
  return assimp::to_ai_scene(load_scene(inputs, options));
}

std::unique_ptr<aiScene> legacy_import(const FormatHandler& handler, const ImportRequest& request) {
  return assimp::to_ai_scene(handler.import_scene(request));
}

std::vector<std::byte> legacy_export(const FormatHandler& handler, const aiScene& scene,
                                     const Options& options, std::string_view output_name) {
  return handler.export_scene(
      assimp::from_ai_scene(scene, output_name),
      {options, Limits::from_options(options, output_name), std::string(output_name)});
}

}  // namespace gamefmt::test
