#pragma once
// Asobo's name hashes ("Asobo CRC32"). Zouna games refer to every object and class by the hash of its name:
// classes by "<Class>_Z" (Mesh_Z -> 1387343541), objects by their name. Both hashes lower-case ASCII letters
// first, so names are case-insensitive.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace gamefmt::asobo {

// Name_Z::GetID(const char*): the non-reflected table of polynomial 0x04C11DB7 driven by a shift-right
// update, init 0, no final XOR. A hybrid that no library CRC computes.
std::uint32_t name_hash(std::string_view name, std::uint32_t init = 0);

// Name_Z::GetID(data, size): the ordinary MSB-first CRC update over the same table, bytes lower-cased.
std::uint32_t name_hash_alternate(std::span<const std::byte> data, std::uint32_t init = 0);

}  // namespace gamefmt::asobo
