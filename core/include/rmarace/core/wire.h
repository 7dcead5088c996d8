// A small binary encoding for batches and payloads exchanged between processes. All processes of
// a run share the same binary layout (same architecture), so fixed-width native integers suffice.
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
  void putClock(const VectorClock &c) {
    std::span<const Epoch> entries = c.entries();
    put<uint32_t>(static_cast<uint32_t>(entries.size()));
    if (!entries.empty())
      std::memcpy(grow(entries.size_bytes()), entries.data(), entries.size_bytes());
    std::span<const ThreadEntry> threads = c.threadEntries();
    put<uint32_t>(static_cast<uint32_t>(threads.size()));
    if (!threads.empty())
      std::memcpy(grow(threads.size_bytes()), threads.data(), threads.size_bytes());
  }

private:
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
  VectorClock getClock() {
    std::size_t n = get<uint32_t>();
    need(n * sizeof(Epoch));
    std::vector<Epoch> entries(n);
    if (n != 0) std::memcpy(entries.data(), in_.data() + at_, n * sizeof(Epoch));
    at_ += n * sizeof(Epoch);
    VectorClock clock(std::move(entries));
    std::size_t t = get<uint32_t>();
    need(t * sizeof(ThreadEntry));
    if (t != 0) {
      std::vector<ThreadEntry> threads(t);
      std::memcpy(threads.data(), in_.data() + at_, t * sizeof(ThreadEntry));
      at_ += t * sizeof(ThreadEntry);
      clock.setThreadEntries(std::move(threads));
    }
    return clock;
  }

private:
  void need(std::size_t n) const {
    if (in_.size() - at_ < n) throw WireError("truncated rmarace batch");
  }
  std::span<const std::byte> in_;
  std::size_t at_ = 0;
};

} // namespace rmarace
