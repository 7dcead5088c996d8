// The runtime's own direct access to the per-thread state (the hot path avoids a call).
#pragma once

#include "rmarace/runtime/thread_state.h"

namespace rmarace::rt {

[[gnu::tls_model("initial-exec")]] extern constinit thread_local ThreadState tlsThreadState;

// Marks runtime work on this thread for its lifetime.
class ReentrancyGuard {
public:
  ReentrancyGuard() : was_(tlsThreadState.inRuntime) { tlsThreadState.inRuntime = true; }
  ~ReentrancyGuard() { tlsThreadState.inRuntime = was_; }
  ReentrancyGuard(const ReentrancyGuard &) = delete;
  ReentrancyGuard &operator=(const ReentrancyGuard &) = delete;

private:
  bool was_;
};

} // namespace rmarace::rt
