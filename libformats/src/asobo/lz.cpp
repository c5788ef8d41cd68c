#include "gamefmt/asobo/lz.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
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

// ---- the fast encoder (new and edited data) ----

// The four packet kinds: L = 0..3 allow matches of at most 6, 10, 18, 34 bytes at most 16384, 8192, 4096,
// 2048 bytes back.
constexpr std::array<std::size_t, 4> kMostLength{6, 10, 18, 34};
constexpr std::array<std::size_t, 4> kWindow{16384, 8192, 4096, 2048};
// The kinds the fast encoder tries for each packet. L = 0 and 1 (short matches, far back) almost never cover
// more per output byte on the data measured, and leaving them out halves the search: only 4096 bytes back.
constexpr std::array<int, 2> kKindsTried{3, 2};
constexpr std::size_t kFastWindow = kWindow[2];

// For one position, the longest match each packet kind may use (length 0: none).
struct Choices {
  std::size_t position = SIZE_MAX;  // which position this is (the table below is a ring)
  std::array<std::uint8_t, 4> length{};
  std::array<std::uint16_t, 4> distance{};
};

// Hash chains over 3-byte prefixes, searched at most kDepth candidates deep. Positions are asked for in
// nondecreasing order within a packet; every position before the one asked is inserted first, so the chain
// holds exactly the earlier positions. A position the next packet asks for below the insertion frontier (one
// no parse of the previous packet visited) skips the newer candidates, a bounded number of them.
class FastMatcher {
 public:
  static constexpr int kHashBits = 15;
  // More than twice the window: a link is never overwritten while in reach.
  static constexpr std::size_t kChainSlots = 4 * kFastWindow;
  static constexpr int kDepth = 16;
  static constexpr int kMostSkipped = 64;
  static constexpr std::size_t kRing = 4096;  // > the 1020 bytes one packet can reach

  explicit FastMatcher(std::span<const std::uint8_t> data)
      : data_(data), head_(std::size_t{1} << kHashBits, -1), older_(kChainSlots, -1), ring_(kRing) {}

  const Choices& at(std::size_t pos) {
    Choices& c = ring_[pos % kRing];
    if (c.position == pos) return c;
    c = Choices{};
    c.position = pos;
    if (pos >= inserted_) {
      while (inserted_ < pos) insert(inserted_++);
      search(pos, c, 0);
      insert(inserted_++);
    } else {
      search(pos, c, kMostSkipped);
    }
    return c;
  }

 private:
  std::uint32_t hash(std::size_t pos) const {
    const std::uint32_t v =
        data_[pos] | (std::uint32_t{data_[pos + 1]} << 8) | (std::uint32_t{data_[pos + 2]} << 16);
    return (v * 2654435761u) >> (32 - kHashBits);
  }
  void insert(std::size_t pos) {
    if (pos + 3 > data_.size()) return;
    auto& newest = head_[hash(pos)];
    older_[pos % kChainSlots] = newest;
    newest = static_cast<std::int32_t>(pos);
  }
  std::size_t match_length(std::size_t candidate, std::size_t pos, std::size_t limit) const {
    const std::uint8_t* a = data_.data() + candidate;
    const std::uint8_t* b = data_.data() + pos;
    std::size_t k = 0;
    for (; k + 8 <= limit; k += 8) {
      std::uint64_t x, y;
      std::memcpy(&x, a + k, 8);
      std::memcpy(&y, b + k, 8);
      if (x != y) {
        if constexpr (std::endian::native == std::endian::little) return k + std::countr_zero(x ^ y) / 8;
        while (a[k] == b[k]) ++k;
        return k;
      }
    }
    while (k < limit && a[k] == b[k]) ++k;
    return k;
  }
  // Nearest candidates first: a longer match replaces a kind's choice, an equal one does not.
  void search(std::size_t pos, Choices& c, int may_skip) const {
    const std::size_t limit = std::min<std::size_t>(kMostLength[3], data_.size() - pos);
    if (limit < 3) return;
    std::int64_t candidate = head_[hash(pos)];
    for (int depth = 0; candidate >= 0 && depth < kDepth;) {
      const auto cand = static_cast<std::size_t>(candidate);
      const std::int64_t next = older_[cand % kChainSlots];
      if (next >= candidate) break;  // a link from before the window was overwritten: the chain ends
      if (cand >= pos) {
        if (may_skip-- == 0) break;
        candidate = next;
        continue;
      }
      const std::size_t distance = pos - cand;
      if (distance > kFastWindow) break;
      ++depth;
      const std::size_t length = match_length(cand, pos, limit);
      if (length >= 3)
        for (const int l : kKindsTried) {
          const std::size_t capped = std::min(length, kMostLength[l]);
          if (distance <= kWindow[l] && capped > c.length[l]) {
            c.length[l] = static_cast<std::uint8_t>(capped);
            c.distance[l] = static_cast<std::uint16_t>(distance);
          }
        }
      if (c.length[3] == limit) break;  // the nearest window has the longest match: no kind can do better
      candidate = next;
    }
  }

  std::span<const std::uint8_t> data_;
  std::vector<std::int32_t> head_;
  std::vector<std::int32_t> older_;
  std::vector<Choices> ring_;
  std::size_t inserted_ = 0;
};

// One packet kind parsed greedily: at each entry the longest match the kind allows, else a literal.
struct FastParse {
  int l = 0;
  std::size_t pos = 0;
  int entries = 0;
  std::uint32_t flags = 0;
  std::size_t output = 4;  // bytes: the flag word, then 1 per literal and 2 per match
  std::array<std::uint16_t, kEntriesPerPacket> codes{};  // a match's code; unused for literals
};

std::vector<std::byte> compress_greedy(std::span<const std::byte> input) {
  const std::size_t size = input.size();
  const std::span<const std::uint8_t> data(reinterpret_cast<const std::uint8_t*>(input.data()), size);
  FastMatcher finder(data);
  ByteWriter w(ByteOrder::big, kLzHeaderSize + size + size / 8 + 16);
  w.fill(kLzHeaderSize, std::byte{0});  // patched at the end
  std::size_t pos = 0;
  while (pos < size) {
    // The kinds in lockstep, always advancing the one furthest behind, so that positions are asked for in
    // nondecreasing order.
    std::array<FastParse, kKindsTried.size()> parses;
    for (std::size_t k = 0; k < parses.size(); ++k) {
      parses[k].l = kKindsTried[k];
      parses[k].pos = pos;
    }
    for (;;) {
      FastParse* behind = nullptr;
      for (auto& p : parses)
        if (p.entries < kEntriesPerPacket && p.pos < size && (behind == nullptr || p.pos < behind->pos))
          behind = &p;
      if (behind == nullptr) break;
      const Choices& c = finder.at(behind->pos);
      const int l = behind->l;
      if (c.length[l] >= 3) {
        behind->flags |= 0x80000000u >> behind->entries;
        behind->codes[behind->entries] =
            static_cast<std::uint16_t>(((c.length[l] - 3u) << (14 - l)) | (c.distance[l] - 1u));
        behind->pos += c.length[l];
        behind->output += 2;
      } else {
        behind->pos += 1;
        behind->output += 1;
      }
      ++behind->entries;
    }
    // The kind that covers most input per output byte; the first tried on ties.
    const FastParse* best = &parses[0];
    for (const auto& p : parses)
      if ((p.pos - pos) * best->output > (best->pos - pos) * p.output) best = &p;
    w.u32(best->flags | static_cast<std::uint32_t>(best->l));
    for (int e = 0; e < best->entries; ++e) {
      if ((best->flags & (0x80000000u >> e)) == 0) {
        w.u8(data[pos]);
        pos += 1;
      } else {
        const std::uint16_t code = best->codes[e];
        w.u16(code);
        pos += (code >> (14 - best->l)) + 3u;
      }
    }
  }
  auto blob = w.take();
  store_value<std::uint32_t>(blob.data(), static_cast<std::uint32_t>(size), ByteOrder::little);
  store_value<std::uint32_t>(blob.data() + 4, static_cast<std::uint32_t>(blob.size()), ByteOrder::little);
  return blob;
}

}  // namespace

std::uint32_t lz_decompressed_size(std::span<const std::byte> blob, std::string_view file_name,
                                   std::uint64_t base_offset) {
  ByteReader r(blob, file_name, ByteOrder::little, base_offset);
  return r.u32("decompressed_size");
}

namespace {

// One packet, entry by entry, with every check and error of ByteReader: the tail of a blob, and any packet
// the fast loop below would not finish (where it then reports the problem). Returns the new output size.
std::size_t decode_packet_checked(ByteReader& r, std::byte* out, std::size_t o, std::size_t size) {
  auto packet = r.enter("packet");
  std::uint32_t flags = r.u32("flags");
  const unsigned l = flags & 3;
  const unsigned shift = 14 - l;
  const std::uint32_t mask = 0x3FFFu >> l;
  for (int i = 0; i < kEntriesPerPacket && o < size; ++i, flags <<= 1) {
    if ((flags & 0x80000000u) == 0) {
      out[o++] = std::byte{r.u8("literal")};
      continue;
    }
    const auto code_offset = r.absolute_offset();
    const std::uint16_t code = r.u16("match");
    const std::size_t distance = (code & mask) + 1;
    const std::size_t length = (code >> shift) + 3;
    if (distance > o)
      r.fail_at(code_offset, "match",
                "distance " + std::to_string(distance) + " reaches before the start of the output (" +
                    std::to_string(o) + " bytes written)");
    if (length > size - o)
      r.fail_at(
          code_offset, "match",
          "length " + std::to_string(length) + " runs past the decompressed size " + std::to_string(size));
    for (std::size_t k = 0; k < length; ++k, ++o) out[o] = out[o - distance];  // overlaps repeat bytes
  }
  return o;
}

// The longest packet: a flag word and 30 two-byte matches in, 30 matches of 34 bytes out.
constexpr std::size_t kMostPacketInput = 4 + 2 * kEntriesPerPacket;
constexpr std::size_t kMostPacketOutput = 34 * kEntriesPerPacket;

// Decodes whole packets without bounds checks while the input holds a longest packet and the output has
// room for one (plus 8 bytes of copy overrun). Stops early, leaving the packet to decode_packet_checked, at a
// match that reaches before the output's start. Returns {input position, output size}.
std::pair<std::size_t, std::size_t> decode_fast(const std::uint8_t* in, std::size_t in_size, std::size_t i,
                                                std::uint8_t* out, std::size_t out_size) {
  std::size_t o = 0;
  while (in_size - i >= kMostPacketInput && out_size - o >= kMostPacketOutput + 8) {
    const std::size_t packet_in = i, packet_out = o;
    std::uint32_t flags =
        load_value<std::uint32_t>(reinterpret_cast<const std::byte*>(in + i), ByteOrder::big);
    i += 4;
    const unsigned l = flags & 3;
    const unsigned shift = 14 - l;
    const std::uint32_t mask = 0x3FFFu >> l;
    for (int e = 0; e < kEntriesPerPacket; ++e, flags <<= 1) {
      if ((flags & 0x80000000u) == 0) {
        out[o++] = in[i++];
        continue;
      }
      const unsigned code = (unsigned{in[i]} << 8) | in[i + 1];
      i += 2;
      const std::size_t distance = (code & mask) + 1;
      const std::size_t length = (code >> shift) + 3;
      if (distance > o) return {packet_in, packet_out};
      std::uint8_t* to = out + o;
      const std::uint8_t* from = to - distance;
      if (distance >= 8) {  // 8-byte steps never read what this copy has not written yet
        for (std::size_t k = 0; k < length; k += 8) std::memcpy(to + k, from + k, 8);
      } else {
        for (std::size_t k = 0; k < length; ++k) to[k] = from[k];
      }
      o += length;
    }
  }
  return {i, o};
}

}  // namespace

std::vector<std::byte> lz_decompress(std::span<const std::byte> blob, std::string_view file_name,
                                     std::uint64_t base_offset) {
  ByteReader r(blob, file_name, ByteOrder::little, base_offset);
  auto lz = r.enter("lz");
  const LzHeader header = read_header(r);
  const std::size_t size = header.decompressed_size;
  std::vector<std::byte> out(size);
  const auto [in_pos, out_pos] = decode_fast(reinterpret_cast<const std::uint8_t*>(blob.data()), blob.size(),
                                             r.position(), reinterpret_cast<std::uint8_t*>(out.data()), size);
  r.seek(in_pos, "packet");
  std::size_t o = out_pos;
  while (o < size) o = decode_packet_checked(r, out.data(), o, size);
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

std::vector<std::byte> lz_compress_fast(std::span<const std::byte> data) {
  if (data.size() > std::numeric_limits<std::uint32_t>::max() / 2)
    throw FormatError("", std::nullopt, "lz",
                      "input of " + std::to_string(data.size()) + " bytes is too large");
  return compress_greedy(data);
}

}  // namespace gamefmt::asobo
