#pragma once
// Turning name hashes back into names: the class names of FUEL-era Zouna games are known; object names come
// from a name list (.NPC, .N36, ... beside the archive).
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>

namespace gamefmt::asobo {

// "Mesh_Z" for name_hash("Mesh_Z"), for the classes of FUEL v1.381.67.09; nothing for other hashes.
std::optional<std::string_view> known_class_name(std::uint32_t class_hash);

using NameList = std::unordered_map<std::uint32_t, std::string>;

// A name list is text, one name per line, either `NAME`, `HASH NAME` or `HASH "NAME"` (HASH decimal, or hex
// with 0x). Without a hash the name is hashed with name_hash. Blank lines and lines starting with '#' are
// skipped. A first word that is not a number is part of the name. Throws FormatError (file, line offset) on
// an unterminated quoted name.
NameList parse_name_list(std::span<const std::byte> text, std::string_view file_name);

// The name list that goes with an archive: the same path with the extension's first letter replaced by N
// (X.DPC -> X.NPC, X.d36 -> X.n36). Empty when the path has no extension of at least two characters.
std::string name_list_path_for(std::string_view archive_path);

// The name for a hash: from `names`, else the hash as 8 hexadecimal digits.
std::string name_or_hash(std::uint32_t hash, const NameList* names);

}  // namespace gamefmt::asobo
