#pragma once
// The list of format families. A new family adds its factory here, and nowhere else.
#include <array>
#include <memory>

#include "gamefmt/adapters/format_handler.hpp"

// Transitional: the families still in namespace gamefmt::assimp (they move to gamefmt::<family> as they leave
// aiScene behind).
namespace gamefmt::assimp {

std::unique_ptr<FormatHandler> make_lugaru_solid_handler();
std::unique_ptr<FormatHandler> make_westwood_vxl_handler();
std::unique_ptr<FormatHandler> make_westwood_hva_handler();
std::unique_ptr<FormatHandler> make_magicavoxel_vox_handler();
std::unique_ptr<FormatHandler> make_asobo_bigfile_handler(), make_asobo_bigfile_be_handler();
std::unique_ptr<FormatHandler> make_phoenix_skeleton_handler();
std::unique_ptr<FormatHandler> make_phoenix_animation_handler();
std::unique_ptr<FormatHandler> make_phoenix_ragdoll_handler();
std::unique_ptr<FormatHandler> make_phoenix_save_handler();
std::unique_ptr<FormatHandler> make_shinobi_model_handler();
std::unique_ptr<FormatHandler> make_shinobi_animation_handler();
std::unique_ptr<FormatHandler> make_xray_cform_handler();
std::unique_ptr<FormatHandler> make_xray_hom_handler();
std::unique_ptr<FormatHandler> make_xray_som_handler();
std::unique_ptr<FormatHandler> make_xray_err_handler();
std::unique_ptr<FormatHandler> make_xray_dm_handler();
std::unique_ptr<FormatHandler> make_xray_details_handler();
std::unique_ptr<FormatHandler> make_xray_level_handler(), make_xray_level_geom_handler();
std::unique_ptr<FormatHandler> make_xray_anm_handler();

}  // namespace gamefmt::assimp

namespace gamefmt::xray {

std::unique_ptr<FormatHandler> make_xray_ogf_handler(), make_xray_omf_handler();
std::unique_ptr<FormatHandler> make_xray_object_handler();
std::unique_ptr<FormatHandler> make_xray_skl_handler(), make_xray_skls_handler();
std::unique_ptr<FormatHandler> make_xray_bones_handler();

}  // namespace gamefmt::xray

namespace gamefmt {

using HandlerFactory = std::unique_ptr<FormatHandler> (*)();
inline constexpr std::array kHandlerFactories = {
    &assimp::make_lugaru_solid_handler,
    &assimp::make_westwood_vxl_handler,
    &assimp::make_westwood_hva_handler,
    &assimp::make_magicavoxel_vox_handler,
    &assimp::make_asobo_bigfile_handler, &assimp::make_asobo_bigfile_be_handler,
    &assimp::make_phoenix_skeleton_handler,
    &assimp::make_phoenix_animation_handler,
    &assimp::make_phoenix_ragdoll_handler,
    &assimp::make_phoenix_save_handler,
    &assimp::make_shinobi_model_handler,
    &assimp::make_shinobi_animation_handler,
    &xray::make_xray_ogf_handler, &xray::make_xray_omf_handler,
    &assimp::make_xray_cform_handler,
    &assimp::make_xray_hom_handler,
    &assimp::make_xray_som_handler,
    &assimp::make_xray_err_handler,
    &assimp::make_xray_dm_handler,
    &assimp::make_xray_details_handler,
    &xray::make_xray_object_handler,
    &xray::make_xray_skl_handler, &xray::make_xray_skls_handler,
    &xray::make_xray_bones_handler,
    &assimp::make_xray_level_handler, &assimp::make_xray_level_geom_handler,
    &assimp::make_xray_anm_handler,
};

}  // namespace gamefmt
