#include "asobo/archive_objects.hpp"

#include <set>
#include <unordered_map>

#include "gamefmt/asobo/lz.hpp"
#include "gamefmt/core/field_path.hpp"

namespace gamefmt::asobo {

std::vector<ArchiveObject> list_objects(const BigFile& archive) {
  std::unordered_map<std::uint32_t, const StoredBody*> pool_bodies;
  if (archive.pool)
    for (const auto& res : archive.pool->resources) pool_bodies.try_emplace(res.name, &res.body);
  std::vector<ArchiveObject> objects;
  std::set<std::uint32_t> seen;
  for (const auto& block : archive.blocks)
    for (const auto& res : block.resources) {
      if (!seen.insert(res.name).second) continue;
      const StoredBody* body = &res.body;
      if (res.pooled) {
        const auto found = pool_bodies.find(res.name);
        body = found == pool_bodies.end() ? nullptr : found->second;
      }
      objects.push_back({res.class_name, res.name, &res, body});
    }
  return objects;
}

std::vector<std::byte> object_body(const ArchiveObject& object, const std::string& object_file) {
  if (object.body == nullptr)
    FieldPath(object_file).fail("body", "pooled, but the pool holds no body of its name");
  if (!object.body->compressed) return object.body->bytes;
  return lz_decompress(object.body->bytes, object_file);
}

}  // namespace gamefmt::asobo
