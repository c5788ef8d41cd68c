#include "gamefmt/xray/object_normals.hpp"

#include <cmath>
#include <numeric>

namespace gamefmt::xray {
namespace {

using Vec = std::array<float, 3>;
constexpr std::uint32_t kAllHard = 0xFFFFFFFF;
constexpr std::size_t kMaxFloodFillValence = 256;

Vec face_normal(const ObjectMesh& mesh, const ObjectFace& face) {
  const auto& a = mesh.points[face.points[0]];
  const auto& b = mesh.points[face.points[1]];
  const auto& c = mesh.points[face.points[2]];
  const Vec u{b[0] - a[0], b[1] - a[1], b[2] - a[2]}, v{c[0] - a[0], c[1] - a[1], c[2] - a[2]};
  Vec n{u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]};
  const float length = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
  if (!(length > 0) || !std::isfinite(length)) return {0, 0, 0};
  return {n[0] / length, n[1] / length, n[2] / length};
}

// CoP edge flags: is edge e (corners e, e+1) of a face with these flags soft?
bool edge_soft(std::uint32_t flags, int edge) {
  if (flags == kAllHard) return false;
  const int bit = (flags & 8) ? (4 - edge) % 3 : edge;
  return (flags & (1u << bit)) == 0;
}

}  // namespace

const char* smoothing_rule_name(SmoothingRule rule) {
  switch (rule) {
    case SmoothingRule::cop:
      return "cop";
    case SmoothingRule::soc:
      return "soc";
    case SmoothingRule::max:
      return "max";
    case SmoothingRule::flat:
      break;
  }
  return "flat";
}

std::optional<SmoothingRule> smoothing_rule_named(std::string_view name) {
  for (SmoothingRule rule : {SmoothingRule::cop, SmoothingRule::soc, SmoothingRule::max, SmoothingRule::flat})
    if (name == smoothing_rule_name(rule)) return rule;
  return std::nullopt;
}

SmoothingRule default_smoothing_rule(const ObjectMesh& mesh) {
  return (mesh.flags & kMeshSmoothingMask) ? SmoothingRule::max : SmoothingRule::cop;
}

std::vector<std::array<float, 3>> object_corner_normals(const ObjectMesh& mesh, SmoothingRule rule) {
  const std::size_t face_count = mesh.faces.size();
  std::vector<Vec> face_normals(face_count);
  for (std::size_t f = 0; f < face_count; ++f) face_normals[f] = face_normal(mesh, mesh.faces[f]);
  std::vector<std::uint32_t> groups(face_count, 0u);
  if (mesh.smoothing)
    for (std::size_t f = 0; f < face_count && f < mesh.smoothing->size(); ++f)
      groups[f] = (*mesh.smoothing)[f];
  else if (rule == SmoothingRule::soc)
    groups.assign(face_count, kAllHard);

  std::vector<std::vector<std::uint32_t>> faces_at(mesh.points.size());
  for (std::size_t f = 0; f < face_count; ++f)
    for (int c = 0; c < 3; ++c) {
      auto& list = faces_at[mesh.faces[f].points[c]];
      if (list.empty() || list.back() != f) list.push_back(static_cast<std::uint32_t>(f));
    }

  std::vector<Vec> out(face_count * 3);
  std::vector<int> component;
  for (std::size_t f = 0; f < face_count; ++f) {
    for (int c = 0; c < 3; ++c) {
      const std::uint32_t point = mesh.faces[f].points[c];
      const auto& around = faces_at[point];
      Vec sum{0, 0, 0};
      const auto add = [&](std::uint32_t g) {
        for (int i = 0; i < 3; ++i) sum[i] += face_normals[g][i];
      };
      switch (rule) {
        case SmoothingRule::flat:
          add(static_cast<std::uint32_t>(f));
          break;
        case SmoothingRule::max:
          if (groups[f] == 0)
            add(static_cast<std::uint32_t>(f));
          else
            for (auto g : around)
              if (g == f || (groups[g] & groups[f]) != 0) add(g);
          break;
        case SmoothingRule::soc:
          if (groups[f] == kAllHard)
            add(static_cast<std::uint32_t>(f));
          else
            for (auto g : around)
              if (g == f || groups[g] == groups[f]) add(g);
          break;
        case SmoothingRule::cop: {
          if (around.size() > kMaxFloodFillValence) {  // pathological fans: smooth them whole (bounded time)
            for (auto g : around) add(g);
            break;
          }
          // Union the faces around the point that share a soft edge through it, then sum f's component.
          component.resize(around.size());
          std::iota(component.begin(), component.end(), 0);
          const auto root = [&](int i) {
            while (component[i] != i) i = component[i] = component[component[i]];
            return i;
          };
          for (std::size_t i = 0; i < around.size(); ++i)
            for (std::size_t j = i + 1; j < around.size(); ++j) {
              const auto& a = mesh.faces[around[i]];
              const auto& b = mesh.faces[around[j]];
              if (((groups[around[i]] ^ groups[around[j]]) & 8) != 0 && groups[around[i]] != kAllHard &&
                  groups[around[j]] != kAllHard)
                continue;  // different backface bits never join
              for (int ea = 0; ea < 3; ++ea) {
                const std::uint32_t a0 = a.points[ea], a1 = a.points[(ea + 1) % 3];
                if (a0 != point && a1 != point) continue;
                for (int eb = 0; eb < 3; ++eb) {
                  const std::uint32_t b0 = b.points[eb], b1 = b.points[(eb + 1) % 3];
                  const bool shared = (a0 == b0 && a1 == b1) || (a0 == b1 && a1 == b0);
                  if (shared && edge_soft(groups[around[i]], ea) && edge_soft(groups[around[j]], eb))
                    component[root(static_cast<int>(i))] = root(static_cast<int>(j));
                }
              }
            }
          int mine = 0;
          for (std::size_t i = 0; i < around.size(); ++i)
            if (around[i] == f) mine = root(static_cast<int>(i));
          for (std::size_t i = 0; i < around.size(); ++i)
            if (root(static_cast<int>(i)) == mine) add(around[i]);
          break;
        }
      }
      const float length = std::sqrt(sum[0] * sum[0] + sum[1] * sum[1] + sum[2] * sum[2]);
      out[3 * f + c] = length > 1e-12f && std::isfinite(length)
                           ? Vec{sum[0] / length, sum[1] / length, sum[2] / length}
                           : face_normals[f];
    }
  }
  return out;
}

}  // namespace gamefmt::xray
