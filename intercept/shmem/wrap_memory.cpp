// Symmetric memory management (OpenSHMEM 1.5 section 9.3): every allocation is a symmetric object
// of its own, named by where the program allocated it. shmem_ptr maps another PE's object.
#include "routines.h"

#include <string>

using namespace rmarace;
using namespace rmarace::shmem;

namespace {

std::string objectName(Scope &s) {
  Location at = s.runtime().resolve(s.site());
  std::string name = std::string("symmetric object from ") + s.call();
  if (!at.file.empty()) name += " at " + at.file + ":" + std::to_string(at.line);
  return name;
}

void *allocated(Scope &s, void *base, std::size_t size) {
  if (s && base && size)
    s.sem().allocated(reinterpret_cast<Address>(base), size, objectName(s), s.site());
  return base;
}

} // namespace

extern "C" {

void *pshmem_malloc(size_t size) RMARACE_SHMEM_WEAK;
void *pshmem_calloc(size_t count, size_t size) RMARACE_SHMEM_WEAK;
void *pshmem_align(size_t alignment, size_t size) RMARACE_SHMEM_WEAK;
void *pshmem_malloc_with_hints(size_t size, long hints) RMARACE_SHMEM_WEAK;
void *pshmem_realloc(void *ptr, size_t size) RMARACE_SHMEM_WEAK;
void pshmem_free(void *ptr) RMARACE_SHMEM_WEAK;
void *pshmalloc(size_t size) RMARACE_SHMEM_WEAK;
void *pshmemalign(size_t alignment, size_t size) RMARACE_SHMEM_WEAK;
void *pshrealloc(void *ptr, size_t size) RMARACE_SHMEM_WEAK;
void pshfree(void *ptr) RMARACE_SHMEM_WEAK;
void *pshmem_ptr(const void *dest, int pe) RMARACE_SHMEM_WEAK;

} // extern "C"

// Allocations are collective and end with a barrier: the library call waits for the other PEs.
#define RMARACE_ALLOC(NAME, PARAMS, ARGS, BYTES)                                                   \
  extern "C" void *NAME PARAMS {                                                                   \
    RMARACE_SHMEM_SCOPE(#NAME);                                                                    \
    auto routine = require(p##NAME, "p" #NAME);                                                    \
    void *base = scope.blocking([&] { return routine ARGS; });                                     \
    return allocated(scope, base, BYTES);                                                          \
  }
RMARACE_ALLOC(shmem_malloc, (size_t size), (size), size)
RMARACE_ALLOC(shmem_calloc, (size_t count, size_t size), (count, size), count *size)
RMARACE_ALLOC(shmem_align, (size_t alignment, size_t size), (alignment, size), size)
RMARACE_ALLOC(shmem_malloc_with_hints, (size_t size, long hints), (size, hints), size)
RMARACE_ALLOC(shmalloc, (size_t size), (size), size)
RMARACE_ALLOC(shmemalign, (size_t alignment, size_t size), (alignment, size), size)

#define RMARACE_REALLOC(NAME)                                                                      \
  extern "C" void *NAME(void *ptr, size_t size) {                                                  \
    RMARACE_SHMEM_SCOPE(#NAME);                                                                    \
    auto routine = require(p##NAME, "p" #NAME);                                                    \
    void *base = scope.blocking([&] { return routine(ptr, size); });                               \
    if (scope && base)                                                                             \
      scope.sem().reallocated(reinterpret_cast<Address>(ptr), reinterpret_cast<Address>(base),     \
                              size, objectName(scope), scope.site());                              \
    return base;                                                                                   \
  }
RMARACE_REALLOC(shmem_realloc)
RMARACE_REALLOC(shrealloc)

// Freeing starts with a barrier: the object's accesses before it are the last ones.
#define RMARACE_FREE(NAME)                                                                         \
  extern "C" void NAME(void *ptr) {                                                                \
    RMARACE_SHMEM_SCOPE(#NAME);                                                                    \
    auto routine = require(p##NAME, "p" #NAME);                                                    \
    if (scope && ptr) scope.sem().freed(reinterpret_cast<Address>(ptr), scope.site());             \
    scope.blocking([&] { routine(ptr); });                                                         \
  }
RMARACE_FREE(shmem_free)
RMARACE_FREE(shfree)

extern "C" void *shmem_ptr(const void *dest, int pe) {
  RMARACE_SHMEM_SCOPE("shmem_ptr");
  void *mapped = require(pshmem_ptr, "pshmem_ptr")(dest, pe);
  if (scope && mapped)
    scope.sem().peerMapped(reinterpret_cast<Address>(dest), pe, reinterpret_cast<Address>(mapped));
  return mapped;
}
