// The nasty schedule (docs/nasty.md) for OpenSHMEM's non-blocking puts and gets: a _nbi call is
// held by the MPI front end's schedule (attach.h) and issued, in the schedule's seeded order, by
// the next call that completes or orders it: shmem_quiet, shmem_fence (OpenSHMEM 1.5 9.9.1,
// 9.9.2), shmem_barrier_all and the active-set shmem_barrier (a quiet first), shmem_clear_lock
// (9.12: a quiet first), shmem_ctx_destroy (9.4.2), shmem_team_destroy and shmem_finalize. Until
// then a put_nbi reads its source and a get_nbi writes its destination later than a library that
// starts them at the call.
#pragma once

#include "mpi/attach.h"

#include <cstdint>
#include <functional>

namespace rmarace::shmem {

// One queue for every context: completing more than a call asks for is always allowed, and a
// program's SHMEM_CTX_DEFAULT need not be told apart from the default context's forms.
inline constexpr uint64_t kNastyQueue = 0x5348'4d45; // "SHME"

// Holds `call` (the library's routine and its arguments); false when calls are not held, and the
// wrapper calls the library itself.
template <class Call> bool holdNbi(Call call) {
  if (!rmarace_mpi_nasty_holding()) return false;
  auto *held = new std::function<void()>(std::move(call));
  rmarace_nasty_issue_fn issue = [](void *c) {
    auto *f = static_cast<std::function<void()> *>(c);
    (*f)();
    delete f;
  };
  if (rmarace_mpi_nasty_hold(kNastyQueue, issue, held)) return true;
  delete held;
  return false;
}

// Issues the held calls: before the library's own completion call.
inline void completeNbi() {
  rmarace_mpi_nasty_complete(kNastyQueue);
}

} // namespace rmarace::shmem
