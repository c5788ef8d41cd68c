#include "shinobi/unique_node_names.hpp"

#include <map>
#include <set>

namespace gamefmt::shinobi {

UniqueNodeNames unique_node_names(const scene::Scene& scene) {
  std::set<std::string> taken;
  // Per wanted name, the first suffix not known to be taken: names only ever get taken, so the search goes on
  // from there (many nodes of one name stay linear).
  std::map<std::string, int> next_suffix;
  auto unique = [&](const std::string& wanted) {
    int& suffix = next_suffix[wanted];
    for (;; ++suffix) {
      std::string name = suffix == 0 ? wanted : wanted + "." + std::to_string(suffix);
      if (taken.insert(name).second) {
        ++suffix;
        return name;
      }
    }
  };
  UniqueNodeNames out;
  out.nodes.reserve(scene.nodes.size());
  for (const scene::Node& node : scene.nodes) out.nodes.push_back(unique(node.name));
  out.scene = unique(scene.name);
  return out;
}

}  // namespace gamefmt::shinobi
