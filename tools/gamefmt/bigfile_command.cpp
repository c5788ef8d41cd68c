// `gamefmt bigfile list|info|extract|pack`: Asobo BigFile archives. The archive logic lives in libformats
// (asobo/); this file only parses arguments and prints.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>

#include "commands.hpp"
#include "gamefmt/asobo/bigfile.hpp"
#include "gamefmt/asobo/bigfile_folder.hpp"
#include "gamefmt/asobo/bigfile_index.hpp"
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

std::string class_text(std::uint32_t hash) {
  const auto known = asobo::known_class_name(hash);
  return known ? std::string(*known) : asobo::name_or_hash(hash, nullptr);
}

// Headers only: the archive is read at the offsets of its record headers and tables, never loaded.
asobo::BigFileIndex read_index(const fs::path& path) {
  const asobo::RandomAccessFile file(path);
  return asobo::read_bigfile_index(file, path.string());
}

int list(const fs::path& archive_path, const std::string& names_path, bool json) {
  const auto index = read_index(archive_path);
  const auto names = load_names(archive_path, names_path);
  const auto* name_list = names ? &*names : nullptr;
  nlohmann::json rows = nlohmann::json::array();
  if (!json) std::cout << "block  index  class              size  stored  flags    name\n";
  for (const auto& object : index.objects) {
    const std::string name = asobo::name_or_hash(object.name, name_list);
    if (json) {
      rows.push_back({{"block", object.block},
                      {"index", object.index},
                      {"class", class_text(object.class_name)},
                      {"class_hash", object.class_name},
                      {"name", name},
                      {"name_hash", object.name},
                      {"body_size", object.body_size},
                      {"stored_size", object.stored_size},
                      {"link_header_size", object.link_header_size},
                      {"compressed", object.compressed},
                      {"pooled", object.pooled}});
      continue;
    }
    char line[128];
    std::snprintf(
        line, sizeof line, "%5u  %5u  %-16s %8u %7u  %-7s  ", object.block, object.index,
        class_text(object.class_name).c_str(), object.body_size, object.stored_size,
        object.pooled ? (object.compressed ? "pool+lz" : "pool") : (object.compressed ? "lz" : "-"));
    std::cout << line << name << '\n';
  }
  if (json)
    std::cout << nlohmann::json{{"version", asobo::format_bigfile_version(index.version)}, {"objects", rows}}
                     .dump(2)
              << '\n';
  return 0;
}

// Header facts and totals, from the headers only.
int info(const fs::path& archive_path, bool json) {
  const auto index = read_index(archive_path);
  std::size_t compressed = 0, pooled = 0;
  std::uint64_t body_bytes = 0, stored_bytes = 0;
  for (const auto& object : index.objects) {
    compressed += object.compressed ? 1 : 0;
    pooled += object.pooled ? 1 : 0;
    if (!object.pooled) {
      body_bytes += object.body_size;
      stored_bytes += object.stored_size;
    }
  }
  nlohmann::json result = {{"file", archive_path.string()},
                           {"version", asobo::format_bigfile_version(index.version)},
                           {"byte_order", index.byte_order == ByteOrder::little ? "little" : "big"},
                           {"bigfile_type", index.bigfile_type == 0 ? "rtc" : "normal"},
                           {"file_size", index.file_size},
                           {"blocks", index.block_count},
                           {"object_count", index.objects.size()},
                           {"compressed_objects", compressed},
                           {"pooled_objects", pooled},
                           {"body_bytes", body_bytes},
                           {"stored_body_bytes", stored_bytes}};
  if (index.has_pool)
    result["pool"] = {{"entries", index.pool_entries},
                      {"body_records", index.pool_body_records},
                      {"reference_records", index.pool_reference_records}};
  if (json) {
    std::cout << result.dump(2) << '\n';
    return 0;
  }
  for (const auto& [key, value] : result.items()) {
    if (value.is_object())
      for (const auto& [sub, count] : value.items())
        std::cout << key << "." << sub << ": " << count.dump() << '\n';
    else
      std::cout << key << ": " << (value.is_string() ? value.get<std::string>() : value.dump()) << '\n';
  }
  return 0;
}

int extract(const fs::path& archive_path, const fs::path& folder, const std::string& names_path,
            bool images) {
  const auto archive = read_archive(archive_path);
  const auto names = load_names(archive_path, names_path);
  const auto manifest =
      asobo::extract_bigfile_to_folder(archive, folder, names ? &*names : nullptr, archive_path.string());
  std::size_t objects = 0;
  for (const auto& block : archive.blocks) objects += block.resources.size();
  std::cout << objects << " objects from " << archive_path.string() << " in " << folder.string() << '\n';
  if (images) {
    const auto written = asobo::write_bitmap_images(archive, manifest, folder, archive_path.string());
    for (const auto& problem : written.problems)
      std::cerr << "gamefmt: warning: " << problem << ": no image\n";
    std::cout << written.bitmaps << " bitmaps also as .dds and .png\n";
  }
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
      "List, describe, extract and pack Asobo BigFile archives (.DPC little-endian; .D36 .DP3 .DRV .DGC "
      "big-endian)",
      "gamefmt bigfile"};
  app.require_subcommand(1);

  std::string archive, names, folder, output;
  bool json = false, images = false;
  auto* list_command = app.add_subcommand("list", "List the objects of ARCHIVE: block, class, sizes, name");
  list_command->add_option("archive", archive, "BigFile archive")->required();
  list_command->add_option("--names", names,
                           "name list (.NPC ...) that resolves object names; default: beside ARCHIVE");
  list_command->add_flag("--json", json, "print JSON");

  auto* info_command =
      app.add_subcommand("info", "Describe ARCHIVE from its headers: version, byte order, counts, sizes");
  info_command->add_option("archive", archive, "BigFile archive")->required();
  info_command->add_flag("--json", json, "print JSON");

  auto* extract_command = app.add_subcommand(
      "extract", "Write every object of ARCHIVE (link header + decompressed body) and manifest.json");
  extract_command->add_option("archive", archive, "BigFile archive")->required();
  extract_command->add_option("-o,--output", folder, "output folder")->required();
  extract_command->add_option("--names", names, "name list used for file names; default: beside ARCHIVE");
  extract_command->add_flag(
      "--images", images,
      "also write each Bitmap_Z as <file>.dds and <file>.png beside it (pack ignores them)");

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
  if (*info_command) return info(archive, json);
  if (*extract_command) return extract(archive, folder, names, images);
  if (*pack_command) return pack(folder, output);
  return report_usage(reporter, "a command is needed: list, info, extract, pack", "gamefmt bigfile");
}

}  // namespace gamefmt::cli
