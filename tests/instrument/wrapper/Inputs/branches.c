// Stores under two conditions: optimisers like to sink them into one store, which has no line.
void set(int *p, int rank) {
  if (rank == 1)
    p[1] = 21;
  if (rank == 0)
    p[1] = 31;
}
