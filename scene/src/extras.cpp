#include "gamefmt/scene/extras.hpp"

namespace gamefmt::scene {

const nlohmann::json& object_or_empty(const nlohmann::json& extras, std::string_view key) {
  static const nlohmann::json empty = nlohmann::json::object();
  if (!extras.is_object()) return empty;
  const auto it = extras.find(key);
  return it != extras.end() && it->is_object() ? *it : empty;
}

}  // namespace gamefmt::scene
