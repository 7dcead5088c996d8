// Numbered slots with a free list, for the access records a Process keeps (own accesses, remote
// accesses). History cells name records by slot number (ShadowRecord::subject), so a number stays
// valid until the owner releases the slot, and released numbers are reused last-in first-out.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

namespace rmarace {

template <class T> class SlotPool {
public:
  // A slot holding a fresh T.
  uint32_t acquire() {
    uint32_t id;
    if (!free_.empty()) {
      id = free_.back();
      free_.pop_back();
    } else {
      id = static_cast<uint32_t>(slots_.size());
      // Boxed: references to a slot survive the pool growing.
      slots_.push_back(std::make_unique<T>());
      inUse_.push_back(false);
    }
    *slots_[id] = T{};
    inUse_[id] = true;
    return id;
  }
  void release(uint32_t id) {
    *slots_[id] = T{};
    inUse_[id] = false;
    free_.push_back(id);
  }

  T &operator[](uint32_t id) { return *slots_[id]; }
  const T &operator[](uint32_t id) const { return *slots_[id]; }
  bool inUse(uint32_t id) const { return inUse_[id]; }
  // Slot numbers are below size(), in use or not.
  uint32_t size() const { return static_cast<uint32_t>(slots_.size()); }
  std::size_t countInUse() const { return slots_.size() - free_.size(); }

private:
  std::vector<std::unique_ptr<T>> slots_;
  std::vector<bool> inUse_;
  std::vector<uint32_t> free_;
};

} // namespace rmarace
