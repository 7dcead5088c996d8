/* minimd: miniMD (Mantevo) with its neighbour exchange ported to MPI_Get, as in the RMA port.
 *
 * A Lennard-Jones fluid in a periodic cubic box (FCC lattice at density 0.8442, temperature 1.44,
 * cutoff 2.5 plus a 0.3 skin: miniMD's defaults) is decomposed into slabs along x. Every 20 steps
 * atoms that left their slab migrate (Comm::exchange), ghost lists are rebuilt (Comm::borders) and
 * binned full neighbour lists are built; in between only ghost positions are refreshed
 * (Comm::communicate). Across ranks every such round goes through MPI RMA inside one
 * MPI_Win_lock_all/MPI_Win_unlock_all epoch: each rank packs what its neighbours need into its own
 * window (MPI_Win_allocate) and publishes it with MPI_Win_sync and an MPI_Barrier; the neighbours
 * MPI_Get the record counts (completed by MPI_Win_flush) and the records, and a second barrier
 * after MPI_Win_unlock_all frees the windows for the next round. Periodic images along y and z are
 * local copies, as miniMD does when the neighbour is the rank itself. Integration is velocity
 * Verlet.
 *
 * Built with MINIMD_WINDOW defined to 1 (bench/minimd_window.c), the position array of the owned
 * and ghost atoms lives in the window too, behind the two exchange areas: binning, the neighbour
 * list build, the force loop and the integration then load and store window memory, and the ghost
 * positions are fetched into the origin's own window. Race freedom is unchanged: no rank
 * accesses another's position array (the gets read only the exchange areas), and the ghost
 * positions an MPI_Get writes are read only after the MPI_Win_unlock_all that completes it. The
 * array has a fixed capacity there (the window cannot grow), sized for the slab, its ghost shell
 * and density fluctuations; the program fails loudly if it overflows.
 *
 * Usage: minimd [cells [steps]]   (cells: FCC unit cells per box edge; default 27 100, 24 100
 * for minimd_window) */
#include <math.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DENSITY 0.8442
#define TEMPERATURE 1.44
#define CUTFORCE 2.5
#define CUTNEIGH (CUTFORCE + 0.3)
#define DT 0.005
#define REBUILD_EVERY 20
#ifndef MINIMD_WINDOW
#define MINIMD_WINDOW 0 /* 1: the positions live in the window (bench/minimd_window.c) */
#endif
#define NAME (MINIMD_WINDOW ? "minimd_window" : "minimd")
/* miniMD's in.lj.miniMD has 32; scaled to 2 to 4 s natively with 4 ranks on 2 cores. The window
 * build reads its positions through the tool's checks, so it runs a smaller box. */
#define DEFAULT_CELLS (MINIMD_WINDOW ? 24 : 27)

enum { NSWAPS = 6 }; /* swap 2d + dir sends to the lower (dir 0) or upper (dir 1) side along d */

typedef struct {
  int n, cap;
  int *at;
} List;

typedef struct {
  int rank, nprocs, lower, upper; /* x neighbours, periodic */
  double len, lo, hi;             /* box edge and my slab [lo, hi) along x */
  int nlocal, nghost, cap;        /* atoms: owned ones first, then ghosts */
  int xcap;                       /* with MINIMD_WINDOW: the fixed capacity of x in atoms */
  double *x, *v, *f;              /* three components per atom; v and f of owned atoms only */
  List send[NSWAPS];              /* atoms whose positions each swap sends */
  int first_recv[NSWAPS], nrecv[NSWAPS];
  double shift[NSWAPS]; /* periodic shift along the swap's axis applied when packing */
  /* Full neighbour lists of the owned atoms, built from bins. */
  int *numneigh, *neigh, maxneigh, *bin_start, *bin_atoms, nbins[3];
  double bin_lo[3], bin_size[3];
  /* Window with two areas of `area` doubles: slot 0 a record count, then the records. */
  MPI_Win win;
  double *buf;
  long area;
} Sim;

static void *xrealloc(void *p, size_t bytes) {
  p = realloc(p, bytes);
  if (!p) {
    fprintf(stderr, "%s: out of memory\n", NAME);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  return p;
}

static void reserve_atoms(Sim *s, int n) {
  if (n <= s->cap) return;
  if (MINIMD_WINDOW && n > s->xcap) {
    fprintf(stderr, "%s: rank %d: %d atoms overflow the window's position array (%d)\n", NAME,
            s->rank, n, s->xcap);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  s->cap = MINIMD_WINDOW && 2 * n > s->xcap ? s->xcap : 2 * n;
  if (!MINIMD_WINDOW) s->x = xrealloc(s->x, 3 * sizeof(double) * s->cap);
  s->v = xrealloc(s->v, 3 * sizeof(double) * s->cap);
  s->f = xrealloc(s->f, 3 * sizeof(double) * s->cap);
}

static void push(List *l, int atom) {
  if (l->n == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 1024;
    l->at = xrealloc(l->at, sizeof(int) * l->cap);
  }
  l->at[l->n++] = atom;
}

/* Record k of w doubles in window area a (slot 0 of an area holds the record count); fails loudly
 * when it does not fit. */
static double *record(Sim *s, int a, long k, int w) {
  if (1 + (k + 1) * w > s->area) {
    fprintf(stderr, "%s: rank %d: window area overflow\n", NAME, s->rank);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  return s->buf + a * s->area + 1 + k * w;
}

/* An RMA round: round_open, store records into the own areas, round_publish, get the neighbours'
 * records, round_close. The stores happen inside the passive-target epoch so that MPI_Win_sync
 * may move them to the public window copy, as the separate memory model requires. */
static void round_open(Sim *s) {
  MPI_Win_lock_all(0, s->win);
}

static void round_publish(Sim *s) {
  MPI_Win_sync(s->win);
  MPI_Barrier(MPI_COMM_WORLD); /* every rank has stored its records before anyone gets them */
}

static void round_close(Sim *s) {
  MPI_Win_unlock_all(s->win);  /* the gets have completed at both ends */
  MPI_Barrier(MPI_COMM_WORLD); /* so no rank stores again before every get from it has completed */
}

/* The number of records rank `peer` stored in its area a. */
static long peer_count(Sim *s, int peer, int a) {
  double n;
  MPI_Get(&n, 1, MPI_DOUBLE, peer, a * s->area, 1, MPI_DOUBLE, s->win);
  MPI_Win_flush(peer, s->win);
  return (long)n;
}

static void get_records(Sim *s, int peer, int a, double *dst, long n, int w) {
  if (n > 0)
    MPI_Get(dst, (int)(n * w), MPI_DOUBLE, peer, a * s->area + 1, (int)(n * w), MPI_DOUBLE, s->win);
}

static void wrap(Sim *s) {
  for (int i = 0; i < 3 * s->nlocal; i++) {
    if (s->x[i] < 0.0)
      s->x[i] += s->len;
    else if (s->x[i] >= s->len)
      s->x[i] -= s->len;
  }
}

/* Comm::exchange: owned atoms that left the slab move to the neighbours. Both neighbours get the
 * same leavers and keep those inside their slab, as in miniMD (leavers are wrapped into the box,
 * so an atom leaving rank 0 downwards has a large x). */
static void exchange(Sim *s) {
  wrap(s);
  if (s->nprocs == 1) return;
  round_open(s);
  long n = 0;
  for (int i = 0; i < s->nlocal;) {
    if (s->x[3 * i] >= s->lo && s->x[3 * i] < s->hi) {
      i++;
      continue;
    }
    double *r = record(s, 0, n++, 6);
    memcpy(r, s->x + 3 * i, 3 * sizeof(double));
    memcpy(r + 3, s->v + 3 * i, 3 * sizeof(double));
    s->nlocal--;
    memcpy(s->x + 3 * i, s->x + 3 * s->nlocal, 3 * sizeof(double));
    memcpy(s->v + 3 * i, s->v + 3 * s->nlocal, 3 * sizeof(double));
  }
  s->buf[0] = (double)n;
  round_publish(s);
  int npeers = s->nprocs > 2 ? 2 : 1; /* with two ranks both neighbours are the same */
  const int peer[2] = {s->lower, s->upper};
  long count[2] = {0, 0};
  for (int k = 0; k < npeers; k++) count[k] = peer_count(s, peer[k], 0);
  double *in = xrealloc(NULL, 6 * sizeof(double) * (count[0] + count[1] + 1));
  get_records(s, peer[0], 0, in, count[0], 6);
  get_records(s, peer[1], 0, in + 6 * count[0], count[1], 6);
  round_close(s);
  for (long k = 0; k < count[0] + count[1]; k++) {
    const double *r = in + 6 * k;
    if (r[0] < s->lo || r[0] >= s->hi) continue;
    reserve_atoms(s, s->nlocal + 1);
    memcpy(s->x + 3 * s->nlocal, r, 3 * sizeof(double));
    memcpy(s->v + 3 * s->nlocal, r + 3, 3 * sizeof(double));
    s->nlocal++;
  }
  free(in);
}

/* Appends, for swap `sw` along axis d, periodic images of the atoms in its send list. */
static void copy_images(Sim *s, int sw) {
  int d = sw / 2, n = s->send[sw].n;
  s->first_recv[sw] = s->nlocal + s->nghost;
  s->nrecv[sw] = n;
  reserve_atoms(s, s->first_recv[sw] + n);
  for (int t = 0; t < n; t++) {
    double *dst = s->x + 3 * (s->first_recv[sw] + t);
    memcpy(dst, s->x + 3 * s->send[sw].at[t], 3 * sizeof(double));
    dst[d] += s->shift[sw];
  }
  s->nghost += n;
}

/* Stores the positions of the x swaps' send lists into window areas 0 and 1. */
static void pack_positions(Sim *s) {
  for (int dir = 0; dir < 2; dir++) {
    for (int t = 0; t < s->send[dir].n; t++) {
      double *r = record(s, dir, t, 3);
      memcpy(r, s->x + 3 * s->send[dir].at[t], 3 * sizeof(double));
      r[0] += s->shift[dir];
    }
    s->buf[dir * s->area] = (double)s->send[dir].n;
  }
}

/* Receives the x swaps' ghost positions: what the upper neighbour stored for its lower side (area
 * 0) and what the lower neighbour stored for its upper side (area 1), straight into x as miniMD's
 * Comm::communicate receives into atom.x. */
static void get_positions(Sim *s) {
  get_records(s, s->upper, 0, s->x + 3 * s->first_recv[0], s->nrecv[0], 3);
  get_records(s, s->lower, 1, s->x + 3 * s->first_recv[1], s->nrecv[1], 3);
}

/* Comm::borders: new send lists and ghost atoms, along x through RMA, then along y and z as local
 * images of everything present so far (so edges and corners are covered). */
static void borders(Sim *s) {
  s->nghost = 0;
  for (int dir = 0; dir < 2; dir++) {
    s->send[dir].n = 0;
    for (int i = 0; i < s->nlocal; i++) {
      double xi = s->x[3 * i];
      if (dir == 0 ? xi < s->lo + CUTNEIGH : xi >= s->hi - CUTNEIGH) push(&s->send[dir], i);
    }
  }
  s->shift[0] = s->rank == 0 ? s->len : 0.0;
  s->shift[1] = s->rank == s->nprocs - 1 ? -s->len : 0.0;
  round_open(s);
  pack_positions(s);
  round_publish(s);
  s->nrecv[0] = (int)peer_count(s, s->upper, 0);
  s->nrecv[1] = (int)peer_count(s, s->lower, 1);
  s->first_recv[0] = s->nlocal;
  s->first_recv[1] = s->nlocal + s->nrecv[0];
  reserve_atoms(s, s->first_recv[1] + s->nrecv[1]);
  get_positions(s);
  round_close(s);
  s->nghost = s->nrecv[0] + s->nrecv[1];

  for (int d = 1; d < 3; d++) {
    int nlast = s->nlocal + s->nghost;
    for (int dir = 0; dir < 2; dir++) {
      int sw = 2 * d + dir;
      s->send[sw].n = 0;
      for (int i = 0; i < nlast; i++) {
        double xi = s->x[3 * i + d];
        if (dir == 0 ? xi < CUTNEIGH : xi >= s->len - CUTNEIGH) push(&s->send[sw], i);
      }
      s->shift[sw] = dir == 0 ? s->len : -s->len;
    }
    for (int dir = 0; dir < 2; dir++) copy_images(s, 2 * d + dir);
  }
}

/* Comm::communicate: refresh the ghost positions along the send lists of the last borders(). */
static void communicate(Sim *s) {
  round_open(s);
  pack_positions(s);
  round_publish(s);
  get_positions(s);
  round_close(s);
  for (int sw = 2; sw < NSWAPS; sw++) {
    int d = sw / 2;
    for (int t = 0; t < s->nrecv[sw]; t++) {
      double *dst = s->x + 3 * (s->first_recv[sw] + t);
      memcpy(dst, s->x + 3 * s->send[sw].at[t], 3 * sizeof(double));
      dst[d] += s->shift[sw];
    }
  }
}

static int bin_of(const Sim *s, const double *x) {
  int b[3];
  for (int d = 0; d < 3; d++) {
    b[d] = (int)((x[d] - s->bin_lo[d]) / s->bin_size[d]);
    b[d] = b[d] < 0 ? 0 : b[d] >= s->nbins[d] ? s->nbins[d] - 1 : b[d];
  }
  return (b[2] * s->nbins[1] + b[1]) * s->nbins[0] + b[0];
}

/* Neighbor::build: full lists of all atoms within CUTNEIGH of each owned atom, searched in the
 * 27 bins (edge >= CUTNEIGH) around the atom's bin. */
static void build_neighbours(Sim *s) {
  int ntotal = s->nlocal + s->nghost, nb = s->nbins[0] * s->nbins[1] * s->nbins[2];
  int *bin = xrealloc(NULL, sizeof(int) * ntotal);
  memset(s->bin_start, 0, sizeof(int) * (nb + 1));
  for (int i = 0; i < ntotal; i++) s->bin_start[(bin[i] = bin_of(s, s->x + 3 * i)) + 1]++;
  for (int b = 0; b < nb; b++) s->bin_start[b + 1] += s->bin_start[b];
  s->bin_atoms = xrealloc(s->bin_atoms, sizeof(int) * ntotal);
  int *fill = xrealloc(NULL, sizeof(int) * nb);
  memcpy(fill, s->bin_start, sizeof(int) * nb);
  for (int i = 0; i < ntotal; i++) s->bin_atoms[fill[bin[i]]++] = i;
  free(fill);

  s->numneigh = xrealloc(s->numneigh, sizeof(int) * s->nlocal);
  for (int overflow = 1; overflow;) {
    overflow = 0;
    s->neigh = xrealloc(s->neigh, sizeof(int) * (size_t)s->nlocal * s->maxneigh);
    for (int i = 0; i < s->nlocal && !overflow; i++) {
      const double *xi = s->x + 3 * i;
      int b = bin[i], bx = b % s->nbins[0], by = b / s->nbins[0] % s->nbins[1],
          bz = b / (s->nbins[0] * s->nbins[1]), n = 0;
      int *list = s->neigh + (size_t)i * s->maxneigh;
      for (int dz = -1; dz <= 1; dz++)
        for (int dy = -1; dy <= 1; dy++)
          for (int dx = -1; dx <= 1; dx++) {
            int cx = bx + dx, cy = by + dy, cz = bz + dz;
            if (cx < 0 || cy < 0 || cz < 0 || cx >= s->nbins[0] || cy >= s->nbins[1] ||
                cz >= s->nbins[2])
              continue;
            int c = (cz * s->nbins[1] + cy) * s->nbins[0] + cx;
            for (int k = s->bin_start[c]; k < s->bin_start[c + 1]; k++) {
              int j = s->bin_atoms[k];
              const double *xj = s->x + 3 * j;
              double dxx = xi[0] - xj[0], dyy = xi[1] - xj[1], dzz = xi[2] - xj[2];
              if (j == i || dxx * dxx + dyy * dyy + dzz * dzz >= CUTNEIGH * CUTNEIGH) continue;
              if (n == s->maxneigh)
                overflow = 1;
              else
                list[n++] = j;
            }
          }
      s->numneigh[i] = n;
    }
    if (overflow) s->maxneigh *= 2;
  }
  free(bin);
}

/* ForceLJ::compute with full neighbour lists; returns the potential energy of the owned atoms
 * when `energy` is set (each pair is seen from both sides, hence the half). */
static double force(Sim *s, int energy) {
  double pe = 0.0;
  for (int i = 0; i < s->nlocal; i++) {
    const double *xi = s->x + 3 * i;
    const int *list = s->neigh + (size_t)i * s->maxneigh;
    double fx = 0.0, fy = 0.0, fz = 0.0;
    for (int k = 0; k < s->numneigh[i]; k++) {
      const double *xj = s->x + 3 * list[k];
      double dx = xi[0] - xj[0], dy = xi[1] - xj[1], dz = xi[2] - xj[2];
      double rsq = dx * dx + dy * dy + dz * dz;
      if (rsq >= CUTFORCE * CUTFORCE) continue;
      double sr2 = 1.0 / rsq, sr6 = sr2 * sr2 * sr2, f = 48.0 * sr6 * (sr6 - 0.5) * sr2;
      fx += dx * f;
      fy += dy * f;
      fz += dz * f;
      if (energy) pe += 2.0 * sr6 * (sr6 - 1.0);
    }
    s->f[3 * i] = fx;
    s->f[3 * i + 1] = fy;
    s->f[3 * i + 2] = fz;
  }
  return pe;
}

/* Uniform number in [0, 1) from a key (splitmix64), so velocities do not depend on the
 * decomposition. */
static double uniform(uint64_t key) {
  uint64_t z = key + 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return (double)((z ^ (z >> 31)) >> 11) / 9007199254740992.0;
}

/* Create::create_atoms: the FCC lattice sites in my slab, with random velocities at the
 * target temperature (variance TEMPERATURE per component, unit mass). */
static void create_atoms(Sim *s, int cells) {
  const double basis[4][3] = {{0, 0, 0}, {0.5, 0.5, 0}, {0.5, 0, 0.5}, {0, 0.5, 0.5}};
  double a = s->len / cells, scale = sqrt(12.0 * TEMPERATURE);
  for (int ix = 0; ix < cells; ix++)
    for (int iy = 0; iy < cells; iy++)
      for (int iz = 0; iz < cells; iz++)
        for (int b = 0; b < 4; b++) {
          double x[3] = {(ix + basis[b][0]) * a, (iy + basis[b][1]) * a, (iz + basis[b][2]) * a};
          if (x[0] < s->lo || x[0] >= s->hi) continue;
          uint64_t id = (((uint64_t)ix * cells + iy) * cells + iz) * 4 + b;
          reserve_atoms(s, s->nlocal + 1);
          for (int d = 0; d < 3; d++) {
            s->x[3 * s->nlocal + d] = x[d];
            s->v[3 * s->nlocal + d] = scale * (uniform(3 * id + d) - 0.5);
          }
          s->nlocal++;
        }
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  Sim s = {.maxneigh = 128};
  MPI_Comm_rank(MPI_COMM_WORLD, &s.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &s.nprocs);
  int cells = argc > 1 ? atoi(argv[1]) : DEFAULT_CELLS;
  int steps = argc > 2 ? atoi(argv[2]) : 100;
  s.lower = (s.rank + s.nprocs - 1) % s.nprocs;
  s.upper = (s.rank + 1) % s.nprocs;
  s.len = cells * cbrt(4.0 / DENSITY);
  s.lo = s.len * s.rank / s.nprocs;
  s.hi = s.rank == s.nprocs - 1 ? s.len : s.len * (s.rank + 1) / s.nprocs;
  if (s.len / s.nprocs < CUTNEIGH) {
    if (s.rank == 0)
      fprintf(stderr, "%s: box of %d cells too small for %d ranks\n", NAME, cells, s.nprocs);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }

  /* Bins of the slab and its ghost shell, each at least CUTNEIGH wide. */
  const double blo[3] = {s.lo - CUTNEIGH, -CUTNEIGH, -CUTNEIGH};
  const double bhi[3] = {s.hi + CUTNEIGH, s.len + CUTNEIGH, s.len + CUTNEIGH};
  for (int d = 0; d < 3; d++) {
    s.bin_lo[d] = blo[d];
    s.nbins[d] = (int)((bhi[d] - blo[d]) / CUTNEIGH);
    s.bin_size[d] = (bhi[d] - blo[d]) / s.nbins[d];
  }
  s.bin_start = xrealloc(NULL, sizeof(int) * (s.nbins[0] * s.nbins[1] * s.nbins[2] + 1));

  /* Each area holds the border atoms of one side (with room for density fluctuations) or the
   * atoms leaving the slab (fewer, of two vectors each). */
  long border = (long)(1.5 * DENSITY * CUTNEIGH * s.len * s.len) + 256;
  s.area = 1 + 3 * border;
  long positions = 0; /* doubles of the position array in the window */
  if (MINIMD_WINDOW) {
    /* The slab and its ghost shell at the mean density, with room for fluctuations. */
    double shell = (s.hi - s.lo + 2 * CUTNEIGH) * (s.len + 2 * CUTNEIGH) * (s.len + 2 * CUTNEIGH);
    s.xcap = (int)(1.25 * DENSITY * shell) + 1024;
    positions = 3L * s.xcap;
  }
  MPI_Win_allocate((2 * s.area + positions) * (MPI_Aint)sizeof(double), sizeof(double),
                   MPI_INFO_NULL, MPI_COMM_WORLD, &s.buf, &s.win);
  if (MINIMD_WINDOW) s.x = s.buf + 2 * s.area;

  create_atoms(&s, cells);
  borders(&s);
  build_neighbours(&s);
  force(&s, 0);
  double pe = 0.0;
  for (int step = 1; step <= steps; step++) {
    for (int i = 0; i < 3 * s.nlocal; i++) {
      s.v[i] += 0.5 * DT * s.f[i];
      s.x[i] += DT * s.v[i];
    }
    if (step % REBUILD_EVERY == 0) {
      exchange(&s);
      borders(&s);
      build_neighbours(&s);
    } else {
      communicate(&s);
    }
    pe = force(&s, step == steps);
    for (int i = 0; i < 3 * s.nlocal; i++) s.v[i] += 0.5 * DT * s.f[i];
  }

  /* Total energy, summed per rank and then over ranks in rank order so the bits never change. */
  double ke = 0.0;
  for (int i = 0; i < 3 * s.nlocal; i++) ke += 0.5 * s.v[i] * s.v[i];
  double local[2] = {pe, ke}, *parts = s.rank == 0 ? malloc(2 * sizeof(double) * s.nprocs) : NULL;
  long natoms = 0, mine = s.nlocal;
  MPI_Gather(local, 2, MPI_DOUBLE, parts, 2, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  MPI_Reduce(&mine, &natoms, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  if (s.rank == 0) {
    double energy = 0.0;
    for (int r = 0; r < 2 * s.nprocs; r++) energy += parts[r];
    printf("%s: cells=%d atoms=%ld steps=%d ranks=%d\n", NAME, cells, natoms, steps, s.nprocs);
    printf("checksum: %ld %.17g\n", natoms, energy / natoms);
    free(parts);
  }

  MPI_Win_free(&s.win);
  for (int sw = 0; sw < NSWAPS; sw++) free(s.send[sw].at);
  if (!MINIMD_WINDOW) free(s.x);
  free(s.v);
  free(s.f);
  free(s.numneigh);
  free(s.neigh);
  free(s.bin_start);
  free(s.bin_atoms);
  MPI_Finalize();
  return 0;
}
