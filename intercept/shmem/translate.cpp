// From the arguments of the RMA, AMO and signal routines to the semantics layer: which PE a
// context's PE number is, and which bytes a call touches.
#include "routines.h"

namespace rmarace::shmem {

namespace {

Address addressOf(const void *p) {
  return reinterpret_cast<Address>(p);
}

Rank worldPe(Scope &s, shmem_ctx_t ctx, int pe) {
  return s.sem().worldPe(s.st().context(ctx), pe);
}

} // namespace

ByteRanges strided(const void *base, std::ptrdiff_t stride, std::size_t nelems,
                   std::size_t elemBytes) {
  ByteRanges r;
  for (std::size_t i = 0; i < nelems; ++i)
    r.add(addressOf(base) + static_cast<Address>(static_cast<std::ptrdiff_t>(i) * stride *
                                                 static_cast<std::ptrdiff_t>(elemBytes)),
          elemBytes);
  return r;
}

ByteRanges bytesAt(const void *p, std::size_t bytes) {
  return p && bytes ? ByteRanges(addressOf(p), bytes) : ByteRanges();
}

void onPut(Scope &s, shmem_ctx_t ctx, const void *dest, const void *source, std::size_t bytes,
           int pe, bool blocking) {
  if (!bytes) return;
  s.check(s.sem().put(s.site(), s.st().context(ctx), worldPe(s, ctx, pe), bytesAt(dest, bytes),
                      bytesAt(source, bytes), blocking),
          dest);
}

void onGet(Scope &s, shmem_ctx_t ctx, void *dest, const void *source, std::size_t bytes, int pe,
           bool blocking) {
  if (!bytes) return;
  s.check(s.sem().get(s.site(), s.st().context(ctx), worldPe(s, ctx, pe), bytesAt(dest, bytes),
                      bytesAt(source, bytes), blocking),
          source);
}

void onStridedPut(Scope &s, shmem_ctx_t ctx, const void *dest, const void *source,
                  std::ptrdiff_t dst, std::ptrdiff_t sst, std::size_t nelems, std::size_t elemBytes,
                  int pe) {
  if (!nelems) return;
  s.check(s.sem().put(s.site(), s.st().context(ctx), worldPe(s, ctx, pe),
                      strided(dest, dst, nelems, elemBytes),
                      strided(source, sst, nelems, elemBytes), true),
          dest);
}

void onStridedGet(Scope &s, shmem_ctx_t ctx, void *dest, const void *source, std::ptrdiff_t dst,
                  std::ptrdiff_t sst, std::size_t nelems, std::size_t elemBytes, int pe) {
  if (!nelems) return;
  s.check(s.sem().get(s.site(), s.st().context(ctx), worldPe(s, ctx, pe),
                      strided(dest, dst, nelems, elemBytes),
                      strided(source, sst, nelems, elemBytes), true),
          source);
}

void onAmo(Scope &s, shmem_ctx_t ctx, const void *dest, const Amo &amo, const void *fetch, int pe,
           bool blocking) {
  s.check(s.sem().atomic(s.site(), s.st().context(ctx), worldPe(s, ctx, pe), addressOf(dest), amo,
                         addressOf(fetch), blocking),
          dest);
}

void onPutSignal(Scope &s, shmem_ctx_t ctx, const void *dest, const void *source, std::size_t bytes,
                 const uint64_t *sig, int sigOp, int pe, bool blocking) {
  s.check(s.sem().putSignal(s.site(), s.st().context(ctx), worldPe(s, ctx, pe),
                            bytesAt(dest, bytes), bytesAt(source, bytes), addressOf(sig),
                            sigOp == SHMEM_SIGNAL_ADD, blocking),
          dest);
}

void onObserved(Scope &s, const void *ivar, BasicType type, std::size_t size) {
  s.check(s.sem().observed(addressOf(ivar), type, static_cast<uint32_t>(size), s.site()), ivar);
}

} // namespace rmarace::shmem
