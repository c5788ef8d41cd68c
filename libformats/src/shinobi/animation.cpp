#include "gamefmt/shinobi/animation.hpp"

#include <bit>
#include <string>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "shinobi_io.hpp"

namespace gamefmt::shinobi {
namespace {

constexpr std::size_t kTrackMinSize = 8;  // empty name + key count
// A version-3 name length is told from a frame rate by size: any plausible frame rate (a float of at least
// 1e-3) reads as an integer far above this.
constexpr std::int32_t kLongestStoredName = 4096;

bool version3_has_name(const ByteReader& r) {
  if (r.remaining() < 4) return false;
  const auto length = load_value<std::int32_t>(r.data().data() + r.position(), ByteOrder::little);
  return length >= 0 && length <= kLongestStoredName && static_cast<std::size_t>(length) <= r.remaining() - 4;
}

}  // namespace

Animation read_animation(std::span<const std::byte> data, std::string_view file_name) {
  ByteReader r(data, file_name, ByteOrder::little);
  Animation animation;
  read_magic(r, "ANIM", "magic");
  const auto version_at = r.absolute_offset();
  animation.version = r.i32("version");
  if (animation.version != 1 && animation.version != 3)
    r.fail_at(
        version_at, "version",
        "ANIM version " + std::to_string(animation.version) + "; known are 1 (Grimrock) and 3 (Druidstone)");
  if (animation.version == 1 || version3_has_name(r)) animation.name = read_string(r, "name");
  animation.frame_rate = r.f32("frame_rate");
  animation.frame_count = r.i32("frame_count");
  animation.tracks.resize(r.count(r.i32("track_count"), kTrackMinSize, "tracks"));
  for (std::size_t t = 0; t < animation.tracks.size(); ++t) {
    auto field = r.enter("tracks", t);
    auto& track = animation.tracks[t];
    track.node_name = read_string(r, "node_name");
    track.keys.resize(r.count(r.i32("key_count"), kAnimationKeySize, "keys"));
    for (std::size_t k = 0; k < track.keys.size(); ++k) {
      auto key_field = r.enter("keys", k);
      r.read_array(track.keys[k].position, "position");
      r.read_array(track.keys[k].rotation, "rotation");
      r.read_array(track.keys[k].scale, "scale");
    }
  }
  const auto rest = r.bytes(r.remaining(), "trailing");
  animation.trailing.assign(rest.begin(), rest.end());
  if (!rest.empty())  // the game reads the tracks and no further
    animation.warnings.push_back(describe_problem(
        std::string(file_name), r.absolute_offset() - rest.size(), "",
        std::to_string(rest.size()) + " bytes after the last track are not read; they are kept"));
  return animation;
}

std::vector<std::byte> write_animation(const Animation& animation, std::string_view file_name) {
  const Refuse refuse(file_name);
  if (animation.version != 1 && animation.version != 3)
    refuse("version", "ANIM version " + std::to_string(animation.version) +
                          "; gamefmt writes 1 (Grimrock) and 3 (Druidstone)");
  if (animation.version == 1 && !animation.name)
    refuse("name", "a version-1 animation stores a name (it may be empty)");
  if (animation.version == 3 && !animation.name) {
    const auto bits = std::bit_cast<std::int32_t>(animation.frame_rate);
    if (bits >= 0 && bits <= kLongestStoredName)
      refuse("frame_rate", "a frame rate this close to 0 would read back as the length of a name");
  }
  std::size_t size = 24 + animation.trailing.size();
  for (const auto& track : animation.tracks)
    size += 8 + track.node_name.size() + kAnimationKeySize * track.keys.size();
  ByteWriter w(ByteOrder::little, size);
  w.bytes(std::string_view("ANIM"));
  w.i32(animation.version);
  if (animation.name) write_string(w, *animation.name, "name", refuse);
  w.f32(animation.frame_rate);
  w.i32(animation.frame_count);
  w.i32(checked_count(animation.tracks.size(), "tracks", refuse));
  for (std::size_t t = 0; t < animation.tracks.size(); ++t) {
    const auto& track = animation.tracks[t];
    write_string(w, track.node_name, "tracks[" + std::to_string(t) + "].node_name", refuse);
    w.i32(checked_count(track.keys.size(), "tracks[" + std::to_string(t) + "].keys", refuse));
    for (const auto& key : track.keys) {
      w.write_array(key.position);
      w.write_array(key.rotation);
      w.write_array(key.scale);
    }
  }
  w.bytes(animation.trailing);
  return w.take();
}

}  // namespace gamefmt::shinobi
