// How another programming model's front end runs on the MPI front end: OpenSHMEM and GASPI
// libraries (ours, Open MPI's OSHMEM) sit on an MPI runtime, so the engine talks to the other
// processes over MPI for them too. The library initialises MPI itself (often without calling the
// MPI_Init symbol); its front end then attaches, and detaches before the library shuts MPI down.
// A program that also calls MPI_Init itself has the MPI front end running already: attaching then
// joins it, and detaching leaves it to MPI_Finalize.
#pragma once

#include <cstdint>

extern "C" {

// Starts the MPI front end, and with it the runtime, if MPI is initialised and the front end is
// not running yet; `model` names the programming model in messages. Collective over all
// processes. Returns 1 when the front end runs afterwards, 0 when MPI is not initialised.
int rmarace_mpi_attach(const char *model);
// Ends what rmarace_mpi_attach started, in `call` (collective). No-op if the program started MPI.
void rmarace_mpi_detach(const char *call, const void *returnAddress);
// The tool channel of all processes.
uint64_t rmarace_mpi_world_channel(void);
// A new tool channel over the world ranks `worldRanks[0..n)` in that order, for a group of
// another model (an OpenSHMEM team). Collective over exactly those processes.
uint64_t rmarace_mpi_group_channel(const int *worldRanks, int n);
void rmarace_mpi_release_channel(uint64_t channel);

} // extern "C"
