// minivite: the first Louvain phase of miniVite (ECP ExaGraph) with its MPI RMA exchange.
//
// A graph with n vertices is generated in parallel, block-distributed by vertex id, without
// communication: every vertex links to some of the next and previous vertices (a 1D geometric
// band, mostly rank-local like miniVite's random geometric graphs) and to a few vertices far away
// (the random edges that make every rank a neighbour of every other). Edge weights are small
// integers, so the modularity and every move decision are exact integer arithmetic.
//
// Each iteration, as in miniVite with USE_MPI_RMA, the owners push the community ids of their
// boundary vertices with MPI_Put into per-neighbour slots of the ghost-community window of the
// ranks that hold them as ghosts, inside one MPI_Win_lock_all epoch, completed by
// MPI_Win_flush_all and ordered by MPI_Barrier. Community degrees of remote communities are then
// requested from their owners, and community changes sent back to them, with counts and payloads
// exchanged by MPI_Isend/MPI_Irecv/MPI_Waitall (fillRemoteCommunities, updateRemoteCommunities).
// The modularity is reduced with MPI_Allreduce; the phase ends when it stops improving.
//
// Usage: minivite [vertices [max_iterations]]
// Only the C API of MPI is used; its deprecated C++ bindings warn under -Wextra.
#define OMPI_SKIP_MPICXX 1
#define MPICH_SKIP_MPICXX 1
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <mpi.h>
#include <unordered_map>
#include <vector>

namespace {

using i64 = std::int64_t;
using u64 = std::uint64_t;

constexpr int kBand = 8;         // band edges reach up to kBand vertices away
constexpr u64 kBandPercent = 60; // chance that a band edge exists
constexpr int kFar = 2;          // far edges per vertex and direction
constexpr u64 kFarPercent = 50;  // chance that a far edge exists
constexpr double kThreshold = 1e-6;

int rank_, nprocs_;

u64 mix(u64 z) { // splitmix64
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

i64 block_start(i64 n, int r) {
  return n * r / nprocs_;
}
int owner(i64 n, i64 v) {
  return static_cast<int>(((v + 1) * nprocs_ - 1) / n);
}

struct Graph {
  i64 n = 0, base = 0, nloc = 0;        // my vertices are [base, base + nloc)
  std::vector<i64> offset, adj, weight; // CSR of my vertices' edges (global neighbour ids)
  std::vector<i64> degree;              // weighted degree of my vertices
};

// Every edge is an instance (a, kind) named by one endpoint a and decided by a hash of the
// instance, so both endpoints enumerate it identically and the graph is symmetric.
Graph generate(i64 n) {
  Graph g;
  g.n = n;
  g.base = block_start(n, rank_);
  g.nloc = block_start(n, rank_ + 1) - g.base;
  g.offset.push_back(0);
  auto add = [&g](i64 to, u64 h) {
    g.adj.push_back(to);
    g.weight.push_back(1 + static_cast<i64>((h >> 32) % 4));
  };
  auto band = [&](i64 from, i64 d, i64 to) {
    u64 h = mix(static_cast<u64>(from * kBand + d));
    if (h % 100 < kBandPercent) add(to, h);
  };
  auto far = [&](i64 from, i64 k, i64 to) {
    const u64 salt = 0x5bd1e995ull << 20; // keeps far instances apart from band instances
    u64 h = mix(salt ^ static_cast<u64>(from * kFar + k));
    if (h % 100 < kFarPercent) add(to, h);
  };
  for (i64 v = g.base; v < g.base + g.nloc; v++) {
    for (i64 d = 1; d <= kBand; d++) {
      if (v + d < n) band(v, d, v + d);
      if (v - d >= 0) band(v - d, d, v - d);
    }
    for (i64 k = 0; k < kFar; k++) {
      i64 stride = n / (k + 2) + 7 * (k + 1);
      i64 up = (v + stride) % n, down = ((v - stride) % n + n) % n;
      far(v, k, up);
      far(down, k, down);
    }
    g.offset.push_back(static_cast<i64>(g.adj.size()));
    i64 k = 0;
    for (i64 e = g.offset[v - g.base]; e < g.offset[v - g.base + 1]; e++) k += g.weight[e];
    g.degree.push_back(k);
  }
  return g;
}

// Sends send[q] to every other rank q and returns what every rank sent to us: counts first, then
// the payloads, all with MPI_Isend/MPI_Irecv/MPI_Waitall as miniVite's exchanges do.
std::vector<std::vector<i64>> sparse_alltoall(const std::vector<std::vector<i64>> &send, int tag) {
  std::vector<i64> scount(nprocs_), rcount(nprocs_, 0);
  std::vector<MPI_Request> reqs;
  auto wait = [&reqs] {
    MPI_Waitall(static_cast<int>(reqs.size()), reqs.data(), MPI_STATUSES_IGNORE);
    reqs.clear();
  };
  for (int q = 0; q < nprocs_; q++) {
    if (q == rank_) continue;
    scount[q] = static_cast<i64>(send[q].size());
    reqs.emplace_back();
    MPI_Irecv(&rcount[q], 1, MPI_INT64_T, q, tag, MPI_COMM_WORLD, &reqs.back());
    reqs.emplace_back();
    MPI_Isend(&scount[q], 1, MPI_INT64_T, q, tag, MPI_COMM_WORLD, &reqs.back());
  }
  wait();
  std::vector<std::vector<i64>> recv(nprocs_);
  for (int q = 0; q < nprocs_; q++) {
    if (q == rank_) continue;
    recv[q].resize(rcount[q]);
    if (rcount[q] > 0) {
      reqs.emplace_back();
      MPI_Irecv(recv[q].data(), static_cast<int>(rcount[q]), MPI_INT64_T, q, tag + 1,
                MPI_COMM_WORLD, &reqs.back());
    }
    if (scount[q] > 0) {
      reqs.emplace_back();
      MPI_Isend(send[q].data(), static_cast<int>(scount[q]), MPI_INT64_T, q, tag + 1,
                MPI_COMM_WORLD, &reqs.back());
    }
  }
  wait();
  return recv;
}

struct Info {
  i64 tot = 0, size = 0; // weighted degree and vertex count of a community
};

class Louvain {
public:
  explicit Louvain(const Graph &g) : g_(g) {
    for (i64 i = 0; i < g.nloc; i++) {
      comm_.push_back(g.base + i);
      own_.push_back({g.degree[i], 1});
    }
    i64 local = 0;
    for (i64 k : g.degree) local += k;
    MPI_Allreduce(&local, &m2_, 1, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD);
    setup_ghosts();
  }
  ~Louvain() {
    MPI_Win_unlock_all(win_);
    MPI_Win_free(&win_);
  }
  Louvain(const Louvain &) = delete;
  Louvain &operator=(const Louvain &) = delete;

  // Runs iterations until the modularity gain drops below the threshold; returns their number.
  int run(int max_iterations) {
    double prev = -1.0;
    int it = 0;
    while (it < max_iterations) {
      push_ghost_communities();
      fetch_remote_info();
      modularity_ = modularity();
      if (modularity_ - prev < kThreshold) break;
      prev = modularity_;
      move_vertices();
      it++;
    }
    return it;
  }

  double modularity_value() const { return modularity_; }

  // Number of communities and a hash of the assignment, over all ranks.
  void summary(i64 *communities, u64 *hash) const {
    i64 local_count = 0;
    u64 local_hash = 0;
    for (const Info &c : own_) local_count += c.size > 0;
    for (i64 i = 0; i < g_.nloc; i++)
      local_hash += mix(static_cast<u64>(g_.base + i)) * static_cast<u64>(comm_[i] + 1);
    MPI_Allreduce(&local_count, communities, 1, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&local_hash, hash, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
  }

private:
  // Ghost vertices get window slots grouped by owner; each owner learns which of its vertices
  // every other rank needs and where their slots start in that rank's window.
  void setup_ghosts() {
    std::vector<std::vector<i64>> need(nprocs_);
    for (i64 u : g_.adj)
      if (owner(g_.n, u) != rank_) need[owner(g_.n, u)].push_back(u);
    std::unordered_map<i64, i64> slot;
    std::vector<std::vector<i64>> request(nprocs_);
    i64 nghost = 0;
    for (int q = 0; q < nprocs_; q++) {
      std::sort(need[q].begin(), need[q].end());
      need[q].erase(std::unique(need[q].begin(), need[q].end()), need[q].end());
      if (need[q].empty()) continue;
      request[q].push_back(nghost); // where q's slots start in my window
      for (i64 u : need[q]) {
        slot[u] = nghost++;
        request[q].push_back(u);
      }
    }
    // Neighbour references: >= 0 a local vertex, < 0 the ghost slot -ref - 1.
    for (i64 u : g_.adj) ref_.push_back(owner(g_.n, u) == rank_ ? u - g_.base : -slot[u] - 1);

    std::vector<std::vector<i64>> asked = sparse_alltoall(request, 10);
    push_.resize(nprocs_);
    push_disp_.assign(nprocs_, 0);
    for (int p = 0; p < nprocs_; p++) {
      if (asked[p].empty()) continue;
      push_disp_[p] = asked[p][0];
      for (size_t t = 1; t < asked[p].size(); t++) push_[p].push_back(asked[p][t] - g_.base);
      push_total_ += static_cast<i64>(push_[p].size());
    }
    push_buf_.resize(push_total_);
    MPI_Win_allocate(nghost * static_cast<MPI_Aint>(sizeof(i64)), sizeof(i64), MPI_INFO_NULL,
                     MPI_COMM_WORLD, &ghost_comm_, &win_);
    MPI_Win_lock_all(0, win_);
  }

  // Community of the neighbour behind reference r.
  i64 community(i64 r) const { return r >= 0 ? comm_[r] : ghost_comm_[-r - 1]; }

  Info info(i64 c) const { return owner(g_.n, c) == rank_ ? own_[c - g_.base] : remote_.at(c); }

  void push_ghost_communities() {
    MPI_Barrier(MPI_COMM_WORLD); // every rank is done reading its ghost slots
    i64 pos = 0;
    for (int p = 0; p < nprocs_; p++) {
      if (push_[p].empty()) continue;
      i64 *seg = push_buf_.data() + pos;
      for (size_t t = 0; t < push_[p].size(); t++) seg[t] = comm_[push_[p][t]];
      int count = static_cast<int>(push_[p].size());
      MPI_Put(seg, count, MPI_INT64_T, p, push_disp_[p], count, MPI_INT64_T, win_);
      pos += count;
    }
    MPI_Win_flush_all(win_);     // the puts are complete at their targets
    MPI_Barrier(MPI_COMM_WORLD); // so every rank's slots are filled
    MPI_Win_sync(win_);          // and visible in its private window copy
  }

  // fillRemoteCommunities: degree and size of every remote community of a vertex or ghost.
  void fetch_remote_info() {
    std::vector<std::vector<i64>> ids(nprocs_);
    auto note = [&](i64 c) {
      if (owner(g_.n, c) != rank_) ids[owner(g_.n, c)].push_back(c);
    };
    for (i64 c : comm_) note(c);
    for (i64 r : ref_)
      if (r < 0) note(community(r));
    for (auto &l : ids) {
      std::sort(l.begin(), l.end());
      l.erase(std::unique(l.begin(), l.end()), l.end());
    }
    std::vector<std::vector<i64>> asked = sparse_alltoall(ids, 20), answer(nprocs_);
    for (int p = 0; p < nprocs_; p++)
      for (i64 c : asked[p]) {
        answer[p].push_back(own_[c - g_.base].tot);
        answer[p].push_back(own_[c - g_.base].size);
      }
    std::vector<std::vector<i64>> got = sparse_alltoall(answer, 30);
    remote_.clear();
    for (int q = 0; q < nprocs_; q++)
      for (size_t t = 0; t < ids[q].size(); t++)
        remote_[ids[q][t]] = {got[q][2 * t], got[q][2 * t + 1]};
  }

  // Q = sum over communities of in_c / 2m - (tot_c / 2m)^2, from exact integer sums.
  double modularity() const {
    i64 local[2] = {0, 0}, global[2]; // twice the internal weight, sum of tot^2
    for (i64 i = 0; i < g_.nloc; i++)
      for (i64 e = g_.offset[i]; e < g_.offset[i + 1]; e++)
        if (community(ref_[e]) == comm_[i]) local[0] += g_.weight[e];
    for (const Info &c : own_) local[1] += c.tot * c.tot;
    MPI_Allreduce(local, global, 2, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD);
    double m2 = static_cast<double>(m2_);
    return static_cast<double>(global[0]) / m2 - static_cast<double>(global[1]) / (m2 * m2);
  }

  // distExecuteLouvainIteration: every vertex picks the neighbour community with the largest
  // modularity gain, all from the state at the start of the iteration; then the community
  // degrees and sizes are updated, remote ones by their owners (updateRemoteCommunities).
  void move_vertices() {
    std::vector<i64> target(g_.nloc), cl_id, cl_w;
    for (i64 i = 0; i < g_.nloc; i++) {
      i64 a = comm_[i], k = g_.degree[i], w_a = 0;
      cl_id.clear();
      cl_w.clear();
      for (i64 e = g_.offset[i]; e < g_.offset[i + 1]; e++) {
        i64 c = community(ref_[e]);
        if (c == a) {
          w_a += g_.weight[e];
          continue;
        }
        auto it = std::find(cl_id.begin(), cl_id.end(), c);
        if (it == cl_id.end()) {
          cl_id.push_back(c);
          cl_w.push_back(g_.weight[e]);
        } else {
          cl_w[it - cl_id.begin()] += g_.weight[e];
        }
      }
      Info ia = info(a);
      i64 best = a, best_gain = 0;
      for (size_t t = 0; t < cl_id.size(); t++) {
        i64 b = cl_id[t];
        Info ib = info(b);
        // Two singletons swapping into each other would oscillate: only move to the lower id.
        if (ia.size == 1 && ib.size == 1 && b > a) continue;
        // 2m times the gain of moving from a to b, exact in 64-bit integers.
        i64 gain = m2_ * (cl_w[t] - w_a) - k * (ib.tot - ia.tot + k);
        if (gain > best_gain || (gain == best_gain && best != a && b < best)) {
          best = b;
          best_gain = gain;
        }
      }
      target[i] = best;
    }

    std::vector<std::vector<i64>> delta(nprocs_); // (community, tot change, size change)
    auto change = [&](i64 c, i64 tot, i64 size) {
      int q = owner(g_.n, c);
      if (q == rank_) {
        own_[c - g_.base].tot += tot;
        own_[c - g_.base].size += size;
      } else {
        delta[q].insert(delta[q].end(), {c, tot, size});
      }
    };
    for (i64 i = 0; i < g_.nloc; i++) {
      if (target[i] == comm_[i]) continue;
      change(comm_[i], -g_.degree[i], -1);
      change(target[i], g_.degree[i], 1);
      comm_[i] = target[i];
    }
    std::vector<std::vector<i64>> got = sparse_alltoall(delta, 40);
    for (const auto &l : got)
      for (size_t t = 0; t < l.size(); t += 3) {
        own_[l[t] - g_.base].tot += l[t + 1];
        own_[l[t] - g_.base].size += l[t + 2];
      }
  }

  const Graph &g_;
  i64 m2_ = 0;            // twice the total edge weight
  std::vector<i64> comm_; // community of each of my vertices
  std::vector<Info> own_; // communities named after my vertices
  std::vector<i64> ref_;  // per edge: local neighbour or ghost slot
  std::unordered_map<i64, Info> remote_;
  std::vector<std::vector<i64>> push_; // per rank: my vertices it holds as ghosts
  std::vector<i64> push_disp_;         // per rank: where their slots start in its window
  std::vector<i64> push_buf_;          // origin buffer of the puts
  i64 push_total_ = 0;
  i64 *ghost_comm_ = nullptr; // the window: community of each ghost vertex
  MPI_Win win_ = MPI_WIN_NULL;
  double modularity_ = 0.0;
};

} // namespace

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs_);
  i64 n = argc > 1 ? std::atoll(argv[1]) : 400000;
  int max_iterations = argc > 2 ? std::atoi(argv[2]) : 20;
  if (n < 64 * nprocs_) {
    if (rank_ == 0)
      std::fprintf(stderr, "minivite: %lld vertices are too few\n", static_cast<long long>(n));
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  {
    Graph g = generate(n);
    Louvain louvain(g);
    int iterations = louvain.run(max_iterations);
    i64 communities;
    u64 hash;
    louvain.summary(&communities, &hash);
    i64 local_edges = static_cast<i64>(g.adj.size()), edges;
    MPI_Reduce(&local_edges, &edges, 1, MPI_INT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank_ == 0) {
      std::printf("minivite: vertices=%lld edges=%lld iterations=%d ranks=%d\n",
                  static_cast<long long>(n), static_cast<long long>(edges / 2), iterations,
                  nprocs_);
      std::printf("checksum: %lld %016llx %.17g\n", static_cast<long long>(communities),
                  static_cast<unsigned long long>(hash), louvain.modularity_value());
    }
  }
  MPI_Finalize();
  return 0;
}
