// Shadow of Chernobyl's motion references: one comma-separated list (OGF chunk 0x13, SDK objects' old field).
#include <algorithm>

#include "gamefmt/xray/ogf.hpp"

namespace gamefmt::xray {

std::vector<std::string> split_motion_refs(std::string_view list) {
  std::vector<std::string> refs;
  for (std::size_t start = 0; start <= list.size();) {
    const std::size_t comma = std::min(list.find(',', start), list.size());
    if (comma > start) refs.emplace_back(list.substr(start, comma - start));
    start = comma + 1;
  }
  return refs;
}

std::string join_motion_refs(const std::vector<std::string>& refs) {
  std::string list;
  for (const auto& ref : refs) list += (list.empty() ? "" : ",") + ref;
  return list;
}

}  // namespace gamefmt::xray
