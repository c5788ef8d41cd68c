#include <assimp/version.h>

#include <CLI/CLI.hpp>
#include <iostream>

#include "commands.hpp"

namespace {

gamefmt::Options parse_options(const std::vector<std::string>& pairs) {
  gamefmt::Options options;
  for (const auto& pair : pairs) {
    const auto eq = pair.find('=');
    if (eq == std::string::npos || eq == 0)
      throw CLI::ValidationError("--option", "expected NAME=VALUE, got '" + pair + "'");
    options[pair.substr(0, eq)] = pair.substr(eq + 1);
  }
  return options;
}

std::string version_text() {
  return std::string("gamefmt ") + GAMEFMT_VERSION + " (Assimp " + std::to_string(aiGetVersionMajor()) + "." +
         std::to_string(aiGetVersionMinor()) + "." + std::to_string(aiGetVersionPatch()) + ")";
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"gamefmt: classic game assets to glTF and back"};
  app.set_version_flag("--version", version_text());
  app.require_subcommand(1);

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
  convert_command->add_option("-j,--jobs", convert.jobs,
                              "batch mode: parallel conversions (default: one per core)");
  convert_command->add_option("-O,--option", convert_option_pairs,
                              "format option NAME=VALUE (see `gamefmt formats`)");
  bool convert_ragdoll_proxies = false;
  convert_command->add_flag(
      "--ragdoll-proxies", convert_ragdoll_proxies,
      "Overgrowth: a visible mesh for each ragdoll volume (the same as -O ragdoll_proxies=1)");
  convert_command->add_option("--gamedata", convert_gamedata,
                              "the game's data folder, where an X-Ray model's motion references are found "
                              "(the same as -O gamedata=DIR)");

  std::string info_file;
  bool info_json = false;
  std::vector<std::string> info_option_pairs;
  auto* info_command = app.add_subcommand("info", "Describe a file");
  info_command->add_option("file", info_file, "file to describe")->required();
  info_command->add_flag("--json", info_json, "print JSON");
  info_command->add_option("-O,--option", info_option_pairs, "format option NAME=VALUE");

  bool formats_json = false;
  auto* formats_command = app.add_subcommand("formats", "List the formats gamefmt reads and writes");
  formats_command->add_flag("--json", formats_json, "print JSON (names, extensions, companions, options)");

  auto* bigfile_command =
      app.add_subcommand("bigfile", "List, extract or pack Asobo BigFile archives (bigfile --help)");
  bigfile_command->prefix_command()->set_help_flag();  // bigfile_command.cpp parses the rest, --help included

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }

  try {
    if (*convert_command) {
      convert.options = parse_options(convert_option_pairs);
      if (!convert_gamedata.empty()) convert.options["gamedata"] = convert_gamedata;
      if (convert_ragdoll_proxies) convert.options["ragdoll_proxies"] = "1";
      convert.output = convert_output;
      for (const auto& input : convert_inputs) convert.inputs.emplace_back(input);
      if (convert.inputs.size() == 1 && std::filesystem::is_directory(convert.inputs.front()))
        return gamefmt::cli::run_batch_convert(convert);
      return gamefmt::cli::run_convert(convert);
    }
    if (*info_command) return gamefmt::cli::run_info(info_file, info_json, parse_options(info_option_pairs));
    if (*formats_command) return gamefmt::cli::run_formats(formats_json);
    if (*bigfile_command) return gamefmt::cli::run_bigfile(bigfile_command->remaining());
  } catch (const CLI::ValidationError& e) {
    return app.exit(e);
  } catch (const std::exception& e) {
    gamefmt::cli::report_error(e);
    return 1;
  }
  return 1;
}
