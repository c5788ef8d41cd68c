// .thm handler (texture descriptors: lossless rewrite and info; they hold no geometry, so there is no scene).
// Conversions read them through attach_xray_textures (xray_game_data.hpp), beside the texture they describe.
#include <nlohmann/json.hpp>

#include "../core/handler_base.hpp"
#include "gamefmt/core/text_encoding.hpp"
#include "gamefmt/xray/level_chunk_layout.hpp"
#include "gamefmt/xray/thm.hpp"

namespace gamefmt::xray {
namespace {

nlohmann::json texture_json(const Thm& thm) {
  nlohmann::json out = nlohmann::json::object();
  if (const auto& p = thm.params)
    out["params"] = {{"format", p->format},
                     {"flags", p->flags},
                     {"border_color", p->border_color},
                     {"fade_color", p->fade_color},
                     {"fade_amount", p->fade_amount},
                     {"mip_filter", p->mip_filter},
                     {"width", p->width},
                     {"height", p->height}};
  if (thm.texture_type) out["texture_type"] = *thm.texture_type;
  if (const auto& d = thm.detail) out["detail"] = {{"name", cp1251_to_utf8(d->name)}, {"scale", d->scale}};
  if (const auto& m = thm.material) out["material"] = {{"material", m->material}, {"weight", m->weight}};
  if (const auto& b = thm.bump)
    out["bump"] = {
        {"virtual_height", b->virtual_height}, {"mode", b->mode}, {"name", cp1251_to_utf8(b->name)}};
  if (thm.external_normal_map) out["external_normal_map"] = cp1251_to_utf8(*thm.external_normal_map);
  if (thm.fade_delay) out["fade_delay"] = *thm.fade_delay;
  const auto bump = thm.used_bump();
  out["used_bump"] = bump ? nlohmann::json(cp1251_to_utf8(*bump)) : nlohmann::json();
  const auto detail = thm.used_detail();
  out["used_detail"] = detail
                           ? nlohmann::json{{"name", cp1251_to_utf8(detail->name)}, {"scale", detail->scale}}
                           : nlohmann::json();
  return out;
}

class ThmHandler final : public LosslessHandlerBase<&read_thm, &write_thm> {
 public:
  ThmHandler() {
    auto& d = describe("xray-thm", "X-Ray texture descriptor (.thm)", kXray, {"thm"});
    d.can_rewrite = true;
    d.role_note =
        "a texture's descriptor (bump map, detail texture): read beside the texture when a model is "
        "converted";
  }

  bool recognizes(std::span<const std::byte> head) const override { return looks_like_thm(head); }

  nlohmann::json info(const ImportRequest& request) const override {
    const auto thm = read_thm(request.primary.bytes, request.primary.path);
    nlohmann::json out = {{"format", description().id},
                          {"version", thm.version ? nlohmann::json(*thm.version) : nlohmann::json()},
                          {"type", thm.type ? nlohmann::json(*thm.type) : nlohmann::json()}};
    if (thm.is_texture()) out["texture"] = texture_json(thm);
    out["kept_chunks"] = describe_kept_chunks(thm.layout);
    out["trailing_bytes"] = thm.layout.trailing_bytes.size();
    out["warnings"] = thm.warnings;
    return out;
  }
};

}  // namespace

std::unique_ptr<FormatHandler> make_xray_thm_handler() {
  return std::make_unique<ThmHandler>();
}

}  // namespace gamefmt::xray
