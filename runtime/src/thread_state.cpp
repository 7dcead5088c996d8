#include "thread_state_tls.h"

namespace rmarace::rt {

[[gnu::tls_model("initial-exec")]] constinit thread_local ThreadState tlsThreadState;

ThreadState &thisThread() {
  return tlsThreadState;
}

} // namespace rmarace::rt
