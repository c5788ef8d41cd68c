#include "lugaru/solid_kind.hpp"

#include <algorithm>
#include <cctype>
#include <string>
#include <utility>

#include "gamefmt/core/text_encoding.hpp"

namespace gamefmt::lugaru {

std::string solid_base_name(std::string_view file_name) {
  const auto slash = file_name.find_last_of("/\\");
  return lower_ascii(slash == std::string_view::npos ? file_name : file_name.substr(slash + 1));
}

SolidKind solid_kind_from_name(std::string_view file_name) {
  const std::string base = solid_base_name(file_name);
  static constexpr std::pair<std::string_view, SolidKind> kPrefixes[] = {
      {"body", SolidKind::rabbit},
      {"rabbit", SolidKind::rabbit},
      {"wolf", SolidKind::wolf},
      {"belt", SolidKind::clothes},
      {"throwingknife", SolidKind::throwing_knife},
      {"sword", SolidKind::sword},
      {"staff", SolidKind::staff},
      {"hawk", SolidKind::hawk},
      {"eye", SolidKind::eye},
      {"cornea", SolidKind::eye},
      {"iris", SolidKind::eye},
  };
  for (const auto& [prefix, kind] : kPrefixes)
    if (base.starts_with(prefix)) return kind;
  return SolidKind::world_object;
}

const char* solid_kind_name(SolidKind kind) {
  switch (kind) {
    case SolidKind::rabbit:
      return "rabbit";
    case SolidKind::wolf:
      return "wolf";
    case SolidKind::clothes:
      return "clothes";
    case SolidKind::throwing_knife:
      return "throwing_knife";
    case SolidKind::sword:
      return "sword";
    case SolidKind::staff:
      return "staff";
    case SolidKind::hawk:
      return "hawk";
    case SolidKind::eye:
      return "eye";
    case SolidKind::world_object:
      return "world_object";
  }
  return "world_object";
}

bool solid_kind_is_clockwise(SolidKind kind) {
  switch (kind) {
    case SolidKind::rabbit:
    case SolidKind::wolf:
    case SolidKind::clothes:
    case SolidKind::throwing_knife:
    case SolidKind::sword:
    case SolidKind::staff:
      return true;
    case SolidKind::hawk:
    case SolidKind::eye:
    case SolidKind::world_object:
      return false;
  }
  return false;
}

}  // namespace gamefmt::lugaru
