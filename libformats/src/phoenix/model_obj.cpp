#include "gamefmt/phoenix/model_obj.hpp"

#include <algorithm>
#include <charconv>
#include <limits>
#include <string>

#include "gamefmt/core/format_error.hpp"

namespace gamefmt::phoenix {
namespace {

class LineParser {
 public:
  LineParser(std::string_view line, std::string_view file, std::size_t offset, std::size_t number)
      : rest_(line), file_(file), offset_(offset), number_(number) {}

  std::string_view word() {
    const auto begin = rest_.find_first_not_of(" \t\r");
    if (begin == std::string_view::npos) {
      rest_ = {};
      return {};
    }
    rest_.remove_prefix(begin);
    const auto end = std::min(rest_.find_first_of(" \t\r"), rest_.size());
    const auto out = rest_.substr(0, end);
    rest_.remove_prefix(end);
    return out;
  }
  float number() {
    const auto text = word();
    float value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size())
      fail("'" + std::string(text) + "' is not a number");
    return value;
  }
  [[noreturn]] void fail(const std::string& problem) const {
    throw FormatError(std::string(file_), offset_, "line " + std::to_string(number_), problem);
  }

 private:
  std::string_view rest_;
  std::string_view file_;
  std::size_t offset_, number_;
};

std::int32_t parse_index(LineParser& line, std::string_view text, std::size_t count, const char* what) {
  if (text.empty()) return -1;
  long long value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size())
    line.fail("'" + std::string(text) + "' is not an index");
  if (value < 1 || static_cast<unsigned long long>(value) > count)
    line.fail(std::string(what) + " index " + std::to_string(value) + " is outside the " +
              std::to_string(count) + " defined so far (the engine reads no negative indices)");
  return static_cast<std::int32_t>(value - 1);
}

ObjCorner parse_corner(LineParser& line, std::string_view text, const ObjModel& model) {
  ObjCorner corner;
  const auto slash1 = text.find('/');
  corner.position = parse_index(line, text.substr(0, slash1), model.positions.size(), "vertex");
  if (corner.position < 0) line.fail("a face corner without a vertex index");
  if (slash1 == std::string_view::npos) return corner;
  const auto rest = text.substr(slash1 + 1);
  const auto slash2 = rest.find('/');
  corner.uv = parse_index(line, rest.substr(0, slash2), model.uvs.size(), "texture coordinate");
  if (slash2 != std::string_view::npos)
    corner.normal = parse_index(line, rest.substr(slash2 + 1), model.normals.size(), "normal");
  return corner;
}

}  // namespace

Vec3 ObjModel::centre() const {
  if (triangles.empty()) return {};
  Vec3 low{std::numeric_limits<float>::max(), std::numeric_limits<float>::max(),
           std::numeric_limits<float>::max()};
  Vec3 high{-low[0], -low[1], -low[2]};
  for (const auto& t : triangles)
    for (const auto& c : t)
      for (int k = 0; k < 3; ++k) {
        low[k] = std::min(low[k], positions[c.position][k]);
        high[k] = std::max(high[k], positions[c.position][k]);
      }
  return {(low[0] + high[0]) / 2, (low[1] + high[1]) / 2, (low[2] + high[2]) / 2};
}

ObjModel read_obj_model(std::span<const std::byte> data, std::string_view file_name) {
  const std::string_view text(reinterpret_cast<const char*>(data.data()), data.size());
  ObjModel model;
  std::size_t offset = 0, number = 0;
  while (offset < text.size()) {
    const auto newline = text.find('\n', offset);
    const auto end = newline == std::string_view::npos ? text.size() : newline;
    LineParser line(text.substr(offset, end - offset), file_name, offset, ++number);
    const auto keyword = line.word();
    if (keyword == "v") {
      model.positions.push_back({line.number(), line.number(), line.number()});
    } else if (keyword == "vt") {
      model.uvs.push_back({line.number(), line.number()});
    } else if (keyword == "vn") {
      model.normals.push_back({line.number(), line.number(), line.number()});
    } else if (keyword == "f") {
      std::array<ObjCorner, 4> corners;
      std::size_t n = 0;
      for (auto word = line.word(); !word.empty() && n < 4; word = line.word())
        corners[n++] = parse_corner(line, word, model);
      if (n < 3) line.fail("a face needs at least three corners");
      model.triangles.push_back({corners[0], corners[1], corners[2]});
      if (n == 4) model.triangles.push_back({corners[3], corners[0], corners[2]});
    }
    offset = end + 1;
  }
  return model;
}

}  // namespace gamefmt::phoenix
