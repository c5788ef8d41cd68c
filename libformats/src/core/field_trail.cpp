#include "gamefmt/core/field_trail.hpp"

namespace gamefmt {

std::string FieldTrail::text(const char* leaf) const {
  std::string out;
  for (const Part* part = parts_; part != end_; ++part) {
    if (!out.empty() && part->name[0] != '\0') out += '.';
    out += part->name;
    if (part->index != no_index) out += '[' + std::to_string(part->index) + ']';
  }
  if (leaf != nullptr && leaf[0] != '\0') {
    if (!out.empty()) out += '.';
    out += leaf;
  }
  return out;
}

}  // namespace gamefmt
