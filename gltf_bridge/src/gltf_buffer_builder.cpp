#include "gltf_buffer_builder.hpp"

#include <algorithm>
#include <cstring>
#include <limits>

namespace gamefmt::gltf {

int accessor_type_for(int components) {
  switch (components) {
    case 1:
      return TINYGLTF_TYPE_SCALAR;
    case 2:
      return TINYGLTF_TYPE_VEC2;
    case 3:
      return TINYGLTF_TYPE_VEC3;
    case 4:
      return TINYGLTF_TYPE_VEC4;
    case 16:
      return TINYGLTF_TYPE_MAT4;
    default:
      return TINYGLTF_TYPE_SCALAR;
  }
}

BufferBuilder::BufferBuilder(tinygltf::Model& model) : model_(model) {
  if (model_.buffers.empty()) model_.buffers.emplace_back();
}

int BufferBuilder::add_view(const void* data, std::size_t bytes, int target) {
  auto& buffer = model_.buffers[0].data;
  while (buffer.size() % 4 != 0) buffer.push_back(0);
  tinygltf::BufferView view;
  view.buffer = 0;
  view.byteOffset = buffer.size();
  view.byteLength = bytes;
  view.target = target;
  const auto* p = static_cast<const unsigned char*>(data);
  buffer.insert(buffer.end(), p, p + bytes);
  model_.bufferViews.push_back(std::move(view));
  return static_cast<int>(model_.bufferViews.size() - 1);
}

int BufferBuilder::add_accessor(int view, int component_type, int type, std::size_t count) {
  tinygltf::Accessor accessor;
  accessor.bufferView = view;
  accessor.byteOffset = 0;
  accessor.componentType = component_type;
  accessor.type = type;
  accessor.count = count;
  model_.accessors.push_back(std::move(accessor));
  return static_cast<int>(model_.accessors.size() - 1);
}

int BufferBuilder::add_floats(std::span<const float> values, int components, int target, bool with_bounds) {
  const int view = add_view(values.data(), values.size_bytes(), target);
  const int index = add_accessor(view, TINYGLTF_COMPONENT_TYPE_FLOAT, accessor_type_for(components),
                                 values.size() / static_cast<std::size_t>(components));
  if (with_bounds && !values.empty()) {
    std::vector<double> low(components, std::numeric_limits<double>::max());
    std::vector<double> high(components, std::numeric_limits<double>::lowest());
    for (std::size_t c = 0; c < low.size(); ++c)
      for (std::size_t i = c; i < values.size(); i += low.size()) {
        low[c] = std::min(low[c], double(values[i]));
        high[c] = std::max(high[c], double(values[i]));
      }
    model_.accessors[index].minValues = std::move(low);
    model_.accessors[index].maxValues = std::move(high);
  }
  return index;
}

int BufferBuilder::add_indices(std::span<const std::uint32_t> indices, std::uint32_t max_index) {
  if (max_index < std::numeric_limits<std::uint16_t>::max()) {
    std::vector<std::uint16_t> small(indices.begin(), indices.end());
    const int view = add_view(small.data(), small.size() * 2, TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER);
    return add_accessor(view, TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT, TINYGLTF_TYPE_SCALAR, small.size());
  }
  const int view = add_view(indices.data(), indices.size_bytes(), TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER);
  return add_accessor(view, TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT, TINYGLTF_TYPE_SCALAR, indices.size());
}

void BufferBuilder::reserve(std::size_t more) {
  auto& buffer = model_.buffers[0].data;
  buffer.reserve(buffer.size() + more);
}

int BufferBuilder::add_bytes(std::span<const std::byte> bytes) {
  return add_view(bytes.data(), bytes.size(), 0);
}

int BufferBuilder::add_joints(std::span<const std::uint16_t> joints, bool fits_in_bytes) {
  if (fits_in_bytes) {
    std::vector<std::uint8_t> small(joints.begin(), joints.end());
    const int view = add_view(small.data(), small.size(), TINYGLTF_TARGET_ARRAY_BUFFER);
    return add_accessor(view, TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE, TINYGLTF_TYPE_VEC4, small.size() / 4);
  }
  const int view = add_view(joints.data(), joints.size_bytes(), TINYGLTF_TARGET_ARRAY_BUFFER);
  return add_accessor(view, TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT, TINYGLTF_TYPE_VEC4, joints.size() / 4);
}

}  // namespace gamefmt::gltf
