#include "gamefmt/asobo/skeleton_object.hpp"

#include <string>

#include "gamefmt/core/byte_reader.hpp"

namespace gamefmt::asobo {

SkeletonObject read_skeleton_object(std::span<const std::byte> body, std::string_view file_name,
                                    ByteOrder order) {
  ByteReader r(body, file_name, order);
  SkeletonObject skeleton;
  skeleton.flags = r.u32("flags");
  r.skip(16, "bounding_sphere");
  skeleton.bones.resize(r.count(r.u32("bones"), kSkeletonBoneSize, "bones"));
  std::vector<std::size_t> parent_offsets(skeleton.bones.size());
  for (std::size_t i = 0; i < skeleton.bones.size(); ++i) {
    auto field = r.enter("bones", i);
    auto& bone = skeleton.bones[i];
    r.skip(164, "local_transform_and_placeholders");
    r.read_array(bone.transformation, "transformation");
    parent_offsets[i] = r.absolute_offset();
    bone.parent = r.i32("parent_index");
    r.skip(12, "child_and_sibling_indices");
    bone.name = r.u32("bone_name");
  }
  const auto bone_count = static_cast<std::int64_t>(skeleton.bones.size());
  for (std::size_t i = 0; i < skeleton.bones.size(); ++i) {
    const std::int32_t parent = skeleton.bones[i].parent;
    if (parent < -1 || parent >= bone_count || parent == static_cast<std::int64_t>(i)) {
      auto field = r.enter("bones", i);
      r.fail_at(parent_offsets[i], "parent_index",
                "parent " + std::to_string(parent) + " is not -1 or another of the " +
                    std::to_string(bone_count) + " bones");
    }
  }
  // Each bone is visited once: walk up until a root or a bone already known to reach one.
  enum class Mark : std::uint8_t { unvisited, on_path, reaches_root };
  std::vector<Mark> marks(skeleton.bones.size(), Mark::unvisited);
  std::vector<std::size_t> path;
  for (std::size_t i = 0; i < skeleton.bones.size(); ++i) {
    path.clear();
    std::int64_t walk = static_cast<std::int64_t>(i);
    while (walk != -1 && marks[static_cast<std::size_t>(walk)] != Mark::reaches_root) {
      const auto bone = static_cast<std::size_t>(walk);
      if (marks[bone] == Mark::on_path) {
        auto field = r.enter("bones", bone);
        r.fail_at(parent_offsets[bone], "parent_index", "the parents of this bone form a loop");
      }
      marks[bone] = Mark::on_path;
      path.push_back(bone);
      walk = skeleton.bones[bone].parent;
    }
    for (const std::size_t bone : path) marks[bone] = Mark::reaches_root;
  }
  return skeleton;
}

}  // namespace gamefmt::asobo
