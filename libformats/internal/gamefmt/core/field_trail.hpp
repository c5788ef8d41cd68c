#pragma once
// The field path of a binary reader or writer, for its errors and warnings: "triangles[12].gx". Names are
// string literals (kept as pointers, so entering a field in a loop costs no allocation).
#include <cstddef>
#include <limits>
#include <string>
#include <vector>

namespace gamefmt {

class FieldTrail {
 public:
  static constexpr std::size_t no_index = std::numeric_limits<std::size_t>::max();

  // Adds one element while alive: `auto field = trail.enter("triangles", i);`
  class Scope {
   public:
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;
    ~Scope() { trail_->parts_.pop_back(); }

   private:
    friend class FieldTrail;
    explicit Scope(FieldTrail* trail) noexcept : trail_(trail) {}
    FieldTrail* trail_;
  };
  [[nodiscard]] Scope enter(const char* name, std::size_t index = no_index) {
    parts_.push_back({name, index});
    return Scope(this);
  }

  // The path with `leaf` appended (null or "" for the path itself).
  std::string text(const char* leaf) const;

 private:
  struct Part {
    const char* name;
    std::size_t index;
  };
  std::vector<Part> parts_;
};

}  // namespace gamefmt
