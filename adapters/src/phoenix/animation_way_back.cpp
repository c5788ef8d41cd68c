// The .anm way back from glTF (way_back.hpp): the kept file while the scene writes it within round-off.
#include "phoenix/phoenix_space.hpp"
#include "phoenix/record_reader.hpp"
#include "phoenix/rig_scene.hpp"
#include "phoenix/way_back.hpp"

namespace gamefmt::phoenix {
namespace {

constexpr const char* kAnimationsKey = "phoenix.animations";

// Every field of a key but its bone matrices and centring (which the matrices take in) is the same.
bool same_key_fields(AnimationKeyframe kept, const AnimationKeyframe& written) {
  kept.bone_matrices = written.bone_matrices;
  kept.centre_rotation = written.centre_rotation;
  kept.centre_offset = written.centre_offset;
  return kept == written;
}

bool same_animation(const Animation& kept, const Animation& written) {
  if (kept.looping != written.looping || kept.start != written.start || kept.end != written.end ||
      kept.keyframes.size() != written.keyframes.size())
    return false;
  for (std::size_t k = 0; k < kept.keyframes.size(); ++k) {
    const auto& matrices = written.keyframes[k].bone_matrices;
    if (!same_key_fields(kept.keyframes[k], written.keyframes[k]) ||
        kept.keyframes[k].bone_matrices.size() != matrices.size())
      return false;
    // The matrices as the importer plays them (uncentred, scale dropped), the origin left out as the writer
    // leaves it out.
    const auto played = key_world_matrices(kept, k, Vec3{});
    for (std::size_t b = 0; b < matrices.size(); ++b)
      if (!same_stored_floats(to_engine(played[b]), matrices[b])) return false;
  }
  return true;
}

}  // namespace

std::optional<std::vector<std::byte>> unchanged_animation_file(const scene::Scene& scene,
                                                               std::string_view clip,
                                                               const Animation& written,
                                                               std::string_view file_name) {
  return kept_file_when(
      member(member(scene.extras, kAnimationsKey), clip),
      [&](std::span<const std::byte> bytes) { return read_animation(bytes, file_name); },
      [&](const Animation& kept) { return same_animation(kept, written); });
}

}  // namespace gamefmt::phoenix
