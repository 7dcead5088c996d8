/* lulesh_get: the halo exchange of the MPI RMA port of LULESH, around a hydro-like kernel.
 *
 * A 3D mesh of cells is decomposed over a 3D process grid; every rank owns s x s x s cells with
 * one ghost layer. As in LULESH's CommSend/CommRecv, each rank packs the boundary layer of several
 * fields into a per-face communication buffer, here exposed in a window (MPI_Win_create, like
 * LULESH's commDataSend arrays). Between two fences the neighbours MPI_Get the faces they need
 * into their receive buffers and unpack them after the closing fence. The kernel is an explicit
 * compressible-flow step (ideal-gas pressure, quadratic and linear artificial viscosity,
 * Lax-Friedrichs smoothing, energy and density floors) with a Courant time step reduced with
 * MPI_Allreduce(MPI_MIN), as LULESH reduces its time constraints. A Sedov-like energy spike at the
 * origin drives it; reflecting walls bound the mesh.
 *
 * Usage: lulesh_get [s [iterations]] */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

enum { RHO, ENERGY, VX, VY, VZ, NFIELDS }; /* the exchanged fields */
enum { NFACES = 6 };                       /* faces 2d and 2d+1: low and high side along axis d */

#define GAMMA 1.4
#define CFL 0.3
#define SMOOTH 0.1 /* Lax-Friedrichs weight per neighbour, stable below 1/6 */
#define QQUAD 2.0  /* LULESH's qqc: quadratic viscosity */
#define QLIN 0.5   /* linear viscosity */
#define RHO_FLOOR 1e-6
#define E_FLOOR 1e-9

typedef struct {
  int s;   /* cells per edge of the local block */
  long n1; /* s + 2: edge with ghosts */
  double *f[NFIELDS], *next[NFIELDS], *p, *q;
} Block;

static long idx(const Block *b, long i, long j, long k) {
  return (k * b->n1 + j) * b->n1 + i;
}

/* Cell coordinates (i, j, k) of entry t of the layer at depth `layer` of a face, layer 0 being the
 * ghost layer and layer 1 the first owned one. */
static void face_cell(const Block *b, int face, long layer, long t, long c[3]) {
  int axis = face / 2;
  long u = t % b->s + 1, v = t / b->s + 1;
  long w = face % 2 ? b->s + 1 - layer : layer;
  c[axis] = w;
  c[(axis + 1) % 3] = u;
  c[(axis + 2) % 3] = v;
}

static void pack(const Block *b, int face, double *buf) {
  long area = (long)b->s * b->s, c[3];
  for (int f = 0; f < NFIELDS; f++)
    for (long t = 0; t < area; t++) {
      face_cell(b, face, 1, t, c);
      buf[f * area + t] = b->f[f][idx(b, c[0], c[1], c[2])];
    }
}

static void unpack(Block *b, int face, const double *buf) {
  long area = (long)b->s * b->s, c[3];
  for (int f = 0; f < NFIELDS; f++)
    for (long t = 0; t < area; t++) {
      face_cell(b, face, 0, t, c);
      b->f[f][idx(b, c[0], c[1], c[2])] = buf[f * area + t];
    }
}

/* A wall: the ghost layer mirrors the first owned layer with the normal velocity reversed. */
static void reflect(Block *b, int face) {
  long area = (long)b->s * b->s, in[3], gh[3];
  for (int f = 0; f < NFIELDS; f++) {
    double sign = f == VX + face / 2 ? -1.0 : 1.0;
    for (long t = 0; t < area; t++) {
      face_cell(b, face, 1, t, in);
      face_cell(b, face, 0, t, gh);
      b->f[f][idx(b, gh[0], gh[1], gh[2])] = sign * b->f[f][idx(b, in[0], in[1], in[2])];
    }
  }
}

static double sound_speed(double p, double rho) {
  return sqrt(GAMMA * p / rho);
}

/* Largest stable time step of the owned cells. */
static double time_constraint(const Block *b) {
  double fastest = 1e-30;
  for (long k = 1; k <= b->s; k++)
    for (long j = 1; j <= b->s; j++)
      for (long i = 1; i <= b->s; i++) {
        long c = idx(b, i, j, k);
        double speed =
            sound_speed(b->p[c], b->f[RHO][c]) +
            sqrt(b->f[VX][c] * b->f[VX][c] + b->f[VY][c] * b->f[VY][c] + b->f[VZ][c] * b->f[VZ][c]);
        if (speed > fastest) fastest = speed;
      }
  return CFL / fastest;
}

/* Pressure from the equation of state, on owned and ghost cells. */
static void eos(Block *b) {
  long n = b->n1 * b->n1 * b->n1;
  for (long c = 0; c < n; c++) b->p[c] = (GAMMA - 1.0) * b->f[RHO][c] * b->f[ENERGY][c];
}

/* Artificial viscosity of the owned cells, active under compression only. */
static void viscosity(Block *b) {
  long sx = 1, sy = b->n1, sz = b->n1 * b->n1;
  for (long k = 1; k <= b->s; k++)
    for (long j = 1; j <= b->s; j++)
      for (long i = 1; i <= b->s; i++) {
        long c = idx(b, i, j, k);
        double div = 0.5 * (b->f[VX][c + sx] - b->f[VX][c - sx] + b->f[VY][c + sy] -
                            b->f[VY][c - sy] + b->f[VZ][c + sz] - b->f[VZ][c - sz]);
        double rho = b->f[RHO][c];
        b->q[c] = div < 0.0 ? rho * div * (QQUAD * div - QLIN * sound_speed(b->p[c], rho)) : 0.0;
      }
}

/* One explicit step of all fields on the owned cells, from the current values including ghosts. */
static void advance(Block *b, double dt) {
  const long st[3] = {1, b->n1, b->n1 * b->n1};
  for (long k = 1; k <= b->s; k++)
    for (long j = 1; j <= b->s; j++)
      for (long i = 1; i <= b->s; i++) {
        long c = idx(b, i, j, k);
        double rho = b->f[RHO][c], div = 0.0, smooth[NFIELDS] = {0};
        for (int a = 0; a < 3; a++)
          div += 0.5 * (b->f[VX + a][c + st[a]] - b->f[VX + a][c - st[a]]);
        for (int f = 0; f < NFIELDS; f++)
          for (int a = 0; a < 3; a++)
            smooth[f] += b->f[f][c + st[a]] + b->f[f][c - st[a]] - 2.0 * b->f[f][c];
        b->next[RHO][c] = fmax(rho - dt * rho * div + SMOOTH * smooth[RHO], RHO_FLOOR);
        b->next[ENERGY][c] =
            fmax(b->f[ENERGY][c] - dt * (b->p[c] + b->q[c]) / rho * div + SMOOTH * smooth[ENERGY],
                 E_FLOOR);
        for (int a = 0; a < 3; a++) {
          double grad = 0.5 * (b->p[c + st[a]] - b->p[c - st[a]]);
          b->next[VX + a][c] = b->f[VX + a][c] - dt * grad / rho + SMOOTH * smooth[VX + a];
        }
      }
  for (int f = 0; f < NFIELDS; f++) {
    double *t = b->f[f];
    b->f[f] = b->next[f];
    b->next[f] = t;
  }
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, nprocs;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  Block b = {.s = argc > 1 ? atoi(argv[1]) : 48};
  int iterations = argc > 2 ? atoi(argv[2]) : 300;
  b.n1 = b.s + 2;

  int dims[3] = {0, 0, 0}, periods[3] = {0, 0, 0}, coords[3], nbr[NFACES];
  MPI_Comm cart;
  MPI_Dims_create(nprocs, 3, dims);
  MPI_Cart_create(MPI_COMM_WORLD, 3, dims, periods, 0, &cart);
  MPI_Cart_coords(cart, rank, 3, coords);
  for (int d = 0; d < 3; d++) MPI_Cart_shift(cart, d, 1, &nbr[2 * d], &nbr[2 * d + 1]);

  long ncell = b.n1 * b.n1 * b.n1;
  for (int f = 0; f < NFIELDS; f++) {
    b.f[f] = calloc(ncell, sizeof(double));
    b.next[f] = calloc(ncell, sizeof(double));
  }
  b.p = calloc(ncell, sizeof(double));
  b.q = calloc(ncell, sizeof(double));

  /* Cold gas at rest; a 2 x 2 x 2 energy deposit in the global corner, like LULESH's Sedov blast.
   */
  for (long k = 1; k <= b.s; k++)
    for (long j = 1; j <= b.s; j++)
      for (long i = 1; i <= b.s; i++) {
        long c = idx(&b, i, j, k);
        long g[3] = {coords[0] * b.s + i - 1, coords[1] * b.s + j - 1, coords[2] * b.s + k - 1};
        b.f[RHO][c] = 1.0;
        b.f[ENERGY][c] = g[0] < 2 && g[1] < 2 && g[2] < 2 ? 1e3 : 1e-3;
      }

  /* Face buffers: LULESH's commDataSend, the window the neighbours get from, and commDataRecv. */
  long face_len = NFIELDS * (long)b.s * b.s;
  double *send = malloc(NFACES * face_len * sizeof(double));
  double *recv = malloc(NFACES * face_len * sizeof(double));
  MPI_Win win;
  MPI_Win_create(send, NFACES * face_len * (MPI_Aint)sizeof(double), sizeof(double), MPI_INFO_NULL,
                 cart, &win);

  double t = 0.0;
  for (int it = 0; it < iterations; it++) {
    for (int face = 0; face < NFACES; face++)
      if (nbr[face] != MPI_PROC_NULL) pack(&b, face, send + face * face_len);
    /* Opens the epoch: every rank has packed, and the previous gets from it have completed. */
    MPI_Win_fence(0, win);
    for (int face = 0; face < NFACES; face++) {
      if (nbr[face] == MPI_PROC_NULL) continue;
      int opposite = face ^ 1; /* the neighbour packed the face that touches mine */
      MPI_Get(recv + face * face_len, (int)face_len, MPI_DOUBLE, nbr[face], opposite * face_len,
              (int)face_len, MPI_DOUBLE, win);
    }
    /* Closes it: the received faces are here, and our buffers may be packed again. */
    MPI_Win_fence(0, win);
    for (int face = 0; face < NFACES; face++) {
      if (nbr[face] != MPI_PROC_NULL)
        unpack(&b, face, recv + face * face_len);
      else
        reflect(&b, face);
    }

    eos(&b);
    double dt, local_dt = time_constraint(&b);
    MPI_Allreduce(&local_dt, &dt, 1, MPI_DOUBLE, MPI_MIN, cart);
    viscosity(&b);
    advance(&b, dt);
    t += dt;
  }

  /* Total energy, summed per rank and then over ranks in rank order so the bits never change. */
  double local = 0.0;
  for (long k = 1; k <= b.s; k++)
    for (long j = 1; j <= b.s; j++)
      for (long i = 1; i <= b.s; i++) {
        long c = idx(&b, i, j, k);
        double v2 = b.f[VX][c] * b.f[VX][c] + b.f[VY][c] * b.f[VY][c] + b.f[VZ][c] * b.f[VZ][c];
        local += b.f[RHO][c] * (b.f[ENERGY][c] + 0.5 * v2);
      }
  double *parts = rank == 0 ? malloc(nprocs * sizeof(double)) : NULL;
  MPI_Gather(&local, 1, MPI_DOUBLE, parts, 1, MPI_DOUBLE, 0, cart);
  if (rank == 0) {
    double energy = 0.0;
    for (int r = 0; r < nprocs; r++) energy += parts[r];
    printf("lulesh_get: s=%d iterations=%d ranks=%d grid=%dx%dx%d time=%.6g\n", b.s, iterations,
           nprocs, dims[0], dims[1], dims[2], t);
    printf("checksum: %.17g\n", energy);
    free(parts);
  }

  MPI_Win_free(&win);
  free(send);
  free(recv);
  for (int f = 0; f < NFIELDS; f++) {
    free(b.f[f]);
    free(b.next[f]);
  }
  free(b.p);
  free(b.q);
  MPI_Comm_free(&cart);
  MPI_Finalize();
  return 0;
}
