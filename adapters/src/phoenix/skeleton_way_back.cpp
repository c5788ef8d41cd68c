// The .phxbn way back from glTF (way_back.hpp): the kept file while the scene writes it within round-off.
#include <cmath>
#include <map>

#include "gamefmt/core/format_error.hpp"
#include "phoenix/record_reader.hpp"
#include "phoenix/way_back.hpp"

namespace gamefmt::phoenix {
namespace {

constexpr const char* kSkeletonKey = "phoenix.skeleton";
constexpr const char* kCornersKey = "file_corners";

// A corner's weights by bone, divided by their sum (positive weights only).
std::map<float, float> corner_influences(const std::array<float, 4>& weights,
                                         const std::array<float, 4>& bones) {
  std::map<float, float> out;
  float sum = 0;
  for (std::size_t k = 0; k < 4; ++k)
    if (weights[k] > 0) {
      out[bones[k]] += weights[k];
      sum += weights[k];
    }
  for (auto& [bone, weight] : out) weight /= sum;
  return out;
}

bool same_corner_weights(const Skeleton& kept, const Skeleton& written) {
  if (kept.corner_weights.size() != written.corner_weights.size()) return false;
  for (std::size_t c = 0; c < kept.corner_weights.size(); ++c) {
    const auto expected = corner_influences(kept.corner_weights[c], kept.corner_bone_ids[c]);
    const auto actual = corner_influences(written.corner_weights[c], written.corner_bone_ids[c]);
    if (expected.size() != actual.size()) return false;
    for (auto e = expected.begin(), a = actual.begin(); e != expected.end(); ++e, ++a)
      if (e->first != a->first || !same_stored_floats(std::array{e->second}, std::array{a->second}))
        return false;
  }
  return true;
}

// The bone hierarchy the importer built the joints from: the stored one, or none (every bone a root).
std::vector<std::int32_t> imported_parents(const Skeleton& kept) {
  const auto* parents = kept.parents();
  if (parents != nullptr && parents->size() == kept.bone_ends.size()) return *parents;
  return std::vector<std::int32_t>(kept.bone_ends.size(), -1);
}

bool same_skeleton(const Skeleton& kept, const Skeleton& written) {
  if (kept.rigging_stage != written.rigging_stage || kept.bone_ends != written.bone_ends ||
      kept.ik_bones != written.ik_bones || !same_stored_floats(kept.points, written.points))
    return false;
  if (kept.version >= 8
          ? kept.point_parents != written.point_parents || kept.bone_parents != written.bone_parents
          : imported_parents(kept) != written.bone_parents)
    return false;
  if (kept.version >= 6 && !same_stored_floats(kept.bone_masses, written.bone_masses)) return false;
  if (kept.version >= 7 && !same_stored_floats(kept.bone_centres_of_mass, written.bone_centres_of_mass))
    return false;
  if (!kept.has_weights_block()) return true;
  return kept.hier_parents == written.hier_parents && kept.joints == written.joints &&
         same_corner_weights(kept, written);
}

// The model's corner count the record keeps with the file: a whole number (tools write them as reals too).
std::optional<std::size_t> kept_corner_count(const nlohmann::json& record) {
  const auto& count = member(record, kCornersKey);
  if (!count.is_number()) return std::nullopt;
  const double value = count.get<double>();
  if (value >= 0 && value <= 1e12 && value == std::floor(value)) return static_cast<std::size_t>(value);
  return std::nullopt;
}

}  // namespace

std::optional<Skeleton> kept_skeleton(const scene::Scene& scene, std::string_view file_name) {
  const auto& record = member(scene.extras, kSkeletonKey);
  const auto bytes = kept_file(record);
  if (!bytes) return std::nullopt;
  try {
    return read_skeleton(*bytes, file_name, kept_corner_count(record));
  } catch (const FormatError&) {
    return std::nullopt;  // not a file the importer read
  }
}

std::optional<std::vector<std::byte>> unchanged_skeleton_file(const scene::Scene& scene,
                                                              const Skeleton& written,
                                                              std::string_view file_name) {
  const auto& record = member(scene.extras, kSkeletonKey);
  return kept_file_when(
      record,
      [&](std::span<const std::byte> bytes) {
        return read_skeleton(bytes, file_name, kept_corner_count(record));
      },
      [&](const Skeleton& kept) { return same_skeleton(kept, written); });
}

}  // namespace gamefmt::phoenix
