#pragma once
// Names of the pixel formats a DDS file can declare, for messages about the ones gamefmt does not decode.
#include <cstdint>
#include <string>

namespace gamefmt::image::detail {

// "DXGI_FORMAT_BC7_UNORM" style name of a DX10 header's dxgiFormat ("DXGI format 123" when unknown).
std::string dxgi_format_name(std::uint32_t dxgi_format);
// A legacy FourCC as text ('ATI2' (BC5)), or the Direct3D 9 format number some writers store instead
// (113 (D3DFMT_A16B16G16R16F)).
std::string fourcc_name(std::uint32_t fourcc);

}  // namespace gamefmt::image::detail
