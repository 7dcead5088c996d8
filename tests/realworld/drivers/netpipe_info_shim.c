/* NetPIPE 3.7.2's MPI-2 module (NPopenmpi2) passes NULL as the MPI_Info of MPI_Win_create.
 * With Open MPI, MPI_INFO_NULL is not NULL and the call fails with MPI_ERR_INFO, so none of the
 * one-sided modes can run. This shim, preloaded natively and under rmarace alike, treats a NULL
 * info as MPI_INFO_NULL and changes nothing else:
 *
 * - natively, NetPIPE's MPI_Win_create lands here and goes on to Open MPI's;
 * - under `rmarace-run --preload` (which puts its runtime in front of this shim), NetPIPE's call
 *   lands in rmarace's wrapper, whose PMPI_Win_create lands here, and whose look-up of the
 *   window's info keys (PMPI_Info_get) finds no key in a NULL info, as in MPI_INFO_NULL. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <mpi.h>
#include <stddef.h>

typedef int (*win_create_fn)(void *, MPI_Aint, int, MPI_Info, MPI_Comm, MPI_Win *);
typedef int (*info_get_fn)(MPI_Info, const char *, int, char *, int *);

static int forward(const char *name, void *base, MPI_Aint size, int disp_unit, MPI_Info info,
                   MPI_Comm comm, MPI_Win *win) {
  win_create_fn next = (win_create_fn)dlsym(RTLD_NEXT, name);
  if (info == NULL) info = MPI_INFO_NULL;
  return next(base, size, disp_unit, info, comm, win);
}

int MPI_Win_create(void *base, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm,
                   MPI_Win *win) {
  return forward("MPI_Win_create", base, size, disp_unit, info, comm, win);
}

int PMPI_Win_create(void *base, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm,
                    MPI_Win *win) {
  return forward("PMPI_Win_create", base, size, disp_unit, info, comm, win);
}

int PMPI_Info_get(MPI_Info info, const char *key, int valuelen, char *value, int *flag) {
  if (info == NULL) {
    *flag = 0;
    return MPI_SUCCESS;
  }
  info_get_fn next = (info_get_fn)dlsym(RTLD_NEXT, "PMPI_Info_get");
  return next(info, key, valuelen, value, flag);
}
