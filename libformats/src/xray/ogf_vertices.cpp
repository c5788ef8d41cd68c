// Skinned OGF vertices: the link formats and the engine's reading of the bone and weight slots.
#include <algorithm>
#include <cmath>

#include "gamefmt/xray/ogf.hpp"

namespace gamefmt::xray {

int ogf_skinned_links(std::uint32_t vertex_format) {
  switch (vertex_format) {
    case 1:
    case kSkinned1LinkSoC:
      return 1;
    case 2:
    case kSkinned2LinkSoC:
      return 2;
    case 3:
    case 4 * kSkinned1LinkSoC:
      return 3;
    case 4:
    case 5 * kSkinned1LinkSoC:
      return 4;
    default:
      return 0;
  }
}

std::span<const std::uint16_t> OgfMesh::full_detail_indices() const {
  const std::span<const std::uint16_t> all(indices);
  if (!sliding_windows || sliding_windows->windows.empty()) return all;
  const auto& first = sliding_windows->windows.front();
  if (!first.fits(all.size())) return all;
  return all.subspan(first.offset, std::size_t(first.triangles) * 3);
}

OgfInfluences ogf_influences(const OgfVertex& v, int links) {
  links = std::clamp(links, 1, 4);
  std::array<float, 4> shares{};
  if (links == 1) {
    shares[0] = 1.0f;
  } else if (links == 2) {  // lerp(bones[0], bones[1], w)
    shares[0] = 1.0f - v.weights[0];
    shares[1] = v.weights[0];
  } else {
    float rest = 1.0f;
    for (int k = 0; k < links - 1; ++k) {
      shares[k] = v.weights[k];
      rest -= v.weights[k];
    }
    shares[links - 1] = rest;
  }
  OgfInfluences out;
  for (int k = 0; k < links; ++k) {
    if (!(shares[k] > 0.0f)) continue;  // also drops NaN
    std::size_t slot = 0;
    while (slot < out.count && out.bones[slot] != v.bones[k]) ++slot;
    if (slot == out.count) {
      out.bones[slot] = v.bones[k];
      out.weights[slot] = 0.0f;
      ++out.count;
    }
    out.weights[slot] += shares[k];
  }
  float total = 0.0f;
  for (std::size_t i = 0; i < out.count; ++i) total += out.weights[i];
  if (out.count == 0 || !(total > 0.0f) || !std::isfinite(total)) {
    out = {};
    out.count = 1;
    out.bones[0] = v.bones[0];
    out.weights[0] = 1.0f;
    return out;
  }
  for (std::size_t i = 0; i < out.count; ++i) out.weights[i] /= total;
  return out;
}

void store_ogf_influences(OgfVertex& v, int links, OgfInfluences in) {
  links = std::clamp(links, 1, 4);
  in.count = std::min<std::size_t>(in.count, 4);
  std::array<std::size_t, 4> order{0, 1, 2, 3};
  std::stable_sort(order.begin(), order.begin() + in.count,
                   [&](std::size_t a, std::size_t b) { return in.weights[a] > in.weights[b]; });
  const std::size_t kept = std::min<std::size_t>(in.count, links);
  float total = 0.0f;
  for (std::size_t i = 0; i < kept; ++i) total += in.weights[order[i]];
  std::array<std::uint16_t, 4> bones{};
  std::array<float, 4> shares{};
  for (std::size_t i = 0; i < kept; ++i) {
    bones[i] = in.bones[order[i]];
    shares[i] = total > 0.0f ? in.weights[order[i]] / total : (i == 0 ? 1.0f : 0.0f);
  }
  if (kept == 0) shares[0] = 1.0f;
  for (std::size_t i = kept; i < 4; ++i) bones[i] = bones[0];  // unused slots: the first bone, share 0
  v.bones = bones;
  v.weights = {};
  if (links == 2) {
    v.weights[0] = kept > 1 ? shares[1] / (shares[0] + shares[1]) : 0.0f;
  } else if (links > 2) {
    for (int k = 0; k < links - 1; ++k) v.weights[k] = shares[k];
  }
}

}  // namespace gamefmt::xray
