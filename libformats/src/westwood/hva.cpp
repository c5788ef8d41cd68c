#include "gamefmt/westwood/hva.hpp"

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/format_error.hpp"
#include "name_field.hpp"

namespace gamefmt::westwood {

HvaFile read_hva(std::span<const std::byte> data, std::string_view file_name) {
  ByteReader r(data, file_name, ByteOrder::little);
  HvaFile file;
  r.collect_warnings(&file.warnings);
  file.file_name = read_name(r, "file_name");
  const auto frames = r.u32("frame_count");
  const auto sections = r.count(r.u32("section_count"), 16, "section_count");
  file.section_names.reserve(sections);
  for (std::size_t i = 0; i < sections; ++i) {
    auto f = r.enter("section_names", i);
    file.section_names.push_back(read_name(r, "name"));
  }
  file.frame_count = frames;
  if (sections > 0) {
    const auto frame_count = r.count(frames, kHvaMatrixSize * sections, "frame_count");
    file.matrices.resize(frame_count * sections);
    for (std::size_t i = 0; i < file.matrices.size(); ++i) {
      auto f = r.enter("matrices", i);
      r.read_array(file.matrices[i], "m");
    }
  }
  if (!r.at_end()) {  // the game reads no further
    r.warn("", std::to_string(r.remaining()) + " bytes after the last matrix are not read; they are kept");
    const auto rest = r.bytes(r.remaining(), "trailing_bytes");
    file.trailing_bytes.assign(rest.begin(), rest.end());
  }
  return file;
}

std::vector<std::byte> write_hva(const HvaFile& file, std::string_view file_name) {
  if (file.matrices.size() != std::size_t(file.frame_count) * file.section_names.size())
    throw FormatError(std::string(file_name), std::nullopt, "matrices",
                      std::to_string(file.matrices.size()) + " matrices for " +
                          std::to_string(file.frame_count) + " frames of " +
                          std::to_string(file.section_names.size()) + " sections");
  ByteWriter w(ByteOrder::little,
               kHvaHeaderSize + 16 * file.section_names.size() + kHvaMatrixSize * file.matrices.size());
  write_name(w, file.file_name);
  w.u32(file.frame_count);
  w.u32(static_cast<std::uint32_t>(file.section_names.size()));
  for (const auto& name : file.section_names) write_name(w, name);
  for (const auto& m : file.matrices) w.write_array(m);
  w.bytes(file.trailing_bytes);
  return w.take();
}

}  // namespace gamefmt::westwood
