#pragma once
// Asobo BigFile archives built with gamefmt's own writer (no real archive is public): two blocks of raw,
// compressed and pooled objects plus a pool, in either byte order. Used by the unit, CLI and sweep tests.
#include <cstddef>
#include <vector>

#include "gamefmt/asobo/bigfile.hpp"

namespace gamefmt::test {

// Text-like bytes with repeats (so LZ finds matches), the same for the same seed.
std::vector<std::byte> asobo_sample_body(std::size_t size, unsigned seed);
asobo::BigFile asobo_sample_bigfile(ByteOrder order);
std::vector<std::byte> asobo_sample_bigfile_bytes(ByteOrder order);

}  // namespace gamefmt::test
