#include "phoenix/way_back.hpp"

#include "core/kept_bytes.hpp"
#include "core/round_off.hpp"
#include "phoenix/record_reader.hpp"

namespace gamefmt::phoenix {

namespace {
constexpr const char* kFileKey = "file";
}  // namespace

void keep_file(nlohmann::json& record, std::span<const std::byte> bytes) {
  if (!bytes.empty()) record[kFileKey] = kept_bytes_json(bytes);
}

std::optional<std::vector<std::byte>> kept_file(const nlohmann::json& record) {
  return kept_bytes(member(record, kFileKey));
}

bool same_stored_floats(std::span<const float> expected, std::span<const float> actual) {
  return same_within_round_off(expected, actual);
}

}  // namespace gamefmt::phoenix
