#include <charconv>
#include <cstdio>

#include "gamefmt/asobo/bigfile.hpp"

namespace gamefmt::asobo {
namespace {
constexpr std::string_view kVersionSuffix = " - Asobo Studio - Internal Cross Technology";
}

std::string format_bigfile_version(const BigFileVersion& v) {
  char text[64];
  std::snprintf(text, sizeof text, "v%u.%02u.%02u.%02u", unsigned{v.major}, unsigned{v.minor},
                unsigned{v.build}, unsigned{v.revision});
  return std::string(text) + std::string(kVersionSuffix);
}

std::optional<BigFileVersion> parse_bigfile_version(std::string_view text) {
  if (text.size() < kVersionSuffix.size() ||
      text.substr(text.size() - kVersionSuffix.size()) != kVersionSuffix || text.empty() ||
      text.front() != 'v')
    return std::nullopt;
  const std::string_view numbers = text.substr(1, text.size() - 1 - kVersionSuffix.size());
  std::array<std::uint16_t, 4> parts{};
  const char* p = numbers.data();
  const char* end = numbers.data() + numbers.size();
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) {
      if (p == end || *p != '.') return std::nullopt;
      ++p;
    }
    const auto [next, error] = std::from_chars(p, end, parts[i]);
    if (error != std::errc() || next == p) return std::nullopt;
    p = next;
  }
  if (p != end) return std::nullopt;
  return BigFileVersion{parts[0], parts[1], parts[2], parts[3]};
}

}  // namespace gamefmt::asobo
