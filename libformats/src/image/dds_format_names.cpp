#include "dds_format_names.hpp"

#include <array>
#include <cstdio>
#include <utility>

namespace gamefmt::image::detail {
namespace {

// DXGI_FORMAT values from dxgiformat.h (the ones a texture file plausibly holds).
constexpr std::array<std::pair<std::uint32_t, const char*>, 45> kDxgiFormats{{
    {2, "R32G32B32A32_FLOAT"},
    {6, "R32G32B32_FLOAT"},
    {10, "R16G16B16A16_FLOAT"},
    {11, "R16G16B16A16_UNORM"},
    {13, "R16G16B16A16_SNORM"},
    {16, "R32G32_FLOAT"},
    {24, "R10G10B10A2_UNORM"},
    {26, "R11G11B10_FLOAT"},
    {27, "R8G8B8A8_TYPELESS"},
    {28, "R8G8B8A8_UNORM"},
    {29, "R8G8B8A8_UNORM_SRGB"},
    {31, "R8G8B8A8_SNORM"},
    {34, "R16G16_FLOAT"},
    {35, "R16G16_UNORM"},
    {41, "R32_FLOAT"},
    {49, "R8G8_UNORM"},
    {51, "R8G8_SNORM"},
    {54, "R16_FLOAT"},
    {56, "R16_UNORM"},
    {61, "R8_UNORM"},
    {65, "A8_UNORM"},
    {67, "R9G9B9E5_SHAREDEXP"},
    {70, "BC1_TYPELESS"},
    {71, "BC1_UNORM"},
    {72, "BC1_UNORM_SRGB"},
    {73, "BC2_TYPELESS"},
    {74, "BC2_UNORM"},
    {75, "BC2_UNORM_SRGB"},
    {76, "BC3_TYPELESS"},
    {77, "BC3_UNORM"},
    {78, "BC3_UNORM_SRGB"},
    {80, "BC4_UNORM"},
    {81, "BC4_SNORM"},
    {83, "BC5_UNORM"},
    {84, "BC5_SNORM"},
    {85, "B5G6R5_UNORM"},
    {86, "B5G5R5A1_UNORM"},
    {87, "B8G8R8A8_UNORM"},
    {88, "B8G8R8X8_UNORM"},
    {91, "B8G8R8A8_UNORM_SRGB"},
    {93, "B8G8R8X8_UNORM_SRGB"},
    {95, "BC6H_UF16"},
    {96, "BC6H_SF16"},
    {98, "BC7_UNORM"},
    {99, "BC7_UNORM_SRGB"},
}};

// FourCCs of formats other than DXT1/3/5, with what they are.
constexpr std::array<std::pair<const char*, const char*>, 12> kFourCcs{{
    {"DXT2", "BC2 with premultiplied alpha"},
    {"DXT4", "BC3 with premultiplied alpha"},
    {"ATI1", "BC4"},
    {"BC4U", "BC4"},
    {"BC4S", "BC4 signed"},
    {"ATI2", "BC5"},
    {"BC5U", "BC5"},
    {"BC5S", "BC5 signed"},
    {"RGBG", "R8G8_B8G8"},
    {"GRGB", "G8R8_G8B8"},
    {"UYVY", "YUV 4:2:2"},
    {"YUY2", "YUV 4:2:2"},
}};

// Direct3D 9 D3DFORMAT numbers that writers store in the FourCC field for formats without a FourCC.
constexpr std::array<std::pair<std::uint32_t, const char*>, 9> kD3dFormats{{
    {36, "D3DFMT_A16B16G16R16"},
    {110, "D3DFMT_Q16W16V16U16"},
    {111, "D3DFMT_R16F"},
    {112, "D3DFMT_G16R16F"},
    {113, "D3DFMT_A16B16G16R16F"},
    {114, "D3DFMT_R32F"},
    {115, "D3DFMT_G32R32F"},
    {116, "D3DFMT_A32B32G32R32F"},
    {117, "D3DFMT_CxV8U8"},
}};

}  // namespace

std::string dxgi_format_name(std::uint32_t dxgi_format) {
  for (const auto& [value, name] : kDxgiFormats)
    if (value == dxgi_format) return std::string("DXGI_FORMAT_") + name;
  return "DXGI format " + std::to_string(dxgi_format);
}

std::string fourcc_name(std::uint32_t fourcc) {
  for (const auto& [value, name] : kD3dFormats)
    if (value == fourcc) return std::to_string(fourcc) + " (" + name + ")";
  std::string text;
  for (int i = 0; i < 4; ++i) {
    const auto c = static_cast<char>((fourcc >> (8 * i)) & 0xFF);
    if (c < 0x20 || c > 0x7E) {  // not text: show the number
      char hex[16];
      std::snprintf(hex, sizeof hex, "0x%08x", fourcc);
      return hex;
    }
    text += c;
  }
  for (const auto& [code, meaning] : kFourCcs)
    if (text == code) return "'" + text + "' (" + meaning + ")";
  return "'" + text + "'";
}

}  // namespace gamefmt::image::detail
