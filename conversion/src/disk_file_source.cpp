#include "disk_file_source.hpp"

#include <algorithm>
#include <filesystem>

#include "gamefmt/conversion.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/core/format_error.hpp"

namespace gamefmt {
namespace fs = std::filesystem;

DiskFileSource::DiskFileSource(const Limits& limits) : limit_{limits.max_file_bytes, "max_file_bytes"} {}

std::optional<std::vector<std::byte>> DiskFileSource::read(const std::string& path) const {
  std::error_code error;
  if (!fs::exists(path, error)) return std::nullopt;  // also a link to nothing
  try {
    auto bytes = read_contained_file(fs::path(path).parent_path(), path, limit_, "the input's folder");
    std::lock_guard lock(mutex_);
    if (read_set_.insert(path).second) read_.push_back(path);
    return bytes;
  } catch (const FormatError& e) {
    std::lock_guard lock(mutex_);
    const std::string refusal = std::string(e.what()) + ": not read";
    if (refused_.size() < kMostRefusals &&
        std::find(refused_.begin(), refused_.end(), refusal) == refused_.end())
      refused_.push_back(refusal);
    return std::nullopt;
  }
}

std::optional<std::vector<std::byte>> DiskFileSource::read_named(const std::string& path) const {
  std::error_code error;
  if (!fs::exists(path, error)) return std::nullopt;
  return read_file_bytes(path);  // the user's choice: anywhere, but a regular file
}

std::vector<std::string> DiskFileSource::list(const std::string& folder) const {
  std::vector<std::string> files;
  std::error_code error;
  for (fs::directory_iterator it(folder.empty() ? fs::path(".") : fs::path(folder), error), end;
       !error && it != end; it.increment(error)) {
    std::error_code type_error;
    if (!it->is_directory(type_error))  // FIFOs and links out too: read() refuses them, saying why
      files.push_back((fs::path(folder) / it->path().filename()).string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<std::string> DiskFileSource::refusals() const {
  std::lock_guard lock(mutex_);
  return refused_;
}

std::vector<std::string> DiskFileSource::read_paths() const {
  std::lock_guard lock(mutex_);
  return read_;
}

std::unique_ptr<FileSource> disk_file_source(const Limits& limits) {
  return std::make_unique<DiskFileSource>(limits);
}

}  // namespace gamefmt
