#include "utf8_names.hpp"

#include "gamefmt/core/text_encoding.hpp"

namespace gamefmt::gltf {

std::string valid_utf8(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    if (const std::size_t length = utf8_sequence_length(text, i)) {
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
