/* minimd_window: bench/minimd.c with the atoms' positions in the RMA window, the pattern of MD
 * codes that keep their atom arrays in window memory so that neighbours can read them in place.
 *
 * The physics, the decomposition and the communication are minimd's (miniMD's in.lj.miniMD
 * defaults: FCC lattice at density 0.8442, temperature 1.44, force cutoff 2.5 plus a 0.3 skin,
 * neighbour lists rebuilt every 20 steps, velocity Verlet); only the position array of the owned
 * and ghost atoms moves from private memory into the window, behind the two exchange areas. So
 * binning, the neighbour list build and the force loop read window memory (every position load
 * is a load of tracked memory), the integration stores into it, and the ghost positions are
 * fetched by MPI_Get into the origin's own window.
 *
 * Race-free: a rank's position array is never the target or the source of another rank's RMA
 * (the neighbours MPI_Get only the exchange areas, which the owner fills inside its
 * MPI_Win_lock_all epoch and publishes with MPI_Win_sync before an MPI_Barrier, and does not
 * touch again until the barrier after MPI_Win_unlock_all); the ghost slots an MPI_Get writes into
 * the origin's position array are read only after the MPI_Win_unlock_all that completes the get.
 * The checksum is minimd's: the same bits as bench/minimd.c at the same size and ranks.
 *
 * Usage: minimd_window [cells [steps]]   (cells: FCC unit cells per box edge; default 24 100:
 * 55296 atoms, in.lj.miniMD's 32^3 cells scaled to 2 to 4 s natively with 4 ranks on 2 cores) */
#define MINIMD_WINDOW 1
#include "minimd.c"
