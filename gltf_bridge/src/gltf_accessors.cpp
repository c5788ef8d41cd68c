#include "gltf_accessors.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace gamefmt::gltf {
namespace {

double component(const unsigned char* p, int type, bool normalized) {
  switch (type) {
    case TINYGLTF_COMPONENT_TYPE_FLOAT: {
      float f;
      std::memcpy(&f, p, 4);
      return f;
    }
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE:
      return normalized ? *p / 255.0 : *p;
    case TINYGLTF_COMPONENT_TYPE_BYTE: {
      const auto v = static_cast<std::int8_t>(*p);
      return normalized ? std::max(v / 127.0, -1.0) : v;
    }
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: {
      std::uint16_t v;
      std::memcpy(&v, p, 2);
      return normalized ? v / 65535.0 : v;
    }
    case TINYGLTF_COMPONENT_TYPE_SHORT: {
      std::int16_t v;
      std::memcpy(&v, p, 2);
      return normalized ? std::max(v / 32767.0, -1.0) : v;
    }
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT: {
      std::uint32_t v;
      std::memcpy(&v, p, 4);
      return v;
    }
    default:
      return 0;
  }
}

}  // namespace

bool index_below(double value, std::size_t limit) {
  return value >= 0 && value < static_cast<double>(limit);
}

std::string shown(double value) {
  return std::abs(value) < 1e15 ? std::to_string(static_cast<long long>(value)) : std::to_string(value);
}

const tinygltf::Accessor& AccessorReader::accessor(int index, const std::string& field) const {
  if (index < 0 || index >= static_cast<int>(model_.accessors.size()))
    fail(field, "accessor " + std::to_string(index) + " does not exist");
  return model_.accessors[index];
}

std::vector<double> AccessorReader::read(int index, int components, const std::string& field) const {
  const auto& a = accessor(index, field);
  const int have = tinygltf::GetNumComponentsInType(a.type);
  const int size = tinygltf::GetComponentSizeInBytes(a.componentType);
  if (have != components || size <= 0)
    fail(field, "accessor " + std::to_string(index) + " has the wrong type");
  if (a.count > (std::size_t(1) << 28))
    fail(field, "accessor " + std::to_string(index) + " claims too many elements");
  std::vector<double> out(a.count * components, 0.0);
  if (a.bufferView >= 0)
    read_view(a.bufferView, a.byteOffset, a.count, components, a.componentType, a.normalized, out, field);
  if (a.sparse.isSparse) {
    const auto count = static_cast<std::size_t>(a.sparse.count);
    if (count > a.count) fail(field + ".sparse", "more sparse values than elements");
    std::vector<double> indices(count), values(count * components);
    read_view(a.sparse.indices.bufferView, a.sparse.indices.byteOffset, count, 1,
              a.sparse.indices.componentType, false, indices, field + ".sparse.indices");
    read_view(a.sparse.values.bufferView, a.sparse.values.byteOffset, count, components, a.componentType,
              a.normalized, values, field + ".sparse.values");
    for (std::size_t i = 0; i < count; ++i) {
      if (!index_below(indices[i], a.count)) fail(field, "sparse index outside the accessor");
      const auto target = static_cast<std::size_t>(indices[i]);
      std::copy_n(values.begin() + i * components, components, out.begin() + target * components);
    }
  }
  return out;
}

void AccessorReader::read_view(int view_index, std::size_t offset, std::size_t count, int components,
                               int component_type, bool normalized, std::vector<double>& out,
                               const std::string& field) const {
  if (view_index < 0 || view_index >= static_cast<int>(model_.bufferViews.size()))
    fail(field, "buffer view does not exist");
  const auto& view = model_.bufferViews[view_index];
  if (view.buffer < 0 || view.buffer >= static_cast<int>(model_.buffers.size()))
    fail(field, "buffer does not exist");
  const auto& data = model_.buffers[view.buffer].data;
  const std::size_t size = static_cast<std::size_t>(tinygltf::GetComponentSizeInBytes(component_type));
  const std::size_t element = size * components;
  const std::size_t stride = view.byteStride ? view.byteStride : element;
  const std::size_t start = view.byteOffset + offset;
  if (count > 0) {
    const std::size_t needed = (count - 1) * stride + element;
    if (view.byteOffset > data.size() || view.byteLength > data.size() - view.byteOffset ||
        offset > view.byteLength || needed > view.byteLength - offset)
      fail(field, "accessor data runs past its buffer view");
  }
  const unsigned char* first = data.data() + start;
  if (component_type == TINYGLTF_COMPONENT_TYPE_FLOAT && stride == element) {  // the common case, in one run
    const std::size_t n = count * components;
    for (std::size_t i = 0; i < n; ++i) {
      float f;
      std::memcpy(&f, first + 4 * i, 4);
      out[i] = f;
    }
    return;
  }
  for (std::size_t i = 0; i < count; ++i)
    for (int c = 0; c < components; ++c)
      out[i * components + c] = component(first + i * stride + c * size, component_type, normalized);
}

}  // namespace gamefmt::gltf
