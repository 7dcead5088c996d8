// The lock that serialises the engine. Uncontended in single-threaded programs, where it must be
// cheap (every access to tracked memory takes it); a waiting thread spins briefly, then yields.
#pragma once

#include <atomic>
#include <sched.h>

namespace rmarace::rt {

class EngineLock {
public:
  void lock() {
    for (int spins = 0;; ++spins) {
      if (!held_.load(std::memory_order_relaxed) &&
          !held_.exchange(true, std::memory_order_acquire))
        return;
      if (spins < 64)
        __builtin_ia32_pause();
      else
        sched_yield();
    }
  }
  bool tryLock() { return !held_.exchange(true, std::memory_order_acquire); }
  void unlock() { held_.store(false, std::memory_order_release); }

private:
  std::atomic<bool> held_{false};
};

} // namespace rmarace::rt
