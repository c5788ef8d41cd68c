#include "gamefmt/xray/lzhuf.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"

namespace gamefmt::xray {
namespace {

constexpr int kRingSize = 4096;                                     // N
constexpr int kLookAhead = 60;                                      // F: longest match
constexpr int kMinMatchMinusOne = 2;                                // THRESHOLD: matches are longer than this
constexpr int kSymbolCount = 256 - kMinMatchMinusOne + kLookAhead;  // literals + match lengths (314)
constexpr int kNodeCount = 2 * kSymbolCount - 1;                    // T
constexpr int kRoot = kNodeCount - 1;                               // R
constexpr unsigned kMaxFrequency = 0x4000;  // the root's count that triggers a rebuild (X-Ray's value)
// The shortest match takes 10 bits (1 + 3 + 6) for at most kLookAhead bytes, the shortest literal 1 bit for
// one byte: a bitstream of n bytes never decodes to more than 48 * n bytes.
constexpr std::uint64_t kMaxBytesPerStreamByte = 8 * kLookAhead / 10;

// The fixed code of a match distance's upper 6 bits: canonical Huffman code lengths 3..8 with these counts.
struct DistanceCode {
  std::array<std::uint8_t, 64> length{};      // bits of the code for an upper-6-bit value
  std::array<std::uint8_t, 64> code{};        // the code, left-aligned in 8 bits
  std::array<std::uint8_t, 256> upper_of{};   // decoding: the value whose code prefixes this byte
  std::array<std::uint8_t, 256> length_of{};  // decoding: that code's length
};

constexpr DistanceCode make_distance_code() {
  DistanceCode table;
  constexpr int counts[] = {1, 3, 8, 12, 24, 16};  // codes of length 3, 4, ..., 8
  int value = 0;
  unsigned code = 0;
  for (int length_index = 0; length_index < 6; ++length_index) {
    const int length = 3 + length_index;
    for (int n = 0; n < counts[length_index]; ++n, ++value, ++code) {
      table.length[value] = static_cast<std::uint8_t>(length);
      table.code[value] = static_cast<std::uint8_t>(code << (8 - length));
      const unsigned first = code << (8 - length);
      for (unsigned b = first; b < first + (1u << (8 - length)); ++b) {
        table.upper_of[b] = static_cast<std::uint8_t>(value);
        table.length_of[b] = static_cast<std::uint8_t>(length);
      }
    }
    code <<= 1;
  }
  return table;
}
constexpr DistanceCode kDistanceCode = make_distance_code();

// The adaptive Huffman tree shared by both directions. Nodes are kept sorted by frequency; the two children
// of an internal node sit next to each other (first_child, first_child + 1). A first_child >= kNodeCount
// names a leaf: symbol first_child - kNodeCount.
class AdaptiveTree {
 public:
  AdaptiveTree() {
    for (int i = 0; i < kSymbolCount; ++i) {
      frequency_[i] = 1;
      first_child_[i] = i + kNodeCount;
      parent_[i + kNodeCount] = i;
    }
    for (int pair = 0, node = kSymbolCount; node <= kRoot; pair += 2, ++node) {
      frequency_[node] = frequency_[pair] + frequency_[pair + 1];
      first_child_[node] = pair;
      parent_[pair] = parent_[pair + 1] = node;
    }
    frequency_[kNodeCount] = 0xFFFF;  // sentinel above every real count
    parent_[kRoot] = 0;
  }

  // Walks from the root to a leaf, taking one bit per level.
  template <class NextBit>
  int decode(NextBit&& next_bit) {
    int node = first_child_[kRoot];
    while (node < kNodeCount) node = first_child_[node + next_bit()];
    const int symbol = node - kNodeCount;
    update(symbol);
    return symbol;
  }

  // The code of a symbol: (bits, left-aligned in 32 bits). Codes can be longer than 16 bits.
  std::pair<int, std::uint32_t> code(int symbol) const {
    std::uint32_t bits = 0;
    int length = 0;
    for (int node = parent_[symbol + kNodeCount]; node != kRoot; node = parent_[node]) {
      const int branch = node - first_child_[parent_[node]];
      bits = (bits >> 1) | (static_cast<std::uint32_t>(branch) << 31);
      ++length;
    }
    return {length, bits};
  }

  // Counts one more occurrence of the symbol, keeping the node order by frequency.
  void update(int symbol) {
    if (frequency_[kRoot] == kMaxFrequency) rebuild();
    int node = parent_[symbol + kNodeCount];
    do {
      const unsigned count = ++frequency_[node];
      if (count > frequency_[node + 1]) {
        // Swap the node with the last one of lower frequency so the order stays sorted.
        int swap_with = node + 1;
        while (count > frequency_[swap_with + 1]) ++swap_with;
        frequency_[node] = frequency_[swap_with];
        frequency_[swap_with] = count;
        const int moved_children = first_child_[node];
        set_parent_of_children(moved_children, swap_with);
        const int other_children = first_child_[swap_with];
        first_child_[swap_with] = moved_children;
        set_parent_of_children(other_children, node);
        first_child_[node] = other_children;
        node = swap_with;
      }
      node = parent_[node];
    } while (node != 0);
  }

 private:
  void set_parent_of_children(int first_child, int parent) {
    parent_[first_child] = parent;
    if (first_child < kNodeCount) parent_[first_child + 1] = parent;
  }

  // Halves every leaf count and rebuilds the internal nodes in frequency order.
  void rebuild() {
    int leaf = 0;
    for (int node = 0; node < kNodeCount; ++node) {
      if (first_child_[node] >= kNodeCount) {
        frequency_[leaf] = (frequency_[node] + 1) / 2;
        first_child_[leaf] = first_child_[node];
        ++leaf;
      }
    }
    for (int pair = 0, node = kSymbolCount; node < kNodeCount; pair += 2, ++node) {
      const unsigned sum = frequency_[pair] + frequency_[pair + 1];
      int insert_at = node - 1;
      while (sum < frequency_[insert_at]) --insert_at;
      ++insert_at;
      std::copy_backward(frequency_.begin() + insert_at, frequency_.begin() + node,
                         frequency_.begin() + node + 1);
      std::copy_backward(first_child_.begin() + insert_at, first_child_.begin() + node,
                         first_child_.begin() + node + 1);
      frequency_[insert_at] = sum;
      first_child_[insert_at] = pair;
    }
    for (int node = 0; node < kNodeCount; ++node) set_parent_of_children(first_child_[node], node);
  }

  std::array<unsigned, kNodeCount + 1> frequency_{};
  std::array<int, kNodeCount + kSymbolCount> parent_{};  // [0, T): nodes; [T, T + symbols): leaf positions
  std::array<int, kNodeCount> first_child_{};
};

class BitSource {
 public:
  explicit BitSource(std::span<const std::byte> data) : data_(data) {}
  // Past the end the stream reads as zero bits; `overrun()` tells whether that happened.
  int bit() {
    const std::size_t byte = position_ >> 3;
    const int value =
        byte < data_.size() ? (std::to_integer<int>(data_[byte]) >> (7 - (position_ & 7))) & 1 : 0;
    ++position_;
    return value;
  }
  int bits(int n) {
    int value = 0;
    for (int i = 0; i < n; ++i) value = (value << 1) | bit();
    return value;
  }
  bool overrun() const { return position_ > data_.size() * 8; }

 private:
  std::span<const std::byte> data_;
  std::size_t position_ = 0;
};

class BitSink {
 public:
  explicit BitSink(ByteWriter& out) : out_(out) {}
  // Writes the top `length` bits of a left-aligned value.
  void put(int length, std::uint32_t left_aligned) {
    for (int i = 0; i < length; ++i) {
      pending_ = static_cast<std::uint8_t>((pending_ << 1) | ((left_aligned >> (31 - i)) & 1));
      if (++pending_count_ == 8) {
        out_.u8(pending_);
        pending_ = 0;
        pending_count_ = 0;
      }
    }
  }
  void flush() {
    if (pending_count_ > 0) out_.u8(static_cast<std::uint8_t>(pending_ << (8 - pending_count_)));
    pending_ = 0;
    pending_count_ = 0;
  }

 private:
  ByteWriter& out_;
  std::uint8_t pending_ = 0;
  int pending_count_ = 0;
};

}  // namespace

std::vector<std::byte> lzhuf_decode(std::span<const std::byte> payload, std::string_view file,
                                    std::uint64_t payload_offset) {
  ByteReader reader(payload, file, ByteOrder::little, payload_offset);
  auto scope = reader.enter("lzhuf");
  const std::uint32_t size = reader.u32("uncompressed_size");
  const auto stream = payload.subspan(4);
  if (size > stream.size() * kMaxBytesPerStreamByte)
    reader.fail_at(payload_offset, "uncompressed_size",
                   std::to_string(size) + " bytes cannot come from a " + std::to_string(stream.size()) +
                       "-byte bitstream");

  std::vector<std::byte> out;
  out.reserve(size);
  std::array<std::byte, kRingSize> ring;
  ring.fill(std::byte{' '});
  int ring_position = kRingSize - kLookAhead;
  AdaptiveTree tree;
  BitSource bits(stream);
  auto emit = [&](std::byte value) {
    out.push_back(value);
    ring[ring_position] = value;
    ring_position = (ring_position + 1) & (kRingSize - 1);
  };
  while (out.size() < size) {
    const int symbol = tree.decode([&] { return bits.bit(); });
    if (symbol < 256) {
      emit(static_cast<std::byte>(symbol));
    } else {
      const int first_byte = bits.bits(8);
      const int upper = kDistanceCode.upper_of[first_byte];
      const int extra_bits = kDistanceCode.length_of[first_byte] - 2;
      const int low = ((first_byte << extra_bits) | bits.bits(extra_bits)) & 0x3F;
      const int distance_minus_one = (upper << 6) | low;
      const int start = (ring_position - distance_minus_one - 1) & (kRingSize - 1);
      const int length = symbol - 255 + kMinMatchMinusOne;
      for (int k = 0; k < length && out.size() < size; ++k) emit(ring[(start + k) & (kRingSize - 1)]);
    }
    if (bits.overrun())
      reader.fail_at(payload_offset + payload.size(), "bitstream",
                     "ends after " + std::to_string(out.size()) + " of " + std::to_string(size) + " bytes");
  }
  return out;
}

std::vector<std::byte> lzhuf_encode(std::span<const std::byte> data) {
  ByteWriter out(ByteOrder::little, data.size() / 2 + 16);
  out.u32(static_cast<std::uint32_t>(data.size()));
  BitSink sink(out);
  AdaptiveTree tree;
  auto put_symbol = [&](int symbol) {
    const auto [length, bits] = tree.code(symbol);
    sink.put(length, bits);
    tree.update(symbol);
  };

  // Match finding: hash chains over 3-byte prefixes, limited in depth; distances stay within the part of the
  // ring buffer the decoder has already written (and outside the look-ahead), matches never use the initial
  // spaces.
  constexpr int kMaxDistance = kRingSize - kLookAhead - 1;
  constexpr int kMinMatch = kMinMatchMinusOne + 1;
  constexpr int kHashBits = 14;
  constexpr int kMaxChain = 128;
  std::vector<int> head(1 << kHashBits, -1);
  std::vector<int> previous(data.size(), -1);
  const auto n = static_cast<int>(data.size());
  auto hash_at = [&](int i) {
    const auto a = std::to_integer<unsigned>(data[i]);
    const auto b = std::to_integer<unsigned>(data[i + 1]);
    const auto c = std::to_integer<unsigned>(data[i + 2]);
    return ((a << 16 | b << 8 | c) * 2654435761u) >> (32 - kHashBits);
  };
  auto insert = [&](int i) {
    if (i + kMinMatch > n) return;
    const auto h = hash_at(i);
    previous[i] = head[h];
    head[h] = i;
  };

  int i = 0;
  while (i < n) {
    int best_length = 0;
    int best_distance = 0;
    if (i + kMinMatch <= n) {
      const int limit = std::min(kLookAhead, n - i);
      int chain = 0;
      for (int candidate = head[hash_at(i)];
           candidate >= 0 && i - candidate <= kMaxDistance && chain < kMaxChain;
           candidate = previous[candidate], ++chain) {
        int length = 0;
        while (length < limit && data[candidate + length] == data[i + length]) ++length;
        if (length > best_length) {
          best_length = length;
          best_distance = i - candidate;
          if (length == limit) break;
        }
      }
    }
    if (best_length >= kMinMatch) {
      put_symbol(255 - kMinMatchMinusOne + best_length);
      const int distance_minus_one = best_distance - 1;
      const int upper = distance_minus_one >> 6;
      sink.put(kDistanceCode.length[upper], static_cast<std::uint32_t>(kDistanceCode.code[upper]) << 24);
      sink.put(6, static_cast<std::uint32_t>(distance_minus_one & 0x3F) << 26);
      for (int k = 0; k < best_length; ++k) insert(i + k);
      i += best_length;
    } else {
      put_symbol(std::to_integer<int>(data[i]));
      insert(i);
      ++i;
    }
  }
  sink.flush();
  return out.take();
}

}  // namespace gamefmt::xray
