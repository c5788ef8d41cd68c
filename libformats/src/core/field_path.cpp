#include "gamefmt/core/field_path.hpp"

namespace gamefmt {

std::string FieldPath::text(std::string_view leaf) const {
  std::string out;
  auto add_name = [&](std::string_view name) {
    if (name.empty()) return;
    if (!out.empty()) out += '.';
    out += name;
  };
  for (const auto& part : parts_) {
    add_name(part.name);
    if (part.index != no_index) out += '[' + std::to_string(part.index) + ']';
    if (!part.key.empty()) out += "['" + part.key + "']";
  }
  add_name(leaf);
  return out;
}

void FieldPath::fail(std::string_view leaf, std::string problem, ErrorKind kind) const {
  throw FormatError(file_, std::nullopt, text(leaf), std::move(problem), kind);
}

}  // namespace gamefmt
