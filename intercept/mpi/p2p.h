// Point-to-point synchronisation helpers shared by the message and request wrappers
// (dissertation Table 3.1: sends signal at initiation, receives wait at completion).
#pragma once

#include "scope.h"

namespace rmarace::mpi {

// The clock message of a send to `dest` (a rank of `comm`), sent before the application's. For
// synchronous sends it asks the receiver for its clock and returns the token of that answer.
uint64_t signalMessage(Scope &scope, MPI_Comm comm, int dest, int tag, bool synchronous = false);
// After a synchronous send completed: absorb the receiver's answer (Table 3.1: Ssend waits).
void awaitAnswer(Scope &scope, MPI_Comm comm, int dest, uint64_t token);
// A received (or probed) message: absorb its sender's clock, unless a probe already did.
void absorbMessage(Scope &scope, uint64_t channel, const MPI_Status &status);
void absorbProbe(Scope &scope, MPI_Comm comm, const MPI_Status &status);
// Completion of a request the tool tracks.
void requestCompleted(Scope &scope, RequestState &request, const MPI_Status &status);

// Statuses the wrapper can always read, even when the caller ignores them.
class StatusArray {
public:
  StatusArray(MPI_Status *user, int count) : user_(user) {
    if (user == MPI_STATUSES_IGNORE || user == MPI_STATUS_IGNORE)
      own_.resize(static_cast<std::size_t>(count > 0 ? count : 1));
  }
  MPI_Status *get() { return own_.empty() ? user_ : own_.data(); }
  MPI_Status &operator[](int i) { return get()[i]; }

private:
  MPI_Status *user_;
  std::vector<MPI_Status> own_;
};

} // namespace rmarace::mpi
