#include "misuse.h"

#include <atomic>
#include <mutex>
#include <set>

namespace rmarace::mpi {

namespace {
std::mutex g_freedMutex;
std::set<MPI_Win> g_freed; // under g_freedMutex
// g_freed's size, read without the lock: every RMA call asks, and most programs free their
// windows only at the end.
std::atomic<std::size_t> g_freedCount{0};

bool wasFreed(MPI_Win win) {
  if (g_freedCount.load(std::memory_order_acquire) == 0) return false;
  std::lock_guard<std::mutex> guard(g_freedMutex);
  return g_freed.count(win) > 0;
}
} // namespace

void windowCreated(MPI_Win win) {
  std::lock_guard<std::mutex> guard(g_freedMutex);
  g_freed.erase(win);
  g_freedCount.store(g_freed.size(), std::memory_order_release);
}

void windowFreed(MPI_Win win) {
  std::lock_guard<std::mutex> guard(g_freedMutex);
  g_freed.insert(win);
  g_freedCount.store(g_freed.size(), std::memory_order_release);
}

void reportMisuse(Scope &scope, const char *kind, const std::string &message) {
  ErrorRecord e;
  e.kind = kind;
  e.rank = scope.st().runtime->rank();
  e.location = scope.st().runtime->resolve(scope.site());
  e.message = message;
  scope.st().runtime->reportError(e);
}

bool usesFreedWindow(Scope &scope, MPI_Win win) {
  if (!scope || !wasFreed(win)) return false;
  reportMisuse(scope, "freed-window",
               std::string(scope.call()) + " on a window that was freed (MPI_Win_free)");
  return true;
}

int freedWindowError() {
  PMPI_Comm_call_errhandler(MPI_COMM_WORLD, MPI_ERR_WIN);
  return MPI_ERR_WIN;
}

} // namespace rmarace::mpi
