// Batches between the ranks of one node through shared memory (docs/runtime.md, "How ranks
// exchange tool data").
//
// A batch sent with MPI costs its sender an Isend and its target a probe, a receive and a buffer;
// a put and its fence send one batch per target every epoch. Between ranks of one node, the
// sender copies the batch into a ring of the target's instead, one per sender, and the target
// reads it from there. A ring that lacks room for a batch does not make the sender wait (its
// target may not read the ring for a long time: it computes, or it blocks in MPI): the batch then
// goes with MPI, and every batch between ranks of the node carries a sequence number, so that the
// target delivers the two ways' batches in the order they were sent.
#pragma once

#include "rmarace/core/types.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mpi.h>
#include <span>
#include <vector>

namespace rmarace::mpi {

class BatchRings {
public:
  // Bytes of one ring (a sender's batches to one target not read yet).
  static constexpr std::size_t kRingBytes = std::size_t{16} << 10;
  // Ranks on one node up to this many: every rank has a ring for each of them.
  static constexpr std::size_t kMaxNodeRanks = 64;

  // Collective over `world` (the tool's communicator of every process). Null on every process
  // when one does not `want` them, or the library gives no shared memory in the unified model;
  // otherwise each process has rings with the ranks of its node (possibly only itself, when it
  // is alone on its node or its node has more than kMaxNodeRanks ranks).
  static std::unique_ptr<BatchRings> create(MPI_Comm world, bool want);
  BatchRings(const BatchRings &) = delete;
  BatchRings &operator=(const BatchRings &) = delete;
  // Collective over `world`.
  void free();

  // Whether batches to and from world rank `peer` go through a ring (and carry sequence numbers):
  // another rank of the node.
  bool reaches(Rank peer) const {
    return peer >= 0 && static_cast<std::size_t>(peer) < localOf_.size() &&
           localOf_[static_cast<std::size_t>(peer)] != kNotLocal &&
           localOf_[static_cast<std::size_t>(peer)] != me_;
  }
  // The world ranks a ring reaches, this process excluded.
  const std::vector<Rank> &peers() const { return peers_; }

  // Appends batch number `seq` for `peer`; false when its ring lacks room.
  bool push(Rank peer, uint64_t seq, std::span<const std::byte> bytes);
  // The oldest batch from `origin` not read yet: its number and its bytes, in the ring until
  // consume(); seq 0 when there is none (numbers start at 1).
  struct Entry {
    uint64_t seq = 0;
    std::span<const std::byte> bytes;
    uint64_t end = 0; // the read position after it
  };
  Entry front(Rank origin) const;
  void consume(Rank origin, const Entry &entry);

private:
  BatchRings() = default;
  static constexpr int kNotLocal = -1;
  // A ring: the sender's write position and the reader's read position (byte counts since the
  // start, each on its own cache line), and the bytes. An entry is its sequence number, its
  // length and its bytes, padded to words; one that would cross the end starts at the beginning
  // after a wrap entry. A process's segment holds the positions of its rings from every rank of
  // the node, then their bytes (so that clearing the positions touches few pages).
  struct Positions;
  struct Ring {
    Positions *positions;
    std::byte *data;
  };
  Ring ring(int target, int sender) const;
  Ring ringTo(Rank peer) const;     // this process's ring in the peer's segment
  Ring ringFrom(Rank origin) const; // the origin's ring in this process's segment

  MPI_Win window_ = MPI_WIN_NULL;
  MPI_Comm node_ = MPI_COMM_NULL;
  int me_ = 0;                        // local rank on the node
  std::size_t nodeRanks_ = 0;         // ranks with rings on the node
  std::vector<int> localOf_;          // world rank -> local rank, or kNotLocal
  std::vector<Rank> peers_;           // world ranks of the node but this one
  std::vector<std::byte *> segments_; // every local rank's rings, mapped here
};

} // namespace rmarace::mpi
