#include "phoenix/save_json.hpp"

#include <cstdio>

#include "gamefmt/core/field_path.hpp"

namespace gamefmt::phoenix {
namespace {

// Whether nlohmann can print the string (it refuses invalid UTF-8 when dumping).
bool is_utf8(const std::string& s) {
  try {
    (void)nlohmann::json(s).dump();
    return true;
  } catch (const nlohmann::json::type_error&) {
    return false;
  }
}

nlohmann::json text(const std::string& s) {
  if (is_utf8(s)) return s;
  std::string hex;
  char digits[3];
  for (unsigned char c : s) {
    std::snprintf(digits, sizeof digits, "%02x", c);
    hex += digits;
  }
  return {{"hex", hex}};
}

// Typed reads of the dump; a wrong value is a FormatError naming its place in the JSON ("levels[0].md5").
class JsonReader {
 public:
  explicit JsonReader(const FieldPath& path) : path_(path) {}

  [[noreturn]] void fail(std::string_view leaf, std::string problem) const {
    path_.fail(leaf, std::move(problem));
  }
  const nlohmann::json& member(const nlohmann::json& object, const char* key) const {
    if (!object.is_object() || !object.contains(key)) fail(key, "missing");
    return object.at(key);
  }
  const nlohmann::json& list(const nlohmann::json& value, std::string_view leaf) const {
    if (!value.is_array()) fail(leaf, "expected an array");
    if (value.size() > 65535) fail(leaf, "more than 65535 entries");
    return value;
  }
  std::string string(const nlohmann::json& value, std::string_view leaf) const {
    if (value.is_string()) return value.get<std::string>();
    if (value.is_object() && value.size() == 1 && value.contains("hex") && value["hex"].is_string()) {
      const auto hex = value["hex"].get<std::string>();
      if (hex.size() % 2 != 0) fail(leaf, "odd number of hex digits");
      std::string out;
      for (std::size_t i = 0; i < hex.size(); i += 2) out += static_cast<char>(byte(hex.substr(i, 2), leaf));
      return out;
    }
    fail(leaf, "expected a string (or {\"hex\": ...})");
  }
  std::uint8_t byte(const std::string& two, std::string_view leaf) const {
    auto digit = [&](char c) -> int {
      if (c >= '0' && c <= '9') return c - '0';
      if (c >= 'a' && c <= 'f') return c - 'a' + 10;
      if (c >= 'A' && c <= 'F') return c - 'A' + 10;
      fail(leaf, "not a hex digit: '" + std::string(1, c) + "'");
    };
    return static_cast<std::uint8_t>(digit(two[0]) * 16 + digit(two[1]));
  }
  const nlohmann::json& pair(const nlohmann::json& value) const {
    if (!value.is_array() || value.size() != 2) fail("", "expected a [key, value] pair");
    return value;
  }

 private:
  const FieldPath& path_;
};

}  // namespace

nlohmann::json save_to_json(const SaveFile& save) {
  nlohmann::json levels = nlohmann::json::array();
  for (const auto& level : save.levels) {
    std::string md5;
    char digits[3];
    for (auto b : level.md5) {
      std::snprintf(digits, sizeof digits, "%02x", b);
      md5 += digits;
    }
    nlohmann::json values = nlohmann::json::array(), arrays = nlohmann::json::array(),
                   ints = nlohmann::json::array();
    for (const auto& [key, value] : level.values) values.push_back({text(key), text(value)});
    for (const auto& [key, items] : level.array_values) {
      nlohmann::json list = nlohmann::json::array();
      for (const auto& item : items) list.push_back(text(item));
      arrays.push_back({text(key), list});
    }
    for (const auto& [key, value] : level.int_values) ints.push_back({text(key), value});
    levels.push_back({{"campaign_id", text(level.campaign_id)},
                      {"save_category", text(level.save_category)},
                      {"save_name", text(level.save_name)},
                      {"md5", md5},
                      {"values", values},
                      {"array_values", arrays},
                      {"int_values", ints}});
  }
  return {{"format", kSaveFormatId}, {"version", save.version}, {"levels", levels}};
}

SaveFile save_from_json(const nlohmann::json& json, std::string_view file_name) {
  FieldPath path(file_name);
  const JsonReader r(path);
  if (!json.is_object() || !json.contains("format") || json["format"] != kSaveFormatId)
    r.fail("format",
           std::string("not an Overgrowth save dump (expected \"format\": \"") + kSaveFormatId + "\")");
  SaveFile out;
  const auto& version = r.member(json, "version");
  if (!version.is_number_integer() || version.get<std::int64_t>() < 0 || version.get<std::int64_t>() > 65535)
    r.fail("version", "expected a number from 0 to 65535");
  out.version = version.get<std::uint16_t>();
  const auto& levels = r.list(r.member(json, "levels"), "levels");
  for (std::size_t i = 0; i < levels.size(); ++i) {
    auto at_level = path.enter("levels", i);
    const auto& l = levels[i];
    SavedLevel level;
    level.campaign_id = r.string(r.member(l, "campaign_id"), "campaign_id");
    level.save_category = r.string(r.member(l, "save_category"), "save_category");
    level.save_name = r.string(r.member(l, "save_name"), "save_name");
    const auto& md5 = r.member(l, "md5");
    if (!md5.is_string() || md5.get<std::string>().size() != 32) r.fail("md5", "expected 32 hex digits");
    for (std::size_t b = 0; b < 16; ++b)
      level.md5[b] = r.byte(md5.get<std::string>().substr(2 * b, 2), "md5");
    // Element `i` of a [key, value] pair (or of a list) as a string: "values[2][0]".
    auto string_at = [&](const nlohmann::json& list, std::size_t i) {
      auto element = path.enter("", i);
      return r.string(list[i], "");
    };
    const auto& values = r.list(r.member(l, "values"), "values");
    for (std::size_t j = 0; j < values.size(); ++j) {
      auto field = path.enter("values", j);
      const auto& p = r.pair(values[j]);
      level.values.emplace_back(string_at(p, 0), string_at(p, 1));
    }
    const auto& arrays = r.list(r.member(l, "array_values"), "array_values");
    for (std::size_t j = 0; j < arrays.size(); ++j) {
      auto field = path.enter("array_values", j);
      const auto& p = r.pair(arrays[j]);
      std::string key = string_at(p, 0);
      std::vector<std::string> items;
      {
        auto item_list = path.enter("", 1);
        const auto& list = r.list(p[1], "");
        for (std::size_t k = 0; k < list.size(); ++k) items.push_back(string_at(list, k));
      }
      level.array_values.emplace_back(std::move(key), std::move(items));
    }
    const auto& ints = r.list(r.member(l, "int_values"), "int_values");
    for (std::size_t j = 0; j < ints.size(); ++j) {
      auto field = path.enter("int_values", j);
      const auto& p = r.pair(ints[j]);
      std::string key = string_at(p, 0);
      auto number = path.enter("", 1);
      if (!p[1].is_number_integer() || p[1].get<std::int64_t>() < INT32_MIN ||
          p[1].get<std::int64_t>() > INT32_MAX)
        r.fail("", "expected a 32-bit integer");
      level.int_values.emplace_back(std::move(key), p[1].get<std::int32_t>());
    }
    out.levels.push_back(std::move(level));
  }
  return out;
}

}  // namespace gamefmt::phoenix
