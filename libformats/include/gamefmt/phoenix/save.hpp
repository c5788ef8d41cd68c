#pragma once
// Overgrowth save files (`savefile.sav3`, and the older names `.sav2`/`.sav` the engine tries with the same
// loader, Source/Game/savefile.cpp): the marker "Overgrowth Save", a u16 version, then saved levels, each
// keyed by (campaign id, save category, save name) with a 16-byte MD5 field and three maps: string -> string,
// string -> list of strings, string -> int32. Little-endian; counts and string lengths are u16; strings have
// no NUL. The engine writes its maps sorted by key and never initialises the MD5 (it reads and discards it);
// the struct keeps entries in file order and the MD5 bytes as stored, so write(read(bytes)) == bytes for any
// file.
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gamefmt/core/format_error.hpp"

namespace gamefmt::phoenix {

inline constexpr std::string_view kSaveMarker = "Overgrowth Save";
inline constexpr std::uint16_t kSaveVersion = 3;

struct SavedLevel {
  std::string campaign_id;    // "" for the deprecated GetSavedLevel(name) saves
  std::string save_category;  // "linear_campaign", "challenge_level", ...
  std::string save_name;
  std::array<std::uint8_t, 16> md5{};
  std::vector<std::pair<std::string, std::string>> values;
  std::vector<std::pair<std::string, std::vector<std::string>>> array_values;
  std::vector<std::pair<std::string, std::int32_t>> int_values;
  bool operator==(const SavedLevel&) const = default;
};

struct SaveFile {
  std::uint16_t version = kSaveVersion;
  std::vector<SavedLevel> levels;
  std::vector<std::byte> trailing_bytes;  // after the last record (the game reads no further), written back
  Warnings warnings;                      // problems the reader tolerated; not written to the file
  bool operator==(const SaveFile&) const = default;
};

// Accepts the versions the released engine loads: 3, and 0 (which its checks let through to the same layout).
// Throws FormatError: a wrong marker, versions 1 and 2 (the engine refuses them; their layout is not in the
// released source), versions over 3, truncation. Bytes after the last level are kept (trailing_bytes), with a
// warning.
SaveFile read_save(std::span<const std::byte> data, std::string_view file_name);
// Throws FormatError for a version the reader would refuse, or counts/strings past 65535.
std::vector<std::byte> write_save(const SaveFile& save, std::string_view file_name = {});

// Quick content check: the marker.
bool looks_like_save(std::span<const std::byte> head);

}  // namespace gamefmt::phoenix
