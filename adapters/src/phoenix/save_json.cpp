#include "save_json.hpp"

#include <cstdio>

#include "gamefmt/core/format_error.hpp"

namespace gamefmt::assimp {
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

class JsonReader {
 public:
  explicit JsonReader(std::string_view file) : file_(file) {}

  [[noreturn]] void fail(const std::string& field, const std::string& problem) const {
    throw FormatError(file_, std::nullopt, field, problem);
  }
  const nlohmann::json& member(const nlohmann::json& object, const char* key,
                               const std::string& field) const {
    if (!object.is_object() || !object.contains(key)) fail(field + "." + key, "missing");
    return object.at(key);
  }
  const nlohmann::json& list(const nlohmann::json& value, const std::string& field) const {
    if (!value.is_array()) fail(field, "expected an array");
    if (value.size() > 65535) fail(field, "more than 65535 entries");
    return value;
  }
  std::string string(const nlohmann::json& value, const std::string& field) const {
    if (value.is_string()) return value.get<std::string>();
    if (value.is_object() && value.size() == 1 && value.contains("hex") && value["hex"].is_string()) {
      const auto hex = value["hex"].get<std::string>();
      if (hex.size() % 2 != 0) fail(field, "odd number of hex digits");
      std::string out;
      for (std::size_t i = 0; i < hex.size(); i += 2) out += static_cast<char>(byte(hex.substr(i, 2), field));
      return out;
    }
    fail(field, "expected a string (or {\"hex\": ...})");
  }
  std::uint8_t byte(const std::string& two, const std::string& field) const {
    auto digit = [&](char c) -> int {
      if (c >= '0' && c <= '9') return c - '0';
      if (c >= 'a' && c <= 'f') return c - 'a' + 10;
      if (c >= 'A' && c <= 'F') return c - 'A' + 10;
      fail(field, "not a hex digit: '" + std::string(1, c) + "'");
    };
    return static_cast<std::uint8_t>(digit(two[0]) * 16 + digit(two[1]));
  }
  const nlohmann::json& pair(const nlohmann::json& value, const std::string& field) const {
    if (!value.is_array() || value.size() != 2) fail(field, "expected a [key, value] pair");
    return value;
  }

 private:
  std::string file_;
};

}  // namespace

nlohmann::json save_to_json(const phoenix::SaveFile& save) {
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

phoenix::SaveFile save_from_json(const nlohmann::json& json, std::string_view file_name) {
  const JsonReader r(file_name);
  if (!json.is_object() || !json.contains("format") || json["format"] != kSaveFormatId)
    r.fail("format",
           std::string("not an Overgrowth save dump (expected \"format\": \"") + kSaveFormatId + "\")");
  phoenix::SaveFile out;
  const auto& version = r.member(json, "version", "");
  if (!version.is_number_integer() || version.get<std::int64_t>() < 0 || version.get<std::int64_t>() > 65535)
    r.fail("version", "expected a number from 0 to 65535");
  out.version = version.get<std::uint16_t>();
  const auto& levels = r.list(r.member(json, "levels", ""), "levels");
  for (std::size_t i = 0; i < levels.size(); ++i) {
    const std::string at = "levels[" + std::to_string(i) + "]";
    const auto& l = levels[i];
    phoenix::SavedLevel level;
    level.campaign_id = r.string(r.member(l, "campaign_id", at), at + ".campaign_id");
    level.save_category = r.string(r.member(l, "save_category", at), at + ".save_category");
    level.save_name = r.string(r.member(l, "save_name", at), at + ".save_name");
    const auto& md5 = r.member(l, "md5", at);
    if (!md5.is_string() || md5.get<std::string>().size() != 32)
      r.fail(at + ".md5", "expected 32 hex digits");
    for (std::size_t b = 0; b < 16; ++b)
      level.md5[b] = r.byte(md5.get<std::string>().substr(2 * b, 2), at + ".md5");
    const auto& values = r.list(r.member(l, "values", at), at + ".values");
    for (std::size_t j = 0; j < values.size(); ++j) {
      const std::string field = at + ".values[" + std::to_string(j) + "]";
      const auto& p = r.pair(values[j], field);
      level.values.emplace_back(r.string(p[0], field + "[0]"), r.string(p[1], field + "[1]"));
    }
    const auto& arrays = r.list(r.member(l, "array_values", at), at + ".array_values");
    for (std::size_t j = 0; j < arrays.size(); ++j) {
      const std::string field = at + ".array_values[" + std::to_string(j) + "]";
      const auto& p = r.pair(arrays[j], field);
      std::vector<std::string> items;
      const auto& list = r.list(p[1], field + "[1]");
      for (std::size_t k = 0; k < list.size(); ++k)
        items.push_back(r.string(list[k], field + "[1][" + std::to_string(k) + "]"));
      level.array_values.emplace_back(r.string(p[0], field + "[0]"), std::move(items));
    }
    const auto& ints = r.list(r.member(l, "int_values", at), at + ".int_values");
    for (std::size_t j = 0; j < ints.size(); ++j) {
      const std::string field = at + ".int_values[" + std::to_string(j) + "]";
      const auto& p = r.pair(ints[j], field);
      if (!p[1].is_number_integer() || p[1].get<std::int64_t>() < INT32_MIN ||
          p[1].get<std::int64_t>() > INT32_MAX)
        r.fail(field + "[1]", "expected a 32-bit integer");
      level.int_values.emplace_back(r.string(p[0], field + "[0]"), p[1].get<std::int32_t>());
    }
    out.levels.push_back(std::move(level));
  }
  return out;
}

}  // namespace gamefmt::assimp
