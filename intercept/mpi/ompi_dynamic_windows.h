// Guards against two defects of Open MPI 4's osc/ucx that a tool in the process makes strike.
//
// osc/ucx keeps a dynamic window's attached regions in an array sorted by address and finds a
// region with ompi_osc_find_attached_region_position (osc_ucx_component.c, 4.1.4), which
//  1. searches with the array's length as the highest index: a region attached above every
//     attached one is put one slot too far, behind a hole; later detaches miss regions, remote
//     look-ups read the hole (UCX: `length > 0` assertion, `shmat(shmid=0)`), and MPI_Win_free
//     unmaps the hole's stale memory handle (SIGSEGV in ucs_rcache_region_invalidate);
//  2. takes a region to contain an address only if the address + 1 lies strictly below the
//     region's end: the last byte of a region is never found (a one-byte region never is).
// Whether a program meets them depends on its addresses and on what the failed look-up reads.
// Many programs get away natively, and the tool's own allocations change the heap's layout
// (tests/e2e/programs/osc_ucx_dynamic_free.c crashes natively; OpenCoarrays' comp_allocated tests
// crashed only under rmarace, three others crash natively).
//
// What the front end does for a dynamic window of Open MPI 4, invisible to the program and to the
// engine (PMPI calls):
//  1. right after the window is created it attaches a two-byte guard region above every address
//     a program can attach: the executable's name at the top of the main thread's stack
//     (AT_EXECFN). Every search then turns left at the guard and never reads past the array's
//     end. The guard takes one of osc/ucx's 32 slots, so it is detached before the program's
//     attach could need that slot, and never attached again (an attach above all regions is the
//     defect itself);
//  2. it attaches each region with one byte more, so that osc/ucx's test finds every byte of it
//     and no byte outside it.
#pragma once

#include <mpi.h>

namespace rmarace::mpi::ompi {

// After PMPI_Win_create_dynamic succeeded.
void dynamicWindowCreated(MPI_Win win);
// The program's MPI_Win_attach: PMPI_Win_attach with the guards.
int attach(MPI_Win win, void *base, MPI_Aint size);
// After the program's detach succeeded.
void detached(MPI_Win win);
// Before PMPI_Win_free (which unmaps the guard with every attached region).
void windowFreed(MPI_Win win);

} // namespace rmarace::mpi::ompi
