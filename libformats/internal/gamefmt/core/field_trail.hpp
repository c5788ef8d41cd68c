#pragma once
// The field path of a binary reader or writer, for its errors and warnings: "triangles[12].gx". Names are
// string literals (kept as pointers, so entering a field in a loop costs no allocation). The first
// kInlineParts elements live in the trail itself, so that a reader of a small record allocates nothing for
// its path; entering and leaving cost what a vector's push_back and pop_back do (readers enter a field for
// every element of their arrays).
#include <algorithm>
#include <array>
#include <cstddef>
#include <limits>
#include <memory>
#include <string>

namespace gamefmt {

class FieldTrail {
 public:
  static constexpr std::size_t no_index = std::numeric_limits<std::size_t>::max();

  FieldTrail() noexcept = default;
  FieldTrail(const FieldTrail& other) { assign(other.parts_, other.end_); }
  FieldTrail& operator=(const FieldTrail& other) {
    if (this != &other) {
      end_ = parts_;
      assign(other.parts_, other.end_);
    }
    return *this;
  }
  // Noexcept, so that containers of readers and writers move them rather than copy them.
  FieldTrail(FieldTrail&& other) noexcept { take(other); }
  FieldTrail& operator=(FieldTrail&& other) noexcept {
    if (this != &other) take(other);
    return *this;
  }
  ~FieldTrail() = default;

  // Adds one element while alive: `auto field = trail.enter("triangles", i);`
  class Scope {
   public:
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;
    ~Scope() { --trail_->end_; }

   private:
    friend class FieldTrail;
    explicit Scope(FieldTrail* trail) noexcept : trail_(trail) {}
    FieldTrail* trail_;
  };
  [[nodiscard]] Scope enter(const char* name, std::size_t index = no_index) {
    if (end_ == limit_) grow();
    *end_++ = {name, index};
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
  // Room for twice the parts, on the heap (a path deeper than kInlineParts).
  void grow() { reserve(2 * static_cast<std::size_t>(limit_ - parts_)); }
  // Room for `capacity` parts, on the heap, the parts set kept.
  void reserve(std::size_t capacity) {
    const std::size_t depth = static_cast<std::size_t>(end_ - parts_);
    auto bigger = std::make_unique<Part[]>(capacity);
    std::copy(parts_, end_, bigger.get());
    deeper_ = std::move(bigger);
    parts_ = deeper_.get();
    end_ = parts_ + depth;
    limit_ = parts_ + capacity;
  }
  // Appends [first, last) to this (empty) trail.
  void assign(const Part* first, const Part* last) {
    const auto count = static_cast<std::size_t>(last - first);
    if (count > static_cast<std::size_t>(limit_ - end_)) reserve(count);
    end_ = std::copy(first, last, end_);
  }

  // Takes the parts of `other` (its heap storage, or a copy of its inline parts) and leaves it empty.
  void take(FieldTrail& other) noexcept {
    if (other.deeper_) {
      deeper_ = std::move(other.deeper_);
      parts_ = other.parts_;
      end_ = other.end_;
      limit_ = other.limit_;
    } else {
      deeper_.reset();
      parts_ = inline_parts_.data();
      limit_ = parts_ + kInlineParts;
      end_ = std::copy(other.parts_, other.end_, parts_);
    }
    other.parts_ = other.end_ = other.inline_parts_.data();
    other.limit_ = other.parts_ + kInlineParts;
  }

  // A copy goes through assign and a move through take, which point it at its own storage. The inline parts
  // are not cleared: only [parts_, end_) is ever read.
  std::array<Part, kInlineParts> inline_parts_;
  std::unique_ptr<Part[]> deeper_;
  Part* parts_ = inline_parts_.data();
  Part* end_ = parts_;
  Part* limit_ = parts_ + kInlineParts;
};

}  // namespace gamefmt
