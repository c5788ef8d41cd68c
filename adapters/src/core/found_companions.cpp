#include "found_companions.hpp"

#include <algorithm>
#include <filesystem>

#include "gamefmt/core/text_encoding.hpp"

namespace gamefmt {
namespace fs = std::filesystem;
namespace {

bool same_path(const std::string& a, const std::string& b) {
  if (a == b) return true;
  std::error_code error;
  return fs::equivalent(a, b, error) && !error;
}

bool same_file(const InputFile& file, const std::string& path, std::span<const std::byte> bytes) {
  return same_path(file.path, path) || (file.bytes.size() == bytes.size() &&
                                        std::equal(file.bytes.begin(), file.bytes.end(), bytes.begin()));
}

}  // namespace

bool is_given(const ImportRequest& request, const std::string& path, std::span<const std::byte> bytes,
              std::span<const InputFile> found) {
  const auto same = [&](const InputFile& file) { return same_file(file, path, bytes); };
  return same(request.primary) || std::any_of(request.companions.begin(), request.companions.end(), same) ||
         std::any_of(found.begin(), found.end(), same);
}

std::vector<InputFile> files_named_after(const ImportRequest& request,
                                         std::span<const std::string_view> extensions, bool suffixed) {
  std::vector<InputFile> found;
  if (request.files == nullptr) return found;
  const fs::path primary(request.primary.path);
  const std::string stem = lower_ascii(primary.stem().string());
  for (const auto& path : request.files->list(primary.parent_path().string())) {
    const fs::path candidate(path);
    const std::string name = lower_ascii(candidate.filename().string());
    const std::string extension = lower_ascii(candidate.extension().string());
    if (std::find(extensions.begin(), extensions.end(), extension) == extensions.end()) continue;
    const std::string base = name.substr(0, name.size() - extension.size());
    if (suffixed ? !(base.size() > stem.size() + 1 && base.starts_with(stem + "_")) : base != stem) continue;
    auto bytes = request.files->read(path);
    if (!bytes || is_given(request, path, *bytes)) continue;
    found.push_back({path, std::move(*bytes)});
  }
  return found;
}

}  // namespace gamefmt
