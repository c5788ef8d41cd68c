// The libFuzzer driver of every target: the bytes go through exercise::input_for with the target's id (a
// format id, "gltf", "dds", "grimrock-scripts" or "grimrock-mod"; see tests/exercise/exercise.hpp). Only
// FormatError may come out; anything else (a crash, a sanitizer report, another exception, a timeout, a huge
// allocation) is a finding.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "exercise.hpp"

extern const char* const gamefmt_fuzz_input_id;  // defined by each target (fuzz/CMakeLists.txt)

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string_view id = gamefmt_fuzz_input_id;
  if (!gamefmt::exercise::input_for(
          id, std::span<const std::byte>(reinterpret_cast<const std::byte*>(data), size)))
    __builtin_trap();  // a target named after nothing gamefmt reads
  return 0;
}
