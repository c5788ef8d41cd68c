#include "lenient_samples.hpp"

#include "gamefmt/asobo/bigfile.hpp"
#include "gamefmt/asobo/sample_meshes.hpp"
#include "gamefmt/xray/ogf.hpp"
#include "lenient_checks.hpp"
#include "xray_character_samples.hpp"

namespace gamefmt::test {

std::vector<std::byte> xray_ogf_short_motion_refs_bytes() {
  auto model = xray::read_ogf(xray_sample_skinned_ogf_bytes(), "body.ogf");
  model.layout.clear();  // written from scratch: the SDK's chunk order, the references last
  model.header.type = xray::kOgfSkeletonAnimated;
  model.motion_refs = {"actors\\stalker_animation", "stalker_zombie_face"};
  model.motion_refs_chunk = xray::kOgfMotionRefsList;
  auto bytes = xray::write_ogf(model, "face.ogf");
  const std::size_t refs = xray_chunk_offsets(bytes, 0, bytes.size()).back();
  set_u32_at(bytes, refs + 4,
             u32_at(bytes, refs + 4) - static_cast<std::uint32_t>(sizeof("stalker_zombie_face")));
  return bytes;
}

std::vector<std::byte> xray_ogf_trailing_bytes() {
  auto bytes = xray_sample_skinned_ogf_bytes();
  for (int i = 0; i < 13; ++i) bytes.push_back(static_cast<std::byte>(0xA0 + i));
  return bytes;
}

std::size_t xray_ogf_unknown_chunk_offset() {
  const auto sample = xray_sample_skinned_ogf_bytes();
  return xray_chunk_offsets(sample, 0, sample.size()).at(2);  // after the header and the description
}

std::vector<std::byte> xray_ogf_unknown_chunk_bytes() {
  auto bytes = xray_sample_skinned_ogf_bytes();
  std::vector<std::byte> unknown(8 + 5, std::byte{0x5A});
  set_u32_at(unknown, 0, 0x4242);
  set_u32_at(unknown, 4, 5);
  bytes.insert(bytes.begin() + static_cast<std::ptrdiff_t>(xray_ogf_unknown_chunk_offset()), unknown.begin(),
               unknown.end());
  return bytes;
}

namespace {
std::vector<std::byte> mesh_archive_bytes() {
  return asobo::write_bigfile(asobo::make_sample_mesh_archive(), "meshes.DPC");
}
}  // namespace

std::vector<std::byte> asobo_bigfile_derived_ff_bytes() {
  auto bytes = mesh_archive_bytes();
  for (const std::size_t at : {0x734, 0x738, 0x73C}) set_u32_at(bytes, at, 0xFFFFFFFF);
  return bytes;
}

std::vector<std::byte> asobo_bigfile_incredibuilder_without_nul_bytes() {
  auto bytes = mesh_archive_bytes();
  for (std::size_t i = 0; i < asobo::kBigFileIncrediBuilderSize; ++i)
    bytes[0x740 + i] = static_cast<std::byte>('A' + i % 26);
  return bytes;
}

std::vector<std::byte> asobo_bigfile_trailing_bytes() {
  auto bytes = mesh_archive_bytes();
  for (int i = 0; i < 16; ++i) bytes.push_back(static_cast<std::byte>(0xC0 + i));
  set_u32_at(bytes, 0x73C, static_cast<std::uint32_t>(bytes.size()));
  return bytes;
}

std::vector<SeedFile> lenient_seed_files() {
  return {{"asobo-bigfile/lenient_derived_ff.DPC", asobo_bigfile_derived_ff_bytes()},
          {"asobo-bigfile/lenient_incredibuilder_without_nul.DPC",
           asobo_bigfile_incredibuilder_without_nul_bytes()},
          {"asobo-bigfile/lenient_trailing_bytes.DPC", asobo_bigfile_trailing_bytes()},
          {"xray-ogf/lenient_short_motion_refs.ogf", xray_ogf_short_motion_refs_bytes()},
          {"xray-ogf/lenient_trailing_bytes.ogf", xray_ogf_trailing_bytes()},
          {"xray-ogf/lenient_unknown_chunk.ogf", xray_ogf_unknown_chunk_bytes()}};
}

}  // namespace gamefmt::test
