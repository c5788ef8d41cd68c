#include "xray/level_parts.hpp"

#include <array>
#include <string>

#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/scene/scene_merge.hpp"
#include "xray/level_mesh_scene.hpp"

namespace gamefmt::xray {
namespace {

struct LevelPart {
  const char* name;  // the file's extension, and the name in -O parts
  const char* handler_id;
  const char* role;
};
constexpr std::array<LevelPart, 4> kParts = {{{"cform", "xray-cform", "collision"},
                                              {"details", "xray-details", "details"},
                                              {"hom", "xray-hom", "occluders"},
                                              {"som", "xray-som", "sound_occluders"}}};

const Option<std::string>& parts_option() {
  static const auto option =
      text_option("parts",
                  "the files beside a compiled level put into its scene: all, none, or a comma-separated "
                  "list of cform (collision), details, hom (occluders), som (sound occluders)",
                  "all");
  return option;
}

// Which parts -O parts asks for.
std::array<bool, kParts.size()> wanted_parts(const ImportRequest& request) {
  const std::string text = parts_option().get(request.options, request.primary.path);
  std::array<bool, kParts.size()> wanted{};
  if (text == "all") {
    wanted.fill(true);
    return wanted;
  }
  if (text == "none" || text.empty()) return wanted;
  std::size_t from = 0;
  while (from <= text.size()) {
    const std::size_t comma = std::min(text.find(',', from), text.size());
    const std::string name = text.substr(from, comma - from);
    bool known = false;
    for (std::size_t p = 0; p < kParts.size(); ++p)
      if (name == kParts[p].name) wanted[p] = known = true;
    if (!known)
      throw FormatError(request.primary.path, std::nullopt, "option parts",
                        "'" + name + "' is not a level part (all, none, or cform, details, hom, som)");
    from = comma + 1;
  }
  return wanted;
}

}  // namespace

const OptionSpec& level_parts_option_spec() {
  return parts_option().spec();
}

void add_level_parts(scene::Scene& scene, const ImportRequest& request) {
  const auto wanted = wanted_parts(request);
  for (std::size_t p = 0; p < kParts.size(); ++p) {
    if (!wanted[p]) continue;
    const LevelPart& part = kParts[p];
    const std::string path = request.primary.path + "." + part.name;
    std::optional<std::vector<std::byte>> bytes;
    if (request.files != nullptr) bytes = request.files->read(path);
    if (!bytes) {
      scene.warnings.push_back(std::string("level part '") + part.name + "': " + path +
                               " was not found (or not read), so the scene has no " + part.role);
      continue;
    }
    ImportRequest part_request;
    part_request.primary = {path, std::move(*bytes)};
    part_request.files = request.files;
    part_request.options = request.options;
    part_request.options.erase(parts_option().spec().name);
    part_request.limits = request.limits;
    scene::Scene part_scene = find_handler_by_id(part.handler_id)->import_scene(part_request);
    const scene::NodeIndex group = scene.add_node(part.name, kLevelRoot);
    scene.nodes[group].extras["gamefmt.role"] = part.role;
    scene::append_scene(scene, std::move(part_scene), group, std::string(part.name) + ": ");
  }
}

}  // namespace gamefmt::xray
