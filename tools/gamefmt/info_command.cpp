#include <iostream>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "gamefmt/conversion.hpp"

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
  const auto result = file_info(file, options);
  if (json)
    std::cout << result.dump(2) << '\n';
  else
    print_text(result, 0);
  return 0;
}

}  // namespace gamefmt::cli
