#include "gamefmt/scene/rest_frames.hpp"

#include <array>
#include <cmath>
#include <optional>
#include <vector>

#include "gamefmt/scene/extras.hpp"
#include "gamefmt/scene/scene_queries.hpp"
#include "gamefmt/scene/skin_binding.hpp"
#include "gamefmt/scene/transform_math.hpp"

namespace gamefmt::scene {
namespace {

// A frame turned by less than this (radians) is the same frame: a float trip through glTF and a DCC tool's
// matrices turns frames by about 1e-6.
constexpr float kTurnTolerance = 1e-4f;
// A head within this distance (metres, or relative to the distance from the origin beyond 1 m) is where it
// was: the same round-off, on positions.
constexpr float kHeadTolerance = 1e-4f;

struct Record {
  Trs local;
  std::optional<std::string> parent;
};

Trs trs_of(const Node& node) {
  if (const auto* trs = std::get_if<Trs>(&node.transform)) return *trs;
  return decompose(std::get<glm::mat4>(node.transform));
}

nlohmann::json record_json(const Trs& t, const std::optional<std::string>& parent) {
  nlohmann::json out = {{"translation", {t.translation.x, t.translation.y, t.translation.z}},
                        {"rotation", {t.rotation.x, t.rotation.y, t.rotation.z, t.rotation.w}},
                        {"scale", {t.scale.x, t.scale.y, t.scale.z}}};
  if (parent) out["parent"] = *parent;
  return out;
}

// The record in a node's extras, taken out of them; nothing when there is none or it does not read.
std::optional<Record> take_record(Node& node) {
  if (!node.extras.is_object()) return std::nullopt;
  const auto found = node.extras.find(kRestFrameKey);
  if (found == node.extras.end()) return std::nullopt;
  const nlohmann::json value = std::move(*found);
  node.extras.erase(found);
  if (node.extras.empty()) node.extras = nullptr;  // as the node was before its record
  const auto translation = get<std::array<float, 3>>(value, "translation");
  const auto rotation = get<std::array<float, 4>>(value, "rotation");
  const auto scale = get<std::array<float, 3>>(value, "scale");
  if (!translation || !rotation || !scale) return std::nullopt;
  Record record;
  record.local.translation = {(*translation)[0], (*translation)[1], (*translation)[2]};
  record.local.rotation = glm::quat((*rotation)[3], (*rotation)[0], (*rotation)[1], (*rotation)[2]);
  record.local.scale = {(*scale)[0], (*scale)[1], (*scale)[2]};
  const float length = std::sqrt(glm::dot(record.local.rotation, record.local.rotation));
  if (!(std::abs(length - 1.0f) < 1e-3f)) return std::nullopt;  // not a rotation: not ours
  if (value.contains("parent")) {
    const auto parent = get<std::string>(value, "parent");
    if (!parent) return std::nullopt;
    record.parent = *parent;
  }
  return record;
}

glm::vec3 origin_of(const glm::mat4& m) {
  return glm::vec3(m[3]);
}

bool same_head(const glm::vec3& a, const glm::vec3& b) {
  const float size = std::max({1.0f, glm::length(a), glm::length(b)});
  return glm::length(a - b) <= kHeadTolerance * size;
}

// The rotation part of an affine matrix (its scale taken out).
glm::quat rotation_part(const glm::mat4& m) {
  return decompose(m).rotation;
}

bool turns(const glm::quat& q) {
  // The angle is 2 asin |(x, y, z)|.
  return glm::length(glm::vec3(q.x, q.y, q.z)) > std::sin(kTurnTolerance / 2);
}

glm::quat conjugate(const glm::quat& q) {
  return glm::quat(q.w, -q.x, -q.y, -q.z);
}

// The diagonal of inverse(R) * diag(s) * R: the scale s seen in a frame turned by R (exact where R permutes
// axes, as the heuristics that snap bones to axes do).
glm::vec3 turned_scale(const glm::quat& r, const glm::vec3& s) {
  const glm::mat3 m = rotation_matrix(r);  // columns: the turned axes
  glm::vec3 out(0.0f);
  for (int axis = 0; axis < 3; ++axis)
    for (int k = 0; k < 3; ++k) out[axis] += m[axis][k] * m[axis][k] * s[k];
  return out;
}

void correct_bindings(Scene& scene, const std::vector<std::optional<glm::mat4>>& correction) {
  for (auto& mesh : scene.meshes)
    for (auto& binding : mesh.bones)
      if (binding.node < correction.size() && correction[binding.node])
        binding.inverse_bind =
            with_affine_bottom_row(inverse(*correction[binding.node]) * binding.inverse_bind);
}

void correct_keys(Scene& scene, const std::vector<std::optional<NodeIndex>>& parents,
                  const std::vector<std::optional<glm::mat4>>& correction) {
  for (auto& animation : scene.animations)
    for (auto& channel : animation.channels) {
      if (channel.node >= correction.size()) continue;
      const auto parent = parents[channel.node];
      const std::optional<glm::mat4>& own = correction[channel.node];
      const std::optional<glm::mat4> none;
      const std::optional<glm::mat4>& above = parent ? correction[*parent] : none;
      if (!own && !above) continue;
      const glm::quat parent_turn = above ? rotation_part(*above) : glm::quat(1, 0, 0, 0);
      const glm::quat own_turn = own ? rotation_part(*own) : glm::quat(1, 0, 0, 0);
      if (above) {
        const glm::mat4 into_parent = inverse(*above);
        for (auto& key : channel.translation) key.value = transform_point(into_parent, key.value);
      }
      for (auto& key : channel.rotation) key.value = normalize(conjugate(parent_turn) * key.value * own_turn);
      if (own)
        for (auto& key : channel.scale) key.value = turned_scale(own_turn, key.value);
    }
}

}  // namespace

void record_rest_frames(Scene& scene) {
  const auto parents = parents_of(scene);
  std::vector<bool> recorded(scene.nodes.size(), false);
  for (NodeIndex joint : joint_nodes(scene))
    for (std::optional<NodeIndex> at = joint; at && !recorded[*at]; at = parents[*at]) recorded[*at] = true;
  for (NodeIndex n = 0; n < scene.nodes.size(); ++n) {
    if (!recorded[n]) continue;
    Node& node = scene.nodes[n];
    if (!node.extras.is_object()) node.extras = nlohmann::json::object();
    const auto parent = parents[n] ? std::optional<std::string>(scene.nodes[*parents[n]].name) : std::nullopt;
    node.extras[kRestFrameKey] = record_json(trs_of(node), parent);
  }
}

RestFrameReport restore_rest_frames(Scene& scene) {
  RestFrameReport report;
  std::vector<std::optional<Record>> records(scene.nodes.size());
  bool any = false;
  for (NodeIndex n = 0; n < scene.nodes.size(); ++n) {
    records[n] = take_record(scene.nodes[n]);
    any = any || records[n].has_value();
  }
  if (!any) return report;

  const auto parents = parents_of(scene);
  const auto globals = global_transforms(scene);  // as the scene has them
  std::vector<glm::mat4> restored = globals;
  // Where the records put each node (nodes without one: where the scene does), to tell a head the user moved
  // from one whose parent moved.
  std::vector<glm::mat4> recorded = globals;
  std::vector<std::optional<glm::mat4>> correction(scene.nodes.size());  // of the frames that turned
  for (NodeIndex n : tree_order(scene)) {
    const auto parent = parents[n];
    const glm::mat4 parent_global = parent ? restored[*parent] : glm::mat4(1.0f);
    // The record's parent is the nearest ancestor with a record (DCC tools add nodes above a skeleton).
    std::optional<NodeIndex> recorded_above = parent;
    while (recorded_above && !records[*recorded_above]) recorded_above = parents[*recorded_above];
    const auto above_name =
        recorded_above ? std::optional<std::string>(scene.nodes[*recorded_above].name) : std::nullopt;
    Node& node = scene.nodes[n];
    const glm::mat4 parent_recorded = parent ? recorded[*parent] : glm::mat4(1.0f);
    if (records[n] && records[n]->parent == above_name) {
      Trs local = records[n]->local;
      recorded[n] = parent_recorded * compose(local);
      const glm::vec3 head = origin_of(globals[n]);
      if (!same_head(origin_of(recorded[n]), head)) ++report.moved;
      if (!same_head(origin_of(parent_global * compose(local)), head))  // moved, or its parent did
        local.translation = transform_point(inverse(parent_global), head);
      node.transform = local;
      restored[n] = parent_global * compose(local);
      ++report.restored;
      const glm::mat4 change = inverse(globals[n]) * restored[n];
      if (turns(rotation_part(change))) {
        correction[n] = change;
        ++report.turned;
      }
    } else if (parent && correction[*parent]) {  // keeps its place in the world under the restored frame
      const glm::mat4 local = inverse(parent_global) * globals[n];
      if (std::holds_alternative<Trs>(node.transform))
        node.transform = decompose(local);
      else
        node.transform = local;
      restored[n] = parent_global * local;
    } else {
      restored[n] = parent_global * matrix_of(node);
    }
  }
  correct_bindings(scene, correction);
  correct_keys(scene, parents, correction);
  return report;
}

std::string rest_frame_warning(const RestFrameReport& report) {
  if (report.turned == 0) return {};
  const bool one = report.turned == 1;
  std::string text =
      std::to_string(report.turned) + (one ? " bone was" : " bones were") +
      " turned back to the game's rest frame" + (one ? "" : "s") + " (the scene had re-oriented " +
      (one ? "it" : "them") +
      ", as Blender's glTF importer does with a Bone Dir other than \"Blender\"); the model and "
      "its animations are re-expressed in " +
      (one ? "it" : "them") + ", so the game's own animations still fit";
  if (report.moved != 0)
    text += "; " + std::to_string(report.moved) + " moved bone head" +
            (report.moved == 1 ? " stays" : "s stay") + " where the scene puts " +
            (report.moved == 1 ? "it" : "them");
  return text;
}

}  // namespace gamefmt::scene
