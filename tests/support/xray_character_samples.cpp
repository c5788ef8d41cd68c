#include "xray_character_samples.hpp"

#include <zlib.h>

#include <array>
#include <string_view>

#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/xray/chunks.hpp"

namespace gamefmt::test {
namespace {

using xray::ChunkWriter;

std::uint32_t crc_of(const ByteWriter& keys) {
  const auto& b = keys.buffer();
  return static_cast<std::uint32_t>(
      crc32(0L, reinterpret_cast<const Bytef*>(b.data()), static_cast<uInt>(b.size())));
}

void vec3(ByteWriter& w, float x, float y, float z) {
  w.f32(x);
  w.f32(y);
  w.f32(z);
}

// Version 4 headers hold the bounds; version 3 headers are 4 bytes, the bounds are chunks of their own.
void header(ByteWriter& w, std::uint8_t type, std::uint8_t version = 4) {
  ChunkWriter c(w);
  const auto at = c.begin(1);
  w.u8(version);
  w.u8(type);
  w.u16(0);
  if (version == 4) {
    vec3(w, -1, -1, -1);
    vec3(w, 1, 1, 1);
    vec3(w, 0, 0, 0);
    w.f32(1.5f);
  }
  c.end(at);
}

void texture(ByteWriter& w, std::string_view name, std::string_view shader) {
  ChunkWriter c(w);
  const auto at = c.begin(2);
  w.string_zero_terminated(name);
  w.string_zero_terminated(shader);
  c.end(at);
}

void indices(ByteWriter& w, std::initializer_list<std::uint16_t> list) {
  ChunkWriter c(w);
  const auto at = c.begin(4);
  w.u32(static_cast<std::uint32_t>(list.size()));
  for (auto i : list) w.u16(i);
  c.end(at);
}

// The bone names chunk (13) of bones "root" and "spine" (its parent), each with an axis-aligned box.
void root_and_spine_names(ByteWriter& w, std::array<float, 3> box_centre, std::array<float, 3> half_size) {
  ChunkWriter c(w);
  const auto at = c.begin(13);
  w.u32(2);
  for (auto [name, parent] : {std::pair{"root", ""}, std::pair{"spine", "root"}}) {
    w.string_zero_terminated(name);
    w.string_zero_terminated(parent);
    for (int i = 0; i < 9; ++i) w.f32(i % 4 == 0 ? 1.0f : 0.0f);
    vec3(w, box_centre[0], box_centre[1], box_centre[2]);
    vec3(w, half_size[0], half_size[1], half_size[2]);
  }
  c.end(at);
}

void ik_record(ByteWriter& w, std::array<float, 3> rotation, std::array<float, 3> translation) {
  w.u32(1);  // version
  w.string_zero_terminated("flesh");
  w.u16(1);  // shape: box
  w.u16(0);
  for (int i = 0; i < 15; ++i) w.f32(i % 4 == 0 ? 1.0f : 0.0f);  // box
  for (int i = 0; i < 4; ++i) w.f32(0.25f);                      // sphere
  for (int i = 0; i < 8; ++i) w.f32(0.5f);                       // cylinder
  w.u32(2);                                                      // joint type
  for (int i = 0; i < 3; ++i) {                                  // limits
    w.f32(-0.5f);
    w.f32(0.5f);
    w.f32(1.0f);
    w.f32(2.0f);
  }
  w.f32(3.0f);  // spring
  w.f32(4.0f);  // damping
  w.u32(1);     // breakable
  w.f32(100.0f);
  w.f32(200.0f);
  w.f32(0.7f);  // friction (version 1)
  vec3(w, rotation[0], rotation[1], rotation[2]);
  vec3(w, translation[0], translation[1], translation[2]);
  w.f32(10.0f);  // mass
  vec3(w, 0.0f, 0.1f, 0.0f);
}

}  // namespace

std::vector<std::byte> xray_sample_omf_bytes() {
  ByteWriter w(ByteOrder::little);
  ChunkWriter c(w);
  // Keys.
  const auto keys_at = c.begin(0x0E);
  {
    ByteWriter count(ByteOrder::little);
    count.u32(2);
    c.write(0, count.buffer());

    const auto walk = c.begin(1);
    w.string_zero_terminated("walk");
    w.u32(3);
    // block 0 (root): rotation and 8-bit translation animated
    w.u8(0x01);
    ByteWriter rotations(ByteOrder::little);
    for (std::int16_t z : {0, 12539, 23170}) {  // about Z: 0, 45, 90 degrees (sin/cos of half angle * 32767)
      rotations.i16(0);
      rotations.i16(0);
      rotations.i16(z);
      rotations.i16(z == 0 ? 32767 : z == 12539 ? 30273 : 23170);
    }
    w.u32(crc_of(rotations));
    w.bytes(rotations.buffer());
    ByteWriter translations(ByteOrder::little);
    for (std::int8_t x : {-127, 0, 127}) {
      translations.i8(x);
      translations.i8(0);
      translations.i8(0);
    }
    w.u32(crc_of(translations));
    w.bytes(translations.buffer());
    vec3(w, 1.0f / 127, 0, 0);  // size
    vec3(w, 1.0f, 0.5f, 0);     // init: x goes 0 .. 2
    // block 1 (spine): constant
    w.u8(0x02);
    w.i16(0);
    w.i16(0);
    w.i16(0);
    w.i16(32767);
    vec3(w, 0, 1, 0.5f);
    c.end(walk);

    const auto shoot = c.begin(2);
    w.string_zero_terminated("shoot");
    w.u32(2);
    // block 0 (root): constant rotation, 16-bit translation
    w.u8(0x07);
    w.i16(0);
    w.i16(0);
    w.i16(0);
    w.i16(32767);
    ByteWriter wide(ByteOrder::little);
    for (std::int16_t y : {-32767, 32767}) {
      wide.i16(0);
      wide.i16(y);
      wide.i16(0);
    }
    w.u32(crc_of(wide));
    w.bytes(wide.buffer());
    vec3(w, 0, 2.0f / 32767, 0);
    vec3(w, 0, 2.0f, 0);  // y goes 0 .. 4
    // block 1 (spine): rotation animated, translation constant
    w.u8(0x00);
    ByteWriter spin(ByteOrder::little);
    for (std::int16_t x : {0, 23170}) {
      spin.i16(x);
      spin.i16(0);
      spin.i16(0);
      spin.i16(x == 0 ? 32767 : 23170);
    }
    w.u32(crc_of(spin));
    w.bytes(spin.buffer());
    vec3(w, 0, 1, 0.5f);
    c.end(shoot);
  }
  c.end(keys_at);
  // Params.
  const auto params_at = c.begin(0x0F);
  w.u16(4);
  w.u16(2);
  w.string_zero_terminated("upper");
  w.u16(1);
  w.string_zero_terminated("spine");
  w.u32(1);
  w.string_zero_terminated("lower");
  w.u16(1);
  w.string_zero_terminated("root");
  w.u32(0);
  w.u16(2);
  w.string_zero_terminated("walk");
  w.u32(0x22);    // stop at end, root mover
  w.u16(0xFFFF);  // all parts
  w.u16(0);
  w.f32(1.5f);
  w.f32(1.0f);
  w.f32(2.0f);
  w.f32(3.0f);
  w.u32(1);
  w.bytes(std::string_view("left\r\n"));
  w.u32(1);
  w.f32(0.1f);
  w.f32(0.2f);
  w.string_zero_terminated("shoot");
  w.u32(0x01);  // FX
  w.u16(1);     // start bone
  w.u16(1);
  w.f32(1.0f);
  w.f32(2.0f);
  w.f32(4.0f);
  w.f32(1.0f);
  w.u32(0);
  c.end(params_at);
  return w.take();
}

std::vector<std::byte> xray_sample_skinned_ogf_bytes() {
  ByteWriter w(ByteOrder::little);
  ChunkWriter c(w);
  header(w, 10);
  {
    const auto at = c.begin(18);  // description
    w.string_zero_terminated("body.object");
    w.string_zero_terminated("builder");
    w.u32(1000);
    w.string_zero_terminated("creator");
    w.u32(2000);
    w.string_zero_terminated("modifier");
    w.u32(3000);
    c.end(at);
  }
  const auto children = c.begin(9);
  {
    const auto child = c.begin(0);
    header(w, 5);
    texture(w, "act\\body", "models\\model");
    const auto vertices = c.begin(3);
    w.u32(2);  // 2-link, Clear Sky code
    w.u32(4);
    struct V {
      std::uint16_t b0, b1;
      float x, y, z, weight;
    };
    for (const V& v : {V{0, 0, 0.1f, 0.0f, 0.0f, 0.0f}, V{0, 1, 0.1f, 0.5f, 0.2f, 0.5f},
                       V{1, 1, 0.0f, 1.2f, 0.5f, 1.0f}, V{1, 0, -0.1f, 0.9f, 0.4f, 0.25f}}) {
      w.u16(v.b0);
      w.u16(v.b1);
      vec3(w, v.x, v.y, v.z);
      vec3(w, 0, 0, -1);  // normal
      vec3(w, 1, 0, 0);   // tangent
      vec3(w, 0, 1, 0);   // binormal
      w.f32(v.weight);
      w.f32(v.x);
      w.f32(v.y);
    }
    c.end(vertices);
    indices(w, {0, 1, 2, 0, 2, 3});
    c.end(child);
  }
  c.end(children);
  root_and_spine_names(w, {0, 0.2f, 0}, {0.3f, 0.6f, 0.3f});
  {
    const auto at = c.begin(16);  // IK data
    ik_record(w, {0, 0, 0}, {0, 0, 0});
    ik_record(w, {0, 0, 0.5f}, {0, 1, 0.5f});
    c.end(at);
  }
  return w.take();
}

std::vector<std::byte> xray_sample_static_ogf_bytes() {
  ByteWriter w(ByteOrder::little);
  ChunkWriter c(w);
  header(w, 1);
  const auto children = c.begin(9);
  for (std::uint32_t child_index = 0; child_index < 2; ++child_index) {
    const auto child = c.begin(child_index);
    header(w, child_index == 0 ? 0 : 2);
    texture(w, child_index == 0 ? "wood" : "metal", "default");
    const std::uint32_t fvf = child_index == 0 ? 0x112 : 0x152;
    const auto vertices = c.begin(3);
    w.u32(fvf);
    w.u32(3);
    for (int v = 0; v < 3; ++v) {
      vec3(w, float(v), float(child_index), float(v == 2));
      vec3(w, 0, 1, 0);
      if (fvf & 0x40) w.u32(0xFF8040C0);
      w.f32(0.5f * v);
      w.f32(0.25f);
    }
    c.end(vertices);
    if (child_index == 0) {
      indices(w, {0, 1, 2});
    } else {
      indices(w, {0, 1, 2, 0, 1, 2});  // two windows; the first one (full detail) is the first triangle
      const auto windows = c.begin(6);
      for (int i = 0; i < 4; ++i) w.u32(0);
      w.u32(2);
      w.u32(0);
      w.u16(1);
      w.u16(3);
      w.u32(3);
      w.u16(1);
      w.u16(3);
      c.end(windows);
    }
    c.end(child);
  }
  c.end(children);
  return w.take();
}

std::vector<std::byte> xray_sample_v3_ogf_bytes() {
  ByteWriter w(ByteOrder::little);
  ChunkWriter c(w);
  header(w, 1, 3);
  const auto bbox = c.begin(6);
  vec3(w, 0, 0, 0);
  vec3(w, 2, 1, 1);
  c.end(bbox);
  const auto sphere = c.begin(11);
  vec3(w, 1, 0.5f, 0.5f);
  w.f32(1.25f);
  c.end(sphere);
  const auto motions = c.begin(26);
  w.u32(0xDEADBEEF);
  c.end(motions);
  const auto children = c.begin(17);
  const auto child = c.begin(0);
  header(w, 0, 3);
  texture(w, "wood", "default");
  const auto vertices = c.begin(7);
  w.u32(0x112);
  w.u32(3);
  for (int v = 0; v < 3; ++v) {
    vec3(w, float(v), 1, 0);
    vec3(w, 0, 1, 0);
    w.f32(0.5f * v);
    w.f32(0.25f);
  }
  c.end(vertices);
  const auto index_chunk = c.begin(8);
  w.u32(3);
  for (const std::uint16_t i : {0, 1, 2}) w.u16(i);
  c.end(index_chunk);
  c.end(child);
  c.end(children);
  return w.take();
}

std::vector<std::byte> xray_sample_v3_skinned_ogf_bytes(bool raw_keys) {
  ByteWriter w(ByteOrder::little);
  ChunkWriter c(w);
  header(w, 4, 3);
  const auto children = c.begin(17);
  const auto child = c.begin(0);
  header(w, 7, 3);
  texture(w, "skin", "models\\model");
  const auto vertices = c.begin(7);
  w.u32(0x12071980);  // 1 link, Shadow of Chernobyl code
  w.u32(3);
  for (std::uint32_t v = 0; v < 3; ++v) {
    vec3(w, float(v % 2), float(v / 2), 0);  // (0,0), (1,0), (0,1)
    vec3(w, 0, 0, -1);
    w.f32(float(v % 2));  // u grows with x
    w.f32(float(v / 2));  // v grows with y
    w.u32(v == 2 ? 1 : 0);
  }
  c.end(vertices);
  const auto index_chunk = c.begin(8);
  w.u32(3);
  for (const std::uint16_t i : {0, 2, 1}) w.u16(i);
  c.end(index_chunk);
  c.end(child);
  c.end(children);
  root_and_spine_names(w, {0, 0, 0}, {1, 1, 1});
  const auto keys = c.begin(raw_keys ? 0x0E : 0x1A);
  {
    const auto count = c.begin(0);
    w.u32(1);
    c.end(count);
    const auto motion = c.begin(1);
    w.string_zero_terminated(raw_keys ? "idle" : "walk");
    w.u32(2);
    if (raw_keys) {
      for (int bone = 0; bone < 2; ++bone)
        for (int frame = 0; frame < 2; ++frame) {
          for (const std::int16_t q :
               {std::int16_t(0), std::int16_t(0), std::int16_t(frame * 16384), std::int16_t(32767)})
            w.i16(q);
          vec3(w, 0.25f * frame, 1.0f * bone, -0.5f);
        }
    } else {
      w.u8(1);  // root: translation present
      w.u32(0);
      for (int frame = 0; frame < 2; ++frame)
        for (const std::int16_t q :
             {std::int16_t(0), std::int16_t(frame * 16384), std::int16_t(0), std::int16_t(32767)})
          w.i16(q);
      w.u32(0);
      for (int frame = 0; frame < 2; ++frame)
        for (const std::int8_t t : {std::int8_t(frame * 100), std::int8_t(0), std::int8_t(-frame * 50)})
          w.i8(t);
      vec3(w, 0.01f, 0.02f, 0.03f);  // size
      vec3(w, 0.0f, 1.0f, 0.0f);     // init
      w.u8(0);                       // spine: constant translation
      w.u32(0);
      for (int frame = 0; frame < 2; ++frame)
        for (const std::int16_t q : {std::int16_t(0), std::int16_t(0), std::int16_t(0), std::int16_t(32767)})
          w.i16(q);
      vec3(w, 0.0f, 0.5f, 0.0f);
    }
    c.end(motion);
  }
  c.end(keys);
  const auto params = c.begin(raw_keys ? 0x12 : 0x14);
  if (!raw_keys) w.u16(1);  // version 1: bone indices
  w.u16(1);
  w.string_zero_terminated("all");
  w.u16(2);
  w.u32(0);
  w.u32(1);
  w.u16(1);
  w.string_zero_terminated(raw_keys ? "idle" : "walk");
  if (raw_keys)
    w.u8(0);  // not a cycle: FX
  else
    w.u32(0);  // flags
  w.u16(0);
  w.u16(0);
  w.f32(raw_keys ? 1.0f : 1.5f);
  w.f32(1.0f);
  w.f32(2.0f);
  w.f32(2.0f);
  if (raw_keys) w.u8(1);  // stop at end
  c.end(params);
  return w.take();
}

}  // namespace gamefmt::test
