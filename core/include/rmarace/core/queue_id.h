// The structure of queue and resource identifiers shared by the front ends and transports: the
// kind of exchange, the channel (communicator, window) it belongs to, and an application tag.
#pragma once

#include "rmarace/core/types.h"

#include <cstdint>

namespace rmarace {

enum class QueueKind : uint64_t {
  Message = 0,    // application point-to-point message (channel: communicator, tag: its tag)
  EpochOpen = 1,  // exposure epoch opened (MPI_Win_post; channel: window)
  EpochClose = 2, // access epoch closed (MPI_Win_complete; channel: window)
  Annotation = 3, // user annotation (tag: the annotation's queue)
};

inline constexpr unsigned kQueueKindShift = 60;
inline constexpr unsigned kQueueChannelShift = 32;
inline constexpr uint64_t kQueueChannelMask =
    (uint64_t{1} << (kQueueKindShift - kQueueChannelShift)) - 1;

inline QueueId queueId(QueueKind kind, uint64_t channel, int32_t tag = 0) {
  return static_cast<uint64_t>(kind) << kQueueKindShift |
         (channel & kQueueChannelMask) << kQueueChannelShift | static_cast<uint32_t>(tag);
}
inline QueueKind queueKind(QueueId id) {
  return static_cast<QueueKind>(id >> kQueueKindShift);
}
inline uint64_t queueChannel(QueueId id) {
  return (id >> kQueueChannelShift) & kQueueChannelMask;
}
inline int32_t queueTag(QueueId id) {
  return static_cast<int32_t>(id & 0xffffffffu);
}

// Resources: user annotations have the top bit set; the others are lock resources of a window
// at one target (an exclusive-releases-only slot and an all-releases slot).
inline constexpr uint64_t kAnnotationResourceBit = uint64_t{1} << 63;
inline ResourceId annotationResource(uint64_t userResource) {
  return kAnnotationResourceBit | (userResource & ~kAnnotationResourceBit);
}
inline ResourceId lockResource(SegmentId window, Rank target, bool exclusiveReleasesOnly) {
  return uint64_t{window} << 33 | uint64_t(static_cast<uint32_t>(target)) << 1 |
         (exclusiveReleasesOnly ? 1 : 0);
}
inline SegmentId lockResourceWindow(ResourceId r) {
  return static_cast<SegmentId>(r >> 33);
}
inline Rank lockResourceTarget(ResourceId r) {
  return static_cast<Rank>((r >> 1) & 0xffffffffu);
}
inline bool lockResourceExclusiveSlot(ResourceId r) {
  return r & 1;
}

} // namespace rmarace
