// How the thread front end reaches the engine: an event of a thread library (a pthread call, an
// OpenMP event) is intercepted like a call of a programming model (ScopedInterceptor), and its
// synchronisation objects live in the threads identifier domain, one kind per object family.
#pragma once

#include "rmarace/core/process.h"
#include "rmarace/runtime/id_space.h"
#include "rmarace/runtime/scoped_interceptor.h"

#include <cstdint>

namespace rmarace::threads {

enum class ObjectKind : uint8_t {
  Mutex = 1,       // pthread mutex, semaphore, condition variable (by address)
  Barrier = 2,     // pthread barrier (by address)
  Fork = 3,        // OpenMP parallel region start (by region)
  Join = 4,        // OpenMP parallel region end (by region)
  TeamBarrier = 5, // OpenMP team barrier (by region and barrier parity)
  TeamTasks = 6,   // explicit tasks completed in a team (by region)
  TaskStart = 7,   // explicit task creation (by task)
  Children = 8,    // completion of a task's descendants (by task)
  Dependence = 9,  // task dependence (by address)
  OmpMutex = 10,   // OpenMP critical, lock, ordered (by wait id)
};

inline constexpr unsigned kObjectKindShift = 52;

inline uint64_t object(ObjectKind kind, uint64_t value) {
  return rt::domainId(rt::IdDomain::Threads,
                      uint64_t{static_cast<uint8_t>(kind)} << kObjectKindShift |
                          (value & ((uint64_t{1} << kObjectKindShift) - 1)));
}
inline uint64_t object(ObjectKind kind, const void *address) {
  return object(kind, reinterpret_cast<uintptr_t>(address));
}

// Runs `event(process, site)` on the engine when a runtime is running and this thread is not
// inside another intercepted call.
template <class Event> void onEngine(const char *call, const void *returnAddress, Event &&event) {
  rt::ScopedInterceptor scope(call, returnAddress);
  if (scope) event(scope.runtime().process(), scope.site());
}

} // namespace rmarace::threads
