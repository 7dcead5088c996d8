/* Nasty-MPI's first case (Fig. 5, after Luecke et al.): polling a flag with gets that no
 * synchronisation completes. Libraries that perform the get at the call see the flag at once;
 * gets issued at the unlock never show it inside the loop (bounded here, so the run ends). */
#include "nasty_window.h"

#include <stdio.h>

#define POLLS 1000

int main(int argc, char **argv) {
  int rank;
  MPI_Win win;
  open_window(&argc, &argv, 1, 1 /* the flag is already set */, &rank, &win);
  if (rank == 0) {
    int check = 0, polls = 0;
    MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
    while (check == 0 && polls < POLLS) {
      MPI_Get(&check, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
      ++polls; /* missing synchronisation: nothing completes the get */
    }
    MPI_Win_unlock(1, win);
    printf("flag %s\n", polls < POLLS ? "seen" : "not seen");
  }
  return close_window(&win);
}
