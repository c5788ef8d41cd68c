#include "core/kept_bytes.hpp"

#include <string>
#include <string_view>

#include "gamefmt/core/bytes_as_text.hpp"

namespace gamefmt {

nlohmann::json kept_bytes_json(std::span<const std::byte> bytes) {
  return bytes_to_text(bytes, std::to_string(bytes.size()) + ":");
}

std::optional<std::vector<std::byte>> kept_bytes(const nlohmann::json& value) {
  if (!value.is_string()) return std::nullopt;
  const std::string& text = value.get_ref<const std::string&>();
  const auto colon = text.find(':');
  if (colon == std::string::npos || colon == 0 || colon > 19) return std::nullopt;
  std::size_t size = 0;
  for (std::size_t i = 0; i < colon; ++i) {
    if (text[i] < '0' || text[i] > '9') return std::nullopt;
    size = size * 10 + std::size_t(text[i] - '0');
  }
  return bytes_from_text(std::string_view(text).substr(colon + 1), size);
}

}  // namespace gamefmt
