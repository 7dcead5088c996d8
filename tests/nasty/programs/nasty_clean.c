/* A race-free program over the patterns the nasty schedule reschedules: fence, lock, lock_all
 * with flushes, PSCW, local completion with buffer reuse, request-based calls, accumulates whose
 * order MPI guarantees, a derived datatype freed while its put is pending, a large put and get
 * (split), atomics, and a window whose accumulate_ordering is none. Its output must not depend
 * on the schedule. */
#include "nasty_window.h"

#define BIG 1000
#define SLOTS 64

static int rank, size;
static long sum_of(const int *v, int n) {
  long s = 0;
  for (int i = 0; i < n; ++i) s = s * 31 + v[i];
  return s;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int right = (rank + 1) % size, left = (rank + size - 1) % size;
  int *mem;
  MPI_Win win;
  MPI_Win_allocate(SLOTS * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mem, &win);
  for (int i = 0; i < SLOTS; ++i) mem[i] = 0;
  long check[12] = {0};

  /* Fence: put to the right neighbour, then get it back from there. */
  MPI_Win_fence(0, win);
  int mine = 100 + rank, got = -1;
  MPI_Put(&mine, 1, MPI_INT, right, 0, 1, MPI_INT, win);
  MPI_Win_fence(0, win);
  MPI_Get(&got, 1, MPI_INT, right, 0, 1, MPI_INT, win);
  MPI_Win_fence(0, win);
  check[0] = mem[0] * 1000 + got;

  /* Lock: ordered accumulates of one origin to one location (replace, then sums), then a
   * fetch-and-op that reads after them; buffer reuse after the unlock. */
  int five = 5, three = 3, two = 2, fetched = -1, zero = 0;
  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, right, 0, win);
  MPI_Accumulate(&five, 1, MPI_INT, right, 1 + rank % 2, 1, MPI_INT, MPI_REPLACE, win);
  MPI_Accumulate(&three, 1, MPI_INT, right, 1 + rank % 2, 1, MPI_INT, MPI_SUM, win);
  MPI_Accumulate(&two, 1, MPI_INT, right, 1 + rank % 2, 1, MPI_INT, MPI_PROD, win);
  MPI_Fetch_and_op(&zero, &fetched, MPI_INT, right, 1 + rank % 2, MPI_NO_OP, win);
  MPI_Win_unlock(right, win);
  five = 0;
  check[1] = fetched;
  MPI_Barrier(MPI_COMM_WORLD);
  check[2] = mem[1 + left % 2];

  /* lock_all: put, flush, get of the same location; local completion with buffer reuse. */
  int a = 7 + rank, b = -1, buf = 11;
  MPI_Win_lock_all(0, win);
  MPI_Put(&a, 1, MPI_INT, right, 3, 1, MPI_INT, win);
  MPI_Win_flush(right, win);
  MPI_Get(&b, 1, MPI_INT, right, 3, 1, MPI_INT, win);
  MPI_Put(&buf, 1, MPI_INT, right, 4, 1, MPI_INT, win);
  MPI_Win_flush_local(right, win);
  buf = 12; /* the origin buffer is the program's again */
  MPI_Put(&buf, 1, MPI_INT, right, 5, 1, MPI_INT, win);
  MPI_Win_flush_local_all(win);
  buf = 13;
  MPI_Win_flush_all(win);
  check[3] = b;
  MPI_Win_unlock_all(win);
  MPI_Barrier(MPI_COMM_WORLD);
  check[4] = mem[3] * 10000 + mem[4] * 100 + mem[5];

  /* PSCW with the neighbours: a large put (split into pieces) and a derived datatype freed before
   * the epoch ends. */
  MPI_Group world, pair;
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  int ranks[2] = {left, right};
  MPI_Group_incl(world, left == right ? 1 : 2, ranks, &pair);
  int *big;
  MPI_Win bigwin;
  MPI_Win_allocate(BIG * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &big, &bigwin);
  for (int i = 0; i < BIG; ++i) big[i] = 0;
  int *src = malloc(BIG * sizeof(int));
  for (int i = 0; i < BIG; ++i) src[i] = i * (rank + 1);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_post(pair, 0, bigwin);
  MPI_Win_start(pair, 0, bigwin);
  MPI_Put(src, BIG / 2, MPI_INT, right, 0, BIG / 2, MPI_INT, bigwin);
  MPI_Datatype every_other;
  MPI_Type_vector(BIG / 4, 1, 2, MPI_INT, &every_other);
  MPI_Type_commit(&every_other);
  MPI_Put(src + BIG / 2, 1, every_other, right, BIG / 2, 1, every_other, bigwin);
  MPI_Type_free(&every_other); /* the pending put keeps its own reference */
  MPI_Win_complete(bigwin);
  MPI_Win_wait(bigwin);
  check[5] = sum_of(big, BIG);
  MPI_Win_free(&bigwin);
  MPI_Group_free(&pair);
  MPI_Group_free(&world);

  /* Request-based calls, after held accumulates they are ordered after. */
  MPI_Request req;
  int one = 1, back = -1, ten = 10;
  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, right, 0, win);
  MPI_Accumulate(&ten, 1, MPI_INT, right, 6, 1, MPI_INT, MPI_REPLACE, win);
  MPI_Raccumulate(&one, 1, MPI_INT, right, 6, 1, MPI_INT, MPI_SUM, win, &req);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  MPI_Rget_accumulate(&one, 1, MPI_INT, &back, 1, MPI_INT, right, 6, 1, MPI_INT, MPI_SUM, win,
                      &req);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  MPI_Win_unlock(right, win);
  check[6] = back;
  int rbuf[4] = {1, 2, 3, 4}, rgot[4] = {0};
  MPI_Win_lock(MPI_LOCK_SHARED, right, 0, win);
  MPI_Rput(rbuf, 4, MPI_INT, right, 8 + 4 * (rank % 2), 4, MPI_INT, win, &req);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  MPI_Win_flush(right, win);
  MPI_Rget(rgot, 4, MPI_INT, right, 8 + 4 * (rank % 2), 4, MPI_INT, win, &req);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  MPI_Win_unlock(right, win);
  check[7] = sum_of(rgot, 4);

  /* Atomics: compare-and-swap and get-accumulate, each completed before its result is read. */
  MPI_Barrier(MPI_COMM_WORLD);
  int expect = 0, desired = 50 + rank, old = -1, ga = -1, add = 2;
  MPI_Win_lock(MPI_LOCK_SHARED, right, 0, win);
  MPI_Compare_and_swap(&desired, &expect, &old, MPI_INT, right, 20, win);
  MPI_Get_accumulate(&add, 1, MPI_INT, &ga, 1, MPI_INT, right, 21, 1, MPI_INT, MPI_SUM, win);
  MPI_Win_flush(right, win);
  MPI_Win_unlock(right, win);
  check[8] = old * 100 + ga;

  /* A window without accumulate ordering: commutative sums only. */
  MPI_Info info;
  MPI_Info_create(&info);
  MPI_Info_set(info, "accumulate_ordering", "none");
  int *acc;
  MPI_Win accwin;
  MPI_Win_allocate(4 * sizeof(int), sizeof(int), info, MPI_COMM_WORLD, &acc, &accwin);
  MPI_Info_free(&info);
  for (int i = 0; i < 4; ++i) acc[i] = 0;
  int addends[3] = {1, 2, 3}; /* one buffer per pending accumulate, not a loop variable */
  MPI_Win_fence(0, accwin);
  for (int i = 0; i < 4; ++i)
    for (int k = 0; k < 3; ++k)
      MPI_Accumulate(&addends[k], 1, MPI_INT, right, i, 1, MPI_INT, MPI_SUM, accwin);
  MPI_Win_fence(0, accwin);
  check[9] = sum_of(acc, 4);
  MPI_Win_free(&accwin);

  /* A large get, split into pieces, completed by the unlock. */
  int *back_big = malloc(SLOTS * sizeof(int));
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_lock(MPI_LOCK_SHARED, right, 0, win);
  MPI_Get(back_big, SLOTS, MPI_INT, right, 0, SLOTS, MPI_INT, win);
  MPI_Win_unlock(right, win);
  check[10] = sum_of(back_big, SLOTS);
  MPI_Barrier(MPI_COMM_WORLD);

  print_checks(check, 11);
  free(src);
  free(back_big);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
