#include "gamefmt/core/reference_patch.hpp"

#include <zstd.h>

#include <algorithm>
#include <bit>
#include <memory>

namespace gamefmt {
namespace {

// Level 3 (zstd's default): on the corpus the .glb files are under 1 % larger than with level 15 for models
// and motions, in a fraction of the time (bench/way_back_benchmarks.cpp). Files up to 64 KiB (camera paths,
// SDK motions, small props) take level 16, where a few hundred bytes count: on the corpus it gives the sizes
// of level 19 to 0.1 % in 8 % less time for the whole conversion; level 12 leaves camera paths 4 % larger.
constexpr int kLevel = 3;
constexpr int kSmallFileLevel = 16;
constexpr std::size_t kSmallFile = 64 << 10;
// The window must reach from the file's end back over the whole reference. 2^30 covers the largest file
// a conversion reads (Limits::max_file_bytes) with its reference; the decoder allows no more.
constexpr int kMostWindowLog = 30;
constexpr int kLeastWindowLog = 10;  // zstd's smallest

int window_log_for(std::size_t bytes) {
  return std::clamp(static_cast<int>(std::bit_width(bytes)), kLeastWindowLog, kMostWindowLog);
}

}  // namespace

std::vector<std::byte> make_reference_patch(std::span<const std::byte> file,
                                            std::span<const std::byte> reference) {
  const std::unique_ptr<ZSTD_CCtx, std::size_t (*)(ZSTD_CCtx*)> context(ZSTD_createCCtx(), ZSTD_freeCCtx);
  if (!context) return {};
  ZSTD_CCtx* c = context.get();
  const int window_log = window_log_for(file.size() + reference.size());
  if (ZSTD_isError(ZSTD_CCtx_setParameter(c, ZSTD_c_compressionLevel,
                                          file.size() <= kSmallFile ? kSmallFileLevel : kLevel)) ||
      ZSTD_isError(ZSTD_CCtx_setParameter(c, ZSTD_c_windowLog, window_log)) ||
      ZSTD_isError(ZSTD_CCtx_setParameter(c, ZSTD_c_checksumFlag, 1)) ||
      ZSTD_isError(ZSTD_CCtx_setParameter(c, ZSTD_c_contentSizeFlag, 1)) ||
      ZSTD_isError(ZSTD_CCtx_setParameter(c, ZSTD_c_enableLongDistanceMatching, window_log > 27 ? 1 : 0)) ||
      ZSTD_isError(ZSTD_CCtx_refPrefix(c, reference.data(), reference.size())))
    return {};
  std::vector<std::byte> patch(ZSTD_compressBound(file.size()));
  const std::size_t size = ZSTD_compress2(c, patch.data(), patch.size(), file.data(), file.size());
  if (ZSTD_isError(size)) return {};
  patch.resize(size);
  return patch;
}

std::optional<std::vector<std::byte>> apply_reference_patch(std::span<const std::byte> patch,
                                                            std::span<const std::byte> reference,
                                                            std::size_t most_bytes) {
  const unsigned long long claimed = ZSTD_getFrameContentSize(patch.data(), patch.size());
  if (claimed == ZSTD_CONTENTSIZE_UNKNOWN || claimed == ZSTD_CONTENTSIZE_ERROR || claimed > most_bytes)
    return std::nullopt;
  // One whole frame and nothing after it.
  if (ZSTD_findFrameCompressedSize(patch.data(), patch.size()) != patch.size()) return std::nullopt;
  const std::unique_ptr<ZSTD_DCtx, std::size_t (*)(ZSTD_DCtx*)> context(ZSTD_createDCtx(), ZSTD_freeDCtx);
  if (!context) return std::nullopt;
  ZSTD_DCtx* d = context.get();
  if (ZSTD_isError(ZSTD_DCtx_setParameter(d, ZSTD_d_windowLogMax, kMostWindowLog)) ||
      ZSTD_isError(ZSTD_DCtx_refPrefix(d, reference.data(), reference.size())))
    return std::nullopt;
  std::vector<std::byte> file(static_cast<std::size_t>(claimed));
  const std::size_t size = ZSTD_decompressDCtx(d, file.data(), file.size(), patch.data(), patch.size());
  if (ZSTD_isError(size) || size != file.size()) return std::nullopt;
  return file;
}

}  // namespace gamefmt
