// Groups and collectives (API sheet A.5, A.7): barrier and allreduce synchronise the members of
// their group (Def. 3.8) and complete no communication; allreduce reads and writes the caller's
// buffers. A group's tool channel is made when the program commits it. Under the nasty schedule
// a collective that waits long issues the notifications held here (nasty_queue.h).
#include "routines.h"

#include <vector>

using namespace rmarace;
using namespace rmarace::gaspi;

extern "C" {

gaspi_return_t pgaspi_group_commit(const gaspi_group_t group,
                                   const gaspi_timeout_t timeout_ms) RMARACE_GASPI_WEAK;
gaspi_return_t pgaspi_group_delete(const gaspi_group_t group) RMARACE_GASPI_WEAK;
gaspi_return_t pgaspi_group_size(const gaspi_group_t group,
                                 gaspi_number_t *const group_size) RMARACE_GASPI_WEAK;
gaspi_return_t pgaspi_group_ranks(const gaspi_group_t group,
                                  gaspi_rank_t *const group_ranks) RMARACE_GASPI_WEAK;
gaspi_return_t pgaspi_barrier(const gaspi_group_t group,
                              const gaspi_timeout_t timeout_ms) RMARACE_GASPI_WEAK;
gaspi_return_t pgaspi_allreduce(const gaspi_pointer_t buffer_send,
                                gaspi_pointer_t const buffer_receive, const gaspi_number_t num,
                                const gaspi_operation_t operation, const gaspi_datatype_t datatype,
                                const gaspi_group_t group,
                                const gaspi_timeout_t timeout_ms) RMARACE_GASPI_WEAK;
gaspi_return_t pgaspi_allreduce_user(const gaspi_pointer_t buffer_send,
                                     gaspi_pointer_t const buffer_receive, const gaspi_number_t num,
                                     const gaspi_size_t element_size,
                                     gaspi_reduce_operation_t const reduce_operation,
                                     gaspi_reduce_state_t const reduce_state,
                                     const gaspi_group_t group,
                                     const gaspi_timeout_t timeout_ms) RMARACE_GASPI_WEAK;

} // extern "C"

namespace {

// Bytes per element of the predefined allreduce types (gaspi_datatype_t).
std::size_t elementBytes(gaspi_datatype_t type) {
  switch (type) {
  case GASPI_TYPE_INT:
    return sizeof(gaspi_int);
  case GASPI_TYPE_UINT:
    return sizeof(gaspi_uint);
  case GASPI_TYPE_FLOAT:
    return sizeof(gaspi_float);
  case GASPI_TYPE_DOUBLE:
    return sizeof(gaspi_double);
  case GASPI_TYPE_LONG:
    return sizeof(gaspi_long);
  case GASPI_TYPE_ULONG:
    return sizeof(gaspi_ulong);
  }
  return 0;
}

ByteRanges bytesAt(const void *p, std::size_t bytes) {
  return p && bytes ? ByteRanges(reinterpret_cast<Address>(p), bytes) : ByteRanges();
}

void synchronised(Scope &scope, gaspi_group_t group, const ByteRanges &read = {},
                  const ByteRanges &written = {}) {
  if (std::optional<GroupView> g = scope.st().group(group))
    scope.sem().collective(scope.site(), *g, read, written);
}

} // namespace

extern "C" {

gaspi_return_t gaspi_group_commit(const gaspi_group_t group, const gaspi_timeout_t timeout_ms) {
  RMARACE_GASPI_SCOPE("gaspi_group_commit");
  waitingForOthers(scope);
  gaspi_return_t rc = scope.blocking(
      [&] { return require(pgaspi_group_commit, "pgaspi_group_commit")(group, timeout_ms); });
  if (!scope || rc != GASPI_SUCCESS) return rc;
  gaspi_number_t size = 0;
  if (require(pgaspi_group_size, "pgaspi_group_size")(group, &size) != GASPI_SUCCESS) return rc;
  std::vector<gaspi_rank_t> ranks(size);
  if (require(pgaspi_group_ranks, "pgaspi_group_ranks")(group, ranks.data()) != GASPI_SUCCESS)
    return rc;
  scope.st().committed(group, std::vector<Rank>(ranks.begin(), ranks.end()));
  synchronised(scope, group);
  return rc;
}

gaspi_return_t gaspi_group_delete(const gaspi_group_t group) {
  RMARACE_GASPI_SCOPE("gaspi_group_delete");
  gaspi_return_t rc = require(pgaspi_group_delete, "pgaspi_group_delete")(group);
  if (scope && rc == GASPI_SUCCESS) scope.st().deleted(group);
  return rc;
}

gaspi_return_t gaspi_barrier(const gaspi_group_t group, const gaspi_timeout_t timeout_ms) {
  RMARACE_GASPI_SCOPE("gaspi_barrier");
  gaspi_return_t rc = nasty::patiently(timeout_ms, [&](gaspi_timeout_t timeout) {
    return scope.blocking(
        [&] { return require(pgaspi_barrier, "pgaspi_barrier")(group, timeout); });
  });
  if (scope && rc == GASPI_SUCCESS) synchronised(scope, group);
  return rc;
}

gaspi_return_t gaspi_allreduce(const gaspi_pointer_t buffer_send,
                               gaspi_pointer_t const buffer_receive, const gaspi_number_t num,
                               const gaspi_operation_t operation, const gaspi_datatype_t datatype,
                               const gaspi_group_t group, const gaspi_timeout_t timeout_ms) {
  RMARACE_GASPI_SCOPE("gaspi_allreduce");
  gaspi_return_t rc = nasty::patiently(timeout_ms, [&](gaspi_timeout_t timeout) {
    return scope.blocking([&] {
      return require(pgaspi_allreduce, "pgaspi_allreduce")(buffer_send, buffer_receive, num,
                                                           operation, datatype, group, timeout);
    });
  });
  if (scope && rc == GASPI_SUCCESS) {
    std::size_t bytes = num * elementBytes(datatype);
    synchronised(scope, group, bytesAt(buffer_send, bytes), bytesAt(buffer_receive, bytes));
  }
  return rc;
}

gaspi_return_t gaspi_allreduce_user(const gaspi_pointer_t buffer_send,
                                    gaspi_pointer_t const buffer_receive, const gaspi_number_t num,
                                    const gaspi_size_t element_size,
                                    gaspi_reduce_operation_t const reduce_operation,
                                    gaspi_reduce_state_t const reduce_state,
                                    const gaspi_group_t group, const gaspi_timeout_t timeout_ms) {
  RMARACE_GASPI_SCOPE("gaspi_allreduce_user");
  gaspi_return_t rc = nasty::patiently(timeout_ms, [&](gaspi_timeout_t timeout) {
    return scope.blocking([&] {
      return require(pgaspi_allreduce_user,
                     "pgaspi_allreduce_user")(buffer_send, buffer_receive, num, element_size,
                                              reduce_operation, reduce_state, group, timeout);
    });
  });
  if (scope && rc == GASPI_SUCCESS) {
    std::size_t bytes = num * element_size;
    synchronised(scope, group, bytesAt(buffer_send, bytes), bytesAt(buffer_receive, bytes));
  }
  return rc;
}

} // extern "C"
