#pragma once
// Command-line usage problems, the conventional way: "gamefmt: <what>", a pointer to --help, exit status 2.
#include <CLI/CLI.hpp>
#include <string>

namespace gamefmt::cli {

// For a CLI11 parse failure: help and version requests print and give 0; anything else prints the problem
// (naming the unknown argument) and gives 2.
int report_parse_failure(const CLI::App& app, const CLI::ParseError& error, const std::string& command);
// Prints "gamefmt: <problem>" and the help pointer; returns 2.
int report_usage(const std::string& problem, const std::string& command);

}  // namespace gamefmt::cli
