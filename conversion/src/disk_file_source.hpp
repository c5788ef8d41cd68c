#pragma once
// Files on disk under the rule of gamefmt/core/file_io.hpp, as FileSource
// (gamefmt/adapters/format_handler.hpp) gives them to importers looking for companions.
#include <mutex>
#include <string>
#include <unordered_set>
#include <vector>

#include "gamefmt/adapters/format_handler.hpp"
#include "gamefmt/core/file_io.hpp"

namespace gamefmt {

class DiskFileSource final : public FileSource {
 public:
  explicit DiskFileSource(const Limits& limits);

  std::optional<std::vector<std::byte>> read(const std::string& path) const override;
  std::optional<std::vector<std::byte>> read_named(const std::string& path) const override;
  std::vector<std::string> list(const std::string& folder) const override;
  std::vector<std::string> refusals() const override;
  std::vector<std::string> read_paths() const override;

 private:
  static constexpr std::size_t kMostRefusals = 100;
  SizeLimit limit_;
  mutable std::mutex mutex_;
  mutable std::vector<std::string> refused_;
  mutable std::vector<std::string> read_;  // in the order first read
  mutable std::unordered_set<std::string> read_set_;
};

}  // namespace gamefmt
