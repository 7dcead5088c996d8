// Start-up and shutdown (GPI-2's MPI mode, API sheet part B): the library starts underneath the
// front end (whatever it does through MPI then is its own business), then the front end attaches
// to the MPI front end's transport; it detaches before the library shuts down. Routines without
// semantics that may talk to other processes pass through opaquely.
#include "mpi/attach.h"
#include "rmarace/runtime/lifecycle.h"
#include "routines.h"

#include <cstdio>
#include <numeric>

using namespace rmarace;
using namespace rmarace::gaspi;

namespace {

State *g_state = nullptr;

void startFrontEnd(const void *returnAddress) {
  if (g_state) return;
  if (!rmarace_mpi_attach("GASPI")) {
    std::fprintf(stderr, "rmarace: warning: the GASPI library does not run on MPI: nothing is "
                         "checked\n");
    return;
  }
  rt::ScopedInterceptor scope("gaspi_proc_init", returnAddress);
  if (!scope) return;
  GroupView world;
  world.members.resize(static_cast<std::size_t>(scope.runtime().worldSize()));
  std::iota(world.members.begin(), world.members.end(), 0);
  world.channel = rmarace_mpi_world_channel();
  g_state = new State(scope.tracker(), std::move(world));
}

void finishFrontEnd(const char *call, const void *returnAddress) {
  if (!g_state) return;
  // The state stays allocated: a thread may still hold it in a scope that passes through.
  g_state = nullptr;
  rmarace_mpi_detach(call, returnAddress);
}

} // namespace

State *rmarace::gaspi::state() {
  return g_state;
}

extern "C" {

gaspi_return_t pgaspi_proc_init(const gaspi_timeout_t timeout_ms) RMARACE_GASPI_WEAK;
gaspi_return_t pgaspi_proc_term(const gaspi_timeout_t timeout_ms) RMARACE_GASPI_WEAK;

gaspi_return_t gaspi_proc_init(const gaspi_timeout_t timeout_ms) {
  gaspi_return_t rc;
  {
    rt::OpaqueLibraryCall library;
    rc = require(pgaspi_proc_init, "pgaspi_proc_init")(timeout_ms);
  }
  if (rc == GASPI_SUCCESS) startFrontEnd(__builtin_return_address(0));
  return rc;
}

gaspi_return_t gaspi_proc_term(const gaspi_timeout_t timeout_ms) {
  if (g_state) nasty::finish(); // what the nasty schedule still holds (nasty_queue.h)
  finishFrontEnd("gaspi_proc_term", __builtin_return_address(0));
  rt::OpaqueLibraryCall library;
  return require(pgaspi_proc_term, "pgaspi_proc_term")(timeout_ms);
}

} // extern "C"

RMARACE_GASPI_OPAQUE(gaspi_proc_kill, (const gaspi_rank_t rank, const gaspi_timeout_t timeout_ms),
                     (rank, timeout_ms))
RMARACE_GASPI_OPAQUE(gaspi_proc_ping, (const gaspi_rank_t rank, gaspi_timeout_t timeout_ms),
                     (rank, timeout_ms))
RMARACE_GASPI_OPAQUE(gaspi_connect, (const gaspi_rank_t rank, const gaspi_timeout_t timeout_ms),
                     (rank, timeout_ms))
RMARACE_GASPI_OPAQUE(gaspi_disconnect, (const gaspi_rank_t rank, const gaspi_timeout_t timeout_ms),
                     (rank, timeout_ms))
RMARACE_GASPI_OPAQUE(gaspi_state_vec_get, (gaspi_state_vector_t state_vector), (state_vector))
RMARACE_GASPI_OPAQUE(gaspi_segment_register,
                     (const gaspi_segment_id_t segment_id, const gaspi_rank_t rank,
                      const gaspi_timeout_t timeout_ms),
                     (segment_id, rank, timeout_ms))
RMARACE_GASPI_OPAQUE(gaspi_queue_create,
                     (gaspi_queue_id_t *const queue, const gaspi_timeout_t timeout_ms),
                     (queue, timeout_ms))
