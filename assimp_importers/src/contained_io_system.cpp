#include "contained_io_system.hpp"

#include <algorithm>
#include <cstring>

#include "gamefmt/core/file_io.hpp"
#include "gamefmt/core/format_error.hpp"

namespace gamefmt::assimp {
namespace fs = std::filesystem;

std::optional<std::string> disk_rule_problem(const fs::path& path, bool beside, const fs::path& folder,
                                             std::uint64_t max_bytes) {
  std::error_code error;
  if (!fs::exists(fs::symlink_status(path, error))) return std::nullopt;
  try {
    const fs::path real = beside ? real_path_inside(folder, path, "the imported file's folder") : path;
    if (const auto problem = regular_file_problem(real)) return path.string() + ": " + *problem;
    const auto size = fs::file_size(real, error);
    if (beside && !error && size > max_bytes)
      return path.string() + ": is " + std::to_string(size) + " bytes, more than max_file_bytes (" +
             std::to_string(max_bytes) + " bytes)";
  } catch (const FormatError& e) {
    return e.what();
  }
  return std::nullopt;
}

ContainedIOSystem::ContainedIOSystem(fs::path imported_file, std::uint64_t max_bytes)
    : imported_file_(std::move(imported_file)), max_bytes_(max_bytes) {
  std::error_code error;
  folder_ = fs::absolute(imported_file_, error).parent_path();
}

std::optional<std::string> ContainedIOSystem::problem(const char* file) const {
  const fs::path path(file);
  std::error_code error;
  const bool imported = path == imported_file_ || fs::equivalent(path, imported_file_, error);
  return disk_rule_problem(path, !imported, folder_, max_bytes_);
}

void ContainedIOSystem::record(const std::string& refusal) const {
  std::lock_guard lock(mutex_);
  const std::string sentence = refusal + ": not read";
  if (refused_.size() < 100 && std::find(refused_.begin(), refused_.end(), sentence) == refused_.end())
    refused_.push_back(sentence);
}

bool ContainedIOSystem::Exists(const char* file) const {
  if (const auto refusal = problem(file)) {
    record(*refusal);
    return false;
  }
  return DefaultIOSystem::Exists(file);
}

Assimp::IOStream* ContainedIOSystem::Open(const char* file, const char* mode) {
  if (mode == nullptr || std::strpbrk(mode, "wa+") != nullptr) return nullptr;  // importers only read
  if (const auto refusal = problem(file)) {
    record(*refusal);
    return nullptr;
  }
  return DefaultIOSystem::Open(file, mode);
}

std::vector<std::string> ContainedIOSystem::refusals() const {
  std::lock_guard lock(mutex_);
  return refused_;
}

}  // namespace gamefmt::assimp
