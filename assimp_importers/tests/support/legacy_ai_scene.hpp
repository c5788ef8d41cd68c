#pragma once
// Transitional: lets tests written against aiScene run while the families move to the scene model. Each
// family's tests drop these as its adapters stop building aiScenes; the file goes when the last one has.
#include <assimp/scene.h>

#include <filesystem>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "gamefmt/adapters/format_handler.hpp"
#include "gamefmt/gltf/gltf.hpp"

namespace gamefmt::gltf {
// write_gltf of the aiScene's scene model.
std::vector<std::byte> write_gltf(const aiScene& scene, const WriteOptions& options,
                                  std::string_view output_name);
}  // namespace gamefmt::gltf

namespace gamefmt {
struct OutputFile;
// save_scene of the aiScene's scene model.
std::vector<OutputFile> save_scene(const aiScene& scene, const std::filesystem::path& output,
                                   const Options& options);
}  // namespace gamefmt

namespace gamefmt::test {
std::unique_ptr<aiScene> legacy_read_gltf(std::span<const std::byte> data, std::string_view file_name);
std::unique_ptr<aiScene> legacy_load_scene(const std::vector<std::filesystem::path>& inputs,
                                           const Options& options);
std::unique_ptr<aiScene> legacy_import(const FormatHandler& handler, const ImportRequest& request);
std::vector<std::byte> legacy_export(const FormatHandler& handler, const aiScene& scene,
                                     const Options& options, std::string_view output_name);
}  // namespace gamefmt::test
