// From the arguments of the communication routines to the semantics layer.
#include "routines.h"

#include <string>

namespace rmarace::gaspi {

namespace {

std::optional<Transfer> transferOf(Scope &s, gaspi_segment_id_t localSegment,
                                   gaspi_offset_t localOffset, gaspi_segment_id_t remoteSegment,
                                   gaspi_offset_t remoteOffset, gaspi_size_t size) {
  std::optional<Address> local = s.sem().localAddress(localSegment, localOffset, size);
  if (!local) {
    s.error("invalid-segment", "bytes [" + std::to_string(localOffset) + ", " +
                                   std::to_string(localOffset + size) + ") of local segment " +
                                   std::to_string(localSegment) +
                                   " do not exist (segment not created here, or out of its range)");
    return std::nullopt;
  }
  return Transfer{*local, remoteSegment, remoteOffset, size};
}

} // namespace

std::vector<Transfer> transfersOf(Scope &s, gaspi_number_t num,
                                  const gaspi_segment_id_t *localSegment,
                                  const gaspi_offset_t *localOffset,
                                  const gaspi_segment_id_t *remoteSegment,
                                  const gaspi_offset_t *remoteOffset, const gaspi_size_t *size) {
  std::vector<Transfer> out;
  if (!localSegment || !localOffset || !remoteSegment || !remoteOffset || !size) return out;
  for (gaspi_number_t i = 0; i < num; ++i)
    if (std::optional<Transfer> t = transferOf(s, localSegment[i], localOffset[i], remoteSegment[i],
                                               remoteOffset[i], size[i]))
      out.push_back(*t);
  return out;
}

std::vector<Transfer> transfersOf(Scope &s, gaspi_segment_id_t localSegment,
                                  gaspi_offset_t localOffset, gaspi_segment_id_t remoteSegment,
                                  gaspi_offset_t remoteOffset, gaspi_size_t size) {
  return transfersOf(s, 1, &localSegment, &localOffset, &remoteSegment, &remoteOffset, &size);
}

bool willPost(gaspi_queue_id_t queue, gaspi_number_t entries) {
  gaspi_number_t used = 0, max = 0;
  if (!pgaspi_queue_size || !pgaspi_queue_size_max) return true;
  if (pgaspi_queue_size(queue, &used) != GASPI_SUCCESS ||
      pgaspi_queue_size_max(&max) != GASPI_SUCCESS)
    return false; // an invalid queue: the library refuses the call
  return used + entries <= max;
}

} // namespace rmarace::gaspi
