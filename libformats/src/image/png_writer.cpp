#include <png.h>

#include <csetjmp>
#include <cstring>
#include <new>
#include <string>

#include "gamefmt/core/format_error.hpp"
#include "gamefmt/image/png.hpp"

namespace gamefmt::image {
namespace {

constexpr std::uint32_t kPngMaxDimension = 0x7FFFFFFF;
constexpr int kZlibLevel = 1;  // see png.hpp: fastest, and on DXT textures also the smallest with no filter

// What libpng's callbacks share with encode_png. Plain data only: libpng leaves write_png_file by longjmp.
struct PngJob {
  const std::uint8_t* pixels = nullptr;  // rows of `channels` bytes per pixel
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  int channels = 4;
  std::vector<std::byte>* out = nullptr;
  bool out_of_memory = false;
  char error[256] = {};
};

void on_png_error(png_structp png, png_const_charp message) {
  auto* job = static_cast<PngJob*>(png_get_error_ptr(png));
  std::strncpy(job->error, message, sizeof job->error - 1);
  png_longjmp(png, 1);
}

void on_png_warning(png_structp, png_const_charp) {}  // nothing the caller could act on

void append_output(png_structp png, png_bytep data, png_size_t length) {
  auto* job = static_cast<PngJob*>(png_get_io_ptr(png));
  if (job->out_of_memory) return;
  // No exception may cross libpng's C frames: a failed allocation is remembered and reported after it
  // returns.
  try {
    const auto* bytes = reinterpret_cast<const std::byte*>(data);
    job->out->insert(job->out->end(), bytes, bytes + length);
  } catch (const std::bad_alloc&) {
    job->out_of_memory = true;
  }
}

void flush_output(png_structp) {}

// Runs libpng over the job; false when it reported an error (in job.error). Only trivially destructible
// objects live in this frame, so libpng's longjmp out of it is well defined.
bool write_png_file(PngJob& job) {
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &job, on_png_error, on_png_warning);
  if (png == nullptr) return false;
  png_infop info = png_create_info_struct(png);
  if (info == nullptr) {
    png_destroy_write_struct(&png, nullptr);
    return false;
  }
  if (setjmp(png_jmpbuf(png)) != 0) {
    png_destroy_write_struct(&png, &info);
    return false;
  }
  png_set_write_fn(png, &job, append_output, flush_output);
  png_set_user_limits(png, kPngMaxDimension, kPngMaxDimension);  // libpng's default stops at 1,000,000
  png_set_IHDR(png, info, job.width, job.height, 8,
               job.channels == 4 ? PNG_COLOR_TYPE_RGBA : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
  png_set_compression_level(png, kZlibLevel);
  png_write_info(png, info);
  const std::size_t row_bytes = std::size_t{job.width} * static_cast<std::size_t>(job.channels);
  for (std::uint32_t y = 0; y < job.height; ++y)
    png_write_row(png, const_cast<png_bytep>(job.pixels + y * row_bytes));  // libpng does not write to it
  png_write_end(png, info);
  png_destroy_write_struct(&png, &info);
  return true;
}

}  // namespace

std::vector<std::byte> encode_png(const Rgba8Image& image) {
  if (image.width == 0 || image.height == 0 || image.width > kPngMaxDimension ||
      image.height > kPngMaxDimension)
    throw FormatError({}, std::nullopt, "image",
                      std::to_string(image.width) + " x " + std::to_string(image.height) +
                          " cannot be a PNG (each side must be 1 to 2^31 - 1)");
  // Checked by rows: width * height * 4 may not fit in 64 bits.
  const std::uint64_t row_bytes = std::uint64_t{image.width} * 4;
  if (image.pixels.size() % row_bytes != 0 || image.pixels.size() / row_bytes != image.height)
    throw FormatError({}, std::nullopt, "image.pixels",
                      "holds " + std::to_string(image.pixels.size()) + " bytes, not " +
                          std::to_string(image.width) + " x " + std::to_string(image.height) + " x 4");

  std::vector<std::uint8_t> rgb;  // the pixels without alpha, when every alpha is 255
  PngJob job;
  job.pixels = image.pixels.data();
  job.width = image.width;
  job.height = image.height;
  if (is_opaque(image)) {
    rgb.resize(image.pixels.size() / 4 * 3);
    for (std::size_t i = 0, o = 0; i < image.pixels.size(); i += 4, o += 3)
      std::memcpy(&rgb[o], &image.pixels[i], 3);
    job.pixels = rgb.data();
    job.channels = 3;
  }
  std::vector<std::byte> out;
  job.out = &out;
  if (!write_png_file(job)) throw FormatError({}, std::nullopt, "image", std::string("libpng: ") + job.error);
  if (job.out_of_memory) throw std::bad_alloc();
  return out;
}

}  // namespace gamefmt::image
