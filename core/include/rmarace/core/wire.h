// A small binary encoding for batches and payloads exchanged between processes. All processes of
// a run share the same binary layout (same architecture), so fixed-width native integers suffice
// for most fields. Vector clocks, which every synchronisation and every batch carries, are sparse
// and variable-length instead: runs of zero entries cost a byte, other entries a varint of their
// epoch, so a clock costs what its process has heard of rather than 8 bytes per rank.
#pragma once

#include "rmarace/core/types.h"
#include "rmarace/core/vector_clock.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace rmarace {

class WireWriter {
public:
  explicit WireWriter(std::vector<std::byte> &out) : out_(out) {}
  template <class T> void put(T value) { putAll(value); }
  // Several values in a row, written with one resize (the fixed fields of a record).
  template <class... T> void putAll(const T &...values) {
    static_assert((std::is_trivially_copyable_v<T> && ...));
    std::byte *at = grow((sizeof(T) + ...));
    ((std::memcpy(at, &values, sizeof(T)), at += sizeof(T)), ...);
  }
  void putString(const std::string &s) {
    put<uint32_t>(static_cast<uint32_t>(s.size()));
    std::memcpy(grow(s.size()), s.data(), s.size());
  }
  // A run of varints appended at once: growing the buffer per varint (which zero-fills and checks
  // capacity every time) cost more than the encoding. A run of up to kStagedBytes is encoded on
  // the stack and appended with one resize, so that the buffer's capacity grows only by what the
  // run takes (buffers that a transport keeps a while must not carry room for the worst case); a
  // longer one (a clock of many ranks) is encoded in place after growing by its most, the rest
  // given back when the run ends.
  class Varints {
  public:
    Varints(WireWriter &writer, std::size_t most) : out_(writer.out_), at_(out_.size()) {
      std::size_t room = most * kMaxVarintBytes;
      begin_ = room <= kStagedBytes ? staged_ : writer.grow(room);
      p_ = begin_;
    }
    Varints(const Varints &) = delete;
    Varints &operator=(const Varints &) = delete;
    ~Varints() {
      auto n = static_cast<std::size_t>(p_ - begin_);
      out_.resize(at_ + n);
      if (begin_ == staged_) std::memcpy(out_.data() + at_, staged_, n);
    }
    // An unsigned LEB128 integer: 7 bits per byte, low bits first.
    void put(uint64_t v) {
      for (; v >= 0x80; v >>= 7) *p_++ = static_cast<std::byte>((v & 0x7f) | 0x80);
      *p_++ = static_cast<std::byte>(v);
    }
    // A signed integer (zigzag: small magnitudes of either sign take one byte).
    void putSigned(int64_t v) {
      put((static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63));
    }

  private:
    static constexpr std::size_t kStagedBytes = 512;
    std::vector<std::byte> &out_;
    std::size_t at_;
    std::byte staged_[kStagedBytes];
    std::byte *begin_;
    std::byte *p_;
  };
  void putVarint(uint64_t v) { Varints(*this, 1).put(v); }
  // The number of ranks, then alternately the length of a run of zero entries and of a run of
  // non-zero ones followed by their epochs, until every rank is covered; then the thread entries.
  void putClock(const VectorClock &c) {
    std::span<const Epoch> entries = c.entries();
    std::span<const ThreadEntry> threads = c.threadEntries();
    // The counts, two run lengths and an epoch per rank, three varints per thread entry.
    Varints out(*this, 2 + 3 * entries.size() + 3 * threads.size());
    out.put(entries.size());
    for (std::size_t i = 0; i < entries.size();) {
      std::size_t zeros = i;
      while (i < entries.size() && entries[i] == 0) ++i;
      std::size_t run = i;
      while (i < entries.size() && entries[i] != 0) ++i;
      out.put(run - zeros);
      out.put(i - run);
      for (std::size_t k = run; k < i; ++k) out.put(entries[k]);
    }
    out.put(threads.size());
    for (const ThreadEntry &e : threads) {
      out.put(static_cast<uint32_t>(e.slot.rank));
      out.put(e.slot.thread);
      out.put(e.epoch);
    }
  }

private:
  static constexpr std::size_t kMaxVarintBytes = 10; // 64 bits, 7 per byte
  std::byte *grow(std::size_t n) {
    std::size_t at = out_.size();
    out_.resize(at + n);
    return out_.data() + at;
  }
  std::vector<std::byte> &out_;
};

class WireError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

class WireReader {
public:
  explicit WireReader(std::span<const std::byte> in) : in_(in) {}
  bool done() const { return at_ == in_.size(); }
  std::size_t remaining() const { return in_.size() - at_; }
  template <class T> T get() {
    static_assert(std::is_trivially_copyable_v<T>);
    need(sizeof(T));
    T value;
    std::memcpy(&value, in_.data() + at_, sizeof(T));
    at_ += sizeof(T);
    return value;
  }
  std::string getString() {
    auto n = get<uint32_t>();
    need(n);
    std::string s(reinterpret_cast<const char *>(in_.data() + at_), n);
    at_ += n;
    return s;
  }
  uint64_t getVarint() {
    uint64_t v = 0;
    for (unsigned shift = 0; shift < 64; shift += 7) {
      auto byte = static_cast<uint8_t>(get<std::byte>());
      v |= static_cast<uint64_t>(byte & 0x7f) << shift;
      if (!(byte & 0x80)) return v;
    }
    throw WireError("malformed number in rmarace batch");
  }
  int64_t getSigned() {
    uint64_t v = getVarint();
    return static_cast<int64_t>(v >> 1) ^ -static_cast<int64_t>(v & 1);
  }
  // A count of items that take at least `minBytes` each: what the bytes left can hold at most,
  // so that garbage cannot make a reader allocate without bound.
  std::size_t getCount(std::size_t minBytes) {
    uint64_t n = getVarint();
    if (n > remaining() / minBytes) throw WireError("truncated rmarace batch");
    return static_cast<std::size_t>(n);
  }
  VectorClock getClock() {
    uint64_t n = getVarint();
    if (n > kMaxClockRanks) throw WireError("malformed clock in rmarace batch");
    std::vector<Epoch> entries(static_cast<std::size_t>(n), 0);
    for (std::size_t i = 0; i < entries.size();) {
      uint64_t zeros = getVarint(), run = getVarint();
      if ((zeros == 0 && run == 0) || zeros > entries.size() - i ||
          run > entries.size() - i - zeros)
        throw WireError("malformed clock in rmarace batch");
      i += static_cast<std::size_t>(zeros);
      for (uint64_t k = 0; k < run; ++k) entries[i++] = getVarint();
    }
    VectorClock clock(std::move(entries));
    std::vector<ThreadEntry> threads(getCount(3));
    for (ThreadEntry &e : threads) {
      e.slot.rank = static_cast<Rank>(getVarint());
      e.slot.thread = static_cast<ThreadId>(getVarint());
      e.epoch = getVarint();
    }
    if (!threads.empty()) clock.setThreadEntries(std::move(threads));
    return clock;
  }
  // The largest clock a reader accepts (a bound against garbage, far above any job).
  static constexpr uint64_t kMaxClockRanks = uint64_t{1} << 24;

private:
  void need(std::size_t n) const {
    if (in_.size() - at_ < n) throw WireError("truncated rmarace batch");
  }
  std::span<const std::byte> in_;
  std::size_t at_ = 0;
};

} // namespace rmarace
