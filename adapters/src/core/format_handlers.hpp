#pragma once
// The list of formats, the only one: a new format declares its factory here and adds it to kHandlerFactories,
// and the CLI, the Assimp bridge, the fuzz targets, the sweeps and the Blender add-on's menus follow from it.
// The handler itself, the format's code, its tests, seeds, benchmark and documents live elsewhere: the full
// list of places a new format family touches is in docs/adding-a-format.md.
#include <array>
#include <memory>

#include "gamefmt/adapters/format_handler.hpp"

namespace gamefmt::lugaru {
std::unique_ptr<FormatHandler> make_lugaru_solid_handler();
}  // namespace gamefmt::lugaru

namespace gamefmt::westwood {
std::unique_ptr<FormatHandler> make_westwood_vxl_handler();
std::unique_ptr<FormatHandler> make_westwood_hva_handler();
std::unique_ptr<FormatHandler> make_magicavoxel_vox_handler();
}  // namespace gamefmt::westwood

namespace gamefmt::asobo {
std::unique_ptr<FormatHandler> make_asobo_bigfile_handler();
std::unique_ptr<FormatHandler> make_asobo_bigfile_be_handler();
}  // namespace gamefmt::asobo

namespace gamefmt::phoenix {
std::unique_ptr<FormatHandler> make_phoenix_skeleton_handler();
std::unique_ptr<FormatHandler> make_phoenix_animation_handler();
std::unique_ptr<FormatHandler> make_phoenix_ragdoll_handler();
std::unique_ptr<FormatHandler> make_phoenix_save_handler();
}  // namespace gamefmt::phoenix

namespace gamefmt::shinobi {
std::unique_ptr<FormatHandler> make_shinobi_model_handler();
std::unique_ptr<FormatHandler> make_shinobi_animation_handler();
}  // namespace gamefmt::shinobi

namespace gamefmt::xray {
std::unique_ptr<FormatHandler> make_xray_ogf_handler();
std::unique_ptr<FormatHandler> make_xray_omf_handler();
std::unique_ptr<FormatHandler> make_xray_cform_handler();
std::unique_ptr<FormatHandler> make_xray_hom_handler();
std::unique_ptr<FormatHandler> make_xray_som_handler();
std::unique_ptr<FormatHandler> make_xray_err_handler();
std::unique_ptr<FormatHandler> make_xray_dm_handler();
std::unique_ptr<FormatHandler> make_xray_details_handler();
std::unique_ptr<FormatHandler> make_xray_object_handler();
std::unique_ptr<FormatHandler> make_xray_skl_handler();
std::unique_ptr<FormatHandler> make_xray_skls_handler();
std::unique_ptr<FormatHandler> make_xray_bones_handler();
std::unique_ptr<FormatHandler> make_xray_level_handler();
std::unique_ptr<FormatHandler> make_xray_level_geom_handler();
std::unique_ptr<FormatHandler> make_xray_anm_handler();
std::unique_ptr<FormatHandler> make_xray_thm_handler();
}  // namespace gamefmt::xray

namespace gamefmt {

using HandlerFactory = std::unique_ptr<FormatHandler> (*)();
// In a stable order: `gamefmt formats` lists them so, and formats sharing an extension are tried so.
inline constexpr std::array kHandlerFactories = {
    &lugaru::make_lugaru_solid_handler,
    &westwood::make_westwood_vxl_handler,
    &westwood::make_westwood_hva_handler,
    &westwood::make_magicavoxel_vox_handler,
    &asobo::make_asobo_bigfile_handler,
    &asobo::make_asobo_bigfile_be_handler,
    &phoenix::make_phoenix_skeleton_handler,
    &phoenix::make_phoenix_animation_handler,
    &phoenix::make_phoenix_ragdoll_handler,
    &phoenix::make_phoenix_save_handler,
    &shinobi::make_shinobi_model_handler,
    &shinobi::make_shinobi_animation_handler,
    &xray::make_xray_ogf_handler,
    &xray::make_xray_omf_handler,
    &xray::make_xray_cform_handler,
    &xray::make_xray_hom_handler,
    &xray::make_xray_som_handler,
    &xray::make_xray_err_handler,
    &xray::make_xray_dm_handler,
    &xray::make_xray_details_handler,
    &xray::make_xray_object_handler,
    &xray::make_xray_skl_handler,
    &xray::make_xray_skls_handler,
    &xray::make_xray_bones_handler,
    &xray::make_xray_level_handler,
    &xray::make_xray_level_geom_handler,
    &xray::make_xray_anm_handler,
    &xray::make_xray_thm_handler,
};

}  // namespace gamefmt
