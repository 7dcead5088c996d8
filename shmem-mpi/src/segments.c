/* Global and static variables as symmetric objects: the executable's writable data and bss
 * (found with dl_iterate_phdr; the first object is the executable) are exposed by a second
 * world window. Remote addresses are offsets from the start of that range, which is the same
 * on every PE of the same executable even when PIE places it differently. */
#define _GNU_SOURCE
#include "core.h"

#include <link.h>
#include <stdint.h>

enum { PAGE_SIZE_BYTES = 4096 };

struct span {
  uintptr_t lo;
  uintptr_t hi;
};

/* The writable PT_LOAD range of the first object, without the part RELRO makes read-only. */
static int executable_span(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  struct span *span = data;
  uintptr_t relro_end = 0;
  span->lo = UINTPTR_MAX;
  span->hi = 0;
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    uintptr_t start = info->dlpi_addr + ph->p_vaddr;
    if (ph->p_type == PT_LOAD && (ph->p_flags & PF_W)) {
      if (start < span->lo) span->lo = start;
      if (start + ph->p_memsz > span->hi) span->hi = start + ph->p_memsz;
    }
    if (ph->p_type == PT_GNU_RELRO)
      relro_end = (start + ph->p_memsz) / PAGE_SIZE_BYTES * PAGE_SIZE_BYTES;
  }
  if (relro_end > span->lo && relro_end < span->hi) span->lo = relro_end;
  if (span->lo > span->hi) span->lo = span->hi = 0;
  return 1; /* the first object only */
}

void shmemi_data_init(void) {
  struct span span = {0, 0};
  dl_iterate_phdr(executable_span, &span);
  unsigned long long size = span.hi - span.lo;
  unsigned long long sizes[2] = {size, ~size}; /* max and min in one reduction */
  MPI_Allreduce(MPI_IN_PLACE, sizes, 2, MPI_UNSIGNED_LONG_LONG, MPI_MAX, shmemi_state.world);
  if (sizes[0] != size || ~sizes[1] != size)
    shmemi_fatal("shmem_init",
                 "the PEs' executables have data segments of different sizes (%llu to %llu "
                 "bytes): global variables cannot be symmetric",
                 ~sizes[1], sizes[0]);
  MPI_Win *win = &shmemi_state.win[SHMEMI_REGION_DATA];
  MPI_Win_create((void *)span.lo, (MPI_Aint)size, 1, MPI_INFO_NULL, shmemi_state.world, win);
  MPI_Win_lock_all(MPI_MODE_NOCHECK, *win);
  shmemi_state.region_base[SHMEMI_REGION_DATA] = (char *)span.lo;
  shmemi_state.region_size[SHMEMI_REGION_DATA] = (size_t)size;
}

void shmemi_data_finalize(void) {
  MPI_Win *win = &shmemi_state.win[SHMEMI_REGION_DATA];
  MPI_Win_unlock_all(*win);
  MPI_Win_free(win);
  shmemi_state.region_base[SHMEMI_REGION_DATA] = NULL;
  shmemi_state.region_size[SHMEMI_REGION_DATA] = 0;
}
