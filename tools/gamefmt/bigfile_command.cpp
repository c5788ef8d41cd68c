// `gamefmt bigfile list|extract|pack`: Asobo BigFile archives. The archive logic lives in libformats
// (asobo/); this file only parses arguments and prints.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>

#include "commands.hpp"
#include "gamefmt/asobo/bigfile.hpp"
#include "gamefmt/asobo/bigfile_folder.hpp"
#include "gamefmt/asobo/names.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/core/format_error.hpp"
#include "usage.hpp"

namespace gamefmt::cli {
namespace {

namespace fs = std::filesystem;

// The name list given, else the one beside the archive with the same base name (X.DPC -> X.NPC), if any.
// The one beside is read under the rule of gamefmt/core/file_io.hpp: a list that resolves outside the
// archive's folder, or is not a regular file, is a warning and not read. The one given may lie anywhere.
std::optional<asobo::NameList> load_names(const fs::path& archive, const std::string& given) {
  if (!given.empty()) return asobo::parse_name_list(read_file_bytes(given), given);
  const fs::path path = asobo::name_list_path_for(archive.string());
  std::error_code error;
  if (path.empty() || !fs::exists(path, error)) return std::nullopt;
  try {
    return asobo::parse_name_list(read_contained_file(path.parent_path(), path, {}, "the archive's folder"),
                                  path.string());
  } catch (const FormatError& e) {
    std::cerr << "gamefmt: warning: " << e.what() << ": not read\n";
    return std::nullopt;
  }
}

asobo::BigFile read_archive(const fs::path& path) {
  const auto bytes = read_file_bytes(path);
  return asobo::read_bigfile(bytes, path.string());
}

int list(const fs::path& archive_path, const std::string& names_path, bool json) {
  const auto archive = read_archive(archive_path);
  const auto names = load_names(archive_path, names_path);
  const auto* name_list = names ? &*names : nullptr;
  const auto class_text = [](std::uint32_t hash) {
    const auto known = asobo::known_class_name(hash);
    return known ? std::string(*known) : asobo::name_or_hash(hash, nullptr);
  };
  // A pooled object's body is in the pool: show the first pool copy's sizes and compression.
  std::map<std::uint32_t, const asobo::StoredBody*> pool_bodies;
  if (archive.pool)
    for (const auto& res : archive.pool->resources) pool_bodies.try_emplace(res.name, &res.body);
  nlohmann::json rows = nlohmann::json::array();
  if (!json) std::cout << "block  index  class              size  stored  flags    name\n";
  for (std::size_t b = 0; b < archive.blocks.size(); ++b)
    for (std::size_t i = 0; i < archive.blocks[b].resources.size(); ++i) {
      const auto& res = archive.blocks[b].resources[i];
      const std::string name = asobo::name_or_hash(res.name, name_list);
      const auto pooled_body = res.pooled ? pool_bodies.find(res.name) : pool_bodies.end();
      const asobo::StoredBody& body = pooled_body != pool_bodies.end() ? *pooled_body->second : res.body;
      if (json) {
        rows.push_back({{"block", b},
                        {"index", i},
                        {"class", class_text(res.class_name)},
                        {"class_hash", res.class_name},
                        {"name", name},
                        {"name_hash", res.name},
                        {"body_size", body.decompressed_size},
                        {"stored_size", body.bytes.size()},
                        {"link_header_size", res.link_header.size()},
                        {"compressed", body.compressed},
                        {"pooled", res.pooled}});
        continue;
      }
      char line[128];
      std::snprintf(line, sizeof line, "%5zu  %5zu  %-16s %8u %7zu  %-7s  ", b, i,
                    class_text(res.class_name).c_str(), body.decompressed_size, body.bytes.size(),
                    res.pooled ? (body.compressed ? "pool+lz" : "pool") : (body.compressed ? "lz" : "-"));
      std::cout << line << name << '\n';
    }
  if (json)
    std::cout << nlohmann::json{{"version", asobo::format_bigfile_version(archive.version)},
                                {"objects", rows}}
                     .dump(2)
              << '\n';
  return 0;
}

int extract(const fs::path& archive_path, const fs::path& folder, const std::string& names_path) {
  const auto archive = read_archive(archive_path);
  const auto names = load_names(archive_path, names_path);
  asobo::extract_bigfile_to_folder(archive, folder, names ? &*names : nullptr, archive_path.string());
  std::size_t objects = 0;
  for (const auto& block : archive.blocks) objects += block.resources.size();
  std::cout << objects << " objects from " << archive_path.string() << " in " << folder.string() << '\n';
  return 0;
}

int pack(const fs::path& folder, const fs::path& output) {
  const auto archive = asobo::pack_bigfile_folder(folder);
  if (const auto order = asobo::bigfile_byte_order_for_name(output.string());
      order && *order != archive.byte_order)
    throw FormatError(
        output.string(), std::nullopt, "byte_order",
        std::string("the manifest says ") + (archive.byte_order == ByteOrder::little ? "little" : "big") +
            "-endian, the extension " + output.extension().string() + " means the other byte order");
  write_file_atomically(output, asobo::write_bigfile(archive, output.string()));
  std::cout << "packed " << folder.string() << " into " << output.string() << '\n';
  return 0;
}

}  // namespace

int run_bigfile(const std::vector<std::string>& arguments, Reporter& reporter) {
  CLI::App app{
      "List, extract and pack Asobo BigFile archives (.DPC little-endian; .D36 .DP3 .DRV .DGC big-endian)",
      "gamefmt bigfile"};
  app.require_subcommand(1);

  std::string archive, names, folder, output;
  bool json = false;
  auto* list_command = app.add_subcommand("list", "List the objects of ARCHIVE: block, class, sizes, name");
  list_command->add_option("archive", archive, "BigFile archive")->required();
  list_command->add_option("--names", names,
                           "name list (.NPC ...) that resolves object names; default: beside ARCHIVE");
  list_command->add_flag("--json", json, "print JSON");

  auto* extract_command = app.add_subcommand(
      "extract", "Write every object of ARCHIVE (link header + decompressed body) and manifest.json");
  extract_command->add_option("archive", archive, "BigFile archive")->required();
  extract_command->add_option("-o,--output", folder, "output folder")->required();
  extract_command->add_option("--names", names, "name list used for file names; default: beside ARCHIVE");

  auto* pack_command = app.add_subcommand("pack", "Build an archive from a folder made by `extract`");
  pack_command->add_option("folder", folder, "folder with manifest.json")->required();
  pack_command->add_option("-o,--output", output, "archive to write")->required();

  try {
    std::vector<std::string> reversed(arguments.rbegin(), arguments.rend());
    app.parse(reversed);
  } catch (const CLI::ParseError& e) {
    return report_parse_failure(reporter, app, e, "gamefmt bigfile");
  }
  if (*list_command) return list(archive, names, json);
  if (*extract_command) return extract(archive, folder, names);
  if (*pack_command) return pack(folder, output);
  return report_usage(reporter, "a command is needed: list, extract, pack", "gamefmt bigfile");
}

}  // namespace gamefmt::cli
