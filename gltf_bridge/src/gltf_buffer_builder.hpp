#pragma once
// Appends typed data to the single buffer of a tinygltf model and creates buffer views and accessors for it.
#include <tiny_gltf.h>

#include <cstdint>
#include <span>
#include <vector>

namespace gamefmt::gltf {

class BufferBuilder {
 public:
  explicit BufferBuilder(tinygltf::Model& model);

  // `components` floats per element (1 = SCALAR ... 16 = MAT4). With bounds, min/max are stored.
  int add_floats(std::span<const float> values, int components, int target, bool with_bounds);
  int add_indices(std::span<const std::uint32_t> indices, std::uint32_t max_index);
  int add_joints(std::span<const std::uint16_t> joints, bool fits_in_bytes);  // VEC4
  // Raw bytes (an embedded image): returns the buffer view.
  int add_bytes(std::span<const std::byte> bytes);
  // Room for `more` bytes of data after what the buffer holds.
  void reserve(std::size_t more);

 private:
  int add_view(const void* data, std::size_t bytes, int target);
  int add_accessor(int view, int component_type, int type, std::size_t count);
  tinygltf::Model& model_;
};

int accessor_type_for(int components);

}  // namespace gamefmt::gltf
