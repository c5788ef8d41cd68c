#pragma once
// Names the field a converter or writer is working on, for its errors: "bones[3].shape.box". ByteReader keeps
// the same kind of path for the bytes it reads; this one is for code that works on values (writers, scene
// converters), where names may be built at run time ("nodes['Bip01 Head']").
#include <cstddef>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/core/format_error.hpp"

namespace gamefmt {

class FieldPath {
 public:
  static constexpr std::size_t no_index = std::numeric_limits<std::size_t>::max();

  explicit FieldPath(std::string_view file = {}) : file_(file) {}

  // Adds one element to the path while alive: `auto field = path.enter("bones", i);`
  class Scope {
   public:
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;
    ~Scope() { path_->parts_.pop_back(); }

   private:
    friend class FieldPath;
    explicit Scope(FieldPath* path) noexcept : path_(path) {}
    FieldPath* path_;
  };
  [[nodiscard]] Scope enter(std::string_view name, std::size_t index = no_index) {
    parts_.push_back({std::string(name), index, {}});
    return Scope(this);
  }
  // An element named by a key: enter_key("nodes", "Bip01") reads nodes['Bip01'].
  [[nodiscard]] Scope enter_key(std::string_view name, std::string_view key) {
    parts_.push_back({std::string(name), no_index, std::string(key)});
    return Scope(this);
  }

  const std::string& file() const noexcept { return file_; }
  // The path with `leaf` appended ("" for the path itself).
  std::string text(std::string_view leaf = {}) const;
  [[noreturn]] void fail(std::string_view leaf, std::string problem,
                         ErrorKind kind = ErrorKind::bad_value) const;

 private:
  struct Part {
    std::string name;
    std::size_t index;
    std::string key;
  };
  std::string file_;
  std::vector<Part> parts_;
};

}  // namespace gamefmt
