// What every OpenSHMEM wrapper needs: the handle and type names of the OpenSHMEM ABI (shared by
// the implementations: handles are pointers, typed routines take plain C types), the weak
// declaration of the profiling names, and the translations from arguments to the semantics layer.
// The wrappers are library-agnostic: `pshmem_X` resolves to whatever library the program runs on
// (OpenSHMEM 1.5 section 10), and a routine the library lacks fails with a clear message.
#pragma once

#include "scope.h"
#include "shmem-mpi/types.h"

#include <cstddef>
#include <cstdint>
#include <type_traits>

// The library's profiling names, resolved when the program is loaded (null if it has none).
#define RMARACE_SHMEM_WEAK __attribute__((weak))

namespace rmarace::shmem {

// The predefined type of an AMO's C type (2.3.4: AMOs are atomic with each other on one type).
template <class T> constexpr BasicType basicTypeOf() {
  if constexpr (std::is_same_v<T, int>)
    return BasicType::Int;
  else if constexpr (std::is_same_v<T, long>)
    return BasicType::Long;
  else if constexpr (std::is_same_v<T, long long>)
    return BasicType::LongLong;
  else if constexpr (std::is_same_v<T, unsigned int>)
    return BasicType::Unsigned;
  else if constexpr (std::is_same_v<T, unsigned long>)
    return BasicType::UnsignedLong;
  else if constexpr (std::is_same_v<T, unsigned long long>)
    return BasicType::UnsignedLongLong;
  else if constexpr (std::is_same_v<T, short>)
    return BasicType::Short;
  else if constexpr (std::is_same_v<T, unsigned short>)
    return BasicType::UnsignedShort;
  else if constexpr (std::is_same_v<T, float>)
    return BasicType::Float;
  else if constexpr (std::is_same_v<T, double>)
    return BasicType::Double;
  else
    return BasicType::Other;
}

template <class T> constexpr Amo amoOf(AtomicOp op, bool fetches, bool modifies) {
  return Amo{op, basicTypeOf<T>(), sizeof(T), fetches, modifies};
}

// A program called a routine its OpenSHMEM library does not provide.
[[noreturn]] void missingRoutine(const char *name);
template <class F> F *require(F *routine, const char *name) {
  if (!routine) missingRoutine(name);
  return routine;
}

// Bits per byte, for the sized routines (shmem_put32: 32-bit elements).
inline constexpr std::size_t kBitsPerByte = 8;

// The bytes [p, p+bytes) (none for a null pointer or no bytes), and `nelems` elements of
// `elemBytes` that are `stride` elements apart (iput/iget, alltoalls).
ByteRanges bytesAt(const void *p, std::size_t bytes);
ByteRanges strided(const void *base, std::ptrdiff_t stride, std::size_t nelems,
                   std::size_t elemBytes);

// ---- Translations (the wrapper holds an active scope) ----------------------------------------
void onPut(Scope &s, shmem_ctx_t ctx, const void *dest, const void *source, std::size_t bytes,
           int pe, bool blocking);
void onGet(Scope &s, shmem_ctx_t ctx, void *dest, const void *source, std::size_t bytes, int pe,
           bool blocking);
// iput/iget: `nelems` elements of `elemBytes`, `dst`/`sst` elements apart.
void onStridedPut(Scope &s, shmem_ctx_t ctx, const void *dest, const void *source,
                  std::ptrdiff_t dst, std::ptrdiff_t sst, std::size_t nelems, std::size_t elemBytes,
                  int pe);
void onStridedGet(Scope &s, shmem_ctx_t ctx, void *dest, const void *source, std::ptrdiff_t dst,
                  std::ptrdiff_t sst, std::size_t nelems, std::size_t elemBytes, int pe);
// An AMO on `dest` at `pe`; `fetch`: the buffer a non-blocking fetching AMO writes.
void onAmo(Scope &s, shmem_ctx_t ctx, const void *dest, const Amo &amo, const void *fetch, int pe,
           bool blocking);
void onPutSignal(Scope &s, shmem_ctx_t ctx, const void *dest, const void *source, std::size_t bytes,
                 const uint64_t *sig, int sigOp, int pe, bool blocking);
// A wait or test read the local symmetric object at `ivar` and saw the update that satisfied it.
void onObserved(Scope &s, const void *ivar, BasicType type, std::size_t size);
template <class T> void onObserved(Scope &s, const T *ivar) {
  onObserved(s, ivar, std::is_same_v<T, uint64_t> ? kSignalType : basicTypeOf<T>(), sizeof(T));
}

} // namespace rmarace::shmem
