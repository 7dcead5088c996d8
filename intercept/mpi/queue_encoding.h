// How the MPI front end names its queues and resources within its identifier domain
// (runtime/include/rmarace/runtime/id_space.h): the kind of exchange, the channel (communicator
// or window) it belongs to, and an application tag; lock resources of a window at one target.
#pragma once

#include "rmarace/core/types.h"
#include "rmarace/runtime/id_space.h"

#include <cstdint>

namespace rmarace::mpi {

enum class QueueKind : uint64_t {
  Message = 0,    // application point-to-point message (channel: communicator, tag: its tag)
  EpochOpen = 1,  // exposure epoch opened (MPI_Win_post; channel: window)
  EpochClose = 2, // access epoch closed (MPI_Win_complete; channel: window)
};

inline constexpr unsigned kQueueKindShift = 58;
inline constexpr unsigned kQueueChannelShift = 32;
inline constexpr uint64_t kQueueChannelMask =
    (uint64_t{1} << (kQueueKindShift - kQueueChannelShift)) - 1;
inline constexpr uint64_t kQueueTagMask = (uint64_t{1} << kQueueChannelShift) - 1;

inline QueueId queueId(QueueKind kind, uint64_t channel, int32_t tag = 0) {
  return rt::domainId(rt::IdDomain::Mpi, static_cast<uint64_t>(kind) << kQueueKindShift |
                                             (channel & kQueueChannelMask) << kQueueChannelShift |
                                             static_cast<uint32_t>(tag));
}
inline QueueKind queueKind(QueueId id) {
  return static_cast<QueueKind>(rt::idLocal(id) >> kQueueKindShift);
}
inline uint64_t queueChannel(QueueId id) {
  return (id >> kQueueChannelShift) & kQueueChannelMask;
}
inline int32_t queueTag(QueueId id) {
  return static_cast<int32_t>(id & kQueueTagMask);
}

// Lock resources of a window at one target: an all-releases slot and an exclusive-releases-only
// slot (see Semantics::lock).
inline constexpr unsigned kLockWindowShift = 33;
inline constexpr unsigned kLockTargetShift = 1;
inline constexpr uint64_t kLockTargetMask = 0xffffffffu;
inline constexpr uint64_t kLockExclusiveSlotBit = 1;

inline ResourceId lockResource(SegmentId window, Rank target, bool exclusiveReleasesOnly) {
  return rt::domainId(rt::IdDomain::Mpi, uint64_t{window} << kLockWindowShift |
                                             uint64_t(static_cast<uint32_t>(target))
                                                 << kLockTargetShift |
                                             (exclusiveReleasesOnly ? kLockExclusiveSlotBit : 0));
}
inline SegmentId lockResourceWindow(ResourceId r) {
  return static_cast<SegmentId>(rt::idLocal(r) >> kLockWindowShift);
}
inline Rank lockResourceTarget(ResourceId r) {
  return static_cast<Rank>((r >> kLockTargetShift) & kLockTargetMask);
}
inline bool lockResourceExclusiveSlot(ResourceId r) {
  return r & kLockExclusiveSlotBit;
}

} // namespace rmarace::mpi
