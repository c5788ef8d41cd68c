#pragma once
// The subcommands of the gamefmt program. Each returns the process exit status: 0 when everything asked for
// was done, 1 when a file could not be read or written, 2 for a request that cannot be carried out as asked.
#include <filesystem>
#include <string>
#include <vector>

#include "gamefmt/adapters/format_handler.hpp"
#include "reporter.hpp"

namespace gamefmt::cli {

inline constexpr int kExitFailed = 1;
inline constexpr int kExitUsage = 2;

struct ConvertArguments {
  std::vector<std::filesystem::path> inputs;
  std::filesystem::path output;
  std::string to = "glb";  // batch mode: output extension
  unsigned jobs = 0;       // batch mode: 0 = one per core
  Options options;
};

int run_convert(const ConvertArguments& arguments, Reporter& reporter);
int run_batch_convert(const ConvertArguments& arguments, Reporter& reporter);
int run_info(const std::filesystem::path& file, bool json, const Options& options);
int run_formats(bool json);
// list / extract / pack, parsed in bigfile_command.cpp
int run_bigfile(const std::vector<std::string>& arguments, Reporter& reporter);

}  // namespace gamefmt::cli
