#include <iostream>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "gamefmt/conversion.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/scene/scene_summary.hpp"

namespace gamefmt::cli {
namespace {

void print_text(const nlohmann::json& value, int indent) {
  const std::string pad(indent * 2, ' ');
  for (const auto& [key, item] : value.items()) {
    if (item.is_object() || (item.is_array() && !item.empty() && item.front().is_structured())) {
      std::cout << pad << key << ":\n";
      if (item.is_object()) {
        print_text(item, indent + 1);
      } else {
        for (std::size_t i = 0; i < item.size(); ++i) {
          std::cout << pad << "  [" << i << "]\n";
          print_text(item[i], indent + 2);
        }
      }
    } else {
      std::cout << pad << key << ": " << (item.is_string() ? item.get<std::string>() : item.dump()) << '\n';
    }
  }
}

}  // namespace

int run_info(const std::filesystem::path& file, bool json, const gamefmt::Options& options) {
  std::error_code error;
  if (std::filesystem::is_directory(file, error))
    throw UsageError(file.string() + ": is a folder; info describes one file");
  if (!std::filesystem::exists(file, error))
    throw FormatError(file.string(), std::nullopt, "", "no such file");
  nlohmann::json result;
  if (const auto* handler = handler_for_file(file)) {
    gamefmt::ImportRequest request;
    request.primary = {file.string(), read_file_bytes(file)};
    request.options = options;
    request.limits = Limits::from_options(options, file.string());
    const auto files = disk_file_source(request.limits);
    request.files = files.get();
    result = handler->info(request);
    if (const auto refused = files->refusals(); !refused.empty()) result["refused"] = refused;
  } else {
    const auto scene = load_scene({file}, options);
    result = {{"format", extension_of(file)}, {"scene", scene::scene_summary(scene)}};
  }
  result["file"] = file.string();
  if (json)
    std::cout << result.dump(2) << '\n';
  else
    print_text(result, 0);
  return 0;
}

}  // namespace gamefmt::cli
