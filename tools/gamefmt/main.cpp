#include <CLI/CLI.hpp>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#if defined(__GLIBC__) && defined(__linux__)
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>
#endif

#include "commands.hpp"
#include "gamefmt/assimp/assimp.hpp"
#include "gamefmt/conversion.hpp"
#include "usage.hpp"

namespace {

using gamefmt::cli::kExitFailed;

gamefmt::Options parse_options(const std::vector<std::string>& pairs) {
  gamefmt::Options options;
  for (const auto& pair : pairs) {
    const auto eq = pair.find('=');
    if (eq == std::string::npos || eq == 0)
      throw gamefmt::UsageError("-O " + pair + ": expected NAME=VALUE (see `gamefmt formats` for the names)");
    options[pair.substr(0, eq)] = pair.substr(eq + 1);
  }
  return options;
}

std::string version_text() {
  return std::string("gamefmt ") + GAMEFMT_VERSION + " (Assimp " + gamefmt::assimp::library_version() + ")";
}

// A conversion allocates and frees buffers of megabytes (a file's bytes, the scene's arrays, the glTF's
// binary and JSON). glibc maps each such block afresh and unmaps it when freed, so every one is paid again in
// page faults (38 % of the time of the X-Ray dog's conversion). Here they come from the heap, which keeps
// what is freed for the next block; and the heap is given room for a conversion's buffers at once, marked for
// transparent huge pages (the kernel's "madvise" mode): one fault per 2 MiB instead of one per 4 KiB.
void keep_freed_memory() {
#if defined(__GLIBC__) && defined(__linux__)
  mallopt(M_MMAP_THRESHOLD, 256 << 20);
  mallopt(M_TRIM_THRESHOLD, 512 << 20);
  constexpr std::uintptr_t kHugePage = std::uintptr_t{2} << 20;
  constexpr std::size_t kRoom = std::size_t{64} << 20;
  auto* const before = static_cast<char*>(sbrk(0));
  void* const room = std::malloc(kRoom);  // grows the heap by kRoom; no page of it is touched
  auto* const after = static_cast<char*>(sbrk(0));
  std::free(room);  // back to the heap's top, kept (M_TRIM_THRESHOLD)
  const auto start = (reinterpret_cast<std::uintptr_t>(before) + kHugePage - 1) & ~(kHugePage - 1);
  if (room != nullptr && reinterpret_cast<std::uintptr_t>(after) > start)
    madvise(reinterpret_cast<void*>(start), reinterpret_cast<std::uintptr_t>(after) - start, MADV_HUGEPAGE);
#endif
}

}  // namespace

int main(int argc, char** argv) {
  keep_freed_memory();
  CLI::App app{"gamefmt: classic game assets to glTF and back"};
  app.set_version_flag("--version", version_text());
  app.require_subcommand(1);
  gamefmt::cli::OutputStyle style;
  std::string message_format = "text";
  app.add_flag("-q,--quiet", style.quiet, "print errors only (no warnings, progress or summary)");
  app.add_flag("-v,--verbose", style.verbose, "also print each file written");
  auto* error_format =
      app.add_option(
             "--error-format", message_format,
             "text, or json: one JSON object per line for each error, warning and note (for programs)")
          ->check(CLI::IsMember({"text", "json"}));

  gamefmt::cli::ConvertArguments convert;
  std::vector<std::string> convert_inputs, convert_option_pairs;
  std::string convert_output, convert_gamedata;
  auto* convert_command = app.add_subcommand("convert",
                                             "Convert INPUT [COMPANION...] to OUTPUT (format from OUTPUT's "
                                             "extension), or every game file in a folder");
  convert_command->add_option("inputs", convert_inputs, "input file (then companion files), or one folder")
      ->required();
  convert_command->add_option("-o,--output", convert_output, "output file, or output folder in batch mode")
      ->required();
  convert_command->add_option("--to", convert.to, "batch mode: output extension (default glb)");
  convert_command
      ->add_option("-j,--jobs", convert.jobs, "batch mode: parallel conversions (default: one per core)")
      ->check(CLI::Range(1u, 1024u));
  convert_command->add_option("-O,--option", convert_option_pairs,
                              "format option NAME=VALUE (see `gamefmt formats`)");
  bool convert_ragdoll_proxies = false;
  convert_command->add_flag(
      "--ragdoll-proxies", convert_ragdoll_proxies,
      "Overgrowth: a visible mesh for each ragdoll volume (the same as -O ragdoll_proxies=1)");
  convert_command->add_option(
      "--gamedata", convert_gamedata,
      "the game's data folder: X-Ray's gamedata/ (motion references, textures), or the folder that holds "
      "Grimrock's mod_assets/ (material scripts, textures); the same as -O gamedata=DIR, found by walking up "
      "from the input otherwise");

  std::string info_file;
  bool info_json = false;
  std::vector<std::string> info_option_pairs;
  std::string info_gamedata;
  auto* info_command = app.add_subcommand("info", "Describe a file");
  info_command->add_option("file", info_file, "file to describe")->required();
  info_command->add_flag("--json", info_json, "print JSON");
  info_command->add_option("-O,--option", info_option_pairs, "format option NAME=VALUE");
  info_command->add_option("--gamedata", info_gamedata,
                           "the game's data folder, to say where the file's textures and motions are found "
                           "(as for convert)");

  bool formats_json = false;
  auto* formats_command = app.add_subcommand("formats", "List the formats gamefmt reads and writes");
  formats_command->add_flag("--json", formats_json, "print JSON (names, extensions, companions, options)");

  auto* bigfile_command =
      app.add_subcommand("bigfile", "List, extract or pack Asobo BigFile archives (bigfile --help)");
  bigfile_command->prefix_command()->set_help_flag();  // bigfile_command.cpp parses the rest, --help included

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --error-format may have been read before the failure: its raw value says how to report it.
    const auto& raw_format = error_format->results();
    if (!raw_format.empty() && raw_format.back() == "json") style.format = gamefmt::cli::MessageFormat::json;
    gamefmt::cli::Reporter reporter(style);
    return gamefmt::cli::report_parse_failure(reporter, app, e, "gamefmt");
  }
  style.format =
      message_format == "json" ? gamefmt::cli::MessageFormat::json : gamefmt::cli::MessageFormat::text;
  gamefmt::cli::Reporter reporter(style);

  try {
    if (*convert_command) {
      convert.options = parse_options(convert_option_pairs);
      if (!convert_gamedata.empty()) convert.options["gamedata"] = convert_gamedata;
      if (convert_ragdoll_proxies) convert.options["ragdoll_proxies"] = "1";
      convert.output = convert_output;
      for (const auto& input : convert_inputs) convert.inputs.emplace_back(input);
      std::error_code error;
      if (convert.inputs.size() == 1 && std::filesystem::is_directory(convert.inputs.front(), error))
        return gamefmt::cli::run_batch_convert(convert, reporter);
      return gamefmt::cli::run_convert(convert, reporter);
    }
    if (*info_command) {
      auto options = parse_options(info_option_pairs);
      if (!info_gamedata.empty()) options["gamedata"] = info_gamedata;
      return gamefmt::cli::run_info(info_file, info_json, options);
    }
    if (*formats_command) return gamefmt::cli::run_formats(formats_json);
    if (*bigfile_command) return gamefmt::cli::run_bigfile(bigfile_command->remaining(), reporter);
  } catch (const gamefmt::UsageError& e) {
    return gamefmt::cli::report_usage(reporter, e.what(),
                                      *convert_command ? "gamefmt convert"
                                      : *info_command  ? "gamefmt info"
                                                       : "gamefmt");
  } catch (const std::exception& e) {
    reporter.error(e);
    return kExitFailed;
  }
  return kExitFailed;
}
