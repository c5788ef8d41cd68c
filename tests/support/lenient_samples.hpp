#pragma once
// Files the game accepts although they bend the format, made with gamefmt's writers and a byte patch. The
// [lenient] tests read them; they are also sweep inputs and fuzz seeds (fuzz/seeds/<format-id>/lenient_*).
#include <cstddef>
#include <string>
#include <vector>

namespace gamefmt::test {

// The skinned OGF sample as an animated skeleton ending with a counted motion-reference list (chunk 0x18) of
// "actors\stalker_animation" and "stalker_zombie_face", whose size field leaves the second reference (20
// bytes) outside the chunk, as in the zombie face models of a mod.
std::vector<std::byte> xray_ogf_short_motion_refs_bytes();
// The skinned OGF sample followed by 13 bytes that start like a chunk of an unknown id claiming more than is
// left.
std::vector<std::byte> xray_ogf_trailing_bytes();
// The skinned OGF sample with a chunk of id 0x4242 (5 bytes) between the description and the children; the
// offset of its header.
std::vector<std::byte> xray_ogf_unknown_chunk_bytes();
std::size_t xray_ogf_unknown_chunk_offset();

// The sample FUEL mesh archive (asobo/sample_meshes.hpp) with its block and pool sector padding sizes and its
// file size set to 0xFFFFFFFF, as some repackers leave them.
std::vector<std::byte> asobo_bigfile_derived_ff_bytes();
// The same archive with an IncrediBuilder text that fills its 128 bytes (no NUL).
std::vector<std::byte> asobo_bigfile_incredibuilder_without_nul_bytes();
// The same archive followed by 16 bytes (file_size counts them).
std::vector<std::byte> asobo_bigfile_trailing_bytes();

struct SeedFile {
  std::string path;  // relative to fuzz/seeds
  std::vector<std::byte> bytes;
};
// Every file above, named as its fuzz seed.
std::vector<SeedFile> lenient_seed_files();

}  // namespace gamefmt::test
