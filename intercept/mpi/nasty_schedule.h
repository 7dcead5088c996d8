// The pessimistic ("nasty") schedule of MPI RMA calls, after Nasty-MPI (Kowalewski and Fürlinger,
// Euro-Par 2016): RMA calls are handed to MPI as late and in as hostile an order as MPI-3.1
// allows, so that a program relying on its MPI library completing operations early shows a
// different output. Detection is untouched: the wrappers report every call to the semantics at
// the application's call; only the PMPI call is held here (docs/nasty.md).
//
// Stages (rt::NastyStage, RMARACE_OPTIONS=schedule=nasty:nasty_stages=...):
// - delay: a call is held at the origin and issued by the completion or synchronisation call
//   that forces it (flush, flush_all, unlock, unlock_all, fence, complete; MPI-3.1 11.5), just
//   before the real one. Nothing is copied: a held put reads its origin buffer at issue time and
//   a held get writes its result then. Local completion (flush_local, flush_local_all) issues
//   what writes the origin side (gets, fetching accumulates) and keeps puts and accumulates of a
//   predefined origin datatype held on a private copy of their origin data (the origin buffer is
//   the application's again after local completion).
//   Request-based calls (MPI_Rput, MPI_Rget, MPI_Raccumulate, MPI_Rget_accumulate) are held
//   the same way; the application gets a generalized request (MPI_Grequest_start) that the
//   schedule completes when the call is locally complete: issued (as the real request-based
//   call, waited for), or kept on a copy by a local completion. A wait or test of that request
//   is the call's own local completion (MPI-3.1 11.3.5).
// - reorder: what is issued together is issued in a seeded random order, except that
//   accumulates of this origin to one target keep their program order unless the window's
//   accumulate_ordering is "none" (MPI-3.1 11.7.2; nothing else is ordered, 11.7).
// - split: a put or get of count >= 2 predefined elements (the same type at origin and target)
//   is split into pieces of whole elements (rt::nasty::splitPlan), issued as separate calls;
//   put and get are not atomic at any granularity (11.7), elements are never split, and
//   accumulates are never split (their atomicity is per element, but their order is kept).
//
// The seeded order and the split plan are the model-neutral part in the runtime
// (rmarace/runtime/nasty.h).
#pragma once

#include <cstdint>
#include <mpi.h>
#include <optional>

namespace rmarace::mpi::nasty {

// The arguments of one RMA call, as the application passed them.
struct Call {
  enum class Kind { Put, Get, Accumulate, GetAccumulate, FetchAndOp, CompareAndSwap };
  Kind kind = Kind::Put;
  const void *origin = nullptr;
  int originCount = 0;
  MPI_Datatype originType = MPI_DATATYPE_NULL;
  void *result = nullptr; // gets: the origin buffer; fetching accumulates: the result buffer
  int resultCount = 0;
  MPI_Datatype resultType = MPI_DATATYPE_NULL;
  const void *compare = nullptr; // MPI_Compare_and_swap
  int target = 0;                // rank in the window's group
  MPI_Aint disp = 0;
  int targetCount = 0;
  MPI_Datatype targetType = MPI_DATATYPE_NULL;
  int dispUnit = 1; // bytes per displacement unit at the target (1 in dynamic windows)
  MPI_Op op = MPI_OP_NULL;
  MPI_Win win = MPI_WIN_NULL;

  // Accumulate-class calls are the ones MPI orders (MPI-3.1 11.7.2).
  bool accumulates() const { return kind != Kind::Put && kind != Kind::Get; }
  // Writes the origin side: needed by local completion.
  bool fetches() const { return kind != Kind::Put && kind != Kind::Accumulate; }
};

// Whether the nasty schedule is on (set at start-up, before any RMA call).
bool enabled();

// At start-up (collective over MPI_COMM_WORLD): the schedule's options; rank 0's seed is used
// by every rank (picked from the time when none was given) and printed by rank 0.
void start(bool on, unsigned stages, uint64_t seed, int rank);

// A window and its accumulate_ordering info (only "none" lets accumulates be reordered).
void windowCreated(MPI_Win win, MPI_Info info);

// Takes an RMA call of a tracked window: holds it, or issues it now when delay is off. Returns
// what MPI returned (MPI_SUCCESS for a held call).
int submit(const Call &call);

// Takes a request-based call (a put, get, accumulate or get-accumulate) of a tracked window:
// holds it and returns a generalized request in *request that completes when the call is locally
// complete; without the delay stage it is issued now, whole, with MPI's own request.
int submitRequest(const Call &call, MPI_Request *request);

// Before the Wait and Test families: the held request-based calls among `requests` are locally
// completed (issued, or kept on a copy), so that their requests are complete.
void requestsWaited(int count, const MPI_Request requests[]);

// Issues the held calls of `win` (to `target`, a rank of the window's group, or to all).
// Remote completion: everything. Local completion: what writes the origin side, and what cannot
// be kept on a copy.
void completeRemote(MPI_Win win, std::optional<int> target);
void completeLocal(MPI_Win win, std::optional<int> target);

// MPI_Win_free: issues what is left (an erroneous program's open epoch) and forgets the window.
void windowFreed(MPI_Win win);

// MPI_Finalize: issues everything still held.
void finish();

} // namespace rmarace::mpi::nasty
