#pragma once
// Bounds on what a conversion may produce or read, so that a small hostile file cannot make gamefmt bake or
// allocate without end. Each is an option of every conversion (`-O max_baked_frames=200000`). The sizes of
// files read on an input's behalf are checked before they are read (the rule of gamefmt/core/file_io.hpp): a
// texture over max_texture_bytes is a warning, another file over max_file_bytes is not used (a warning, or an
// error when the conversion needs it).
#include <cstdint>
#include <string_view>
#include <vector>

#include "gamefmt/adapters/options.hpp"

namespace gamefmt {

struct Limits {
  std::uint64_t max_path_samples = 1'000'000;  // samples of one X-Ray SDK camera/object path (.anm)
  std::uint64_t max_baked_frames = 100'000;    // frames of one baked animation (SDK motions, envelopes)
  std::uint64_t max_baked_poses = std::uint64_t{1} << 23;  // frames x bones of one baked animation
  std::uint64_t max_detail_instances = 4u << 20;           // placed detail meshes of one level.details
  std::uint64_t max_texture_pixels = 16384ull * 16384ull;  // pixels of one decoded texture
  std::uint64_t max_texture_bytes = 512ull << 20;          // bytes of one texture file
  std::uint64_t max_file_bytes = 1ull
                                 << 30;  // bytes of one other file found for an input (companion, motion)

  // The options above, for listings and name checks.
  static const std::vector<const OptionSpec*>& option_specs();
  // The defaults, with every limit option given in `options` applied. Throws FormatError for a bad value.
  static Limits from_options(const Options& options, std::string_view file);
};

}  // namespace gamefmt
