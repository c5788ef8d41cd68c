#include "gamefmt/phoenix/save.hpp"

#include <cstring>
#include <limits>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/format_error.hpp"

namespace gamefmt::phoenix {
namespace {

constexpr std::size_t kU16Max = std::numeric_limits<std::uint16_t>::max();

void check_version(std::uint16_t version, const std::string& file, std::optional<std::uint64_t> offset) {
  if (version == 1 || version == 2)
    throw FormatError(
        file, offset, "version",
        "version " + std::to_string(version) + " is not supported (the released engine refuses it too)");
  if (version > kSaveVersion)
    throw FormatError(file, offset, "version", "version " + std::to_string(version) + " is newer than 3");
}

// Counts and strings are u16-sized; the field path of a value that does not fit is only composed when it
// fails.
class SaveWriter {
 public:
  explicit SaveWriter(std::string_view file) : file_(file) {}

  void count(std::size_t n, std::size_t level, const char* field) {
    if (n > kU16Max) fail(level, field, std::to_string(n) + " entries; the format holds at most 65535");
    w_.u16(static_cast<std::uint16_t>(n));
  }
  void string(const std::string& s, std::size_t level, const char* field) {
    if (s.size() > kU16Max) fail(level, field, "strings are at most 65535 bytes");
    w_.u16(static_cast<std::uint16_t>(s.size()));
    w_.bytes(s);
  }
  ByteWriter& out() { return w_; }

 private:
  [[noreturn]] void fail(std::size_t level, const char* field, const std::string& problem) const {
    const std::string path = level == kNoLevel ? field : "levels[" + std::to_string(level) + "]." + field;
    throw FormatError(file_, std::nullopt, path, problem);
  }
  std::string file_;
  ByteWriter w_{ByteOrder::little};

 public:
  static constexpr std::size_t kNoLevel = static_cast<std::size_t>(-1);
};

}  // namespace

SaveFile read_save(std::span<const std::byte> data, std::string_view file_name) {
  ByteReader r(data, file_name, ByteOrder::little);
  const auto marker = r.bytes(kSaveMarker.size(), "marker");
  if (std::memcmp(marker.data(), kSaveMarker.data(), kSaveMarker.size()) != 0)
    r.fail_at(0, "marker", "not an Overgrowth save (no \"Overgrowth Save\" marker)");
  SaveFile out;
  r.collect_warnings(&out.warnings);
  out.version = r.u16("version");
  check_version(out.version, std::string(file_name), kSaveMarker.size());
  // Each level needs at least 3 string lengths, the MD5 and 3 map counts.
  out.levels.resize(r.count(r.u16("level_count"), 3 * 2 + 16 + 3 * 2, "levels"));
  for (std::size_t i = 0; i < out.levels.size(); ++i) {
    auto f = r.enter("levels", i);
    auto& level = out.levels[i];
    r.string_prefixed<std::uint16_t>(level.campaign_id, "campaign_id");
    r.string_prefixed<std::uint16_t>(level.save_category, "save_category");
    r.string_prefixed<std::uint16_t>(level.save_name, "save_name");
    r.read_array(level.md5, "md5");
    level.values.resize(r.count(r.u16("value_count"), 4, "values"));
    for (std::size_t j = 0; j < level.values.size(); ++j) {
      auto g = r.enter("values", j);
      r.string_prefixed<std::uint16_t>(level.values[j].first, "key");
      r.string_prefixed<std::uint16_t>(level.values[j].second, "value");
    }
    level.array_values.resize(r.count(r.u16("array_count"), 4, "array_values"));
    for (std::size_t j = 0; j < level.array_values.size(); ++j) {
      auto g = r.enter("array_values", j);
      auto& [key, items] = level.array_values[j];
      r.string_prefixed<std::uint16_t>(key, "key");
      items.resize(r.count(r.u16("item_count"), 2, "items"));
      for (std::size_t k = 0; k < items.size(); ++k) {
        auto h = r.enter("items", k);
        r.string_prefixed<std::uint16_t>(items[k], "item");
      }
    }
    level.int_values.resize(r.count(r.u16("int_count"), 6, "int_values"));
    for (std::size_t j = 0; j < level.int_values.size(); ++j) {
      auto g = r.enter("int_values", j);
      r.string_prefixed<std::uint16_t>(level.int_values[j].first, "key");
      level.int_values[j].second = r.i32("value");
    }
  }
  if (!r.at_end()) {  // the game reads no further
    r.warn("", std::to_string(r.remaining()) + " bytes after the last level are not read; they are kept");
    const auto rest = r.bytes(r.remaining(), "trailing_bytes");
    out.trailing_bytes.assign(rest.begin(), rest.end());
  }
  return out;
}

std::vector<std::byte> write_save(const SaveFile& save, std::string_view file_name) {
  check_version(save.version, std::string(file_name), std::nullopt);
  SaveWriter w(file_name);
  w.out().bytes(kSaveMarker);
  w.out().u16(save.version);
  w.count(save.levels.size(), SaveWriter::kNoLevel, "levels");
  for (std::size_t i = 0; i < save.levels.size(); ++i) {
    const auto& level = save.levels[i];
    w.string(level.campaign_id, i, "campaign_id");
    w.string(level.save_category, i, "save_category");
    w.string(level.save_name, i, "save_name");
    w.out().write_array(level.md5);
    w.count(level.values.size(), i, "values");
    for (const auto& [key, value] : level.values) {
      w.string(key, i, "values.key");
      w.string(value, i, "values.value");
    }
    w.count(level.array_values.size(), i, "array_values");
    for (const auto& [key, items] : level.array_values) {
      w.string(key, i, "array_values.key");
      w.count(items.size(), i, "array_values.items");
      for (const auto& item : items) w.string(item, i, "array_values.items");
    }
    w.count(level.int_values.size(), i, "int_values");
    for (const auto& [key, value] : level.int_values) {
      w.string(key, i, "int_values.key");
      w.out().i32(value);
    }
  }
  w.out().bytes(save.trailing_bytes);
  return w.out().take();
}

bool looks_like_save(std::span<const std::byte> head) {
  return head.size() >= kSaveMarker.size() + 2 &&
         std::memcmp(head.data(), kSaveMarker.data(), kSaveMarker.size()) == 0;
}

}  // namespace gamefmt::phoenix
