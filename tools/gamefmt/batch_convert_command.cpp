// `gamefmt convert DIR -o OUTDIR`: every game file below DIR, converted in parallel. With a game format as
// the target (`--to ogf`), the glTF files below DIR are converted too: the way back for a folder of edited
// assets.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

#include "commands.hpp"
#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/conversion.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/core/format_error.hpp"
#include "progress_bar.hpp"
#include "reporter.hpp"

namespace gamefmt::cli {
namespace fs = std::filesystem;

namespace {

struct Job {
  fs::path input;
  fs::path output;
  // Why the input is not converted: a link out of the folder being converted (gamefmt/core/file_io.hpp).
  std::optional<std::string> refused;
};

bool is_batch_input(const fs::path& path, bool to_gltf) {
  if (!to_gltf && is_gltf_extension(extension_of(path))) return true;
  const auto* handler = gamefmt::find_handler_by_name(path);
  return handler != nullptr && handler->description().can_import;
}

std::vector<Job> collect_jobs(const fs::path& folder, const fs::path& out_folder, const std::string& to) {
  std::vector<Job> jobs;
  const bool to_gltf = is_gltf_extension(to);
  for (const auto& entry :
       fs::recursive_directory_iterator(folder, fs::directory_options::skip_permission_denied)) {
    if (!entry.is_regular_file() || !is_batch_input(entry.path(), to_gltf)) continue;
    fs::path relative = fs::relative(entry.path(), folder);
    relative.replace_extension("." + to);
    jobs.push_back({entry.path(), out_folder / relative, std::nullopt});
    // Folder links are not followed (recursive_directory_iterator's default); a file link must stay inside.
    std::error_code error;
    if (entry.is_symlink(error) && !contained_real_path(folder, entry.path()))
      jobs.back().refused =
          "resolves outside the folder being converted (" + folder.string() + "): not converted";
  }
  std::sort(jobs.begin(), jobs.end(), [](const Job& a, const Job& b) { return a.input < b.input; });
  // Files that differ only in extension (x.object, x.skl, x.bones) keep their whole name: x.object.glb,
  // x.skl.glb.
  std::map<fs::path, int> uses;
  for (const auto& job : jobs) ++uses[job.output];
  for (auto& job : jobs)
    if (uses[job.output] > 1) job.output.replace_filename(job.input.filename().string() + "." + to);
  return jobs;
}

// The output folder, made if missing, must take files: refused once here rather than once per input.
void check_writable_folder(const fs::path& folder) {
  std::error_code error;
  fs::create_directories(folder, error);
  if (error)
    throw UsageError(folder.string() + ": the output folder cannot be made (" + error.message() + ")");
  std::string probe = (folder / ".gamefmt-write-test-XXXXXX").string();
  const int handle = ::mkstemp(probe.data());
  if (handle < 0)
    throw UsageError(folder.string() + ": the output folder cannot be written (" +
                     std::generic_category().message(errno) + ")");
  ::close(handle);
  fs::remove(probe, error);
}

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

// The request as a whole, checked once before any file: the target extension, an output folder that is not
// named like a file, and the options against every input format of the batch and the target.
void check_batch(const ConvertArguments& arguments, const std::string& to, const std::vector<Job>& jobs) {
  if (to.empty())
    throw UsageError("--to " + arguments.to + ": name the output format by its extension, such as --to glb");
  const FormatHandler* target = nullptr;
  try {
    target = output_format(fs::path("output." + to));
  } catch (const UsageError&) {
    throw UsageError("--to " + arguments.to + ": no format writes '." + to +
                     "' files (see `gamefmt formats`)");
  }
  // A folder name with an extension is taken for a file name the user meant as the output (`-o x.glb`):
  // refuse it rather than make a folder named x.glb, unless that folder is already there.
  const fs::path& out = arguments.output;
  std::error_code error;
  if (fs::exists(out, error) && !fs::is_directory(out, error))
    throw UsageError(out.string() + ": in batch mode -o names the output folder, and this is a file");
  if (!out.extension().empty() && !fs::is_directory(out, error)) {
    std::string to_hint = "--to";
    try {
      output_format(out);
      to_hint += " " + extension_of(out);  // the extension names a format: the user meant it as the target
    } catch (const UsageError&) {
    }
    throw UsageError(out.string() +
                     ": in batch mode -o names the output folder, and this name has a file extension (choose "
                     "the output format with " +
                     to_hint + "; a folder whose name has a dot is used only when it exists already)");
  }
  std::vector<const FormatHandler*> inputs;
  for (const auto& job : jobs)
    if (const auto* handler = find_handler_by_name(job.input);
        handler != nullptr && std::find(inputs.begin(), inputs.end(), handler) == inputs.end())
      inputs.push_back(handler);
  check_option_names(arguments.options, inputs, target);
}

}  // namespace

int run_batch_convert(const ConvertArguments& arguments, Reporter& reporter) {
  const fs::path& folder = arguments.inputs.front();
  // "--to .OGF" means "ogf": the output extension in lower case without its dot.
  const std::string to = extension_of(fs::path("output").replace_extension(arguments.to));
  const auto jobs = collect_jobs(folder, arguments.output, to);
  check_batch(arguments, to, jobs);
  if (jobs.empty()) {
    reporter.error(std::runtime_error(folder.string() + ": no game files found" +
                                      (is_gltf_extension(to) ? "" : " (nor glTF files)")));
    return kExitFailed;
  }
  check_writable_folder(arguments.output);
  const unsigned workers =
      std::max(1u, std::min<unsigned>(arguments.jobs ? arguments.jobs : std::thread::hardware_concurrency(),
                                      static_cast<unsigned>(jobs.size())));
  const bool show_progress = ::isatty(STDERR_FILENO) != 0 && !reporter.style().quiet &&
                             reporter.style().format == MessageFormat::text;
  ProgressBar progress(jobs.size(), show_progress);
  std::atomic<std::size_t> next{0};
  std::atomic<std::size_t> failed{0};
  WarningGroups warning_groups;
  std::mutex failures_mutex;
  std::vector<std::pair<std::string, std::string>> failures;  // (input, error)
  const auto start = std::chrono::steady_clock::now();
  auto work = [&] {
    for (std::size_t i = next++; i < jobs.size(); i = next++) {
      const Job& job = jobs[i];
      reporter.locked([&] { progress.start_file(fs::relative(job.input, folder).string()); });
      std::vector<std::string> warnings;
      bool ok = true;
      const auto file_start = std::chrono::steady_clock::now();
      const auto fail = [&](const FormatError& e) {
        ok = false;
        ++failed;
        reporter.locked([&] { progress.clear_line(); });
        reporter.error(e);
        std::lock_guard lock(failures_mutex);
        failures.emplace_back(job.input.string(), e.what());
      };
      try {
        if (job.refused) throw FormatError(job.input.string(), std::nullopt, "", *job.refused, ErrorKind::io);
        fs::create_directories(job.output.parent_path());
        warnings = convert_files({job.input}, job.output, arguments.options);
      } catch (const FormatError& e) {
        fail(e);
      } catch (const std::exception& e) {  // not about a file (a disk error): named after the input here
        fail(FormatError(job.input.string(), std::nullopt, "", e.what(), ErrorKind::io));
      }
      warning_groups.add(i, job.input.string(), warnings);
      if (ok) {
        if (reporter.style().verbose) reporter.locked([&] { progress.clear_line(); });
        reporter.note("wrote " + job.output.string() + " in " + duration_text(seconds_since(file_start)));
      }
      reporter.locked([&] { progress.advance(); });
    }
  };
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < workers; ++t) threads.emplace_back(work);
  for (auto& t : threads) t.join();
  reporter.locked([&] { progress.finish(); });
  warning_groups.report(reporter);
  const double seconds = seconds_since(start);
  std::string summary = "converted " + std::to_string(jobs.size() - failed) + " of " +
                        std::to_string(jobs.size()) + (jobs.size() == 1 ? " file" : " files") + " in " +
                        duration_text(seconds) + " (" + std::to_string(workers) +
                        (workers == 1 ? " job)" : " jobs)");
  if (failed) {
    constexpr std::size_t kNamed = 5;
    std::sort(failures.begin(), failures.end());
    summary += "; " + std::to_string(failed.load()) + " failed: ";
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
