// The dissertation's Fig. 5.14 example, run in the simulator: rank 0 puts into rank 1's window
// under a lock while rank 1 prints the same location between two barriers.
#include "mpi/semantics.h"
#include "rmarace/core/report_format.h"
#include "rmarace/sim/simulator.h"

#include <iostream>

using namespace rmarace;

int main() {
  sim::Simulator s(
      2, sim::Options{sim::Delivery::Eager, sim::Schedule::RunUntilBlocked, "race-example.c"});
  SegmentId win = s.segment(sizeof(int), "win");
  s.run([&](sim::SimRank &r) {
    mpi::Semantics mpi(r.tracker());
    mpi::Window &w = mpi.defineWindow(win, "win", r.world(), false);
    mpi.allToAll(r.world(), r.site(9, "MPI_Barrier"));
    if (r.rank() == 0) {
      Address value = r.allocate(sizeof(int));
      mpi.lock(w, 1, mpi::LockType::Exclusive, r.site(12, "MPI_Win_lock"));
      RmaOperation put;
      put.site = r.site(13, "MPI_Put");
      put.target = 1;
      put.remoteWrite = true;
      put.targetRanges = ByteRanges(0, sizeof(int));
      put.originRead = ByteRanges(value, sizeof(int));
      mpi.rma(w, put);
      mpi.unlock(w, 1, r.site(14, "MPI_Win_unlock"));
    } else {
      r.load(r.segmentAddress(win), sizeof(int), 17);
    }
    mpi.allToAll(r.world(), r.site(19, "MPI_Barrier"));
  });
  for (const RaceRecord &race : s.races()) std::cout << formatRaceText(race);
  return s.races().empty() ? 1 : 0;
}
