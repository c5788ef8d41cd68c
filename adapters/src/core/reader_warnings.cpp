#include "core/reader_warnings.hpp"

namespace gamefmt {

void add_reader_warnings(scene::Scene& scene, const Warnings& warnings) {
  scene.warnings.insert(scene.warnings.begin(), warnings.begin(), warnings.end());
}

}  // namespace gamefmt
