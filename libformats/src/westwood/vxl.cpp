#include "gamefmt/westwood/vxl.hpp"

#include <algorithm>
#include <cstring>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/format_error.hpp"
#include "name_field.hpp"

namespace gamefmt::westwood {
namespace {

std::string column_field(std::size_t limb, std::size_t column) {
  return "limbs[" + std::to_string(limb) + "].spans[" + std::to_string(column) + "]";
}

VxlLimbTailer read_tailer(ByteReader& r) {
  VxlLimbTailer t;
  t.span_start_offset = r.u32("span_start_offset");
  t.span_end_offset = r.u32("span_end_offset");
  t.span_data_offset = r.u32("span_data_offset");
  t.scale = r.f32("scale");
  r.read_array(t.transform, "transform");
  r.read_array(t.min_bounds, "min_bounds");
  r.read_array(t.max_bounds, "max_bounds");
  t.size_x = r.u8("size_x");
  t.size_y = r.u8("size_y");
  t.size_z = r.u8("size_z");
  t.normals_type = r.u8("normals_type");
  return t;
}

std::size_t column_count(const VxlLimbTailer& t) {
  return std::size_t(t.size_x) * t.size_y;
}

}  // namespace

std::string name_text(const NameField& field) {
  const auto end = std::find(field.begin(), field.end(), '\0');
  return {field.begin(), end};
}

NameField make_name_field(std::string_view text) {
  NameField field{};
  std::memcpy(field.data(), text.data(), std::min(text.size(), field.size() - 1));
  return field;
}

std::size_t VoxelGrid::filled_count() const {
  return static_cast<std::size_t>(
      std::count_if(cells.begin(), cells.end(), [](const Voxel& v) { return v.filled; }));
}

VxlFile read_vxl(std::span<const std::byte> data, std::string_view file_name) {
  ByteReader r(data, file_name, ByteOrder::little);
  VxlFile file;
  r.collect_warnings(&file.warnings);
  file.magic = read_name(r, "magic");
  if (std::string_view(file.magic.data(), 15) != kVxlMagic.substr(0, 15))
    r.fail_at(0, "magic", "not a VXL file (expected \"Voxel Animation\")");
  file.palette_count = r.u32("palette_count");
  const auto limb_count_offset = r.absolute_offset();
  const auto limb_count = r.u32("limb_count");
  const auto tailer_count = r.u32("tailer_count");
  if (tailer_count != limb_count)
    r.fail_at(limb_count_offset + 4, "tailer_count",
              "tailer count " + std::to_string(tailer_count) + " differs from limb count " +
                  std::to_string(limb_count));
  const auto body_size_offset = r.absolute_offset();
  const auto body_size = r.u32("body_size");
  file.remap_start = r.u8("remap_start");
  file.remap_end = r.u8("remap_end");
  r.read_array(file.palette, "palette");

  const std::size_t limbs = r.count(limb_count, kVxlLimbHeaderSize + kVxlLimbTailerSize, "limb_count");
  if (body_size > r.remaining() - limbs * (kVxlLimbHeaderSize + kVxlLimbTailerSize))
    r.fail_at(body_size_offset, "body_size",
              "body of " + std::to_string(body_size) + " bytes does not fit in the " +
                  std::to_string(r.remaining()) + " bytes left");
  file.limbs.resize(limbs);
  for (std::size_t i = 0; i < limbs; ++i) {
    auto f = r.enter("limb_headers", i);
    auto& h = file.limbs[i].header;
    h.name = read_name(r, "name");
    h.number = r.u32("number");
    h.unknown1 = r.u32("unknown1");
    h.unknown2 = r.u32("unknown2");
  }
  const std::uint64_t body_offset = r.absolute_offset();
  auto body = r.sub_reader(body_size, "body");
  for (std::size_t i = 0; i < limbs; ++i) {
    auto f = r.enter("tailers", i);
    file.limbs[i].tailer = read_tailer(r);
  }
  if (!r.at_end()) {  // the game reads no further
    r.warn("", std::to_string(r.remaining()) + " bytes after the last tailer are not read; they are kept");
    const auto rest = r.bytes(r.remaining(), "trailing_bytes");
    file.trailing_bytes.assign(rest.begin(), rest.end());
  }

  // Each limb's body starts where the previous one ends: start table, end table, span data.
  const std::uint64_t tailers_offset = body_offset + body_size;
  for (std::size_t i = 0; i < limbs; ++i) {
    auto& limb = file.limbs[i];
    const auto& t = limb.tailer;
    const std::uint64_t tailer_at = tailers_offset + i * kVxlLimbTailerSize;
    const std::string field = "tailers[" + std::to_string(i) + "]";
    const std::uint64_t columns = column_count(t);
    const std::uint64_t region_end = i + 1 < limbs ? file.limbs[i + 1].tailer.span_start_offset : body_size;
    if (i == 0 && t.span_start_offset != 0)
      throw FormatError(std::string(file_name), tailer_at, field + ".span_start_offset",
                        "first limb body starts at " + std::to_string(t.span_start_offset) + ", not at 0");
    if (t.span_end_offset != t.span_start_offset + 4 * columns)
      throw FormatError(std::string(file_name), tailer_at + 4, field + ".span_end_offset",
                        "span end table at " + std::to_string(t.span_end_offset) + ", expected " +
                            std::to_string(t.span_start_offset + 4 * columns));
    if (t.span_data_offset != t.span_start_offset + 8 * columns)
      throw FormatError(std::string(file_name), tailer_at + 8, field + ".span_data_offset",
                        "span data at " + std::to_string(t.span_data_offset) + ", expected " +
                            std::to_string(t.span_start_offset + 8 * columns));
    if (region_end > body_size || t.span_data_offset > region_end)
      throw FormatError(std::string(file_name), tailer_at, field + ".span_start_offset",
                        "limb body [" + std::to_string(t.span_start_offset) + ", " +
                            std::to_string(t.span_data_offset) + ") lies outside the body (" +
                            std::to_string(body_size) + " bytes) or overlaps the next limb at " +
                            std::to_string(region_end));
    auto f = body.enter("limbs", i);
    body.seek(t.span_start_offset, "span_start");
    limb.body.span_start.resize(columns);
    body.read_array(limb.body.span_start, "span_start");
    limb.body.span_end.resize(columns);
    body.read_array(limb.body.span_end, "span_end");
    const auto span_data = body.bytes(region_end - t.span_data_offset, "span_data");
    limb.body.span_data.assign(span_data.begin(), span_data.end());
    (void)decode_limb_voxels(limb, file_name, body_offset + t.span_data_offset, i);  // validates every column
  }
  return file;
}

std::vector<std::byte> write_vxl(const VxlFile& file, std::string_view file_name) {
  std::size_t body_size = 0;
  for (const auto& limb : file.limbs) {
    const std::size_t columns = column_count(limb.tailer);
    if (limb.body.span_start.size() != columns || limb.body.span_end.size() != columns)
      throw FormatError(std::string(file_name), std::nullopt, "limbs." + name_text(limb.header.name),
                        "span tables do not have size_x * size_y entries");
    body_size += 8 * columns + limb.body.span_data.size();
  }
  if (body_size > 0xffffffffu)
    throw FormatError(std::string(file_name), std::nullopt, "body_size", "body over 4 GiB");
  ByteWriter w(ByteOrder::little, kVxlHeaderSize + body_size + file.limbs.size() * 120);
  write_name(w, file.magic);
  w.u32(file.palette_count);
  w.u32(static_cast<std::uint32_t>(file.limbs.size()));
  w.u32(static_cast<std::uint32_t>(file.limbs.size()));
  w.u32(static_cast<std::uint32_t>(body_size));
  w.u8(file.remap_start);
  w.u8(file.remap_end);
  w.write_array(file.palette);
  for (const auto& limb : file.limbs) {
    write_name(w, limb.header.name);
    w.u32(limb.header.number);
    w.u32(limb.header.unknown1);
    w.u32(limb.header.unknown2);
  }
  std::vector<std::uint32_t> starts;
  std::uint32_t at = 0;
  for (const auto& limb : file.limbs) {
    starts.push_back(at);
    w.write_array(limb.body.span_start);
    w.write_array(limb.body.span_end);
    w.bytes(limb.body.span_data);
    at += static_cast<std::uint32_t>(8 * column_count(limb.tailer) + limb.body.span_data.size());
  }
  for (std::size_t i = 0; i < file.limbs.size(); ++i) {
    const auto& t = file.limbs[i].tailer;
    const auto columns = static_cast<std::uint32_t>(column_count(t));
    w.u32(starts[i]);
    w.u32(starts[i] + 4 * columns);
    w.u32(starts[i] + 8 * columns);
    w.f32(t.scale);
    w.write_array(t.transform);
    w.write_array(t.min_bounds);
    w.write_array(t.max_bounds);
    w.u8(t.size_x);
    w.u8(t.size_y);
    w.u8(t.size_z);
    w.u8(t.normals_type);
  }
  w.bytes(file.trailing_bytes);
  return w.take();
}

VoxelGrid decode_limb_voxels(const VxlLimb& limb, std::string_view file_name, std::uint64_t data_file_offset,
                             std::size_t limb_index) {
  const auto& t = limb.tailer;
  const auto& body = limb.body;
  VoxelGrid grid(t.size_x, t.size_y, t.size_z);
  const std::size_t columns = grid.size_x * grid.size_y;
  if (body.span_start.size() != columns || body.span_end.size() != columns)
    throw FormatError(std::string(file_name), std::nullopt, "spans",
                      "span tables do not have size_x * size_y entries");
  const auto* data = reinterpret_cast<const std::uint8_t*>(body.span_data.data());
  const std::int64_t data_size = static_cast<std::int64_t>(body.span_data.size());
  for (std::size_t c = 0; c < columns; ++c) {
    const std::int64_t start = body.span_start[c];
    const std::int64_t end = body.span_end[c];
    if (start == -1) continue;  // empty column
    const auto fail = [&](std::int64_t at, const std::string& problem) {
      throw FormatError(std::string(file_name),
                        data_file_offset + static_cast<std::uint64_t>(std::max<std::int64_t>(at, 0)),
                        column_field(limb_index, c), problem);
    };
    if (start < 0 || start >= data_size || end < start || end >= data_size)
      fail(0, "column [" + std::to_string(start) + ", " + std::to_string(end) +
                  "] lies outside the span data (" + std::to_string(data_size) + " bytes)");
    const std::size_t x = c % grid.size_x, y = c / grid.size_x;
    std::int64_t at = start;
    std::size_t z = 0;
    while (z < grid.size_z && at <= end) {
      z += data[at++];  // skip
      if (at > end) fail(at, "span runs past the end of its column (no count after the skip)");
      const std::size_t count = data[at++];
      if (count == 0 && z >= grid.size_z) {  // the closing (skip, 0, 0) of a column ending in empty space
        if (at > end) fail(at, "span runs past the end of its column (no closing count)");
        ++at;
        break;
      }
      if (z + count > grid.size_z)
        fail(at - 1, "span of " + std::to_string(count) + " voxels at z " + std::to_string(z) +
                         " runs past the limb height " + std::to_string(grid.size_z));
      if (at + 2 * std::int64_t(count) > end)
        fail(at, "span of " + std::to_string(count) + " voxels runs past the end of its column");
      for (std::size_t k = 0; k < count; ++k, ++z) {
        auto& v = grid.at(x, y, z);
        v.color = data[at++];
        v.normal = data[at++];
        v.filled = true;
      }
      if (data[at] != count)
        fail(at, "closing count " + std::to_string(data[at]) + " differs from the opening count " +
                     std::to_string(count));
      ++at;
    }
  }
  return grid;
}

VxlLimbBody encode_limb_voxels(const VoxelGrid& grid) {
  VxlLimbBody body;
  const std::size_t columns = grid.size_x * grid.size_y;
  body.span_start.assign(columns, -1);
  body.span_end.assign(columns, -1);
  std::vector<std::uint8_t> out;
  for (std::size_t c = 0; c < columns; ++c) {
    const std::size_t x = c % grid.size_x, y = c / grid.size_x;
    bool any = false;
    for (std::size_t z = 0; z < grid.size_z && !any; ++z) any = grid.at(x, y, z).filled;
    if (!any) continue;
    body.span_start[c] = static_cast<std::int32_t>(out.size());
    std::size_t z = 0;
    while (z < grid.size_z) {
      std::size_t first = z;
      while (first < grid.size_z && !grid.at(x, y, first).filled) ++first;
      if (first == grid.size_z) {  // empty space to the top
        out.insert(out.end(), {static_cast<std::uint8_t>(first - z), 0, 0});
        break;
      }
      std::size_t last = first;
      while (last < grid.size_z && grid.at(x, y, last).filled) ++last;
      const auto count = static_cast<std::uint8_t>(last - first);
      out.push_back(static_cast<std::uint8_t>(first - z));
      out.push_back(count);
      for (std::size_t k = first; k < last; ++k) {
        out.push_back(grid.at(x, y, k).color);
        out.push_back(grid.at(x, y, k).normal);
      }
      out.push_back(count);
      z = last;
    }
    body.span_end[c] = static_cast<std::int32_t>(out.size()) - 1;
  }
  body.span_data.reserve(out.size());
  for (const std::uint8_t byte : out) body.span_data.push_back(std::byte{byte});
  return body;
}

}  // namespace gamefmt::westwood
