// The OpenSHMEM front end's interceptor scope: the runtime's ScopedInterceptor plus the front end's
// state. Routines that wait for other PEs run through scope.blocking(), without the engine lock.
#pragma once

#include "rmarace/runtime/lifecycle.h"
#include "rmarace/runtime/scoped_interceptor.h"
#include "state.h"

namespace rmarace::shmem {

class Scope : public rt::ScopedInterceptor {
public:
  // Inactive outside shmem_init .. shmem_finalize and inside the tool's own work; then the wrapper
  // only calls the library.
  Scope(const char *call, const void *returnAddress)
      : rt::ScopedInterceptor(call, returnAddress), st_(state()), call_(call) {
    if (!st_) {
      deactivate();
      rt::Lifecycle::uncheckedCall(call);
    }
  }

  State &st() { return *st_; }
  Semantics &sem() { return st_->semantics; }
  const char *call() const { return call_; }
  // Reports what the semantics layer could not model (an error record, not a crash).
  void check(Problem problem, const void *address);

private:
  State *st_;
  const char *call_;
};

// Wrapper preamble: `RMARACE_SHMEM_SCOPE("shmem_putmem");` declares `scope`.
#define RMARACE_SHMEM_SCOPE(call) ::rmarace::shmem::Scope scope(call, __builtin_return_address(0))

} // namespace rmarace::shmem
