// `gamefmt convert DIR -o OUTDIR`: every game file below DIR, converted in parallel. With a game format as
// the target (`--to ogf`), the glTF files below DIR are converted too: the way back for a folder of edited
// assets.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>
#include <mutex>
#include <thread>

#include "commands.hpp"
#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/conversion.hpp"
#include "progress_bar.hpp"

namespace gamefmt::cli {
namespace fs = std::filesystem;

namespace {

struct Job {
  fs::path input;
  fs::path output;
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
    jobs.push_back({entry.path(), out_folder / relative});
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

}  // namespace

int run_batch_convert(const ConvertArguments& arguments) {
  const fs::path& folder = arguments.inputs.front();
  // "--to .OGF" means "ogf": the output extension in lower case without its dot.
  const std::string to = extension_of(fs::path("output").replace_extension(arguments.to));
  const auto jobs = collect_jobs(folder, arguments.output, to);
  if (jobs.empty()) {
    std::cerr << "gamefmt: " << folder.string() << ": no game files found"
              << (is_gltf_extension(to) ? "" : " (nor glTF files)") << '\n';
    return 1;
  }
  const unsigned workers =
      std::max(1u, std::min<unsigned>(arguments.jobs ? arguments.jobs : std::thread::hardware_concurrency(),
                                      static_cast<unsigned>(jobs.size())));
  ProgressBar progress(jobs.size(), ::isatty(STDERR_FILENO) != 0);
  std::atomic<std::size_t> next{0};
  std::atomic<std::size_t> failed{0};
  std::mutex report;
  const auto start = std::chrono::steady_clock::now();
  auto work = [&] {
    for (std::size_t i = next++; i < jobs.size(); i = next++) {
      const Job& job = jobs[i];
      try {
        fs::create_directories(job.output.parent_path());
        convert_files({job.input}, job.output, arguments.options);
      } catch (const std::exception& e) {
        ++failed;
        std::lock_guard lock(report);
        progress.clear_line();
        report_error(e);
      }
      std::lock_guard lock(report);
      progress.advance();
    }
  };
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < workers; ++t) threads.emplace_back(work);
  for (auto& t : threads) t.join();
  progress.finish();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cerr << "gamefmt: converted " << jobs.size() - failed << " of " << jobs.size() << " files in "
            << seconds << " s (" << workers << " jobs)";
  if (failed) std::cerr << "; " << failed << " failed";
  std::cerr << '\n';
  return failed == 0 ? 0 : 1;
}

}  // namespace gamefmt::cli
