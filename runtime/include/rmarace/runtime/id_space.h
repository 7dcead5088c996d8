// Queue and resource identifiers are plain 64-bit numbers to the engine. Each front end (and the
// user annotations) owns one domain of them, so that two programming models in one process never
// use the same identifier for different things; what the rest of an identifier means is the
// domain owner's business (e.g. intercept/mpi/queue_encoding.h).
#pragma once

#include "rmarace/core/types.h"

#include <cstdint>

namespace rmarace::rt {

enum class IdDomain : uint8_t {
  Annotation = 0, // rmarace_annotate_* (runtime/src/abi.cpp)
  Mpi = 1,        // intercept/mpi
  Shmem = 2,      // intercept/shmem
  Gaspi = 3,      // intercept/gaspi
  Threads = 4,    // intercept/threads (thread synchronisation objects)
  Atomics = 5,    // __rmarace_atomic_* (runtime/src/abi.cpp): one object per atomic's address
};

inline constexpr unsigned kIdDomainShift = 60;
inline constexpr uint64_t kIdLocalMask = (uint64_t{1} << kIdDomainShift) - 1;

inline constexpr uint64_t domainId(IdDomain domain, uint64_t local) {
  return uint64_t{static_cast<uint8_t>(domain)} << kIdDomainShift | (local & kIdLocalMask);
}
inline constexpr IdDomain idDomain(uint64_t id) {
  return static_cast<IdDomain>(id >> kIdDomainShift);
}
inline constexpr uint64_t idLocal(uint64_t id) {
  return id & kIdLocalMask;
}

// Segment and context identifiers are 32-bit: each front end numbers its own from the base of its
// domain, so that one engine can hold the windows of MPI and the symmetric objects of OpenSHMEM.
inline constexpr unsigned kSmallIdDomainShift = 28;
inline constexpr uint32_t smallIdBase(IdDomain domain) {
  return uint32_t{static_cast<uint8_t>(domain)} << kSmallIdDomainShift;
}

} // namespace rmarace::rt
