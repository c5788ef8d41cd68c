#include <iostream>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/conversion.hpp"

namespace gamefmt::cli {
namespace {

nlohmann::json options_json(const std::vector<gamefmt::OptionSpec>& specs) {
  auto out = nlohmann::json::array();
  for (const auto& s : specs)
    out.push_back({{"name", s.name},
                   {"description", s.description},
                   {"choices", s.choices},
                   {"default", s.default_value}});
  return out;
}

nlohmann::json format_json(const gamefmt::FormatDescription& d) {
  auto companions = nlohmann::json::array();
  for (const auto& c : d.companions)
    companions.push_back({{"role", c.role},
                          {"description", c.description},
                          {"extensions", c.extensions},
                          {"multiple", c.multiple}});
  return {{"id", d.id},
          {"name", d.name},
          {"family", d.family},
          {"extensions", d.extensions},
          {"file_names", d.file_names},
          {"read", d.can_import},
          {"write", d.can_export},
          {"rewrite", d.can_rewrite},
          {"assimp_import", d.can_import},
          {"assimp_export", d.can_export},
          {"gltf", d.can_import},
          {"companions", companions},
          {"import_options", options_json(d.import_options)},
          {"export_options", options_json(d.export_options)}};
}

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "" : " ") + item;
  return out;
}

}  // namespace

int run_formats(bool json) {
  if (json) {
    auto formats = nlohmann::json::array();
    for (const auto* handler : gamefmt::format_handlers())
      formats.push_back(format_json(handler->description()));
    const nlohmann::json out = {
        {"formats", formats},
        {"gltf", {{"read", {"glb", "gltf"}}, {"write", {"glb", "gltf"}}}},
        {"assimp", {{"read", assimp_import_extensions()}, {"write", assimp_export_extensions()}}}};
    std::cout << out.dump(2) << '\n';
    return 0;
  }
  std::cout << "Game formats (read = to a scene/glTF, write = from a scene/glTF):\n";
  for (const auto* handler : gamefmt::format_handlers()) {
    const auto& d = handler->description();
    std::string names = joined(d.extensions);
    if (!d.file_names.empty())
      names += (names.empty() ? "" : " ") + std::string("named: ") + joined(d.file_names);
    std::cout << "  " << d.id << "  " << d.name << "  [" << names << "]  " << (d.can_import ? "read " : "")
              << (d.can_export ? "write" : "") << '\n';
    for (const auto& c : d.companions)
      std::cout << "      companion " << c.role << ": " << joined(c.extensions) << " — " << c.description
                << '\n';
    for (const auto& o : d.import_options)
      std::cout << "      -O " << o.name << "=" << (o.choices.empty() ? "VALUE" : joined(o.choices)) << "  "
                << o.description << '\n';
  }
  std::cout << "glTF 2.0: glb gltf (read and write)\n";
  std::cout << "Through Assimp, read: " << joined(assimp_import_extensions()) << '\n';
  std::cout << "Through Assimp, write: " << joined(assimp_export_extensions()) << '\n';
  return 0;
}

}  // namespace gamefmt::cli
