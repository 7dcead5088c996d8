#include "thread_state.h"

namespace rmarace::rt {

[[gnu::tls_model("initial-exec")]] constinit thread_local ThreadState tlsThreadState;

} // namespace rmarace::rt
