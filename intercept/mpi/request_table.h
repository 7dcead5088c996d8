// The application requests the tool follows until they complete. MPI may hand out one handle
// value for several outstanding requests (Open MPI's shared-memory one-sided component and
// MPICH return a static, already complete request from MPI_Rput), so a handle names a list of
// entries, told apart by the address of the variable the request was returned in.
#pragma once

#include "mpi/semantics.h"

#include <cstdint>
#include <memory>
#include <mpi.h>
#include <optional>
#include <unordered_map>
#include <vector>

namespace rmarace::mpi {

// What the tool remembers about an application request until it completes.
struct RequestState {
  enum class Kind { Send, Receive, PersistentSend, PersistentReceive, Rma, Collective };
  Kind kind = Kind::Send;
  uint64_t channel = 0;
  Rank peer = -1; // world rank for sends
  int tag = 0;
  bool synchronous = false; // Ssend modes: the sender also waits for the receiver
  uint64_t replyToken = 0;
  bool active = true;
  RequestId rma = kNoRequest;
  LocationHandle site = kNoLocation;
  std::shared_ptr<Tracker::Collective> collective;
};

class RequestTable {
public:
  struct Claim {
    RequestState state;
    uint64_t id = 0;
  };

  // A new request, returned in *slot.
  RequestState &add(MPI_Request handle, const MPI_Request *slot, RequestState state);

  // The entry a completion call on `handle`, passed in *slot, completes: the one returned in that
  // variable, else the oldest. Entries in `taken` (claimed for other elements of the same call)
  // are skipped.
  std::optional<Claim> claim(MPI_Request handle, const MPI_Request *slot,
                             const std::vector<uint64_t> &taken = {}) const;

  // The entry of a persistent request (its handle is unique while it exists).
  RequestState *find(MPI_Request handle);
  RequestState *find(MPI_Request handle, uint64_t id);
  void erase(MPI_Request handle, uint64_t id);

private:
  struct Entry {
    uint64_t id;
    const MPI_Request *slot;
    RequestState state;
  };
  std::unordered_map<MPI_Request, std::vector<Entry>> entries_;
  uint64_t nextId_ = 1;
};

} // namespace rmarace::mpi
