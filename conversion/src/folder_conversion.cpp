// A folder converted file by file in parallel (gamefmt/conversion.hpp, "A folder").
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <map>
#include <thread>

#include "conversion_plan.hpp"
#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/core/file_io.hpp"

namespace gamefmt {
namespace fs = std::filesystem;

namespace {

bool is_folder_input(const fs::path& path, bool to_gltf) {
  if (!to_gltf && is_gltf_extension(extension_of(path))) return true;
  const auto* format = find_handler_by_name(path);
  return format != nullptr && format->description().can_import;
}

std::vector<FolderJob> collect_jobs(const fs::path& folder, const fs::path& out_folder,
                                    const std::string& to) {
  std::vector<FolderJob> jobs;
  const bool to_gltf = is_gltf_extension(to);
  for (const auto& entry :
       fs::recursive_directory_iterator(folder, fs::directory_options::skip_permission_denied)) {
    if (!entry.is_regular_file() || !is_folder_input(entry.path(), to_gltf)) continue;
    fs::path relative = fs::relative(entry.path(), folder);
    relative.replace_extension("." + to);
    jobs.push_back({entry.path(), out_folder / relative, std::nullopt});
    // Folder links are not followed (recursive_directory_iterator's default); a file link must stay inside.
    std::error_code error;
    if (entry.is_symlink(error) && !contained_real_path(folder, entry.path()))
      jobs.back().refused =
          "resolves outside the folder being converted (" + folder.string() + "): not converted";
  }
  std::sort(jobs.begin(), jobs.end(),
            [](const FolderJob& a, const FolderJob& b) { return a.input < b.input; });
  std::map<fs::path, int> uses;
  for (const auto& job : jobs) ++uses[job.output];
  for (auto& job : jobs)
    if (uses[job.output] > 1) job.output.replace_filename(job.input.filename().string() + "." + to);
  return jobs;
}

// An output folder that is not named like a file.
void check_output_folder(const fs::path& out) {
  std::error_code error;
  if (fs::exists(out, error) && !fs::is_directory(out, error))
    throw UsageError(out.string() + ": in batch mode -o names the output folder, and this is a file");
  if (out.extension().empty() || fs::is_directory(out, error)) return;
  // A folder name with an extension is taken for a file name the user meant as the output (`-o x.glb`):
  // refused rather than a folder named x.glb made, unless that folder is already there.
  std::string to_hint = "--to";
  try {
    ConversionPlan probe;
    plan_output(out, nullptr, probe);
    to_hint += " " + extension_of(out);  // the extension names a format: the user meant it as the target
  } catch (const UsageError&) {
  }
  throw UsageError(
      out.string() +
      ": in batch mode -o names the output folder, and this name has a file extension (choose the "
      "output format with " +
      to_hint + "; a folder whose name has a dot is used only when it exists already)");
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

FolderJobResult convert_job(const FolderJob& job, const Options& options) {
  FolderJobResult result;
  const auto start = std::chrono::steady_clock::now();
  try {
    if (job.refused) throw FormatError(job.input.string(), std::nullopt, "", *job.refused, ErrorKind::io);
    result.warnings = convert_files({job.input}, job.output, options);
  } catch (const FormatError& e) {
    result.error = e;
  } catch (const std::exception& e) {  // not about a file (a disk error): named after the input
    result.error = FormatError(job.input.string(), std::nullopt, "", e.what(), ErrorKind::io);
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace

FolderPlan plan_folder_conversion(const fs::path& folder, const fs::path& output_folder,
                                  const std::string& to, const Options& options) {
  FolderPlan plan{folder, output_folder, extension_of(fs::path("output").replace_extension(to)), options, {}};
  if (plan.to.empty())
    throw UsageError("--to " + to + ": name the output format by its extension, such as --to glb");
  ConversionPlan target;
  try {
    plan_output(fs::path("output." + plan.to), nullptr, target);
  } catch (const UsageError&) {
    throw UsageError("--to " + to + ": no format writes '." + plan.to + "' files (see `gamefmt formats`)");
  }
  check_output_folder(output_folder);
  plan.jobs = collect_jobs(folder, output_folder, plan.to);
  std::vector<const FormatHandler*> inputs;
  for (const auto& job : plan.jobs)
    if (const auto* format = find_handler_by_name(job.input);
        format != nullptr && std::find(inputs.begin(), inputs.end(), format) == inputs.end())
      inputs.push_back(format);
  check_option_names(options, inputs, target.output_formats);
  return plan;
}

unsigned folder_threads(unsigned threads, std::size_t jobs) {
  const unsigned wanted = threads != 0 ? threads : std::max(1u, std::thread::hardware_concurrency());
  return static_cast<unsigned>(std::max<std::size_t>(1, std::min<std::size_t>(wanted, jobs)));
}

std::vector<FolderJobResult> convert_folder(const FolderPlan& plan, unsigned threads,
                                            const FolderProgress& progress) {
  check_writable_folder(plan.output_folder);
  std::vector<FolderJobResult> results(plan.jobs.size());
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    for (std::size_t i = next++; i < plan.jobs.size(); i = next++) {
      if (progress.started) progress.started(i);
      results[i] = convert_job(plan.jobs[i], plan.options);
      if (progress.finished) progress.finished(i, results[i]);
    }
  };
  std::vector<std::thread> workers;
  for (unsigned t = 0; t < folder_threads(threads, plan.jobs.size()); ++t) workers.emplace_back(work);
  for (auto& worker : workers) worker.join();
  return results;
}

}  // namespace gamefmt
