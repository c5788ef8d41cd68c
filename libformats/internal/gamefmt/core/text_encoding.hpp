#pragma once
// Windows-1251 (Cyrillic, used by X-Ray strings) <-> UTF-8, and the engines' case-insensitive names and
// extensions.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace gamefmt {

std::string cp1251_to_utf8(std::string_view cp1251);
// Returns nothing when the text holds a character that Windows-1251 cannot represent (or invalid UTF-8).
std::optional<std::string> utf8_to_cp1251(std::string_view utf8);
// The length (1 to 4) of the well-formed UTF-8 sequence that starts at text[at] (RFC 3629: no overlong forms,
// surrogates or code points past U+10FFFF), or 0 when none does.
std::size_t utf8_sequence_length(std::string_view text, std::size_t at);
// Whether the bytes are well-formed UTF-8, as JSON text must be.
bool is_valid_utf8(std::string_view text);
// ASCII letters in lower case; every other byte (UTF-8 or cp1251 text) as it is.
std::string lower_ascii(std::string_view text);
// The extension of a path's file name, dot included, with ASCII letters in lower case: ".ogf" for
// "meshes/Stalker.OGF"; "" for a name without one (".hidden" and "level" have none, a folder's dot does not
// count). What every format and companion is told apart by.
std::string lower_case_extension(std::string_view path);

}  // namespace gamefmt
