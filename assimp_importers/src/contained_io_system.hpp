#pragma once
// Assimp's file access held to the rule of gamefmt/core/file_io.hpp.
// - ContainedIOSystem: for Assimp's own importers (`gamefmt convert model.obj ...`). The imported file is the
//   user's choice and may lie anywhere (it must be a regular file); every other file an importer opens (an
//   OBJ's .mtl, ...) must resolve inside the imported file's folder, be a regular file and be at most
//   `max_bytes`. A refused file is "not there" for the importer, which goes on without it, and the refusal is
//   kept for the conversion's warnings.
// - disk_rule_problem: the same checks for a path that names a file on this machine's disk, for gamefmt's
//   importers running inside a program's Assimp (register.cpp), whose IOSystem may be Assimp's default one
//   (which would open a FIFO and wait) or one of the program's own (then paths may not be disk files at all).
#include <assimp/DefaultIOSystem.h>

#include <cstdint>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace gamefmt::assimp {

// Nothing when `path` is not on disk or may be read, else why not (a sentence naming the file). `beside`: a
// file found for an input, which must lie inside `folder` and be at most `max_bytes`; otherwise a file the
// user named, which must only be a regular file.
std::optional<std::string> disk_rule_problem(const std::filesystem::path& path, bool beside,
                                             const std::filesystem::path& folder, std::uint64_t max_bytes);

class ContainedIOSystem final : public Assimp::DefaultIOSystem {
 public:
  ContainedIOSystem(std::filesystem::path imported_file, std::uint64_t max_bytes);

  bool Exists(const char* file) const override;
  Assimp::IOStream* Open(const char* file, const char* mode = "rb") override;

  // Why files were not opened, one sentence each, in order.
  std::vector<std::string> refusals() const;

 private:
  std::optional<std::string> problem(const char* file) const;
  void record(const std::string& refusal) const;

  std::filesystem::path imported_file_, folder_;
  std::uint64_t max_bytes_;
  mutable std::mutex mutex_;
  mutable std::vector<std::string> refused_;
};

}  // namespace gamefmt::assimp
