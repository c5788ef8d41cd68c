#include "gamefmt/asobo/lz.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <string>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"

namespace gamefmt::asobo {
namespace {

constexpr int kEntriesPerPacket = 30;

// ---- decoding ----

struct LzHeader {
  std::uint32_t decompressed_size;
  std::uint32_t compressed_size;
};

LzHeader read_header(ByteReader& r) {
  r.set_order(ByteOrder::little);  // little-endian on every platform
  LzHeader h{};
  h.decompressed_size = r.u32("decompressed_size");
  const auto compressed_offset = r.absolute_offset();
  h.compressed_size = r.u32("compressed_size");
  if (h.compressed_size != r.size())
    r.fail_at(
        compressed_offset, "compressed_size",
        "says " + std::to_string(h.compressed_size) + " bytes but the blob has " + std::to_string(r.size()));
  const std::uint64_t payload = r.remaining();
  if (h.decompressed_size > payload * kLzMaxExpansion)
    r.fail_at(compressed_offset - 4, "decompressed_size",
              std::to_string(h.decompressed_size) + " bytes cannot come from a " + std::to_string(payload) +
                  "-byte payload (at most " + std::to_string(kLzMaxExpansion) + " times larger)");
  r.set_order(ByteOrder::big);  // the payload's flag words and codes are big-endian
  return h;
}

// ---- encoding ----

// Hash chains over the 2-byte prefix at each position: head[prefix] is the newest position inserted with that
// prefix, older[pos % window] the one inserted before it. Positions are inserted ahead of the encoder in
// steps of 0x1000, as the game does, so every position of a packet is already in the chains when it is
// encoded.
class MatchFinder {
 public:
  static constexpr std::size_t kSlots = 0x8000;
  static constexpr std::size_t kInsertStep = 0x1000;

  explicit MatchFinder(std::span<const std::uint8_t> padded, std::size_t size)
      : data_(padded), size_(size), head_(0x10000, -1), older_(kSlots, -1) {
    insert_until(std::min(size_, kSlots));
    budget_ = 0x7000;
  }

  // Called after each packet with the bytes it covered: keeps insertion ahead of the encoder.
  void advance(std::size_t consumed) {
    budget_ -= static_cast<std::int64_t>(consumed);
    while (budget_ < 0) {
      insert_until(std::min(size_, inserted_ + kInsertStep));
      budget_ += kInsertStep;
    }
  }

  // Longest match for `pos` within `window` bytes back, at most `limit` long (limit >= 3). Nearest wins ties.
  // Returns {length, distance}; length < 3 means none.
  std::pair<std::size_t, std::size_t> find(std::size_t pos, std::size_t limit, std::size_t window) const {
    std::size_t best_length = 2, best_distance = 0;
    const std::size_t lowest = pos >= window ? pos - window : 0;
    for (std::int64_t c = older_[pos % kSlots]; c >= 0 && static_cast<std::size_t>(c) >= lowest;
         c = older_[static_cast<std::size_t>(c) % kSlots]) {
      const auto candidate = static_cast<std::size_t>(c);
      if (data_[candidate + 2] != data_[pos + 2]) continue;
      std::size_t j = 3;
      while (j != limit && data_[candidate + j] == data_[pos + j]) ++j;
      if (j > best_length) {
        best_length = j;
        best_distance = pos - candidate;
        if (j == limit) break;
      }
    }
    return {best_length, best_distance};
  }

 private:
  std::size_t prefix(std::size_t pos) const { return (std::size_t{data_[pos]} << 8) | data_[pos + 1]; }
  void insert_until(std::size_t end) {
    for (; inserted_ < end; ++inserted_) {
      auto& newest = head_[prefix(inserted_)];
      older_[inserted_ % kSlots] = newest;
      newest = static_cast<std::int64_t>(inserted_);
    }
  }

  std::span<const std::uint8_t> data_;
  std::size_t size_;
  std::vector<std::int64_t> head_;
  std::vector<std::int64_t> older_;
  std::size_t inserted_ = 0;
  std::int64_t budget_ = 0;
};

struct Entry {
  std::uint16_t length;  // 0 = literal
  std::uint16_t distance;
};

struct Packet {
  int l = 0;
  std::array<Entry, kEntriesPerPacket> entries{};
  int entry_count = 0;
  std::size_t covered = 0;  // input bytes the packet encodes
};

Packet build_packet(const MatchFinder& finder, std::size_t start, std::size_t size, int l) {
  Packet p;
  p.l = l;
  const std::size_t max_length = (std::size_t{1} << (l + 2)) + 2;
  const std::size_t window = std::size_t{0x10000} >> (l + 2);
  std::size_t pos = start;
  for (; p.entry_count < kEntriesPerPacket && pos < size; ++p.entry_count) {
    const std::size_t limit = std::min(max_length, size - pos);
    Entry e{0, 0};
    if (limit > 2) {
      const auto [length, distance] = finder.find(pos, limit, window);
      if (length >= 3) e = {static_cast<std::uint16_t>(length), static_cast<std::uint16_t>(distance)};
    }
    p.entries[p.entry_count] = e;
    pos += e.length == 0 ? 1 : e.length;
  }
  p.covered = pos - start;
  return p;
}

// The game's choice of L: larger windows (small L) only when they cover clearly more.
Packet choose_packet(const MatchFinder& finder, std::size_t start, std::size_t size) {
  const auto reaches_end = [&](const Packet& p) { return start + p.covered == size; };
  Packet best = build_packet(finder, start, size, 3);
  if (reaches_end(best) || best.covered > 540) return best;
  Packet p2 = build_packet(finder, start, size, 2);
  if (reaches_end(p2)) return p2;
  if (p2.covered > best.covered) best = p2;
  if (best.covered > 300) return best;
  Packet p1 = build_packet(finder, start, size, 1);
  if (reaches_end(p1)) return p1;
  if (p1.covered > best.covered) best = p1;
  if (best.covered > 180) return best;
  Packet p0 = build_packet(finder, start, size, 0);
  if (reaches_end(p0)) return p0;
  if (p0.covered >= best.covered) best = p0;
  return best;
}

}  // namespace

std::uint32_t lz_decompressed_size(std::span<const std::byte> blob, std::string_view file_name,
                                   std::uint64_t base_offset) {
  ByteReader r(blob, file_name, ByteOrder::little, base_offset);
  return r.u32("decompressed_size");
}

std::vector<std::byte> lz_decompress(std::span<const std::byte> blob, std::string_view file_name,
                                     std::uint64_t base_offset) {
  ByteReader r(blob, file_name, ByteOrder::little, base_offset);
  auto lz = r.enter("lz");
  const LzHeader header = read_header(r);
  std::vector<std::byte> out;
  out.reserve(header.decompressed_size);
  while (out.size() < header.decompressed_size) {
    auto packet = r.enter("packet");
    std::uint32_t flags = r.u32("flags");
    const unsigned l = flags & 3;
    const unsigned shift = 14 - l;
    const std::uint32_t mask = 0x3FFFu >> l;
    for (int i = 0; i < kEntriesPerPacket && out.size() < header.decompressed_size; ++i, flags <<= 1) {
      if ((flags & 0x80000000u) == 0) {
        out.push_back(std::byte{r.u8("literal")});
        continue;
      }
      const auto code_offset = r.absolute_offset();
      const std::uint16_t code = r.u16("match");
      const std::size_t distance = (code & mask) + 1;
      const std::size_t length = (code >> shift) + 3;
      if (distance > out.size())
        r.fail_at(code_offset, "match",
                  "distance " + std::to_string(distance) + " reaches before the start of the output (" +
                      std::to_string(out.size()) + " bytes written)");
      if (length > header.decompressed_size - out.size())
        r.fail_at(code_offset, "match",
                  "length " + std::to_string(length) + " runs past the decompressed size " +
                      std::to_string(header.decompressed_size));
      const std::size_t from = out.size() - distance;
      for (std::size_t k = 0; k < length; ++k)
        out.push_back(out[from + k]);  // overlapping copies repeat bytes
    }
  }
  if (!r.at_end()) r.fail("payload", std::to_string(r.remaining()) + " bytes left after the last entry");
  return out;
}

std::vector<std::byte> lz_compress(std::span<const std::byte> data) {
  const std::size_t size = data.size();
  if (size > std::numeric_limits<std::uint32_t>::max() / 2)
    throw FormatError("", std::nullopt, "lz", "input of " + std::to_string(size) + " bytes is too large");
  // Two zero bytes after the input: the prefix hash and the third-byte test look ahead.
  std::vector<std::uint8_t> padded(size + 2, 0);
  std::transform(data.begin(), data.end(), padded.begin(),
                 [](std::byte b) { return static_cast<std::uint8_t>(b); });
  MatchFinder finder(padded, size);

  ByteWriter w(ByteOrder::big, kLzHeaderSize + size + size / 8 + 16);
  w.fill(kLzHeaderSize, std::byte{0});  // patched at the end
  std::size_t pos = 0;
  while (pos < size) {
    const Packet p = choose_packet(finder, pos, size);
    std::uint32_t flags = static_cast<std::uint32_t>(p.l);
    for (int i = 0; i < p.entry_count; ++i)
      if (p.entries[i].length != 0) flags |= 0x80000000u >> i;
    w.u32(flags);
    for (int i = 0; i < p.entry_count; ++i) {
      const Entry& e = p.entries[i];
      if (e.length == 0) {
        w.u8(padded[pos]);
        pos += 1;
      } else {
        w.u16(static_cast<std::uint16_t>(((e.length - 3u) << (14 - p.l)) | (e.distance - 1u)));
        pos += e.length;
      }
    }
    finder.advance(p.covered);
  }
  auto blob = w.take();
  store_value<std::uint32_t>(blob.data(), static_cast<std::uint32_t>(size), ByteOrder::little);
  store_value<std::uint32_t>(blob.data() + 4, static_cast<std::uint32_t>(blob.size()), ByteOrder::little);
  return blob;
}

}  // namespace gamefmt::asobo
