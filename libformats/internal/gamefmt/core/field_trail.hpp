#pragma once
// The field path of a binary reader or writer, for its errors and warnings: "triangles[12].gx". Names are
// string literals (kept as pointers, so entering a field in a loop costs no allocation). The first
// kInlineParts elements live in the trail itself: a reader of a small record allocates nothing for its path.
#include <algorithm>
#include <array>
#include <cstddef>
#include <limits>
#include <string>
#include <vector>

namespace gamefmt {

class FieldTrail {
 public:
  static constexpr std::size_t no_index = std::numeric_limits<std::size_t>::max();

  FieldTrail() = default;
  // Copies only the parts that are set.
  FieldTrail(const FieldTrail& other) { *this = other; }
  FieldTrail& operator=(const FieldTrail& other) {
    if (this == &other) return *this;
    depth_ = other.depth_;
    std::copy_n(other.inline_parts_.begin(), std::min(depth_, kInlineParts), inline_parts_.begin());
    deeper_parts_ = other.deeper_parts_;
    return *this;
  }
  FieldTrail(FieldTrail&& other) noexcept { *this = std::move(other); }
  FieldTrail& operator=(FieldTrail&& other) noexcept {
    if (this == &other) return *this;
    depth_ = other.depth_;
    std::copy_n(other.inline_parts_.begin(), std::min(depth_, kInlineParts), inline_parts_.begin());
    deeper_parts_ = std::move(other.deeper_parts_);
    other.depth_ = 0;
    other.deeper_parts_.clear();
    return *this;
  }

  // Adds one element while alive: `auto field = trail.enter("triangles", i);`
  class Scope {
   public:
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;
    ~Scope() { trail_->pop(); }

   private:
    friend class FieldTrail;
    explicit Scope(FieldTrail* trail) noexcept : trail_(trail) {}
    FieldTrail* trail_;
  };
  [[nodiscard]] Scope enter(const char* name, std::size_t index = no_index) {
    if (depth_ < kInlineParts)
      inline_parts_[depth_] = {name, index};
    else
      deeper_parts_.push_back({name, index});
    ++depth_;
    return Scope(this);
  }

  // The path with `leaf` appended (null or "" for the path itself).
  std::string text(const char* leaf) const;

 private:
  static constexpr std::size_t kInlineParts = 8;
  struct Part {
    const char* name;
    std::size_t index;
  };
  void pop() {
    --depth_;
    if (depth_ >= kInlineParts) deeper_parts_.pop_back();
  }
  std::array<Part, kInlineParts> inline_parts_;  // the first depth_ are set
  std::vector<Part> deeper_parts_;               // parts after the first kInlineParts
  std::size_t depth_ = 0;
};

}  // namespace gamefmt
