/* The guards rmarace gives every Open MPI 4 dynamic window (intercept/mpi/ompi_dynamic_windows.h,
 * which explains the two osc/ucx defects they avoid), for the native runs of the real-world sweep:
 * a region above every address a program attaches, and one byte more attached with each region.
 * Without them OpenCoarrays' alloc_comp_get_convert_nums, alloc_comp_send_convert_nums and
 * issue-700-allow-multiple-scalar-dim-array-gets crash natively (UCX's `length > 0` assertion,
 * `shmat(shmid=0)`, SIGSEGV). Under rmarace the guards are there anyway; preloaded natively, this
 * shim gives the native run the same ones, so that both runs are compared on the program's own
 * behaviour.
 *
 * It defines only MPI_ symbols: under `rmarace-run --preload`, which puts its runtime in front,
 * rmarace's wrappers take the calls and the shim does nothing. */
#define _GNU_SOURCE
#include <mpi.h>
#include <sys/auxv.h>

/* osc/ucx's OMPI_OSC_UCX_ATTACH_MAX, and the guard's share of it. */
enum { kAttachSlots = 32, kGuardSlots = 1, kGuardBytes = 2, kEndSlack = 1, kMaxWindows = 64 };

static struct {
  int used;  /* a dynamic window of the program's */
  int guard; /* its guard region is attached */
  MPI_Win win;
  int regions; /* the program's attaches not yet detached */
} guarded[kMaxWindows];

static void *guard_address(void) {
  return (void *)getauxval(AT_EXECFN);
}

static int find(MPI_Win win) {
  for (int i = 0; i < kMaxWindows; i++)
    if (guarded[i].used && guarded[i].win == win) return i;
  return -1;
}

static int unused(void) {
  for (int i = 0; i < kMaxWindows; i++)
    if (!guarded[i].used) return i;
  return -1;
}

int MPI_Win_create_dynamic(MPI_Info info, MPI_Comm comm, MPI_Win *win) {
  int rc = PMPI_Win_create_dynamic(info, comm, win);
  int slot = unused();
  if (rc != MPI_SUCCESS || slot < 0 || !guard_address()) return rc;
  PMPI_Win_set_errhandler(*win, MPI_ERRORS_RETURN);
  guarded[slot].used = 1;
  guarded[slot].guard = PMPI_Win_attach(*win, guard_address(), kGuardBytes) == MPI_SUCCESS;
  guarded[slot].win = *win;
  guarded[slot].regions = 0;
  PMPI_Win_set_errhandler(*win, MPI_ERRORS_ARE_FATAL);
  return rc;
}

int MPI_Win_attach(MPI_Win win, void *base, MPI_Aint size) {
  int slot = find(win);
  if (slot >= 0 && guarded[slot].guard && guarded[slot].regions + kGuardSlots + 1 > kAttachSlots) {
    PMPI_Win_detach(win, guard_address());
    guarded[slot].guard = 0;
  }
  int rc = PMPI_Win_attach(win, base, slot >= 0 && size > 0 ? size + kEndSlack : size);
  if (rc == MPI_SUCCESS && slot >= 0) guarded[slot].regions++;
  return rc;
}

int MPI_Win_detach(MPI_Win win, const void *base) {
  int rc = PMPI_Win_detach(win, base);
  int slot = find(win);
  if (rc == MPI_SUCCESS && slot >= 0 && guarded[slot].regions > 0) guarded[slot].regions--;
  return rc;
}

int MPI_Win_free(MPI_Win *win) {
  int slot = find(*win);
  if (slot >= 0) guarded[slot].used = 0;
  return PMPI_Win_free(win);
}
