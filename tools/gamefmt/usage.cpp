#include "usage.hpp"

#include <iostream>

#include "commands.hpp"

namespace gamefmt::cli {

int report_usage(const std::string& problem, const std::string& command) {
  std::cerr << "gamefmt: " << problem << "\nRun '" << command << " --help' for usage.\n";
  return kExitUsage;
}

int report_parse_failure(const CLI::App& app, const CLI::ParseError& error, const std::string& command) {
  if (error.get_exit_code() == static_cast<int>(CLI::ExitCodes::Success)) return app.exit(error);  // --help
  std::string problem = error.what();
  // CLI11 says "The following argument was not expected: --x"; keep its words but lower-case the start.
  if (!problem.empty()) problem[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(problem[0])));
  return report_usage(problem, command);
}

}  // namespace gamefmt::cli
