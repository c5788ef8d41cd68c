// OGF files the engine loads although they bend the format: a motion-reference list longer than its chunk's
// size (the engine reads it by its count from the file), bytes after the last chunk, a chunk of an unknown id
// between known ones. Each is made with the project's writer and a byte patch, reads with a warning,
// converts, and rewrites byte for byte; an edited model writes valid chunks again.
#include <catch2/catch.hpp>
#include <cstdio>

#include "gamefmt/core/format_error.hpp"
#include "gamefmt/xray/level_chunk_layout.hpp"
#include "gamefmt/xray/ogf.hpp"
#include "lenient_checks.hpp"
#include "lenient_samples.hpp"
#include "xray_character_samples.hpp"

using namespace gamefmt;

TEST_CASE("OGF: a motion-reference list longer than its chunk is read on into the file, as the engine does",
          "[xray][ogf][lenient][xray-ogf]") {
  // The face models of a mod end this way: the size field leaves the last reference outside the chunk, where
  // the engine's find_chunk + r_stringZ read it anyway.
  const auto bytes = test::xray_ogf_short_motion_refs_bytes();
  const auto chunks = test::xray_chunk_offsets(bytes, 0, bytes.size());
  REQUIRE(chunks.size() >= 2);
  const std::size_t refs =
      chunks[chunks.size() - 2];  // then the 20 bytes outside it, walked as a chunk header
  REQUIRE(test::u32_at(bytes, refs) == xray::kOgfMotionRefsList);
  const std::size_t outside = sizeof("stalker_zombie_face");  // 20 bytes, NUL included
  REQUIRE(test::u32_at(bytes, refs + 4) + 8 + outside == bytes.size() - refs);

  const auto model = xray::read_ogf(bytes, "face.ogf");
  CHECK(model.motion_refs == std::vector<std::string>{"actors\\stalker_animation", "stalker_zombie_face"});
  // The 20 bytes after the chunk look like a chunk header with a huge size ("stal" "ker_"): the chunk search
  // steps over them, and so does the reader.
  char offset_after_size[32];
  std::snprintf(offset_after_size, sizeof offset_after_size, "offset 0x%zx", bytes.size() - outside + 8);
  CHECK(test::has_warning(model.warnings, {offset_after_size, ".size: chunk 0x6c617473 claims", "12 left"}));
  char refs_size[32];
  std::snprintf(refs_size, sizeof refs_size, "offset 0x%zx", refs + 4);
  CHECK(test::has_warning(model.warnings, {refs_size, "motion_refs", "read on 20 bytes past it"}));
  CHECK(model.trailing_bytes.empty());  // the list took them
  CHECK(xray::write_ogf(model, "face.ogf") == bytes);
  test::check_cli_tolerates(bytes, "face.ogf", "read on 20 bytes past it");

  // Edited, the list is written whole again, with a size that covers it.
  auto edited = model;
  edited.motion_refs.push_back("more");
  const auto fixed = xray::read_ogf(xray::write_ogf(edited, "edited.ogf"), "edited.ogf");
  CHECK(fixed.motion_refs == edited.motion_refs);
  CHECK(fixed.warnings.empty());
}

TEST_CASE("OGF: a records chunk that runs past the end of the file is refused",
          "[xray][ogf][lenient][xray-ogf]") {
  auto bytes = test::xray_ogf_short_motion_refs_bytes();
  bytes.resize(bytes.size() -
               6);  // the reference outside the chunk loses its end: nothing in the file ends it
  CHECK_THROWS_WITH(xray::read_ogf(bytes, "cut.ogf"),
                    Catch::Contains("motion_refs") && Catch::Contains("NUL"));
  // A chunk the engine looks up, cut by the end of the file: it would read past the end.
  auto cut = test::xray_sample_skinned_ogf_bytes();
  cut.resize(cut.size() - 10);
  CHECK_THROWS_WITH(xray::read_ogf(cut, "cut.ogf"), Catch::Contains("claims"));
}

TEST_CASE("OGF: bytes after the last chunk are kept and written back", "[xray][ogf][lenient][xray-ogf]") {
  const auto sample = test::xray_sample_skinned_ogf_bytes();
  for (const std::size_t extra :
       {3, 13}) {  // too short for a chunk header; a header of an unknown, too long chunk
    INFO(extra);
    auto bytes = test::xray_ogf_trailing_bytes();
    bytes.resize(sample.size() + extra);
    const auto model = xray::read_ogf(bytes, "tail.ogf");
    CHECK(model.trailing_bytes.size() == extra);
    char at[32];
    std::snprintf(at, sizeof at, "offset 0x%zx", sample.size() + (extra >= 8 ? 8 : 0));
    CHECK(test::has_warning(model.warnings, {at, "chunks[", "kept as trailing bytes"}));
    CHECK(xray::write_ogf(model, "tail.ogf") == bytes);
    if (extra == 13) test::check_cli_tolerates(bytes, "tail.ogf", "kept as trailing bytes");
  }
}

TEST_CASE("OGF: an unknown chunk between known ones is kept in its place", "[xray][ogf][lenient][xray-ogf]") {
  const auto bytes = test::xray_ogf_unknown_chunk_bytes();
  const std::size_t at = test::xray_ogf_unknown_chunk_offset();
  REQUIRE(test::u32_at(bytes, at) == 0x4242);

  auto model = xray::read_ogf(bytes, "extra.ogf");
  char offset[32];
  std::snprintf(offset, sizeof offset, "offset 0x%zx", at);
  CHECK(test::has_warning(model.warnings, {offset, "chunk 0x4242 (5 bytes) is not an OGF chunk"}));
  CHECK(xray::describe_kept_chunks(model.layout) == std::vector<std::string>{"0x4242: 5 bytes, not decoded"});
  CHECK(xray::write_ogf(model, "extra.ogf") == bytes);
  test::check_cli_tolerates(bytes, "extra.ogf", "chunk 0x4242 (5 bytes)");

  // An edit keeps the unknown chunk where it was and writes the edited ones from the model.
  model.bones[1].name = "spine2";
  const auto edited = xray::write_ogf(model, "edited.ogf");
  const auto back = xray::read_ogf(edited, "edited.ogf");
  CHECK(back.bones[1].name == "spine2");
  CHECK(back.skipped_chunks == std::vector<std::uint32_t>{0x4242});
  CHECK(test::u32_at(edited, test::xray_chunk_offsets(edited, 0, edited.size())[2]) == 0x4242);

  // A model built from scratch (what a conversion from glTF gives) writes only the chunks it knows.
  model.layout.clear();
  CHECK(xray::read_ogf(xray::write_ogf(model, "new.ogf"), "new.ogf").skipped_chunks.empty());
}

TEST_CASE("OGF: a skeleton without children or bone names is refused, as the engine asserts",
          "[xray][ogf][lenient][xray-ogf]") {
  const auto sample = test::xray_sample_skinned_ogf_bytes();
  const auto chunks = test::xray_chunk_offsets(sample, 0, sample.size());
  for (const std::uint32_t id : {9u, 13u}) {
    auto bytes = sample;
    for (const auto at : chunks)
      if (test::u32_at(bytes, at) == id) test::set_u32_at(bytes, at, 0x7777);  // the chunk becomes unknown
    CHECK_THROWS_WITH(xray::read_ogf(bytes, "bad.ogf"), Catch::Contains("the engine requires one"));
  }
}

TEST_CASE("OGF: a decoded chunk the model does not reproduce goes back as stored until its fields are edited",
          "[xray][ogf][lenient][xray-ogf]") {
  // The description chunk (after the header) with 3 bytes after its records, which the reader does not read.
  auto bytes = test::xray_sample_skinned_ogf_bytes();
  const std::size_t description = test::xray_chunk_offsets(bytes, 0, bytes.size()).at(1);
  REQUIRE(test::u32_at(bytes, description) == 18);
  const std::uint32_t size = test::u32_at(bytes, description + 4);
  const std::vector<std::byte> extra(3, std::byte{0xEE});
  bytes.insert(bytes.begin() + static_cast<std::ptrdiff_t>(description + 8 + size), extra.begin(),
               extra.end());
  test::set_u32_at(bytes, description + 4, size + 3);

  auto model = xray::read_ogf(bytes, "described.ogf");
  REQUIRE(model.description);
  CHECK(xray::describe_kept_chunks(model.layout).empty());  // taken as stored, not judged
  CHECK(xray::describe_kept_ogf_chunks(model) ==
        std::vector<std::string>{"0x12: " + std::to_string(size + 3) + " bytes, decoded, kept as stored"});
  CHECK(xray::write_ogf(model, "described.ogf") == bytes);
  const auto copy = model;  // a copy shares the stored bytes
  CHECK(xray::write_ogf(copy, "copy.ogf") == bytes);

  // An edited vertex (of a child): that chunk comes from the model, the description as stored.
  REQUIRE(!model.meshes.empty());
  model.meshes[0].vertices[0].position[0] += 1;
  auto edited = xray::write_ogf(model, "edited.ogf");
  CHECK(edited.size() == bytes.size());
  CHECK(edited != bytes);
  CHECK(test::u32_at(edited, description + 4) == size + 3);
  auto back = xray::read_ogf(edited, "edited.ogf");
  CHECK(back.meshes[0].vertices[0].position[0] == model.meshes[0].vertices[0].position[0]);
  CHECK(back.meshes[0].vertices[1].position == copy.meshes[0].vertices[1].position);

  // An edited description is written from the model: its own records, without the 3 bytes.
  model.description->build_name = "edited";
  edited = xray::write_ogf(model, "edited.ogf");
  CHECK(test::u32_at(edited, description + 4) == size - copy.description->build_name.size() + 6);
  back = xray::read_ogf(edited, "edited.ogf");
  CHECK(back.description->build_name == "edited");
  CHECK(back.meshes[0].vertices[0].position[0] == model.meshes[0].vertices[0].position[0]);
  CHECK(xray::describe_kept_ogf_chunks(back).empty());
}
