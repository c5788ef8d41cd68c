#include "lua_text.hpp"

#include <algorithm>

#include "gamefmt/core/text_encoding.hpp"

namespace gamefmt::shinobi::lua {

std::string as_utf8(std::string_view text) {
  if (is_valid_utf8(text)) return std::string(text);
  std::string out;
  out.reserve(text.size() * 2);
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x80) {
      out += c;
    } else {
      out += static_cast<char>(0xC0 | (byte >> 6));
      out += static_cast<char>(0x80 | (byte & 0x3F));
    }
  }
  return out;
}

std::string shortened(std::string_view text, std::size_t most, std::size_t dropped) {
  if (text.size() <= most && dropped == 0) return as_utf8(text);
  std::size_t cut = std::min(most, text.size());
  // Not inside a UTF-8 sequence, so that valid text stays valid (and is not read as Latin-1 for the cut).
  for (int back = 0;
       back < 3 && cut > 0 && cut < text.size() && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80;
       ++back)
    --cut;
  return as_utf8(text.substr(0, cut)) + "... (" + std::to_string(text.size() - cut + dropped) +
         " more bytes)";
}

}  // namespace gamefmt::shinobi::lua
