// Segments (GASPI 5.x; API sheet A.5): allocated or bound memory is exposed to the engine as the
// engine segment of its id; segment_create and segment_use end with a barrier of their group.
#include "routines.h"

using namespace rmarace;
using namespace rmarace::gaspi;

extern "C" {
gaspi_return_t pgaspi_segment_ptr(const gaspi_segment_id_t segment_id,
                                  gaspi_pointer_t *ptr) RMARACE_GASPI_WEAK;
}

namespace {

// The library made `segment` of `size` bytes: expose it where the library says it is.
void created(Scope &scope, gaspi_segment_id_t segment, gaspi_size_t size) {
  gaspi_pointer_t base = nullptr;
  if (require(pgaspi_segment_ptr, "pgaspi_segment_ptr")(segment, &base) != GASPI_SUCCESS) return;
  scope.sem().segmentCreated(segment, reinterpret_cast<Address>(base), size);
}

// segment_create and segment_use: their group's barrier.
void groupSynchronised(Scope &scope, gaspi_group_t group) {
  if (std::optional<GroupView> g = scope.st().group(group))
    scope.sem().collective(scope.site(), *g);
}

} // namespace

extern "C" {

gaspi_return_t pgaspi_segment_alloc(const gaspi_segment_id_t segment_id, const gaspi_size_t size,
                                    const gaspi_alloc_t alloc_policy) RMARACE_GASPI_WEAK;
gaspi_return_t pgaspi_segment_bind(gaspi_segment_id_t const segment_id,
                                   gaspi_pointer_t const pointer, gaspi_size_t const size,
                                   gaspi_memory_description_t const description) RMARACE_GASPI_WEAK;
gaspi_return_t pgaspi_segment_create(const gaspi_segment_id_t segment_id, const gaspi_size_t size,
                                     const gaspi_group_t group, const gaspi_timeout_t timeout_ms,
                                     const gaspi_alloc_t alloc_policy) RMARACE_GASPI_WEAK;
gaspi_return_t pgaspi_segment_use(gaspi_segment_id_t const segment_id,
                                  gaspi_pointer_t const pointer, gaspi_size_t const size,
                                  gaspi_group_t const group, gaspi_timeout_t const timeout,
                                  gaspi_memory_description_t const description) RMARACE_GASPI_WEAK;
gaspi_return_t pgaspi_segment_delete(const gaspi_segment_id_t segment_id) RMARACE_GASPI_WEAK;

gaspi_return_t gaspi_segment_alloc(const gaspi_segment_id_t segment_id, const gaspi_size_t size,
                                   const gaspi_alloc_t alloc_policy) {
  RMARACE_GASPI_SCOPE("gaspi_segment_alloc");
  gaspi_return_t rc =
      require(pgaspi_segment_alloc, "pgaspi_segment_alloc")(segment_id, size, alloc_policy);
  if (scope && rc == GASPI_SUCCESS) created(scope, segment_id, size);
  return rc;
}

gaspi_return_t gaspi_segment_bind(gaspi_segment_id_t const segment_id,
                                  gaspi_pointer_t const pointer, gaspi_size_t const size,
                                  gaspi_memory_description_t const memory_description) {
  RMARACE_GASPI_SCOPE("gaspi_segment_bind");
  gaspi_return_t rc = require(pgaspi_segment_bind, "pgaspi_segment_bind")(segment_id, pointer, size,
                                                                          memory_description);
  if (scope && rc == GASPI_SUCCESS) created(scope, segment_id, size);
  return rc;
}

gaspi_return_t gaspi_segment_create(const gaspi_segment_id_t segment_id, const gaspi_size_t size,
                                    const gaspi_group_t group, const gaspi_timeout_t timeout_ms,
                                    const gaspi_alloc_t alloc_policy) {
  RMARACE_GASPI_SCOPE("gaspi_segment_create");
  waitingForOthers(scope);
  gaspi_return_t rc = scope.blocking([&] {
    return require(pgaspi_segment_create, "pgaspi_segment_create")(segment_id, size, group,
                                                                   timeout_ms, alloc_policy);
  });
  if (scope && rc == GASPI_SUCCESS) {
    created(scope, segment_id, size);
    groupSynchronised(scope, group);
  }
  return rc;
}

gaspi_return_t gaspi_segment_use(gaspi_segment_id_t const segment_id, gaspi_pointer_t const pointer,
                                 gaspi_size_t const size, gaspi_group_t const group,
                                 gaspi_timeout_t const timeout,
                                 gaspi_memory_description_t const memory_description) {
  RMARACE_GASPI_SCOPE("gaspi_segment_use");
  waitingForOthers(scope);
  gaspi_return_t rc = scope.blocking([&] {
    return require(pgaspi_segment_use, "pgaspi_segment_use")(segment_id, pointer, size, group,
                                                             timeout, memory_description);
  });
  if (scope && rc == GASPI_SUCCESS) {
    created(scope, segment_id, size);
    groupSynchronised(scope, group);
  }
  return rc;
}

gaspi_return_t gaspi_segment_delete(const gaspi_segment_id_t segment_id) {
  RMARACE_GASPI_SCOPE("gaspi_segment_delete");
  gaspi_return_t rc = require(pgaspi_segment_delete, "pgaspi_segment_delete")(segment_id);
  if (scope && rc == GASPI_SUCCESS) scope.sem().segmentDeleted(segment_id);
  return rc;
}

} // extern "C"
