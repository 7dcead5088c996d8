// The GASPI front end's interceptor scope: the runtime's ScopedInterceptor plus the front end's
// state. Routines that wait for other processes run through scope.blocking(), without the engine
// lock.
#pragma once

#include "rmarace/runtime/lifecycle.h"
#include "rmarace/runtime/scoped_interceptor.h"
#include "state.h"

namespace rmarace::gaspi {

class Scope : public rt::ScopedInterceptor {
public:
  // Inactive outside gaspi_proc_init .. gaspi_proc_term and inside the tool's own work; then the
  // wrapper only calls the library.
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
  // Reports a call the semantics cannot model (an error record, not a crash).
  void error(const char *kind, const std::string &message);

private:
  State *st_;
  const char *call_;
};

// The name of a call on a queue, as reports show it: "gaspi_write (queue 2)". Interned: the
// pointer names the call site for good.
const char *queueCall(const char *call, unsigned queue);

// Wrapper preamble: `RMARACE_GASPI_SCOPE("gaspi_barrier");` declares `scope`; calls on a queue
// use `RMARACE_GASPI_QUEUE_SCOPE("gaspi_write", queue);`.
#define RMARACE_GASPI_SCOPE(call) ::rmarace::gaspi::Scope scope(call, __builtin_return_address(0))
#define RMARACE_GASPI_QUEUE_SCOPE(call, queue)                                                     \
  ::rmarace::gaspi::Scope scope(::rmarace::gaspi::queueCall(call, queue),                          \
                                __builtin_return_address(0))

} // namespace rmarace::gaspi
