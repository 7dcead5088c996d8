// C++: a class like miniVite's Louvain keeps a hash table, vectors whose sizes it stores, the
// window's base pointer and the origin buffer of its puts. None of it makes memory escape: the
// hash table's growth policy (libstdc++'s _Prime_rehash_policy) keeps nothing, a vector's size is
// an integer followed like a pointer, and indexing the table's buckets, which may be the single
// bucket inside the table, stays in that member. So only the window and the origin buffer are
// relevant: the loop over another vector is not checked, the window loads are.
// RUN: %clangxx %mpi_cflags -O2 -g -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes='print<rmarace-memory>,print<rmarace-plan>' -rmarace-whole-program -disable-output %t.ll 2>&1 | FileCheck %s
#define OMPI_SKIP_MPICXX 1
#define MPICH_SKIP_MPICXX 1
#include <mpi.h>

#include <cstdint>
#include <unordered_map>
#include <vector>

// CHECK: unknown memory: not relevant

namespace {

class Ghosts {
public:
  explicit Ghosts(const std::vector<std::int64_t> &neighbours) {
    for (std::int64_t u : neighbours)
      if (!slot_.count(u)) slot_[u] = static_cast<std::int64_t>(slot_.size());
    count_ = static_cast<std::int64_t>(slot_.size());
    origin_.resize(neighbours.size());
    MPI_Win_allocate(count_ * static_cast<MPI_Aint>(sizeof(std::int64_t)), sizeof(std::int64_t),
                     MPI_INFO_NULL, MPI_COMM_WORLD, &ghost_, &win_);
    MPI_Win_lock_all(0, win_);
  }
  ~Ghosts() {
    MPI_Win_unlock_all(win_);
    MPI_Win_free(&win_);
  }

  void push(const std::vector<std::int64_t> &values, int target) {
    for (std::size_t t = 0; t < values.size(); t++) origin_[t] = values[t];
    MPI_Put(origin_.data(), static_cast<int>(values.size()), MPI_INT64_T, target, 0,
            static_cast<int>(values.size()), MPI_INT64_T, win_);
    MPI_Win_flush_all(win_);
  }

  std::int64_t community(std::int64_t u) const {
    auto found = slot_.find(u);
    // CHECK-DAG: load [[# @LINE + 1]]:{{[0-9]+}} instrumented
    return found == slot_.end() ? -1 : ghost_[found->second];
  }

private:
  std::unordered_map<std::int64_t, std::int64_t> slot_;
  std::int64_t count_ = 0;
  std::vector<std::int64_t> origin_;
  std::int64_t *ghost_ = nullptr;
  MPI_Win win_ = MPI_WIN_NULL;
};

} // namespace

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  std::vector<std::int64_t> neighbours, weights;
  for (std::int64_t u = 0; u < 64; u++) {
    neighbours.push_back((u * 7) % 23);
    weights.push_back(u % 5);
  }
  std::int64_t total = 0;
  {
    Ghosts ghosts(neighbours);
    ghosts.push(weights, 0);
    for (std::size_t e = 0; e < neighbours.size(); e++)
      // CHECK-DAG: load [[# @LINE + 1]]:{{[0-9]+}} skipped: cannot touch RMA memory
      total += weights[e] * ghosts.community(neighbours[e]);
  }
  MPI_Finalize();
  return static_cast<int>(total & 1);
}
