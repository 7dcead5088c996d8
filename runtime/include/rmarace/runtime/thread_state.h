// Per-thread state of the runtime (tsan's ThreadState): what a thread is doing right now, read on
// every instrumented access and every intercepted call. Kept apart from the process-wide state in
// Runtime so that threads never share it.
#pragma once

#include "rmarace/runtime/api.h"

namespace rmarace::rt {

class EngineLock;

struct ThreadState {
  // The thread is doing runtime work: instrumented code run by the programming model's library
  // itself (a user reduction operation, say) must not re-enter the engine.
  bool inRuntime = false;
  // The engine lock this thread holds, if any (so that a blocking call can release it and take it
  // back).
  EngineLock *heldEngineLock = nullptr;
};

// initial-exec: the runtime library is linked or preloaded, never dlopen()ed, so its TLS is in
// the static block and needs no __tls_get_addr call.
RMARACE_API ThreadState &thisThread();

} // namespace rmarace::rt
