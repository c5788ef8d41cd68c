// libFuzzer target for one format reader, named by each target's gamefmt_fuzz_format_id: the bytes go through
// the lossless reader/writer, the scene importer, the glTF writer and the format's own exporter. Only
// FormatError may come out; anything else (a crash, a sanitizer report, another exception, a timeout, a huge
// allocation) is a finding.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/gltf/gltf_reader.hpp"
#include "gamefmt/gltf/gltf_writer.hpp"

extern const char* const gamefmt_fuzz_format_id;  // defined by each target (fuzz/CMakeLists.txt)

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);
  static const std::string_view id = gamefmt_fuzz_format_id;
  try {
    if (id == "gltf") {
      const auto scene = gamefmt::gltf::read_gltf(bytes, "fuzz.glb");
      (void)gamefmt::gltf::write_gltf(*scene, {}, "fuzz.glb");
    } else {
      static const auto* handler = gamefmt::find_handler_by_id(id);
      if (handler == nullptr) __builtin_trap();
      const auto& d = handler->description();
      // Formats known by file name only (X-Ray's `level`) have no extension.
      const std::string name = d.extensions.empty() ? d.file_names.front() : "fuzz." + d.extensions.front();
      if (d.can_rewrite) (void)handler->rewrite(bytes, name);
      if (d.can_import) {
        gamefmt::ImportRequest request;
        request.primary = {name, {bytes.begin(), bytes.end()}};
        const auto scene = handler->import_scene(request);
        (void)gamefmt::gltf::write_gltf(*scene, {}, "fuzz.glb");
        // The way back too: whatever a damaged file imports as must export as its format or give a
        // FormatError.
        if (d.can_export && handler->takes_scene(*scene)) (void)handler->export_scene(*scene, {}, name);
      }
    }
  } catch (const gamefmt::FormatError&) {
  }
  return 0;
}
