#pragma once
// Transitional: a FormatHandler for a family whose adapters still build and read an aiScene. It converts at
// the Assimp boundary (ai_scene_conversion.hpp), so the rest of gamefmt sees only the scene model. Each
// family drops it when its adapters build the scene model themselves.
#include <assimp/scene.h>

#include <memory>

#include "ai_scene_conversion.hpp"
#include "ai_scene_validation.hpp"
#include "gamefmt/adapters/format_handler.hpp"

namespace gamefmt::assimp {

class LegacyAiSceneHandler : public FormatHandler {
 public:
  scene::Scene import_scene(const ImportRequest& request) const final {
    const auto legacy = legacy_import(request);
    validate_scene(*legacy, request.primary.path);
    return from_ai_scene(*legacy, request.primary.path);
  }
  std::vector<std::byte> export_scene(const scene::Scene& scene, const ExportRequest& request) const final {
    return legacy_export(*to_ai_scene(scene), request.options, request.output_name);
  }
  bool takes_scene(const scene::Scene& scene) const final { return legacy_takes(*to_ai_scene(scene)); }

 protected:
  // The defaults throw FormatHandler's "cannot" errors.
  virtual std::unique_ptr<aiScene> legacy_import(const ImportRequest& request) const {
    FormatHandler::import_scene(request);
    return nullptr;
  }
  virtual std::vector<std::byte> legacy_export(const aiScene&, const Options& options,
                                               std::string_view output_name) const {
    return FormatHandler::export_scene(scene::Scene{}, {options, {}, std::string(output_name)});
  }
  virtual bool legacy_takes(const aiScene&) const { return true; }
};

}  // namespace gamefmt::assimp
