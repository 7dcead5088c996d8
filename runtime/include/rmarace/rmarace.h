/* rmarace runtime: the C ABI called by instrumented code, and the user annotation API.
 *
 * Instrumented code (the rmarace LLVM pass) calls into the runtime for every load, store and
 * memory intrinsic that may touch RMA-relevant memory. The inline fast filter below decides with
 * two loads whether an address may be tracked at all; only then is the runtime called.
 */
#ifndef RMARACE_RMARACE_H
#define RMARACE_RMARACE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A static source location: one per instrumented access or RMA call site. The pass emits these as
 * private constants; the runtime identifies a location by its address within a process. */
typedef struct rmarace_location {
  const char *file;
  const char *function;
  uint32_t line;
  uint32_t column;
} rmarace_location;

/* Access flags passed to __rmarace_access. */
enum {
  RMARACE_READ = 1u,
  RMARACE_WRITE = 2u,
  /* A language-level atomic access. It still conflicts with RMA accesses (dissertation 2.3.4). */
  RMARACE_ATOMIC = 4u,
  /* The caller made the repeat filter's test below inline, and it failed: the runtime does not
   * make it again. Without this flag the runtime tests before it takes the engine lock. */
  RMARACE_REPEAT_TESTED = 8u
};

/* Fast filter: a two-level map of 4 KiB pages that may hold tracked memory (RMA windows and
 * segments, in-flight origin buffers). The first level, `tables`, has one entry per GiB of the
 * 47-bit user address space: the offset from `unmarked` to that GiB's 2^18 marks, one byte per
 * page, non-zero when the page (or the 64 bytes before it) may hold tracked memory. A GiB without
 * tracked memory has entry 0, which leads to `unmarked` itself, 2^18 zero bytes: the check needs
 * no test for a missing table, even before the runtime starts. Instrumented code calls
 * __rmarace_access only when
 *   __rmarace_page_map.unmarked[__rmarace_page_map.tables[(addr >> 30) & (RMARACE_L1_ENTRIES - 1)]
 *                               + ((addr >> 12) & (RMARACE_L2_ENTRIES - 1))] != 0
 * (unsigned arithmetic on the byte address: the offset leaves the array). A multithreaded process
 * wants untracked accesses too (docs/hybrid.md): the runtime then sets every entry to marks that
 * are all non-zero. Scalar accesses must not exceed 64 bytes for this check to be exact. */
#define RMARACE_PAGE_SHIFT 12
#define RMARACE_L1_SHIFT 30
#define RMARACE_L1_ENTRIES (1u << 17)
#define RMARACE_L2_ENTRIES (1u << 18)
#define RMARACE_MAX_SCALAR_ACCESS 64
typedef struct rmarace_page_map {
  uint64_t tables[RMARACE_L1_ENTRIES];
  unsigned char unmarked[RMARACE_L2_ENTRIES];
} rmarace_page_map;
extern rmarace_page_map __rmarace_page_map;

/* Repeat filter: the accesses this thread already checked since the runtime's state last changed
 * (docs/runtime.md, "Repeated accesses"). A direct-mapped table of 64-byte lines per thread,
 * never null (an empty table until the thread's first checked access), indexed by the line's low
 * RMARACE_REPEAT_INDEX_BITS bits (line = address >> RMARACE_REPEAT_LINE_SHIFT). An entry holds a
 * tag, the line's other bits and the generation the entry was filled in as one word
 * (line >> RMARACE_REPEAT_INDEX_BITS | stamp, where __rmarace_repeat_stamp is the current
 * generation shifted above the line's bits of a 47-bit address; 0: empty), the bytes of the line
 * checked as loads or stores (what covers a load) and those checked as stores (what covers a
 * store; bit i: byte i). Instrumented code may skip the call for a non-atomic access when
 *   e = &__rmarace_repeat_table[line & (RMARACE_REPEAT_ENTRIES - 1)];
 *   e->tag == (line >> RMARACE_REPEAT_INDEX_BITS | __rmarace_repeat_stamp) &&
 *   the access stays within its line and its bytes are in e->stored (for a store) or in
 *   e->loadable (for a load);
 * an access that leaves its line is a part in each of the two lines, and may be skipped when
 * both parts pass that test with their line's entry. */
#define RMARACE_REPEAT_LINE_SHIFT 6
#define RMARACE_REPEAT_LINE_BYTES (1u << RMARACE_REPEAT_LINE_SHIFT)
/* 4 MiB of data: the positions a molecular dynamics rank reads through its neighbour lists */
#define RMARACE_REPEAT_INDEX_BITS 16
#define RMARACE_REPEAT_ENTRIES (1u << RMARACE_REPEAT_INDEX_BITS)
/* The generation's place in a tag: above the bits a line of a user address (47 bits, as the page
 * map's first level covers) keeps beside its index. */
#define RMARACE_USER_ADDRESS_BITS 47
#define RMARACE_REPEAT_STAMP_SHIFT                                                                 \
  (RMARACE_USER_ADDRESS_BITS - RMARACE_REPEAT_LINE_SHIFT - RMARACE_REPEAT_INDEX_BITS)
typedef struct rmarace_repeat_entry {
  uint64_t tag;
  uint64_t loadable; /* checked as loads or as stores: one word to test for a load */
  uint64_t stored;
} rmarace_repeat_entry;
extern __thread rmarace_repeat_entry *__rmarace_repeat_table
    __attribute__((tls_model("initial-exec")));
extern uint64_t __rmarace_repeat_stamp;

/* A load or store of `size` bytes at `addr` (flags: RMARACE_READ or RMARACE_WRITE, optionally
 * RMARACE_ATOMIC). Called after the fast filter passed. */
void __rmarace_access(const void *addr, uint64_t size, uint32_t flags, const rmarace_location *loc);

/* Memory intrinsics and other range accesses; no fast filter needed before these calls. */
void __rmarace_read_range(const void *addr, uint64_t size, const rmarace_location *loc);
void __rmarace_write_range(const void *addr, uint64_t size, const rmarace_location *loc);

/* A loop nest's accesses, checked before it: `rows` ranges of `length` bytes, the first at
 * `addr` and each `stride` bytes (possibly negative) after the one before. No fast filter needed
 * either. */
void __rmarace_read_rows(const void *addr, uint64_t length, int64_t stride, uint64_t rows,
                         const rmarace_location *loc);
void __rmarace_write_rows(const void *addr, uint64_t length, int64_t stride, uint64_t rows,
                          const rmarace_location *loc);

/* Synchronising atomics (C11 and C++11 atomics, OpenMP `atomic` with a memory-order clause): the
 * pass calls __rmarace_atomic_release before an atomic with release semantics writes `addr` and
 * __rmarace_atomic_acquire after an atomic with acquire semantics read it. What the releasing
 * thread did before then happens before what the acquiring thread does after. */
void __rmarace_atomic_release(const void *addr, const rmarace_location *loc);
void __rmarace_atomic_acquire(const void *addr, const rmarace_location *loc);

/* Call-site marking: the pass stores the location of an MPI, OpenSHMEM or GASPI call into this
 * thread-local variable right before the call, so that reports name the line of the RMA call.
 * The runtime consumes and clears it. Initial-exec TLS: the runtime is linked or preloaded. */
extern __thread const rmarace_location *__rmarace_callsite
    __attribute__((tls_model("initial-exec")));

/* User annotations for synchronisation the runtime cannot see (dissertation 3.4.6), such as
 * polling on window memory with plain loads. Resources are arbitrary 64-bit identifiers;
 * `deposition` is the world rank that stores the resource's clock. */
void rmarace_annotate_tick(void);
void rmarace_annotate_process_signal(int target, uint64_t queue);
void rmarace_annotate_process_wait(int origin, uint64_t queue);
void rmarace_annotate_resource_signal(uint64_t resource, int deposition);
void rmarace_annotate_resource_wait(uint64_t resource, int deposition);

#ifdef __cplusplus
}
#endif

#endif /* RMARACE_RMARACE_H */
