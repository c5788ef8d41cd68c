#pragma once
// The subcommands of the gamefmt program. Each returns the process exit status.
#include <filesystem>
#include <string>
#include <vector>

#include "gamefmt/adapters/format_handler.hpp"

namespace gamefmt::cli {

struct ConvertArguments {
  std::vector<std::filesystem::path> inputs;
  std::filesystem::path output;
  std::string to = "glb";  // batch mode: output extension
  unsigned jobs = 0;       // batch mode: 0 = one per core
  gamefmt::Options options;
};

int run_convert(const ConvertArguments& arguments);
int run_batch_convert(const ConvertArguments& arguments);
int run_info(const std::filesystem::path& file, bool json, const gamefmt::Options& options);
int run_formats(bool json);
int run_bigfile(
    const std::vector<std::string>& arguments);  // list / extract / pack, parsed in bigfile_command.cpp

// Prints a FormatError or other exception the same way everywhere: "gamefmt: <message>".
void report_error(const std::exception& error);

}  // namespace gamefmt::cli
