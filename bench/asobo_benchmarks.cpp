// Asobo: LZ decode/encode MB/s (of decompressed data; the game-matching encoder and the fast one), BigFile
// read/write MB/s, extract (unpack: read + decompress every body) of archives with half, all or none of their
// bodies compressed and pack (stored blobs reused, or every body compressed anew) in MB/s of bodies and
// objects/s, and list (the object list from the headers; `read`: the share of the archive read). The
// archive is built here with the writer: 64 objects of text-like data, about 6 MB of bodies, half of them
// compressed. Mesh_Z: body read MB/s and a FUEL archive of meshes -> .glb (files/s), on the sample archive
// with a 120 x 120 quad crate (14641 vertices, 28800 triangles). Bitmap_Z: a 1024 x 1024 bitmap with its full
// mip chain of varied texels, link header and body read and the top level decoded to RGBA8 (MB/s of the top
// level's stored bytes), for DXT1, DXT5 and A8L8.
#include <benchmark/benchmark.h>

#include <string>

#include "asobo/bigfile_scene.hpp"
#include "gamefmt/asobo/bigfile.hpp"
#include "gamefmt/asobo/bigfile_folder.hpp"
#include "gamefmt/asobo/bigfile_index.hpp"
#include "gamefmt/asobo/bitmap_image.hpp"
#include "gamefmt/asobo/bitmap_object.hpp"
#include "gamefmt/asobo/lz.hpp"
#include "gamefmt/asobo/mesh_object.hpp"
#include "gamefmt/asobo/name_hash.hpp"
#include "gamefmt/asobo/sample_meshes.hpp"
#include "gamefmt/gltf/gltf.hpp"

namespace {

using namespace gamefmt;

// Mesh-like data: runs of float vertices with repeats, so matches are neither trivial nor absent.
std::vector<std::byte> body(std::size_t size, unsigned seed) {
  std::vector<std::byte> out(size);
  unsigned state = seed + 1;
  for (std::size_t i = 0; i < size; ++i) {
    if (i % 64 == 0) state = state * 1103515245u + 12345u;
    out[i] = std::byte((i % 12 < 4) ? (state >> (8 + i % 4 * 4)) & 0xFF : (i * 7 + (state >> 20)) & 0x3F);
  }
  return out;
}

// Bodies compressed: every other one (the archive most benchmarks use), all, or none.
enum class Compressed { half, all, none };

struct Fixture {
  std::vector<std::byte> data = body(1 << 20, 7);
  std::vector<std::byte> blob = asobo::lz_compress(data);
  asobo::BigFile archive;
  std::vector<std::byte> archive_bytes;
  std::size_t body_bytes = 0;
  std::size_t objects = 0;

  explicit Fixture(Compressed compressed = Compressed::half) {
    archive.version = asobo::kBigFileNewestVersion;
    for (int b = 0; b < 8; ++b) {
      asobo::BigFileBlock block;
      for (int i = 0; i < 8; ++i) {
        asobo::BigFileResource r;
        r.class_name = asobo::name_hash("Mesh_Z");
        r.name = asobo::name_hash("object_" + std::to_string(b * 8 + i));
        r.link_header.resize(92);
        const auto bytes = body(100000, b * 8 + i);
        body_bytes += bytes.size();
        r.body.decompressed_size = static_cast<std::uint32_t>(bytes.size());
        r.body.compressed = compressed == Compressed::all || (compressed == Compressed::half && i % 2 == 0);
        r.body.bytes = r.body.compressed ? asobo::lz_compress(bytes) : bytes;
        block.resources.push_back(std::move(r));
        ++objects;
      }
      archive.blocks.push_back(std::move(block));
    }
    asobo::raise_buffer_sizes(archive);
    archive_bytes = asobo::write_bigfile(archive);
  }
};

const Fixture& fixture() {
  static const Fixture f;
  return f;
}

void BM_AsoboLzDecode(benchmark::State& state) {
  const auto& f = fixture();
  for (auto _ : state) benchmark::DoNotOptimize(asobo::lz_decompress(f.blob, "bench.lz"));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(f.data.size()));
}
BENCHMARK(BM_AsoboLzDecode)->Unit(benchmark::kMillisecond);

void BM_AsoboLzEncode(benchmark::State& state) {
  const auto& f = fixture();
  for (auto _ : state) benchmark::DoNotOptimize(asobo::lz_compress(f.data));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(f.data.size()));
  state.counters["ratio"] = double(f.blob.size()) / double(f.data.size());
}
BENCHMARK(BM_AsoboLzEncode)->Unit(benchmark::kMillisecond);

// The encoder for new and edited bodies (pack uses it where it has no stored blob to reuse).
void BM_AsoboLzEncodeFast(benchmark::State& state) {
  const auto& f = fixture();
  std::size_t blob_size = 0;
  for (auto _ : state) {
    const auto blob = asobo::lz_compress_fast(f.data);
    blob_size = blob.size();
    benchmark::DoNotOptimize(blob.data());
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(f.data.size()));
  state.counters["ratio"] = double(blob_size) / double(f.data.size());
}
BENCHMARK(BM_AsoboLzEncodeFast)->Unit(benchmark::kMillisecond);

void BM_AsoboBigFileRead(benchmark::State& state) {
  const auto& f = fixture();
  for (auto _ : state) benchmark::DoNotOptimize(asobo::read_bigfile(f.archive_bytes, "bench.DPC"));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(f.archive_bytes.size()));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_AsoboBigFileRead)->Name("asobo-bigfile/read")->Unit(benchmark::kMillisecond);

// The same archive in the console byte order (big-endian: Xbox 360, PS3 and GameCube builds).
void BM_AsoboBigFileReadBigEndian(benchmark::State& state) {
  static const auto bytes = [] {
    auto archive = fixture().archive;
    archive.byte_order = ByteOrder::big;
    return asobo::write_bigfile(archive);
  }();
  for (auto _ : state) benchmark::DoNotOptimize(asobo::read_bigfile(bytes, "bench.DXB", ByteOrder::big));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_AsoboBigFileReadBigEndian)->Name("asobo-bigfile-be/read")->Unit(benchmark::kMillisecond);

void BM_AsoboBigFileWrite(benchmark::State& state) {
  const auto& f = fixture();
  for (auto _ : state) benchmark::DoNotOptimize(asobo::write_bigfile(f.archive));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(f.archive_bytes.size()));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_AsoboBigFileWrite)->Name("asobo-bigfile/write")->Unit(benchmark::kMillisecond);

// What `gamefmt bigfile extract` does minus the disk: read, decompress every body (keeping its stored blob
// and fingerprints), build the manifest. Bytes = decompressed bodies, items = objects.
void extract_benchmark(benchmark::State& state, const Fixture& f) {
  for (auto _ : state) {
    const auto archive = asobo::read_bigfile(f.archive_bytes, "bench.DPC");
    benchmark::DoNotOptimize(asobo::unpack_bigfile(archive, nullptr, "bench.DPC"));
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(f.body_bytes));
  state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(f.objects));
}
void BM_AsoboBigFileExtract(benchmark::State& state) {
  extract_benchmark(state, fixture());
}
BENCHMARK(BM_AsoboBigFileExtract)->Name("asobo-bigfile/extract")->Unit(benchmark::kMillisecond);
// Every body compressed, and every body stored raw.
void BM_AsoboBigFileExtractCompressed(benchmark::State& state) {
  static const Fixture f(Compressed::all);
  extract_benchmark(state, f);
}
BENCHMARK(BM_AsoboBigFileExtractCompressed)
    ->Name("asobo-bigfile/extract-compressed")
    ->Unit(benchmark::kMillisecond);
void BM_AsoboBigFileExtractStored(benchmark::State& state) {
  static const Fixture f(Compressed::none);
  extract_benchmark(state, f);
}
BENCHMARK(BM_AsoboBigFileExtractStored)->Name("asobo-bigfile/extract-stored")->Unit(benchmark::kMillisecond);

// `gamefmt bigfile list` minus the printing: the object list from the headers. Bytes = the archive's size;
// the counter `read` is the share of it actually read.
void BM_AsoboBigFileList(benchmark::State& state) {
  const auto& f = fixture();
  const asobo::RandomAccessBytes source(f.archive_bytes);
  std::uint64_t bytes_read = 0;
  for (auto _ : state) {
    const auto index = asobo::read_bigfile_index(source, "bench.DPC");
    bytes_read = index.bytes_read;
    benchmark::DoNotOptimize(index.objects.data());
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(f.archive_bytes.size()));
  state.counters["read"] = double(bytes_read) / double(f.archive_bytes.size());
}
BENCHMARK(BM_AsoboBigFileList)->Name("asobo-bigfile/list")->Unit(benchmark::kMillisecond);

// `gamefmt bigfile pack` minus the disk, on an unchanged folder (stored blobs reused by fingerprint) and on
// one whose compressed bodies were all edited (`edited`: compressed anew), then write the archive.
void pack_benchmark(benchmark::State& state, bool edited) {
  const auto& f = fixture();
  const auto unpacked = asobo::unpack_bigfile(f.archive, nullptr, "bench.DPC");
  auto manifest = unpacked.manifest;
  if (edited)  // no blob to reuse
    for (auto& block : manifest["blocks"])
      for (auto& object : block["objects"]) object.erase("original_lz");
  std::map<std::string, const std::vector<std::byte>*> files;
  for (const auto& file : unpacked.files) files[file.path] = &file.bytes;
  for (auto _ : state) {
    const auto archive = asobo::repack_bigfile(
        manifest, [&](const std::string& p) { return *files.at(p); }, "bench");
    benchmark::DoNotOptimize(asobo::write_bigfile(archive));
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(f.body_bytes));
  state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(f.objects));
}
void BM_AsoboBigFilePack(benchmark::State& state) {
  pack_benchmark(state, false);
}
BENCHMARK(BM_AsoboBigFilePack)->Name("asobo-bigfile/pack")->Unit(benchmark::kMillisecond);
void BM_AsoboBigFilePackEdited(benchmark::State& state) {
  pack_benchmark(state, true);
}
BENCHMARK(BM_AsoboBigFilePackEdited)->Name("asobo-bigfile/pack-edited")->Unit(benchmark::kMillisecond);

constexpr std::uint32_t kBenchGrid = 120;

void BM_AsoboMeshRead(benchmark::State& state) {
  const auto body = asobo::sample_crate_mesh_body(kBenchGrid);
  for (auto _ : state)
    benchmark::DoNotOptimize(asobo::read_mesh_object(body, "bench.Mesh_Z", ByteOrder::little));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(body.size()));
}
BENCHMARK(BM_AsoboMeshRead)->Name("asobo-bigfile/mesh-read")->Unit(benchmark::kMillisecond);

// Archive bytes -> .glb bytes: read, decompress, parse the classes, build the scene, write the glTF.
void BM_AsoboMeshArchiveToGlb(benchmark::State& state) {
  const auto archive_bytes = asobo::write_bigfile(asobo::make_sample_mesh_archive({kBenchGrid, true, false}));
  for (auto _ : state) {
    const auto archive = asobo::read_bigfile(archive_bytes, "bench.DPC");
    const auto scene = asobo::bigfile_meshes_to_scene(archive, nullptr, "bench.DPC");
    benchmark::DoNotOptimize(gltf::write_gltf(scene, {}, "bench.glb"));
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(archive_bytes.size()));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_AsoboMeshArchiveToGlb)->Name("asobo-bigfile/to-glb")->Unit(benchmark::kMillisecond);

void bitmap_decode_benchmark(benchmark::State& state, std::uint8_t format) {
  constexpr std::uint32_t kSide = 1024;
  asobo::BitmapObject bitmap;
  bitmap.fuel.width = bitmap.fuel.height = kSide;
  bitmap.fuel.format0 = bitmap.fuel.format1 = format;
  bitmap.fuel.mipmap_count = 10;
  std::uint64_t chain = 0;
  for (std::uint32_t level = 0; level <= 10; ++level)
    chain += asobo::fuel_bitmap_level_size(format, kSide >> level, kSide >> level);
  bitmap.data = body(static_cast<std::size_t>(chain), 7);
  const auto bytes = asobo::write_bitmap_object(bitmap, ByteOrder::little);
  for (auto _ : state) {
    const auto read = asobo::read_bitmap_object(bytes.link_header, bytes.body, "bench.Bitmap_Z",
                                                ByteOrder::little, asobo::BitmapLayout::fuel);
    benchmark::DoNotOptimize(asobo::decode_bitmap(read, "bench.Bitmap_Z"));
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) *
                          std::int64_t(asobo::fuel_bitmap_level_size(format, kSide, kSide)));
}
void BM_AsoboBitmapDecodeDxt1(benchmark::State& state) {
  bitmap_decode_benchmark(state, asobo::kBitmapFormatDxt1);
}
BENCHMARK(BM_AsoboBitmapDecodeDxt1)->Name("asobo-bigfile/bitmap-decode-dxt1")->Unit(benchmark::kMillisecond);
void BM_AsoboBitmapDecodeDxt5(benchmark::State& state) {
  bitmap_decode_benchmark(state, asobo::kBitmapFormatDxt5);
}
BENCHMARK(BM_AsoboBitmapDecodeDxt5)->Name("asobo-bigfile/bitmap-decode-dxt5")->Unit(benchmark::kMillisecond);
void BM_AsoboBitmapDecodeA8l8(benchmark::State& state) {
  bitmap_decode_benchmark(state, asobo::kBitmapFormatA8L8);
}
BENCHMARK(BM_AsoboBitmapDecodeA8l8)->Name("asobo-bigfile/bitmap-decode-a8l8")->Unit(benchmark::kMillisecond);

}  // namespace
