#include <iostream>

#include "commands.hpp"
#include "gamefmt/conversion.hpp"

namespace gamefmt::cli {

void report_error(const std::exception& error) { std::cerr << "gamefmt: " << error.what() << '\n'; }

int run_convert(const ConvertArguments& arguments) {
  try {
    for (const auto& warning : convert_files(arguments.inputs, arguments.output, arguments.options))
      std::cerr << "gamefmt: warning: " << warning << '\n';
  } catch (const std::exception& e) {
    report_error(e);
    return 1;
  }
  return 0;
}

}  // namespace gamefmt::cli
