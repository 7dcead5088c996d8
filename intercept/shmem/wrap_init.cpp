// Start-up and shutdown (OpenSHMEM 1.5 section 9.2): the library starts underneath the front end
// (whatever it does through MPI then is its own business), then the front end attaches to the MPI
// front end's transport and exposes the program's global data; it detaches before the library
// shuts down.
#include "global_data.h"
#include "mpi/attach.h"
#include "nasty_nbi.h"
#include "rmarace/runtime/lifecycle.h"
#include "routines.h"

#include <cstdio>
#include <numeric>

using namespace rmarace;
using namespace rmarace::shmem;

namespace {

State *g_state = nullptr;

void startFrontEnd(const void *returnAddress) {
  if (g_state) return; // initialised before (1.5 permits repeated initialisation)
  if (!rmarace_mpi_attach("OpenSHMEM")) {
    std::fprintf(stderr, "rmarace: warning: the OpenSHMEM library does not run on MPI: nothing "
                         "is checked\n");
    return;
  }
  rt::ScopedInterceptor scope("shmem_init", returnAddress);
  if (!scope) return;
  GroupView world;
  world.members.resize(static_cast<std::size_t>(scope.runtime().worldSize()));
  std::iota(world.members.begin(), world.members.end(), 0);
  world.channel = rmarace_mpi_world_channel();
  auto *st = new State(scope.tracker(), std::move(world));
  for (const GlobalObject &global : executableGlobals())
    st->semantics.exposed(global.begin, global.size, "global '" + global.name + "'");
  g_state = st;
}

void finishFrontEnd(const char *call, const void *returnAddress) {
  if (!g_state) return;
  // The state stays allocated: a thread may still hold it in a scope that passes through.
  g_state = nullptr;
  rmarace_mpi_detach(call, returnAddress);
}

} // namespace

State *rmarace::shmem::state() {
  return g_state;
}

extern "C" {

void pshmem_init(void) RMARACE_SHMEM_WEAK;
int pshmem_init_thread(int requested, int *provided) RMARACE_SHMEM_WEAK;
void pstart_pes(int npes) RMARACE_SHMEM_WEAK;
void pshmem_finalize(void) RMARACE_SHMEM_WEAK;
void pshmem_global_exit(int status) RMARACE_SHMEM_WEAK;

void shmem_init(void) {
  {
    rt::OpaqueLibraryCall library;
    require(pshmem_init, "pshmem_init")();
  }
  startFrontEnd(__builtin_return_address(0));
}

int shmem_init_thread(int requested, int *provided) {
  int rc = 0;
  {
    rt::OpaqueLibraryCall library;
    rc = require(pshmem_init_thread, "pshmem_init_thread")(requested, provided);
  }
  if (rc == 0) startFrontEnd(__builtin_return_address(0));
  return rc;
}

void start_pes(int npes) {
  {
    rt::OpaqueLibraryCall library;
    require(pstart_pes, "pstart_pes")(npes);
  }
  startFrontEnd(__builtin_return_address(0));
}

void shmem_finalize(void) {
  {
    rt::OpaqueLibraryCall library; // the held calls are the library's business now
    completeNbi();                 // finalisation completes what is outstanding (9.2.3)
  }
  finishFrontEnd("shmem_finalize", __builtin_return_address(0));
  rt::OpaqueLibraryCall library;
  require(pshmem_finalize, "pshmem_finalize")();
}

void shmem_global_exit(int status) {
  if (g_state) rt::Lifecycle::aborting("shmem_global_exit", __builtin_return_address(0));
  rt::OpaqueLibraryCall library;
  require(pshmem_global_exit, "pshmem_global_exit")(status);
}

} // extern "C"
