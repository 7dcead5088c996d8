// The MPI front end's interceptor scope: the runtime's ScopedInterceptor plus the front end's
// state. Blocking PMPI calls run through scope.blocking(), without the engine lock.
#pragma once

#include "mpi_state.h"
#include "rmarace/runtime/lifecycle.h"
#include "rmarace/runtime/scoped_interceptor.h"

namespace rmarace::mpi {

class Scope : public rt::ScopedInterceptor {
public:
  // Inactive outside MPI_Init .. MPI_Finalize and inside the tool's own work; then the wrapper
  // only calls PMPI.
  Scope(const char *call, const void *returnAddress)
      : rt::ScopedInterceptor(call, returnAddress), st_(state()) {
    if (!st_) {
      deactivate();
      rt::Lifecycle::uncheckedCall(call);
    }
    if (*this) sem().absorbLateAnswers(site());
  }

  State &st() { return *st_; }
  Semantics &sem() { return *st_->semantics; }

private:
  State *st_;
};

// Wrapper preamble: `RMARACE_SCOPE("MPI_Put");` declares `scope`.
#define RMARACE_SCOPE(call) ::rmarace::mpi::Scope scope(call, __builtin_return_address(0))

} // namespace rmarace::mpi
