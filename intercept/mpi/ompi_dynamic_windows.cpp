#include "ompi_dynamic_windows.h"

#include <cstring>
#include <map>
#include <mutex>
#include <sys/auxv.h>

namespace rmarace::mpi::ompi {
namespace {

// osc/ucx's OMPI_OSC_UCX_ATTACH_MAX (osc_ucx.h): regions attached to one dynamic window at once.
constexpr int kAttachSlots = 32;
constexpr int kGuardSlots = 1;
// The guard's length: a one-byte region could never be found to be detached (defect 2).
constexpr MPI_Aint kGuardBytes = 2;
// What each region is attached with beyond its own bytes (defect 2).
constexpr MPI_Aint kEndSlack = 1;
// The library whose osc/ucx has the defects (MPI_Get_library_version's prefix).
constexpr const char kAffectedLibrary[] = "Open MPI v4.";

struct DynamicWindow {
  bool guarded = false;
  int programRegions = 0; // the program's attaches not yet detached: an upper bound on the slots
                          // they take (osc/ucx shares a slot between contained regions)
};

std::mutex g_mutex;
std::map<MPI_Win, DynamicWindow> g_windows; // under g_mutex: the affected library's windows

void *guardAddress() {
  // The executable's file name is the highest thing on the main thread's stack: above every
  // stack frame, every heap and every mapping a program attaches.
  return reinterpret_cast<void *>(getauxval(AT_EXECFN));
}

bool affectedLibrary() {
  static const bool affected = [] {
    char version[MPI_MAX_LIBRARY_VERSION_STRING] = {};
    int length = 0;
    if (PMPI_Get_library_version(version, &length) != MPI_SUCCESS) return false;
    return std::strncmp(version, kAffectedLibrary, sizeof(kAffectedLibrary) - 1) == 0;
  }();
  return affected;
}

// Runs `call` on `win` with errors returned rather than raised: a guard must never abort the
// program.
template <typename Call> int returningErrors(MPI_Win win, Call call) {
  MPI_Errhandler previous = MPI_ERRHANDLER_NULL;
  PMPI_Win_get_errhandler(win, &previous);
  PMPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);
  int rc = call();
  PMPI_Win_set_errhandler(win, previous);
  if (previous != MPI_ERRHANDLER_NULL) PMPI_Errhandler_free(&previous);
  return rc;
}

} // namespace

void dynamicWindowCreated(MPI_Win win) {
  if (!affectedLibrary()) return;
  void *guard = guardAddress();
  DynamicWindow window;
  window.guarded = guard && returningErrors(win, [&] {
                              return PMPI_Win_attach(win, guard, kGuardBytes);
                            }) == MPI_SUCCESS;
  std::lock_guard<std::mutex> lock(g_mutex);
  g_windows[win] = window;
}

int attach(MPI_Win win, void *base, MPI_Aint size) {
  std::unique_lock<std::mutex> lock(g_mutex);
  auto it = g_windows.find(win);
  if (it == g_windows.end() || size <= 0) {
    lock.unlock();
    return PMPI_Win_attach(win, base, size);
  }
  DynamicWindow &window = it->second;
  if (window.guarded && window.programRegions + kGuardSlots + 1 > kAttachSlots) {
    // The guard and the new region might not both fit: the program's region goes first.
    returningErrors(win, [&] { return PMPI_Win_detach(win, guardAddress()); });
    window.guarded = false;
  }
  int rc = PMPI_Win_attach(win, base, size + kEndSlack);
  if (rc == MPI_SUCCESS) ++window.programRegions;
  return rc;
}

void detached(MPI_Win win) {
  std::lock_guard<std::mutex> lock(g_mutex);
  auto it = g_windows.find(win);
  if (it != g_windows.end() && it->second.programRegions > 0) --it->second.programRegions;
}

void windowFreed(MPI_Win win) {
  std::lock_guard<std::mutex> lock(g_mutex);
  g_windows.erase(win);
}

} // namespace rmarace::mpi::ompi
