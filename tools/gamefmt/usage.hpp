#pragma once
// Command-line usage problems, the conventional way: "gamefmt: <what>" naming the offending flag or argument,
// a pointer to --help, exit status 2. With --error-format=json the problem is one JSON error of kind "usage".
#include <CLI/CLI.hpp>
#include <string>

#include "reporter.hpp"

namespace gamefmt::cli {

// For a CLI11 parse failure of `app`: help and version requests print and give 0; anything else is reported
// (an unknown option or command is named, a missing command listed) and gives 2. `command` is what the user
// typed to reach `app` ("gamefmt", "gamefmt bigfile"), for the --help pointer.
int report_parse_failure(Reporter& reporter, const CLI::App& app, const CLI::ParseError& error,
                         const std::string& command);
// Reports `problem` as above; returns 2.
int report_usage(Reporter& reporter, const std::string& problem, const std::string& command);

}  // namespace gamefmt::cli
