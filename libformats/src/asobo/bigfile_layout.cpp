#include "bigfile_layout.hpp"

#include <unordered_map>

namespace gamefmt::asobo::layout {

std::size_t resource_record_size(const BigFileResource& resource) {
  return kResourceHeaderSize + resource.link_header.size() +
         (resource.pooled ? 0 : resource.body.bytes.size());
}

std::size_t pool_record_size(const PoolResource& resource) {
  return kResourceHeaderSize + resource.body.bytes.size();
}

HeaderStart read_header_start(ByteReader& r, const std::string& version_text) {
  const auto version = parse_bigfile_version(version_text);
  if (!version || format_bigfile_version(*version) != version_text)
    r.fail_at(0, "version", "'" + version_text + "' is not an Asobo BigFile version string");
  if (*version < kBigFileOldestVersion || *version > kBigFileNewestVersion)
    r.fail_at(0, "version",
              version_text + " is outside the supported " + format_bigfile_version(kBigFileOldestVersion) +
                  " .. " + format_bigfile_version(kBigFileNewestVersion));
  HeaderStart start{*version};
  start.bigfile_type = r.u32("bigfile_type");
  if (start.bigfile_type > 1)
    r.fail_at(0x100, "bigfile_type",
              std::to_string(start.bigfile_type) + " is neither 0 (RTC) nor 1 (normal)");
  start.block_count = r.u32("block_count");
  if (start.block_count > kBigFileMaxBlocks)
    r.fail_at(0x104, "block_count", std::to_string(start.block_count) + " blocks, at most 64 fit the header");
  return start;
}

PoolTables pool_tables(const BigFilePool& pool, std::size_t pool_begin) {
  PoolTables t;
  const std::size_t header_size =
      4 * 3                                   // 0x80000, 0x800, names_count_sum
      + 4 + 4 * pool.resource_indices.size()  // resource_indices
      + 4 * (4 + 4 * pool.entries.size())     // the four entry arrays
      + 4 + kPoolReferenceRecordSize * (pool.reference_records.size() + 1);  // + sentinel
  t.padded_header_size = pad_to_sector(header_size);
  for (const auto& record : pool.reference_records) t.names_count_sum += record.names_count;

  std::unordered_map<std::uint32_t, std::uint32_t> sectors_by_name, references_by_name;
  for (std::size_t i = 0; i < pool.resource_indices.size(); ++i) {
    const std::uint32_t name = pool.entries[pool.resource_indices[i]].name;
    sectors_by_name[name] =
        static_cast<std::uint32_t>(pad_to_sector(pool_record_size(pool.resources[i])) / kBigFileSectorSize);
    ++references_by_name[name];
  }
  for (const auto& entry : pool.entries) {
    t.reference_counts.push_back(references_by_name[entry.name]);
    t.padded_sectors.push_back(sectors_by_name[entry.name]);
  }

  // Sector where each resource index's record starts, by the padded size of its entry's name.
  std::vector<std::uint64_t> starts(pool.resource_indices.size() + 1);
  starts[0] = (pool_begin + t.padded_header_size) / kBigFileSectorSize;
  for (std::size_t i = 0; i < pool.resource_indices.size(); ++i)
    starts[i + 1] = starts[i] + sectors_by_name[pool.entries[pool.resource_indices[i]].name];
  for (const auto& record : pool.reference_records) {
    const std::size_t first = record.names_start_index, last = first + record.names_count;
    t.start_chunks.push_back(static_cast<std::uint32_t>(starts[first]));
    t.end_chunks.push_back(static_cast<std::uint32_t>(starts[first] + (starts[last] - starts[first])));
  }
  return t;
}

}  // namespace gamefmt::asobo::layout
