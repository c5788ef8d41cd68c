// Overgrowth `.fzx` ragdoll volumes: lossless rewrite, `info` (each object with the body part, side and
// mirror flag the engine reads from its label; labels the engine would ignore are listed, never dropped
// silently), and export from a scene. As a companion of a .phxbn (skeleton_handler.cpp) the volumes sit under
// their bones; imported on their own they sit at the model's origin, with proxy meshes unless
// `ragdoll_proxies=0`.
#include <filesystem>
#include <nlohmann/json.hpp>

#include "../core/format_handlers.hpp"
#include "phoenix_inputs.hpp"
#include "gamefmt/assimp/phoenix_ragdoll.hpp"
#include "gamefmt/core/byte_order.hpp"
#include "gamefmt/phoenix/ragdoll.hpp"

namespace gamefmt::assimp {
namespace {

const char* shape_name(phoenix::RagdollShape shape) {
  switch (shape) {
    case phoenix::RagdollShape::capsule:
      return "capsule";
    case phoenix::RagdollShape::box:
      return "box";
    case phoenix::RagdollShape::sphere:
      return "sphere";
  }
  return "";
}

class RagdollHandler final : public FormatHandler {
 public:
  const FormatDescription& description() const override {
    static const FormatDescription d = [] {
      FormatDescription d;
      d.id = "phoenix-fzx";
      d.name = "Overgrowth ragdoll volumes";
      d.family = "phoenix";
      d.extensions = {"fzx"};
      d.can_import = d.can_export = d.can_rewrite = true;
      d.import_options = {{"ragdoll_proxies", "a visible mesh for each volume", {"0", "1"}, "1"}};
      return d;
    }();
    return d;
  }

  bool recognizes(std::span<const std::byte> head) const override {
    return head.size() >= phoenix::kFzxMagic.size() &&
           std::equal(phoenix::kFzxMagic.begin(), phoenix::kFzxMagic.end(), head.begin(),
                      [](std::uint8_t a, std::byte b) { return a == std::to_integer<std::uint8_t>(b); });
  }

  std::unique_ptr<aiScene> import_scene(const ImportRequest& request) const override {
    const auto ragdoll = phoenix::read_ragdoll(request.primary.bytes, request.primary.path);
    const bool proxies = choice(request.options, "ragdoll_proxies", false, request.primary.path) == "1";
    auto scene = phoenix_ragdoll_to_scene(ragdoll, std::filesystem::path(request.primary.path).stem().string(),
                                          proxies, request.primary.path);
    add_reader_warnings(*scene, ragdoll.warnings);
    return scene;
  }

  // The volumes of a rig scene (phoenix_ragdoll.hpp), placed where their nodes are.
  std::vector<std::byte> export_scene(const aiScene& scene, const Options&,
                                      std::string_view output_name) const override {
    return phoenix::write_ragdoll(phoenix_ragdoll_from_scene(scene, output_name), output_name);
  }

  std::vector<std::byte> rewrite(std::span<const std::byte> data, std::string_view file_name) const override {
    return phoenix::write_ragdoll(phoenix::read_ragdoll(data, file_name), file_name);
  }

  nlohmann::json info(const ImportRequest& request) const override {
    const auto ragdoll = phoenix::read_ragdoll(request.primary.bytes, request.primary.path);
    nlohmann::json objects = nlohmann::json::array(), unmatched = nlohmann::json::array();
    for (const auto& o : ragdoll.objects) {
      nlohmann::json entry = {{"label", o.label},
                              {"rotation_wxyz", o.rotation_wxyz},
                              {"location", o.location},
                              {"scale", o.scale}};
      if (const auto label = phoenix::parse_ragdoll_label(o.label)) {
        entry["shape"] = shape_name(label->shape);
        entry["part"] = label->part;
        if (label->side != 0) entry["side"] = std::string(1, label->side);
        entry["mirrored"] = label->mirrored;
      } else {
        unmatched.push_back(o.label);
      }
      objects.push_back(entry);
    }
    return {{"format", description().id},
            {"version", ragdoll.version},
            {"objects", objects},
            {"unmatched_labels", unmatched},
            {"bytes_before_footer", ragdoll.bytes_before_footer.size()},
            {"warnings", ragdoll.warnings}};
  }
};

}  // namespace

std::unique_ptr<FormatHandler> make_phoenix_ragdoll_handler() {
  return std::make_unique<RagdollHandler>();
}

}  // namespace gamefmt::assimp
