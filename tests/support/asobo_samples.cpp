#include "asobo_samples.hpp"

#include <string>

#include "gamefmt/asobo/lz.hpp"
#include "gamefmt/asobo/name_hash.hpp"

namespace gamefmt::test {
namespace {

asobo::StoredBody raw(std::vector<std::byte> bytes) {
  asobo::StoredBody b;
  b.decompressed_size = static_cast<std::uint32_t>(bytes.size());
  b.bytes = std::move(bytes);
  return b;
}

asobo::StoredBody compressed(const std::vector<std::byte>& bytes) {
  asobo::StoredBody b;
  b.compressed = true;
  b.decompressed_size = static_cast<std::uint32_t>(bytes.size());
  b.bytes = asobo::lz_compress(bytes);
  return b;
}

asobo::BigFileResource resource(const char* class_name, const char* name, std::size_t link_size,
                                asobo::StoredBody body, bool pooled = false) {
  asobo::BigFileResource r;
  r.class_name = asobo::name_hash(class_name);
  r.name = asobo::name_hash(name);
  r.link_header.resize(link_size);
  for (std::size_t i = 0; i < link_size; ++i) r.link_header[i] = std::byte(0x10 + i);
  r.pooled = pooled;
  if (!pooled) r.body = std::move(body);
  return r;
}

}  // namespace

std::vector<std::byte> asobo_sample_body(std::size_t size, unsigned seed) {
  static const std::string words[] = {"wheel ", "road ",           "mud ", "vertex ", "Mesh_Z ",
                                      "dune ",  "\x01\x02\x03\x04"};
  std::vector<std::byte> out;
  out.reserve(size);
  unsigned state = seed * 2654435761u + 1;
  while (out.size() < size) {
    state = state * 1103515245u + 12345u;
    const auto& w = words[(state >> 16) % 7];
    for (const char c : w)
      if (out.size() < size) out.push_back(std::byte(static_cast<unsigned char>(c)));
    if ((state >> 8) % 5 == 0 && out.size() < size) out.push_back(std::byte((state >> 3) & 0xFF));
  }
  return out;
}

asobo::BigFile asobo_sample_bigfile(ByteOrder order) {
  asobo::BigFile a;
  a.byte_order = order;
  a.version = asobo::kBigFileNewestVersion;
  a.version_triple = {0x17, 0x2A, 0x3};
  a.incredibuilder = "IncrediBuilder test";
  a.reserved.fill(std::byte{0xFF});

  asobo::BigFileBlock first;
  first.resources.push_back(resource("Mesh_Z", "car_body.mesh", 92, compressed(asobo_sample_body(5000, 1))));
  first.resources.push_back(resource("Material_Z", "car_paint.mat", 4, raw(asobo_sample_body(37, 2))));
  first.resources.push_back(resource("Bitmap_Z", "shared_sky.tga", 4, {}, true));
  asobo::BigFileBlock second;
  second.checksum = 0;
  second.resources.push_back(resource("Skel_Z", "rider.skel", 4, compressed(asobo_sample_body(3000, 3))));
  second.resources.push_back(resource("Bitmap_Z", "shared_sky.tga", 4, {}, true));
  second.resources.push_back(resource("UserDefine_Z", "empty", 4, raw({})));
  a.blocks = {std::move(first), std::move(second), asobo::BigFileBlock{}};

  asobo::BigFilePool pool;
  pool.entries = {{asobo::name_hash("shared_sky.tga"), 0}};
  pool.resource_indices = {0, 0};
  pool.reference_records = {{0, 1}, {1, 1}};
  for (int i = 0; i < 2; ++i)
    pool.resources.push_back({asobo::name_hash("Bitmap_Z"), asobo::name_hash("shared_sky.tga"),
                              compressed(asobo_sample_body(4100, 4))});
  a.pool = std::move(pool);
  asobo::raise_buffer_sizes(a);
  return a;
}

std::vector<std::byte> asobo_sample_bigfile_bytes(ByteOrder order) {
  return asobo::write_bigfile(asobo_sample_bigfile(order), "sample");
}

}  // namespace gamefmt::test
