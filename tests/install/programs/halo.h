/* A library that sends a value to a neighbour with MPI_Put, and races on its own buffer. */
#ifndef HALO_H
#define HALO_H
#include <mpi.h>
#ifdef __cplusplus
extern "C" {
#endif
void halo_send(int *values, MPI_Win win, int target);
#ifdef __cplusplus
}
#endif
#endif
