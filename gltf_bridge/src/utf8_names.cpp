#include "utf8_names.hpp"

namespace gamefmt::gltf {

std::string valid_utf8(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    const std::size_t length = c < 0x80           ? 1
                               : (c >> 5) == 0x6  ? 2
                               : (c >> 4) == 0xE  ? 3
                               : (c >> 3) == 0x1E ? 4
                                                  : 0;
    bool ok = length != 0 && i + length <= text.size() && !(length == 2 && c < 0xC2) && c <= 0xF4;
    for (std::size_t k = 1; ok && k < length; ++k) ok = (static_cast<unsigned char>(text[i + k]) >> 6) == 0x2;
    if (ok && length > 2) {  // no overlong forms, surrogates or code points past U+10FFFF
      const auto second = static_cast<unsigned char>(text[i + 1]);
      ok = !(c == 0xE0 && second < 0xA0) && !(c == 0xED && second >= 0xA0) && !(c == 0xF0 && second < 0x90) &&
           !(c == 0xF4 && second >= 0x90);
    }
    if (ok) {
      out.append(text, i, length);
      i += length;
    } else {
      out += "\xEF\xBF\xBD";
      ++i;
    }
  }
  return out;
}

void make_names_utf8(tinygltf::Model& model) {
  for (auto& n : model.nodes) n.name = valid_utf8(n.name);
  for (auto& m : model.meshes) m.name = valid_utf8(m.name);
  for (auto& m : model.materials) m.name = valid_utf8(m.name);
  for (auto& a : model.animations) a.name = valid_utf8(a.name);
  for (auto& s : model.skins) s.name = valid_utf8(s.name);
  for (auto& s : model.scenes) s.name = valid_utf8(s.name);
  for (auto& i : model.images) i.name = valid_utf8(i.name);
}

}  // namespace gamefmt::gltf
