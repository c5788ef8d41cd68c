#include "gamefmt/adapters/options.hpp"

namespace gamefmt {
namespace {

constexpr long long kMaxLimit = 1ll << 40;

struct LimitOptions {
  Option<long long> path_samples = integer_option(
      "max_path_samples", "most samples of one X-Ray SDK path (.anm)", 1'000'000, 1, kMaxLimit);
  Option<long long> baked_frames =
      integer_option("max_baked_frames", "most frames of one baked animation", 100'000, 1, kMaxLimit);
  Option<long long> baked_poses = integer_option(
      "max_baked_poses", "most frames x bones of one baked animation", 1ll << 23, 1, kMaxLimit);
  Option<long long> detail_instances = integer_option(
      "max_detail_instances", "most placed meshes of one level.details", 4ll << 20, 1, kMaxLimit);
  Option<long long> texture_pixels = integer_option(
      "max_texture_pixels", "most pixels of one decoded texture", 16384ll * 16384, 1, kMaxLimit);
  Option<long long> texture_bytes = integer_option(
      "max_texture_bytes", "most bytes of one texture file (a larger one is skipped with a warning)",
      512ll << 20, 1, kMaxLimit);
  Option<long long> file_bytes =
      integer_option("max_file_bytes",
                     "most bytes of one file found for an input (a companion beside it, a motion it names)",
                     1ll << 30, 1, kMaxLimit);
};

const LimitOptions& limit_options() {
  static const LimitOptions options;
  return options;
}

}  // namespace

const std::vector<const OptionSpec*>& Limits::option_specs() {
  static const std::vector<const OptionSpec*> specs = [] {
    const auto& o = limit_options();
    return std::vector<const OptionSpec*>{
        &o.path_samples.spec(),   &o.baked_frames.spec(),  &o.baked_poses.spec(), &o.detail_instances.spec(),
        &o.texture_pixels.spec(), &o.texture_bytes.spec(), &o.file_bytes.spec()};
  }();
  return specs;
}

Limits Limits::from_options(const Options& options, std::string_view file) {
  const auto& o = limit_options();
  Limits limits;
  limits.max_path_samples = static_cast<std::uint64_t>(o.path_samples.get(options, file));
  limits.max_baked_frames = static_cast<std::uint64_t>(o.baked_frames.get(options, file));
  limits.max_baked_poses = static_cast<std::uint64_t>(o.baked_poses.get(options, file));
  limits.max_detail_instances = static_cast<std::uint64_t>(o.detail_instances.get(options, file));
  limits.max_texture_pixels = static_cast<std::uint64_t>(o.texture_pixels.get(options, file));
  limits.max_texture_bytes = static_cast<std::uint64_t>(o.texture_bytes.get(options, file));
  limits.max_file_bytes = static_cast<std::uint64_t>(o.file_bytes.get(options, file));
  return limits;
}

}  // namespace gamefmt
