// libFuzzer target for the Grimrock material script reader: any bytes run as a Lua script in the sandbox. The
// reader promises never to throw and to stop every script within its limits; a crash, a sanitizer report, an
// exception or a timeout is a finding.
#include <cstddef>
#include <cstdint>
#include <span>

#include "gamefmt/shinobi/material_scripts.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // Small limits keep each input fast; the mechanisms are the same at any size.
  gamefmt::shinobi::ScriptLimits limits;
  limits.instructions_per_script = 200'000;
  limits.seconds_per_script = 1;
  limits.memory_bytes = 16u << 20;
  const auto library = gamefmt::shinobi::read_material_script(
      std::span<const std::byte>(reinterpret_cast<const std::byte*>(data), size), "fuzz.lua", limits);
  // Touch what a converter reads, so that the sanitizers see every string and JSON value.
  std::size_t total = 0;
  for (const auto& material : library.materials)
    total += material.name.size() + material.diffuse_map.size() + material.fields.dump().size();
  return total == std::size_t(-1) ? 1 : 0;
}
