/* The application's reductions that rmarace carries inside its own exchange (docs/runtime.md):
 * MPI_Allreduce and MPI_Reduce of predefined datatypes and operations, in place and not, to
 * another root, on a sub-communicator, with a pair type (MINLOC), and ones it leaves to MPI (a
 * user-defined operation, a large count). Every result is checked against its
 * closed form; the program prints one line per check and exits 1 when one is wrong. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

enum { kLarge = 4096 }; /* elements: beyond what rmarace carries */

static int failures = 0;

static void check(int rank, const char *what, int ok) {
  if (rank == 0 || !ok) printf("rank %d: %s %s\n", rank, what, ok ? "ok" : "WRONG");
  failures += !ok;
}

static void user_max(void *in, void *inout, int *len, MPI_Datatype *type) {
  (void)type;
  for (int i = 0; i < *len; i++)
    if (((int *)in)[i] > ((int *)inout)[i]) ((int *)inout)[i] = ((int *)in)[i];
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  long triangle = (long)size * (size + 1) / 2; /* sum of rank + 1 over the ranks */

  long mine[3] = {rank + 1, 2 * (rank + 1), -(rank + 1)}, sums[3];
  MPI_Allreduce(mine, sums, 3, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  check(rank, "allreduce sum", sums[0] == triangle && sums[1] == 2 * triangle &&
                                   sums[2] == -triangle);

  double value = rank * 1.5;
  MPI_Allreduce(MPI_IN_PLACE, &value, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  check(rank, "allreduce max in place", value == (size - 1) * 1.5);

  char bits = (char)(1 << rank), all = 0;
  MPI_Allreduce(&bits, &all, 1, MPI_CHAR, MPI_BOR, MPI_COMM_WORLD);
  check(rank, "allreduce bor of chars", all == (char)((1 << size) - 1));

  struct {
    double value;
    int rank;
  } pair = {10.0 - rank, rank}, least;
  MPI_Allreduce(&pair, &least, 1, MPI_DOUBLE_INT, MPI_MINLOC, MPI_COMM_WORLD);
  check(rank, "allreduce minloc", least.value == 10.0 - (size - 1) && least.rank == size - 1);

  int root = size - 1, product_in = rank + 1, product = -1;
  MPI_Reduce(&product_in, &product, 1, MPI_INT, MPI_PROD, root, MPI_COMM_WORLD);
  int factorial = 1;
  for (int r = 1; r <= size; r++) factorial *= r;
  check(rank, "reduce prod to the last rank", rank != root || product == factorial);
  check(rank, "reduce leaves non-roots alone", rank == root || product == -1);

  int in_place = rank;
  if (rank == 0)
    MPI_Reduce(MPI_IN_PLACE, &in_place, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  else
    MPI_Reduce(&in_place, NULL, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  check(rank, "reduce in place at the root", rank != 0 || in_place == size * (size - 1) / 2);

  MPI_Comm half;
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
  int half_size, one = 1, count = 0;
  MPI_Comm_size(half, &half_size);
  MPI_Allreduce(&one, &count, 1, MPI_INT, MPI_SUM, half);
  check(rank, "allreduce on a sub-communicator", count == half_size);
  MPI_Comm_free(&half);

  MPI_Op op;
  MPI_Op_create(user_max, 1, &op);
  int user_in = 3 * rank, user_out = -1;
  MPI_Allreduce(&user_in, &user_out, 1, MPI_INT, op, MPI_COMM_WORLD);
  MPI_Op_free(&op);
  check(rank, "allreduce with a user operation", user_out == 3 * (size - 1));

  long *large = malloc(kLarge * sizeof(long)), *large_sums = malloc(kLarge * sizeof(long));
  for (int i = 0; i < kLarge; i++) large[i] = i + rank;
  MPI_Allreduce(large, large_sums, kLarge, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  int large_ok = 1;
  for (int i = 0; i < kLarge; i++)
    large_ok &= large_sums[i] == (long)size * i + size * (size - 1) / 2;
  check(rank, "allreduce of a large count", large_ok);
  free(large);
  free(large_sums);

  MPI_Finalize();
  return failures ? 1 : 0;
}
