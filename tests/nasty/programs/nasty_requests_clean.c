/* A race-free program over request-based RMA, which the nasty schedule holds until the request is
 * waited for or tested (or a flush or unlock completes the call): large MPI_Rput and MPI_Rget
 * (split), their origin buffers reused after MPI_Wait, completion through every Wait and Test
 * family and MPI_Request_get_status, ordered MPI_Raccumulate and MPI_Rget_accumulate, a request
 * freed before the unlock completes its call, a derived datatype. Its output must not depend on
 * the schedule. */
#include "nasty_window.h"

#define N 200 /* ints per block */

static long sum_of(const int *v, int n) {
  long s = 0;
  for (int i = 0; i < n; ++i) s = s * 31 + v[i];
  return s;
}

int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int right = (rank + 1) % size;
  int *mem;
  MPI_Win win;
  /* [0,N) put by the left neighbour, [N,2N) its accumulates, [2N,3N) its freed-request put,
   * [3N,4N) a strided put */
  MPI_Win_allocate(4 * N * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mem, &win);
  for (int i = 0; i < 4 * N; ++i) mem[i] = 0;
  int *src = malloc(N * sizeof(int)), *got = malloc(N * sizeof(int));
  int *fetched = malloc(N * sizeof(int)), *ones = malloc(N * sizeof(int));
  int *kept = malloc(N * sizeof(int));
  long check[8] = {0};
  MPI_Request req[4];
  int flag = 0;
  MPI_Barrier(MPI_COMM_WORLD);

  MPI_Win_lock_all(0, win);
  /* A large put, its buffer rewritten after its local completion, then remotely completed. */
  for (int i = 0; i < N; ++i) src[i] = rank * 1000 + i;
  MPI_Rput(src, N, MPI_INT, right, 0, N, MPI_INT, win, &req[0]);
  MPI_Wait(&req[0], MPI_STATUS_IGNORE);
  for (int i = 0; i < N; ++i) src[i] = -1;
  MPI_Win_flush(right, win);

  /* Accumulates of one origin to one place keep their order: replace, sum, then a fetch. */
  for (int i = 0; i < N; ++i) ones[i] = 1;
  MPI_Raccumulate(src, N, MPI_INT, right, N, N, MPI_INT, MPI_REPLACE, win, &req[0]);
  MPI_Raccumulate(ones, N, MPI_INT, right, N, N, MPI_INT, MPI_SUM, win, &req[1]);
  do {
    MPI_Testall(2, req, &flag, MPI_STATUSES_IGNORE);
  } while (!flag);
  MPI_Rget_accumulate(NULL, 0, MPI_INT, fetched, N, MPI_INT, right, N, N, MPI_INT, MPI_NO_OP, win,
                      &req[0]);
  /* A large get of what the put delivered. */
  MPI_Rget(got, N, MPI_INT, right, 0, N, MPI_INT, win, &req[1]);
  int done = 0, index = -1;
  while (done < 2) {
    MPI_Waitany(2, req, &index, MPI_STATUS_IGNORE);
    ++done;
  }
  check[0] = sum_of(got, N);
  check[1] = sum_of(fetched, N);

  /* A test loop, a waitsome loop and a status poll. */
  int one = 1, a = -1, b = -1, c = -1;
  MPI_Rget(&a, 1, MPI_INT, right, 5, 1, MPI_INT, win, &req[0]);
  do {
    MPI_Test(&req[0], &flag, MPI_STATUS_IGNORE);
  } while (!flag);
  MPI_Rget(&b, 1, MPI_INT, right, 6, 1, MPI_INT, win, &req[0]);
  MPI_Rget(&c, 1, MPI_INT, right, 7, 1, MPI_INT, win, &req[1]);
  done = 0;
  while (done < 2) {
    int outcount = 0, indices[2];
    MPI_Waitsome(2, req, &outcount, indices, MPI_STATUSES_IGNORE);
    done += outcount;
  }
  MPI_Rget(&one, 1, MPI_INT, right, 8, 1, MPI_INT, win, &req[0]);
  do {
    MPI_Request_get_status(req[0], &flag, MPI_STATUS_IGNORE);
  } while (!flag);
  MPI_Wait(&req[0], MPI_STATUS_IGNORE);
  check[2] = a * 10000 + b * 100 + c + one;

  /* A request freed at once: the flush completes its put; the buffer waits for the flush. */
  for (int i = 0; i < N; ++i) kept[i] = rank + i;
  MPI_Rput(kept, N, MPI_INT, right, 2 * N, N, MPI_INT, win, &req[0]);
  MPI_Request_free(&req[0]);
  MPI_Win_flush(right, win);

  /* A derived datatype, freed while its put is pending. */
  MPI_Datatype every_other;
  MPI_Type_vector(N / 2, 1, 2, MPI_INT, &every_other);
  MPI_Type_commit(&every_other);
  for (int i = 0; i < N; ++i) kept[i] = 7 * i + rank;
  MPI_Rput(kept, 1, every_other, right, 3 * N, 1, every_other, win, &req[0]);
  MPI_Type_free(&every_other);
  MPI_Wait(&req[0], MPI_STATUS_IGNORE);
  MPI_Win_unlock_all(win);
  MPI_Barrier(MPI_COMM_WORLD);
  check[3] = sum_of(mem, N);
  check[4] = sum_of(mem + N, N);
  check[5] = sum_of(mem + 2 * N, N);
  check[6] = sum_of(mem + 3 * N, N);

  print_checks(check, 7);
  free(src);
  free(got);
  free(fetched);
  free(ones);
  free(kept);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
