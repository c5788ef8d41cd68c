#include "lenient_checks.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "gamefmt/core/byte_order.hpp"
#include "gamefmt/core/file_io.hpp"
#include "test_support.hpp"

namespace gamefmt::test {

void check_cli_tolerates(const std::vector<std::byte>& bytes, const std::string& name,
                         const std::string& warning_text) {
  TempDir dir;
  const auto input = dir / name;
  write_file_atomically(input, bytes);
  const auto converted = run_gamefmt({"convert", input.string(), "-o", (dir / (name + ".glb")).string()});
  INFO(converted.output);
  CHECK(converted.exit_code == 0);
  CHECK_THAT(converted.output, Catch::Contains("warning") && Catch::Contains(warning_text));

  const auto info = run_gamefmt({"info", input.string(), "--json"});
  INFO(info.output);
  REQUIRE(info.exit_code == 0);
  const auto json = nlohmann::json::parse(info.output, nullptr, false);
  REQUIRE(json.contains("warnings"));
  std::vector<std::string> warnings;
  for (const auto& line : json["warnings"]) warnings.push_back(line.get<std::string>());
  CHECK(has_warning(warnings, {warning_text}));

  const auto same = dir / ("same_" + name);
  const auto rewritten = run_gamefmt({"convert", input.string(), "-o", same.string()});
  INFO(rewritten.output);
  REQUIRE(rewritten.exit_code == 0);
  CHECK(read_bytes(same) == bytes);
}

bool has_warning(const std::vector<std::string>& warnings, const std::vector<std::string>& parts) {
  for (const auto& warning : warnings) {
    bool all = true;
    for (const auto& part : parts) all = all && warning.find(part) != std::string::npos;
    if (all) return true;
  }
  return false;
}

std::vector<std::size_t> xray_chunk_offsets(const std::vector<std::byte>& bytes, std::size_t start,
                                            std::size_t end) {
  std::vector<std::size_t> offsets;
  for (std::size_t at = start; at + 8 <= end; at += 8 + u32_at(bytes, at + 4)) offsets.push_back(at);
  return offsets;
}

std::uint32_t u32_at(const std::vector<std::byte>& bytes, std::size_t at) {
  return load_value<std::uint32_t>(bytes.data() + at, ByteOrder::little);
}

void set_u32_at(std::vector<std::byte>& bytes, std::size_t at, std::uint32_t value) {
  store_value<std::uint32_t>(bytes.data() + at, value, ByteOrder::little);
}

}  // namespace gamefmt::test
