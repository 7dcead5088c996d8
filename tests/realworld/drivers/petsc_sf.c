/* A small PETSc star-forest driver (petsc-dev), after PETSc's src/vec/is/sf/tutorials/ex1.c: a
 * graph in which every rank has leaves on its own roots and on its neighbours', then broadcast
 * (MPI_REPLACE, the only operation the window back end broadcasts with), reduce, fetch-and-op,
 * gather and scatter through it, repeated so that windows are reused. Run
 * it with -sf_type window and -sf_window_sync fence|lock|active (optionally
 * -sf_window_flavor create|dynamic|allocate) to exercise PETSc's MPI one-sided back end. Output is
 * the same for every back end and does not depend on timing. */
#include <petscsf.h>

#define NROOTS 6

static PetscErrorCode print_ints(MPI_Comm comm, const char *what, const PetscInt *v, PetscInt n) {
  PetscMPIInt rank;
  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_rank(comm, &rank));
  PetscCall(PetscSynchronizedPrintf(comm, "[%d] %-10s", rank, what));
  for (PetscInt i = 0; i < n; i++) PetscCall(PetscSynchronizedPrintf(comm, " %" PetscInt_FMT, v[i]));
  PetscCall(PetscSynchronizedPrintf(comm, "\n"));
  PetscCall(PetscSynchronizedFlush(comm, PETSC_STDOUT));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv) {
  PetscSF sf;
  PetscMPIInt rank, size;
  PetscInt rounds = 3;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-rounds", &rounds, NULL));
  MPI_Comm comm = PETSC_COMM_WORLD;
  PetscCallMPI(MPI_Comm_rank(comm, &rank));
  PetscCallMPI(MPI_Comm_size(comm, &size));

  /* Leaves (sparse, with ilocal): 2 on the own roots 0 and 3, 3 on the right neighbour's roots
     1, 2 and 5, 1 on the left neighbour's root 1. Root 1 of every rank has two leaves, one from
     each neighbour (one from the same rank on 2 ranks), root 4 none. */
  const PetscInt nleaves = 6;
  PetscInt ilocal[6] = {0, 2, 3, 5, 6, 8};
  PetscSFNode iremote[6];
  PetscMPIInt right = (rank + 1) % size, left = (rank + size - 1) % size;
  iremote[0].rank = rank;  iremote[0].index = 0;
  iremote[1].rank = rank;  iremote[1].index = 3;
  iremote[2].rank = right; iremote[2].index = 1;
  iremote[3].rank = right; iremote[3].index = 2;
  iremote[4].rank = right; iremote[4].index = 5;
  iremote[5].rank = left;  iremote[5].index = 1;
  const PetscInt nleafspace = 9;

  PetscCall(PetscSFCreate(comm, &sf));
  PetscCall(PetscSFSetFromOptions(sf));
  PetscCall(PetscSFSetGraph(sf, NROOTS, nleaves, ilocal, PETSC_COPY_VALUES, iremote, PETSC_COPY_VALUES));
  PetscCall(PetscSFSetUp(sf));

  PetscInt rootdata[NROOTS], leafdata[9], leafupdate[9], rootsave[NROOTS];
  for (PetscInt round = 0; round < rounds; round++) {
    /* broadcast roots to leaves, replacing */
    for (PetscInt i = 0; i < NROOTS; i++) rootdata[i] = 100 * (rank + 1) + 10 * round + i;
    for (PetscInt i = 0; i < nleafspace; i++) leafdata[i] = -1;
    PetscCall(PetscSFBcastBegin(sf, MPIU_INT, rootdata, leafdata, MPI_REPLACE));
    PetscCall(PetscSFBcastEnd(sf, MPIU_INT, rootdata, leafdata, MPI_REPLACE));
    if (round == rounds - 1) PetscCall(print_ints(comm, "bcast", leafdata, nleafspace));

    /* reduce leaves to roots with a sum and with a maximum */
    for (PetscInt i = 0; i < nleafspace; i++) leafdata[i] = 1000 * (rank + 1) + i + round;
    for (PetscInt i = 0; i < NROOTS; i++) rootdata[i] = i;
    PetscCall(PetscSFReduceBegin(sf, MPIU_INT, leafdata, rootdata, MPI_SUM));
    PetscCall(PetscSFReduceEnd(sf, MPIU_INT, leafdata, rootdata, MPI_SUM));
    if (round == rounds - 1) PetscCall(print_ints(comm, "reduce-sum", rootdata, NROOTS));
    PetscCall(PetscSFReduceBegin(sf, MPIU_INT, leafdata, rootdata, MPI_MAX));
    PetscCall(PetscSFReduceEnd(sf, MPIU_INT, leafdata, rootdata, MPI_MAX));
    if (round == rounds - 1) PetscCall(print_ints(comm, "reduce-max", rootdata, NROOTS));

    /* fetch-and-add 1 from every leaf: the fetched values at one root are 0..k-1 in some order,
       so their sum per rank does not depend on the order */
    for (PetscInt i = 0; i < NROOTS; i++) rootdata[i] = rootsave[i] = 0;
    for (PetscInt i = 0; i < nleafspace; i++) {
      leafdata[i] = 1;
      leafupdate[i] = -1;
    }
    PetscCall(PetscSFFetchAndOpBegin(sf, MPIU_INT, rootdata, leafdata, leafupdate, MPI_SUM));
    PetscCall(PetscSFFetchAndOpEnd(sf, MPIU_INT, rootdata, leafdata, leafupdate, MPI_SUM));
    PetscInt fetched = 0;
    for (PetscInt i = 0; i < nleaves; i++) fetched += leafupdate[ilocal[i]];
    PetscInt allfetched = 0;
    PetscCallMPI(MPI_Allreduce(&fetched, &allfetched, 1, MPIU_INT, MPI_SUM, comm));
    if (round == rounds - 1) {
      PetscCall(print_ints(comm, "fetch-add", rootdata, NROOTS));
      PetscCall(PetscPrintf(comm, "sum of fetched values %" PetscInt_FMT "\n", allfetched));
    }
    (void)rootsave;
  }

  /* gather every leaf to a per-root multi-root array and scatter it back */
  const PetscInt *degree;
  PetscCall(PetscSFComputeDegreeBegin(sf, &degree));
  PetscCall(PetscSFComputeDegreeEnd(sf, &degree));
  PetscInt nmulti = 0;
  for (PetscInt i = 0; i < NROOTS; i++) nmulti += degree[i];
  PetscCall(print_ints(comm, "degree", degree, NROOTS));
  PetscInt *multi;
  PetscCall(PetscMalloc1(nmulti, &multi));
  for (PetscInt i = 0; i < nleafspace; i++) leafdata[i] = 10 * (rank + 1) + i;
  PetscCall(PetscSFGatherBegin(sf, MPIU_INT, leafdata, multi));
  PetscCall(PetscSFGatherEnd(sf, MPIU_INT, leafdata, multi));
  PetscInt gsum = 0;
  for (PetscInt i = 0; i < nmulti; i++) gsum += multi[i];
  PetscCall(PetscSynchronizedPrintf(comm, "[%d] gather sum %" PetscInt_FMT "\n", rank, gsum));
  PetscCall(PetscSynchronizedFlush(comm, PETSC_STDOUT));
  for (PetscInt i = 0; i < nmulti; i++) multi[i] = 7 * rank + i;
  for (PetscInt i = 0; i < nleafspace; i++) leafdata[i] = -1;
  PetscCall(PetscSFScatterBegin(sf, MPIU_INT, multi, leafdata));
  PetscCall(PetscSFScatterEnd(sf, MPIU_INT, multi, leafdata));
  PetscCall(print_ints(comm, "scatter", leafdata, nleafspace));
  PetscCall(PetscFree(multi));

  PetscCall(PetscSFDestroy(&sf));
  PetscCall(PetscFinalize());
  return 0;
}
