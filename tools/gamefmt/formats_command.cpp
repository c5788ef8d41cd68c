#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/assimp/assimp.hpp"
#include "gamefmt/conversion.hpp"

namespace gamefmt::cli {
namespace {

const char* kind_name(OptionKind kind) {
  switch (kind) {
    case OptionKind::choice:
      return "choice";
    case OptionKind::integer:
      return "integer";
    case OptionKind::number:
      return "number";
    case OptionKind::boolean:
      return "boolean";
    case OptionKind::text:
      break;
  }
  return "text";
}

nlohmann::json options_json(const std::vector<gamefmt::OptionSpec>& specs) {
  auto out = nlohmann::json::array();
  for (const auto& s : specs)
    out.push_back(
        {{"name", s.name},
         {"description", s.description},
         {"kind", kind_name(s.kind == OptionKind::text && !s.choices.empty() ? OptionKind::choice : s.kind)},
         {"choices", s.choices},
         {"default", s.default_value}});
  return out;
}

std::vector<gamefmt::OptionSpec> conversion_options() {
  std::vector<gamefmt::OptionSpec> out;
  for (const auto* spec : conversion_option_specs()) out.push_back(*spec);
  return out;
}

bool has_extension(const gamefmt::FormatDescription& d, const std::string& ext) {
  return std::find(d.extensions.begin(), d.extensions.end(), ext) != d.extensions.end();
}

// Whether a companion extension of `owner` means format `d`: when formats share the extension (Overgrowth and
// X-Ray `.anm`), it means the one of the owner's own family.
bool companion_means(const gamefmt::FormatDescription& owner, const std::string& ext,
                     const gamefmt::FormatDescription& d) {
  if (!has_extension(d, ext) || owner.id == d.id) return false;
  if (d.family == owner.family) return true;
  const auto& handlers = gamefmt::format_handlers();
  return std::none_of(handlers.begin(), handlers.end(), [&](const gamefmt::FormatHandler* other) {
    return other->description().family == owner.family && has_extension(other->description(), ext);
  });
}

// The formats that take this one as a companion ("companion of westwood-vxl").
std::vector<std::string> companion_of(const gamefmt::FormatDescription& d) {
  std::vector<std::string> owners;
  for (const auto* handler : gamefmt::format_handlers())
    for (const auto& c : handler->description().companions)
      for (const auto& ext : c.extensions)
        if (companion_means(handler->description(), ext, d) &&
            std::find(owners.begin(), owners.end(), handler->description().id) == owners.end())
          owners.push_back(handler->description().id);
  return owners;
}

nlohmann::json format_json(const gamefmt::FormatDescription& d) {
  auto companions = nlohmann::json::array();
  for (const auto& c : d.companions)
    companions.push_back({{"role", c.role},
                          {"description", c.description},
                          {"extensions", c.extensions},
                          {"multiple", c.multiple}});
  return {
      {"id", d.id},
      {"name", d.name},
      {"family", d.family},
      {"game", d.game},
      {"extensions", d.extensions},
      {"file_names", d.file_names},
      {"read", d.can_import},
      {"write", d.can_export},
      {"rewrite", d.can_rewrite},
      {"assimp_import", d.can_import},
      {"assimp_export", d.can_export},
      {"gltf", d.can_import},
      {"companions", companions},
      {"companion_of", companion_of(d)},
      {"export_note", d.export_note},
      {"role_note", d.role_note},
      {"way_back", d.can_import && d.can_export ? nlohmann::json(to_string(d.way_back)) : nlohmann::json()},
      {"way_back_note", d.way_back_note},
      {"way_back_records", d.way_back_records},
      {"animations", d.can_export ? nlohmann::json(to_string(d.animations)) : nlohmann::json()},
      {"own_animations", d.own_animations},
      {"import_options", options_json(d.import_options)},
      {"export_options", options_json(d.export_options)}};
}

// How `formats` says what comes back from glTF unedited.
const char* way_back_words(gamefmt::WayBack way_back) {
  switch (way_back) {
    case gamefmt::WayBack::exact:
      return "the same bytes";
    case gamefmt::WayBack::second_pass:
      return "the same bytes from the second trip on";
    case gamefmt::WayBack::not_exact:
      break;
  }
  return "a valid file, not the same bytes";
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
        {"assimp", {{"read", assimp::import_extensions()}, {"write", assimp::export_extensions()}}},
        {"conversion_options", options_json(conversion_options())}};
    std::cout << out.dump(2) << '\n';
    return 0;
  }
  std::cout << "Game formats (read = to a scene/glTF, write = from a scene/glTF):\n";
  std::string game;  // the formats of a game stand together, under its name
  for (const auto* handler : gamefmt::format_handlers()) {
    const auto& d = handler->description();
    if (d.game != game) std::cout << (game = d.game) << ":\n";
    std::string names = joined(d.extensions);
    if (!d.file_names.empty())
      names += (names.empty() ? "" : " ") + std::string("named: ") + joined(d.file_names);
    std::vector<std::string> can;
    if (d.can_import) can.push_back("read");
    if (d.can_export) can.push_back("write");
    if (d.can_rewrite) can.push_back("rewrite");
    for (const auto& owner : companion_of(d)) can.push_back("companion of " + owner);
    if (!d.export_note.empty()) can.push_back("written " + d.export_note);
    std::string capabilities;
    for (const auto& item : can) capabilities += (capabilities.empty() ? "" : ", ") + item;
    if (!d.role_note.empty()) capabilities = d.role_note + " (" + capabilities + ")";
    std::cout << "  " << d.id << "  " << d.name << "  [" << names << "]  " << capabilities << '\n';
    if (d.can_import && d.can_export)
      std::cout << "      back from glTF: " << way_back_words(d.way_back) << "; " << d.way_back_note << '\n';
    for (const auto& c : d.companions)
      std::cout << "      companion " << c.role << ": " << joined(c.extensions) << " — " << c.description
                << '\n';
    for (const auto& o : d.import_options)
      std::cout << "      -O " << o.name << "=" << (o.choices.empty() ? "VALUE" : joined(o.choices)) << "  "
                << o.description << '\n';
    for (const auto& o : d.export_options)
      if (std::none_of(d.import_options.begin(), d.import_options.end(),
                       [&](const gamefmt::OptionSpec& i) { return i.name == o.name; }))
        std::cout << "      -O " << o.name << "=" << (o.choices.empty() ? "VALUE" : joined(o.choices))
                  << "  (writing) " << o.description << '\n';
  }
  std::cout << "Every conversion:\n";
  for (const auto& o : conversion_options())
    std::cout << "      -O " << o.name << "=" << (o.default_value.empty() ? "VALUE" : o.default_value) << "  "
              << o.description << '\n';
  std::cout << "glTF 2.0: glb gltf (read and write)\n";
  std::cout << "Through Assimp, read: " << joined(assimp::import_extensions()) << '\n';
  std::cout << "Through Assimp, write: " << joined(assimp::export_extensions()) << '\n';
  return 0;
}

}  // namespace gamefmt::cli
