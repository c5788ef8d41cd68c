#pragma once
// What the glTF reader checks before and while tinygltf builds its model from a document that may come from a
// stranger:
// - the node tree, scanned from the JSON text (not from a parsed tree: tinygltf's model of a million-node
//   chain takes about 1 GB), is at most kMaxNodeDepth levels deep and has no cycle;
// - external buffers are read under the rule of gamefmt/core/file_io.hpp: the uri, percent-decoded as
//   tinygltf decodes it, must resolve (symbolic links too) inside the glTF file's folder, name a regular
//   file, and that file must be no longer than the buffer's byteLength, which is checked before it is read.
#include <tiny_gltf.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gamefmt::gltf {

inline constexpr std::size_t kMaxNodeDepth = 1000;

// The parts of a glTF JSON document the checks need.
struct DocumentScan {
  std::vector<std::size_t> first_child;  // per node, into `children`; one more entry than nodes
  std::vector<std::int64_t> children;
  struct Buffer {
    std::string uri;
    std::uint64_t byte_length = 0;
  };
  std::vector<Buffer> buffers;
};

// The JSON text of a .gltf, or of a .glb's JSON chunk; empty when there is none.
std::string_view document_json(std::span<const std::byte> data);
// Nothing when the text is not JSON (tinygltf then says what is wrong).
std::optional<DocumentScan> scan_document(std::string_view json);
// Throws FormatError for a node tree deeper than kMaxNodeDepth ("the node tree is deeper than ... levels") or
// one with a cycle.
void check_node_tree(const DocumentScan& scan, const std::string& file);

// Throws FormatError naming buffers[i].uri when an external buffer's file is there but breaks the rule
// (outside the folder, also by an absolute path; not a regular file; longer than its byteLength). A missing
// file is left to tinygltf, which says so.
void check_external_buffers(const DocumentScan& scan, const std::string& base_dir, const std::string& file);

// tinygltf's file callbacks, reading only what the rule allows (again, when it reads: the files may have
// changed since check_external_buffers). The first refusal is kept for the error.
class ExternalFiles {
 public:
  // `base_dir` as given to tinygltf (the glTF file's folder; empty for the working folder).
  ExternalFiles(std::string base_dir, const DocumentScan* scan);
  tinygltf::FsCallbacks callbacks();
  const std::optional<std::string>& refusal() const { return refusal_; }

 private:
  static bool exists(const std::string& path, void* self);
  static std::string expand(const std::string& path, void* self);
  static bool read(std::vector<unsigned char>* out, std::string* error, const std::string& path, void* self);
  static bool write(std::string* error, const std::string& path, const std::vector<unsigned char>& bytes,
                    void* self);

  std::string base_dir_;
  std::map<std::string, std::uint64_t> byte_lengths_;  // by the path tinygltf asks for
  std::uint64_t largest_byte_length_ = 0;
  std::optional<std::string> refusal_;
};

}  // namespace gamefmt::gltf
