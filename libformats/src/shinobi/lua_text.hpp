#pragma once
// Text that leaves the Lua side (names, paths, messages): always valid UTF-8, and short where it goes into a
// message, however long or odd the script's strings are.
#include <cstddef>
#include <string>
#include <string_view>

namespace gamefmt::shinobi::lua {

// Text as UTF-8: kept when it is valid UTF-8, otherwise each byte read as Latin-1.
std::string as_utf8(std::string_view text);

// Text for a message: as_utf8 of at most `most` bytes of it (cut between characters), followed by
// "... (N more bytes)" when it was cut; `dropped` bytes that followed `text` were cut already.
std::string shortened(std::string_view text, std::size_t most, std::size_t dropped = 0);

}  // namespace gamefmt::shinobi::lua
