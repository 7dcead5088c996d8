/* What the parts of shmem-mpi share. The core part (init, memory, RMA, AMOs, signals, point-to-
 * point synchronisation, contexts, locks) and the team part (teams, team-based and active-set
 * collectives) meet only here. */
#ifndef SHMEM_MPI_INTERNAL_H
#define SHMEM_MPI_INTERNAL_H

#include "shmem-mpi/types.h"

#include <mpi.h>

/* ---- Provided by the core part ------------------------------------------------------------ */

/* This PE and the number of PEs in the world team; the library's private duplicate of
 * MPI_COMM_WORLD (rank = PE number). Valid between init and finalize. */
int shmemi_my_pe(void);
int shmemi_n_pes(void);
MPI_Comm shmemi_world_comm(void);
/* Whether the library is initialised (between shmem_init* and shmem_finalize). */
int shmemi_initialized(void);

/* Completes every RMA and AMO issued on the default context (shmem_quiet without the profiling
 * name, so that a tool sees only the routine the program called). */
void shmemi_quiet_default(void);

/* Prints "shmem-mpi: <routine>: <message>" to stderr and aborts the job (bad arguments,
 * resources exhausted). */
void shmemi_fatal(const char *routine, const char *format, ...)
    __attribute__((noreturn, format(printf, 2, 3)));

/* Destroys the shareable contexts created on `team` (called by shmem_team_destroy). */
void shmemi_ctx_destroy_team_contexts(shmem_team_t team);

/* ---- Provided by the team part ------------------------------------------------------------ */

struct shmemi_team {
  MPI_Comm comm;         /* rank in comm = PE number in the team */
  int my_pe;             /* -1 never happens: non-members get SHMEM_TEAM_INVALID */
  int n_pes;
  int *world_pes;        /* team PE number -> world PE number, n_pes entries */
  shmem_team_config_t config;
  long config_mask;
  int predefined;        /* SHMEM_TEAM_WORLD, SHMEM_TEAM_SHARED */
};

/* Called by shmem_init* after the world communicator exists, and by shmem_finalize before MPI
 * goes away. */
void shmemi_teams_init(void);
void shmemi_teams_finalize(void);
/* The team behind a handle; NULL for SHMEM_TEAM_INVALID. */
struct shmemi_team *shmemi_team(shmem_team_t team);
/* World PE number of PE `pe` of `team`; -1 if the team is invalid or pe is out of range. */
int shmemi_team_world_pe(shmem_team_t team, int pe);

#endif /* SHMEM_MPI_INTERNAL_H */
