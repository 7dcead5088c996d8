// The nasty schedule (docs/nasty.md) for OpenSHMEM's non-blocking puts and gets: a _nbi call is
// held by the runtime's schedule (rmarace/runtime/nasty.h) and issued, in its seeded order, by
// the next call that completes or orders it: shmem_quiet, shmem_fence (OpenSHMEM 1.5 9.9.1,
// 9.9.2), shmem_barrier_all and the active-set shmem_barrier (a quiet first), shmem_clear_lock
// (9.12: a quiet first), shmem_ctx_destroy (9.4.2), shmem_team_destroy and shmem_finalize. Until
// then a put_nbi reads its source and a get_nbi writes its destination later than a library that
// starts them at the call.
#pragma once

#include "rmarace/runtime/nasty.h"

#include <cstdint>
#include <functional>

namespace rmarace::shmem {

// One queue for every context: completing more than a call asks for is always allowed, and a
// program's SHMEM_CTX_DEFAULT need not be told apart from the default context's forms.
inline constexpr uint64_t kNastyQueue = 0x5348'4d45; // "SHME"

// Holds `call` (the library's routine and its arguments); false when calls are not held, and the
// wrapper calls the library itself.
template <class Call> bool holdNbi(Call call) {
  return rt::nasty::hold(kNastyQueue, std::move(call));
}

// Issues the held calls: before the library's own completion call.
inline void completeNbi() {
  rt::nasty::complete(kNastyQueue);
}

} // namespace rmarace::shmem
