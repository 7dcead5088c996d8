/* The profiling interface of OpenSHMEM 1.5 (section 10): every routine of shmem.h under the name
 * pshmem_X. The library defines pshmem_X and makes shmem_X a weak alias of it, so a tool may
 * define shmem_X itself and call pshmem_X. The C11 generic interfaces have no pshmem_ form. */
#ifndef PSHMEM_H
#define PSHMEM_H

#include "shmem-mpi/types.h"

#include <stddef.h>
#include <stdint.h>

#define SHMEM_MPI_FN(name) pshmem_##name
#include "shmem-mpi/decls.h"
#include "shmem-mpi/teams.h"
#undef SHMEM_MPI_FN

#ifdef __cplusplus
extern "C" {
#endif

/* Deprecated names of OpenSHMEM 1.0-1.2 (profiling names as in Open MPI's OSHMEM). */
void pstart_pes(int npes);
int p_my_pe(void);
int p_num_pes(void);
void *pshmalloc(size_t size);
void pshfree(void *ptr);
void *pshrealloc(void *ptr, size_t size);
void *pshmemalign(size_t alignment, size_t size);

#ifdef __cplusplus
}
#endif

#endif /* PSHMEM_H */
