// The .fzx way back from glTF (way_back.hpp): the kept file while the scene writes it within round-off.
#include "phoenix/record_reader.hpp"
#include "phoenix/way_back.hpp"

namespace gamefmt::phoenix {
namespace {

constexpr const char* kRagdollKey = "phoenix.ragdoll";

bool same_object(const RagdollObject& kept, const RagdollObject& written) {
  std::array<float, 4> opposite = written.rotation_wxyz;
  for (auto& c : opposite) c = -c;
  return kept.label == written.label && same_stored_floats(kept.location, written.location) &&
         same_stored_floats(kept.scale, written.scale) &&
         (same_stored_floats(kept.rotation_wxyz, written.rotation_wxyz) ||
          same_stored_floats(kept.rotation_wxyz, opposite));
}

bool same_ragdoll(const Ragdoll& kept, const Ragdoll& written) {
  if (kept.version != written.version || kept.objects.size() != written.objects.size()) return false;
  for (std::size_t i = 0; i < kept.objects.size(); ++i)
    if (!same_object(kept.objects[i], written.objects[i])) return false;
  return true;
}

}  // namespace

std::optional<std::vector<std::byte>> unchanged_ragdoll_file(const scene::Scene& scene,
                                                             const Ragdoll& written,
                                                             std::string_view file_name) {
  return kept_file_when(
      member(scene.extras, kRagdollKey),
      [&](std::span<const std::byte> bytes) { return read_ragdoll(bytes, file_name); },
      [&](const Ragdoll& kept) { return same_ragdoll(kept, written); });
}

}  // namespace gamefmt::phoenix
