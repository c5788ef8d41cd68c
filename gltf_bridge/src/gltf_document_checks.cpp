#include "gltf_document_checks.hpp"

#include <cstring>
#include <nlohmann/json.hpp>

#include "gamefmt/core/file_io.hpp"
#include "gamefmt/core/format_error.hpp"

namespace gamefmt::gltf {
namespace {

// Gathers nodes[i].children and buffers[i].{uri, byteLength} while nlohmann's parser walks the text, keeping
// nothing else.
class ScanHandler final : public nlohmann::json_sax<nlohmann::json> {
 public:
  explicit ScanHandler(DocumentScan& scan) : scan_(scan) {}

  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t value) override { return number(value, value >= 0); }
  bool number_unsigned(number_unsigned_t value) override {
    return number(static_cast<std::int64_t>(std::min<number_unsigned_t>(value, INT64_MAX)), true);
  }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t& value) override {
    if (in_buffer() && frames_.back().key == "uri") scan_.buffers.back().uri = value;
    return true;
  }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override {
    if (frames_.size() == 2 && frames_[1].array) {
      if (frames_[0].key == "nodes") scan_.first_child.push_back(scan_.children.size());
      if (frames_[0].key == "buffers") scan_.buffers.emplace_back();
    }
    frames_.push_back({false, {}});
    return true;
  }
  bool key(string_t& value) override {
    frames_.back().key = value;
    return true;
  }
  bool end_object() override {
    frames_.pop_back();
    return true;
  }
  bool start_array(std::size_t) override {
    frames_.push_back({true, {}});
    return true;
  }
  bool end_array() override {
    frames_.pop_back();
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
    return false;
  }

 private:
  struct Frame {
    bool array = false;
    std::string key;  // of an object: the key being read
  };

  // Inside nodes[i] (depth 3), or inside its "children" array (depth 4).
  bool in_node_children() const {
    return frames_.size() == 4 && frames_[3].array && frames_[2].key == "children" &&
           frames_[0].key == "nodes";
  }
  bool in_buffer() const {
    return frames_.size() == 3 && !frames_[2].array && frames_[1].array && frames_[0].key == "buffers";
  }
  bool number(std::int64_t value, bool non_negative) {
    if (in_node_children()) scan_.children.push_back(value);
    if (in_buffer() && frames_.back().key == "byteLength" && non_negative)
      scan_.buffers.back().byte_length = static_cast<std::uint64_t>(value);
    return true;
  }

  DocumentScan& scan_;
  std::vector<Frame> frames_;
};

std::uint32_t u32_at(std::span<const std::byte> data, std::size_t offset) {
  std::uint32_t value = 0;
  std::memcpy(&value, data.data() + offset, 4);  // GLB is little-endian, as every platform gamefmt runs on
  return value;
}

// tinygltf's JoinPath and dlib::urldecode, so that a callback knows which buffer a path is.
std::string join_path(const std::string& folder, const std::string& file) {
  if (folder.empty()) return file;
  return folder.back() == '/' ? folder + file : folder + "/" + file;
}

unsigned char from_hex(unsigned char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return 0;
}

std::string url_decode(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '+') {
      out += ' ';
    } else if (text[i] == '%' && text.size() > i + 2) {
      out += static_cast<char>((from_hex(static_cast<unsigned char>(text[i + 1])) << 4) |
                               from_hex(static_cast<unsigned char>(text[i + 2])));
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}

}  // namespace

std::string_view document_json(std::span<const std::byte> data) {
  const std::string_view text(reinterpret_cast<const char*>(data.data()), data.size());
  if (data.size() < 4 || std::memcmp(data.data(), "glTF", 4) != 0) return text;
  if (data.size() < 20 || std::memcmp(data.data() + 16, "JSON", 4) != 0) return {};
  const std::uint64_t length = u32_at(data, 12);
  if (length > data.size() - 20) return {};
  return text.substr(20, length);
}

std::optional<DocumentScan> scan_document(std::string_view json) {
  DocumentScan scan;
  ScanHandler handler(scan);
  if (json.empty() || !nlohmann::json::sax_parse(json.begin(), json.end(), &handler)) return std::nullopt;
  scan.first_child.push_back(scan.children.size());
  return scan;
}

void check_node_tree(const DocumentScan& scan, const std::string& file) {
  const std::size_t count = scan.first_child.size() - 1;
  const auto child_range = [&](std::size_t node) {
    return std::pair(scan.first_child[node], scan.first_child[node + 1]);
  };
  std::vector<bool> has_parent(count, false);
  for (const auto child : scan.children)
    if (child >= 0 && static_cast<std::uint64_t>(child) < count)
      has_parent[static_cast<std::size_t>(child)] = true;
  enum : std::uint8_t { unseen, on_path, done };
  std::vector<std::uint8_t> state(count, unseen);
  // Depth first, without recursion: each entry is a node and the next of its children to visit. The roots
  // first; what they do not reach is on a cycle (every node of it has a parent), found from its nodes next.
  const auto walk = [&](std::size_t root) {
    std::vector<std::pair<std::size_t, std::size_t>> path{{root, child_range(root).first}};
    state[root] = on_path;
    while (!path.empty()) {
      auto& [node, next] = path.back();
      if (next == child_range(node).second) {
        state[node] = done;
        path.pop_back();
        continue;
      }
      const auto child = scan.children[next++];
      if (child < 0 || static_cast<std::uint64_t>(child) >= count) continue;  // the reader names it
      const auto index = static_cast<std::size_t>(child);
      if (state[index] == on_path)
        throw FormatError(file, std::nullopt, "nodes[" + std::to_string(index) + "]",
                          "the node tree has a cycle");
      if (state[index] == done) continue;  // a second parent: the reader names it
      if (path.size() >= kMaxNodeDepth)
        throw FormatError(file, std::nullopt, "nodes[" + std::to_string(index) + "]",
                          "the node tree is deeper than " + std::to_string(kMaxNodeDepth) + " levels",
                          ErrorKind::limit);
      state[index] = on_path;
      path.emplace_back(index, child_range(index).first);
    }
  };
  for (std::size_t node = 0; node < count; ++node)
    if (!has_parent[node] && state[node] == unseen) walk(node);
  for (std::size_t node = 0; node < count; ++node)
    if (state[node] == unseen) walk(node);
}

void check_external_buffers(const DocumentScan& scan, const std::string& base_dir, const std::string& file) {
  for (std::size_t i = 0; i < scan.buffers.size(); ++i) {
    const auto& buffer = scan.buffers[i];
    if (buffer.uri.empty() || buffer.uri.rfind("data:", 0) == 0) continue;
    const std::string field = "buffers[" + std::to_string(i) + "].uri";
    const std::string decoded = url_decode(buffer.uri);
    const std::string named = "'" + buffer.uri + "'";
    const std::string folder = base_dir.empty() ? std::string(".") : base_dir;
    if (std::filesystem::path(decoded).is_absolute())
      throw FormatError(file, std::nullopt, field,
                        named + " resolves outside the glTF file's folder (" + folder +
                            "): an absolute path; a buffer's uri is relative to the glTF file",
                        ErrorKind::io);
    const std::string path = join_path(base_dir, decoded);
    std::error_code error;
    if (!std::filesystem::exists(std::filesystem::symlink_status(path, error))) continue;
    try {
      const auto real = real_path_inside(folder, path, "the glTF file's folder");
      if (const auto problem = regular_file_problem(real))
        throw FormatError(path, std::nullopt, "", *problem);
      const auto size = std::filesystem::file_size(real, error);
      if (!error && size > buffer.byte_length)
        throw FormatError(path, std::nullopt, "",
                          "is " + std::to_string(size) + " bytes, more than its byteLength (" +
                              std::to_string(buffer.byte_length) + ")",
                          ErrorKind::limit);
    } catch (const FormatError& e) {
      throw FormatError(file, std::nullopt, field, named + " " + e.problem() + ": not read", e.kind());
    }
  }
}

ExternalFiles::ExternalFiles(std::string base_dir, const DocumentScan* scan)
    : base_dir_(std::move(base_dir)) {
  if (scan == nullptr) return;
  for (const auto& buffer : scan->buffers) {
    if (buffer.uri.empty() || buffer.uri.rfind("data:", 0) == 0) continue;
    const std::string decoded = url_decode(buffer.uri);
    // tinygltf looks in the glTF file's folder, then in the working folder (which the rule then refuses
    // unless it lies inside the glTF file's folder).
    for (const auto& path : {join_path(base_dir_, decoded), join_path(".", decoded)}) {
      auto& known = byte_lengths_.try_emplace(path, buffer.byte_length).first->second;
      known = std::max(known, buffer.byte_length);
    }
    largest_byte_length_ = std::max(largest_byte_length_, buffer.byte_length);
  }
}

tinygltf::FsCallbacks ExternalFiles::callbacks() {
  return {&ExternalFiles::exists, &ExternalFiles::expand, &ExternalFiles::read, &ExternalFiles::write, this};
}

bool ExternalFiles::exists(const std::string& path, void*) {
  std::error_code error;
  return std::filesystem::exists(std::filesystem::symlink_status(path, error));  // read() says if it may be
}

std::string ExternalFiles::expand(const std::string& path, void*) {
  return path;  // no "~" or variables: a uri names a file relative to the document
}

bool ExternalFiles::read(std::vector<unsigned char>* out, std::string* error, const std::string& path,
                         void* user) {
  auto& self = *static_cast<ExternalFiles*>(user);
  const auto known = self.byte_lengths_.find(path);
  const std::uint64_t byte_length =
      known != self.byte_lengths_.end() ? known->second : self.largest_byte_length_;
  try {
    const auto bytes =
        read_contained_file(self.base_dir_, path, {byte_length, "its byteLength"}, "the glTF file's folder");
    const auto* begin = reinterpret_cast<const unsigned char*>(bytes.data());
    out->assign(begin, begin + bytes.size());
    return true;
  } catch (const FormatError& e) {
    if (error != nullptr) *error = e.problem();
    if (!self.refusal_) self.refusal_ = e.what();
    return false;
  }
}

bool ExternalFiles::write(std::string* error, const std::string&, const std::vector<unsigned char>&, void*) {
  if (error != nullptr) *error = "the glTF reader writes no files";
  return false;
}

}  // namespace gamefmt::gltf
