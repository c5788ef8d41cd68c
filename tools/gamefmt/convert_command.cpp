#include "commands.hpp"
#include "gamefmt/conversion.hpp"
#include "progress_bar.hpp"

namespace gamefmt::cli {

int run_convert(const ConvertArguments& arguments, Reporter& reporter) {
  const auto start = std::chrono::steady_clock::now();
  const auto warnings = convert_files(arguments.inputs, arguments.output, arguments.options);
  for (const auto& warning : warnings) reporter.warning(arguments.inputs.front().string(), warning);
  reporter.note("wrote " + arguments.output.string() + " in " + duration_text(seconds_since(start)));
  return 0;
}

}  // namespace gamefmt::cli
