/* GPI-2's MPI mode: the program initialises MPI itself, then GASPI (rank = MPI world rank), uses
 * both in separate phases, terminates GASPI and finalises MPI itself. */
#include "check.h"

#include <string.h>

int main(int argc, char **argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  int mpi_rank = 0;
  int mpi_size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &mpi_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &mpi_size);

  OK(gaspi_proc_init(GASPI_BLOCK));
  gaspi_rank_t rank = 0;
  gaspi_rank_t num = 0;
  OK(gaspi_proc_rank(&rank));
  OK(gaspi_proc_num(&num));
  CHECK(rank == mpi_rank && num == mpi_size, "GASPI %u/%u vs MPI %d/%d", rank, num, mpi_rank,
        mpi_size);

  /* A GASPI phase: each rank reads the next one's value into its second int. */
  OK(gaspi_segment_create(0, 2 * sizeof(int), GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED));
  gaspi_pointer_t pointer = NULL;
  OK(gaspi_segment_ptr(0, &pointer));
  int *value = pointer;
  *value = mpi_rank + 100;
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  OK(gaspi_read_notify(0, sizeof(int), (gaspi_rank_t)((rank + 1) % num), 0, 0, sizeof(int), 0, 0,
                       GASPI_BLOCK));
  gaspi_notification_id_t id = 99;
  OK(gaspi_notify_waitsome(0, 0, 1, &id, GASPI_BLOCK));
  CHECK(id == 0 && value[1] == (rank + 1) % num + 100, "read %d", value[1]);
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));

  /* An MPI phase in between. */
  int sum = 0;
  MPI_Allreduce(&mpi_rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  CHECK(sum == mpi_size * (mpi_size - 1) / 2, "sum %d", sum);

  OK(gaspi_proc_term(GASPI_BLOCK));
  int finalized = 1;
  MPI_Finalized(&finalized);
  CHECK(!finalized, "gaspi_proc_term finalised the program's MPI");

  /* MPI still works after GASPI is gone. */
  char message[8] = "";
  if (mpi_rank == 0) strcpy(message, "hello");
  MPI_Bcast(message, sizeof message, MPI_CHAR, 0, MPI_COMM_WORLD);
  CHECK(strcmp(message, "hello") == 0, "broadcast %s", message);
  MPI_Finalize();
  return 0;
}
