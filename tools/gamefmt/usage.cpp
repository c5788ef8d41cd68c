#include "usage.hpp"

#include <iostream>

#include "commands.hpp"
#include "gamefmt/conversion.hpp"

namespace gamefmt::cli {
namespace {

std::string command_names(const CLI::App& app) {
  std::string names;
  for (const auto* subcommand : app.get_subcommands([](const CLI::App*) { return true; }))
    names += (names.empty() ? "" : ", ") + subcommand->get_name();
  return names;
}

// The subcommand the parse reached: the one whose options and arguments were being read.
const CLI::App& reached_command(const CLI::App& app) {
  const auto parsed = app.get_subcommands();
  return parsed.empty() ? app : reached_command(*parsed.front());
}

// What CLI11 could not place, in the user's words; empty when everything was placed.
std::string unplaced_argument(const CLI::App& app) {
  for (const auto& argument : app.remaining(true)) {
    if (argument == "--") continue;
    if (argument.size() > 1 && argument.front() == '-') return "unknown option '" + argument + "'";
    const auto& reached = reached_command(app);
    if (reached.get_subcommands([](const CLI::App*) { return true; }).empty())
      return "unexpected argument '" + argument + "'";
    return "unknown command '" + argument + "' (commands: " + command_names(reached) + ")";
  }
  return {};
}

}  // namespace

int report_usage(Reporter& reporter, const std::string& problem, const std::string& command) {
  if (reporter.style().format == MessageFormat::json) {
    reporter.error(UsageError(problem));
  } else {
    reporter.locked(
        [&] { std::cerr << "gamefmt: " << problem << "\nRun '" << command << " --help' for usage.\n"; });
  }
  return kExitUsage;
}

int report_parse_failure(Reporter& reporter, const CLI::App& app, const CLI::ParseError& error,
                         const std::string& command) {
  if (error.get_exit_code() == static_cast<int>(CLI::ExitCodes::Success)) return app.exit(error);  // --help
  const auto& reached = reached_command(app);
  const std::string full_command = &reached == &app ? command : command + " " + reached.get_name();
  // An unknown option before a command makes CLI11 say only that a command is required: name the option.
  std::string problem = unplaced_argument(app);
  if (problem.empty() && &reached == &app && !command_names(app).empty() &&
      dynamic_cast<const CLI::RequiredError*>(&error) != nullptr)
    problem = "a command is needed: " + command_names(app);
  if (problem.empty()) {
    // CLI11's own words ("--output is required", "--jobs: Value x could not be converted"), lower-case start.
    problem = error.what();
    if (!problem.empty())
      problem[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(problem[0])));
  }
  return report_usage(reporter, problem, full_command);
}

}  // namespace gamefmt::cli
