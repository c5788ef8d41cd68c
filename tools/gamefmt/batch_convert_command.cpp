// `gamefmt convert DIR -o OUTDIR`: every game file below DIR, converted in parallel. With a game format as
// the target (`--to ogf`), the glTF files below DIR are converted too: the way back for a folder of edited
// assets.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <mutex>

#include "commands.hpp"
#include "gamefmt/conversion.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/core/format_error.hpp"
#include "progress_bar.hpp"
#include "reporter.hpp"

namespace gamefmt::cli {
namespace fs = std::filesystem;

namespace {

// Warnings of the whole batch by text, each with the inputs that gave it: a problem many files share (a mod's
// script problem, a texture they all miss) is shown once. Inputs and texts in the order of the inputs (the
// jobs finish in any order).
class WarningGroups {
 public:
  void add(std::size_t input_index, const std::string& file, const std::vector<std::string>& texts) {
    std::lock_guard lock(mutex_);
    for (const auto& text : texts) {
      auto& group = groups_[text];
      if (group.empty() || group.back().second != file) group.emplace_back(input_index, file);
    }
  }
  void report(Reporter& reporter) {
    std::vector<std::pair<std::vector<std::pair<std::size_t, std::string>>, const std::string*>> ordered;
    for (auto& [text, files] : groups_) {
      std::sort(files.begin(), files.end());
      ordered.emplace_back(files, &text);
    }
    std::sort(ordered.begin(), ordered.end());
    for (const auto& [files, text] : ordered) {
      std::vector<std::string> names;
      for (const auto& file : files) names.push_back(file.second);
      reporter.warning(names, *text);
    }
  }

 private:
  std::mutex mutex_;
  std::map<std::string, std::vector<std::pair<std::size_t, std::string>>> groups_;
};

// Every failed input with its error, for the summary to point at: <output folder>/gamefmt-failures.txt.
fs::path write_failure_list(const fs::path& folder,
                            const std::vector<std::pair<std::string, std::string>>& failures) {
  std::string text;
  for (const auto& [file, error] : failures) text += file + "\t" + error + "\n";
  const fs::path list = folder / "gamefmt-failures.txt";
  write_file_atomically(list, text);
  return list;
}

}  // namespace

int run_batch_convert(const ConvertArguments& arguments, Reporter& reporter) {
  const fs::path& folder = arguments.inputs.front();
  const auto plan = plan_folder_conversion(folder, arguments.output, arguments.to, arguments.options);
  const auto& jobs = plan.jobs;
  if (jobs.empty()) {
    reporter.error(std::runtime_error(folder.string() + ": no game files found" +
                                      (is_gltf_extension(plan.to) ? "" : " (nor glTF files)")));
    return kExitFailed;
  }
  const unsigned workers = folder_threads(arguments.jobs, jobs.size());
  const bool show_progress = ::isatty(STDERR_FILENO) != 0 && !reporter.style().quiet &&
                             reporter.style().format == MessageFormat::text;
  ProgressBar progress(jobs.size(), show_progress);
  WarningGroups warning_groups;
  std::mutex failures_mutex;
  std::vector<std::pair<std::string, std::string>> failures;  // (input, error)
  const auto start = std::chrono::steady_clock::now();
  FolderProgress events;
  events.started = [&](std::size_t i) {
    reporter.locked([&] { progress.start_file(fs::relative(jobs[i].input, folder).string()); });
  };
  events.finished = [&](std::size_t i, const FolderJobResult& result) {
    const FolderJob& job = jobs[i];
    if (result.error) {
      reporter.locked([&] { progress.clear_line(); });
      reporter.error(*result.error);
      std::lock_guard lock(failures_mutex);
      failures.emplace_back(job.input.string(), result.error->what());
    }
    warning_groups.add(i, job.input.string(), result.warnings);
    if (!result.error) {
      if (reporter.style().verbose) reporter.locked([&] { progress.clear_line(); });
      reporter.note("wrote " + job.output.string() + " in " + duration_text(result.seconds));
    }
    reporter.locked([&] { progress.advance(); });
  };
  convert_folder(plan, workers, events);
  reporter.locked([&] { progress.finish(); });
  warning_groups.report(reporter);
  const double seconds = seconds_since(start);
  const std::size_t failed = failures.size();
  std::string summary = "converted " + std::to_string(jobs.size() - failed) + " of " +
                        std::to_string(jobs.size()) + (jobs.size() == 1 ? " file" : " files") + " in " +
                        duration_text(seconds) + " (" + std::to_string(workers) +
                        (workers == 1 ? " job)" : " jobs)");
  if (failed) {
    constexpr std::size_t kNamed = 5;
    std::sort(failures.begin(), failures.end());
    summary += "; " + std::to_string(failed) + " failed: ";
    for (std::size_t i = 0; i < failures.size() && i < kNamed; ++i)
      summary += (i == 0 ? "" : ", ") + fs::relative(failures[i].first, folder).string();
    if (failures.size() > kNamed) summary += " and " + std::to_string(failures.size() - kNamed) + " more";
    try {
      summary +=
          " (every one with its error: " + write_failure_list(arguments.output, failures).string() + ")";
    } catch (const std::exception&) {
      summary += " (each with its error above)";
    }
  }
  reporter.summary(summary);
  return failed == 0 ? 0 : kExitFailed;
}

}  // namespace gamefmt::cli
