#pragma once
// The round-off a glTF trip allows (floats, quaternions normalised, a DCC tool's re-export): the rule by
// which every family's way back tells values that came back from values that were edited.
#include <span>

namespace gamefmt {

// Tolerance of the comparisons below, relative to the size of the values (1 for values under 1).
inline constexpr float kBakedTolerance = 1e-5f;
// `actual` is `expected` within `tolerance` relative to their size (1 for values under 1); never for NaN.
bool same_within_round_off(float expected, float actual, float tolerance = kBakedTolerance);
// The same, value by value, for lists of the same length.
bool same_within_round_off(std::span<const float> expected, std::span<const float> actual);

}  // namespace gamefmt
