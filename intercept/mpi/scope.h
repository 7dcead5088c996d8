// What every wrapper does around its engine work: serialise against other threads, keep
// instrumented code run by MPI itself out of the engine, and name the call site.
#pragma once

#include "mpi_state.h"

#include <mutex>

namespace rmarace::mpi {

class Scope;
void absorbLateAnswers(Scope &scope); // see p2p.h

class Scope {
public:
  // `st` is nullptr outside MPI_Init .. MPI_Finalize; then the wrapper only calls PMPI.
  Scope(const char *call, const void *returnAddress) : st_(state()) {
    const rmarace_location *marked = __rmarace_callsite;
    __rmarace_callsite = nullptr;
    // MPI calls made from within the tool's own work (e.g. by a user operation it runs) pass
    // through untouched.
    if (st_ && rt::Runtime::inRuntime()) st_ = nullptr;
    if (!st_) return;
    lock_ = &st_->runtime->lock();
    lock_->lock();
    guard_.emplace();
    site_ = st_->runtime->callSite(call, marked, returnAddress);
    if (!st_->lateReplies.empty()) absorbLateAnswers(*this);
  }
  ~Scope() {
    if (lock_) lock_->unlock();
  }
  Scope(const Scope &) = delete;
  Scope &operator=(const Scope &) = delete;

  explicit operator bool() const { return st_ != nullptr; }
  State &st() { return *st_; }
  Semantics &sem() { return *st_->semantics; }
  Tracker &tracker() { return st_->runtime->tracker(); }
  LocationHandle site() const { return site_; }

private:
  State *st_;
  rt::EngineLock *lock_ = nullptr;
  std::optional<rt::ReentrancyGuard> guard_;
  LocationHandle site_ = kNoLocation;
};

// Wrapper preamble: `RMARACE_SCOPE("MPI_Put");` declares `scope`.
#define RMARACE_SCOPE(call) ::rmarace::mpi::Scope scope(call, __builtin_return_address(0))

} // namespace rmarace::mpi
