#include "core/way_back_records.hpp"

#include <nlohmann/json.hpp>
#include <string_view>
#include <vector>

namespace gamefmt {
namespace {

// Whether `key` matches `glob`, where '*' stands for any run of characters.
bool matches(std::string_view glob, std::string_view key) {
  const auto star = glob.find('*');
  if (star == std::string_view::npos) return glob == key;
  if (key.size() < star || key.substr(0, star) != glob.substr(0, star)) return false;
  const std::string_view rest = glob.substr(star + 1);
  for (std::size_t from = star; from <= key.size(); ++from)
    if (matches(rest, key.substr(from))) return true;
  return false;
}

std::size_t drop(nlohmann::json& value, std::span<const std::string_view> path) {
  if (!value.is_object() || path.empty()) return 0;
  std::size_t dropped = 0;
  for (auto it = value.begin(); it != value.end();) {
    if (!matches(path.front(), it.key())) {
      ++it;
    } else if (path.size() == 1) {
      it = value.erase(it);
      ++dropped;
    } else {
      dropped += drop(it.value(), path.subspan(1));
      ++it;
    }
  }
  return dropped;
}

}  // namespace

std::size_t drop_way_back_records(scene::Scene& scene, std::span<const std::string> patterns) {
  std::size_t dropped = 0;
  for (const std::string& pattern : patterns) {
    std::vector<std::string_view> path;
    for (std::size_t from = 0; from <= pattern.size();) {
      const auto slash = std::min(pattern.find('/', from), pattern.size());
      path.push_back(std::string_view(pattern).substr(from, slash - from));
      from = slash + 1;
    }
    const auto in = [&](nlohmann::json& extras) { dropped += drop(extras, path); };
    in(scene.extras);
    for (auto& node : scene.nodes) in(node.extras);
    for (auto& mesh : scene.meshes) in(mesh.extras);
    for (auto& material : scene.materials) in(material.extras);
    for (auto& animation : scene.animations) in(animation.extras);
  }
  return dropped;
}

}  // namespace gamefmt
