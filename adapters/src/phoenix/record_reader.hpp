#pragma once
// Reading the records the Overgrowth adapters keep in extras ("phoenix.skeleton", "phoenix.animations",
// "phoenix.ragdoll" and the joints' "phoenix.*" keys) on the way back. They come from glTF files that users
// and other tools edited, so every value is checked, and one of the wrong type is a FormatError naming its
// field.
#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/core/field_path.hpp"

namespace gamefmt::phoenix {

// The member `key` of `record`, or null when there is none (or `record` is no object). A null member counts
// as missing, as it did when extras passed through Assimp metadata, which cannot hold null.
const nlohmann::json& member(const nlohmann::json& record, std::string_view key);
// The member, or `fallback` when it is missing.
nlohmann::json member_or(const nlohmann::json& record, std::string_view key, nlohmann::json fallback);

class RecordReader {
 public:
  explicit RecordReader(const FieldPath& path) : path_(path) {}

  // Each reads `value`; `leaf` names it (after the path) in errors.
  float number(const nlohmann::json& value, std::string_view leaf) const;
  // A whole number that fits 32 bits (2.0 counts: tools write whole numbers as reals).
  std::int32_t integer(const nlohmann::json& value, std::string_view leaf) const;
  std::string string(const nlohmann::json& value, std::string_view leaf) const;
  template <std::size_t N>
  std::array<float, N> floats(const nlohmann::json& value, std::string_view leaf) const {
    if (!value.is_array() || value.size() != N) fail(leaf, "expected " + std::to_string(N) + " numbers");
    std::array<float, N> out{};
    for (std::size_t i = 0; i < N; ++i) out[i] = number(value[i], leaf);
    return out;
  }
  // Lists: an empty one is null after glTF extras (which leave empty lists out) and an empty object when it
  // came through Assimp metadata; both read as empty.
  std::vector<float> float_list(const nlohmann::json& value, std::string_view leaf) const;
  std::vector<std::int32_t> int_list(const nlohmann::json& value, std::string_view leaf) const;
  // The items of a list of records (an array, possibly empty).
  const nlohmann::json& items(const nlohmann::json& value, std::string_view leaf) const;

  [[noreturn]] void fail(std::string_view leaf, std::string problem) const {
    path_.fail(leaf, std::move(problem));
  }

 private:
  const FieldPath& path_;
};

}  // namespace gamefmt::phoenix
