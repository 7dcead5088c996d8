// Windows: creation and release, dynamic attachment, and the completion and synchronisation
// calls (fence, PSCW, locks, flushes; dissertation Table 4.2).
#include "fence_area.h"
#include "misuse.h"
#include "nasty_schedule.h"
#include "ompi_dynamic_windows.h"
#include "scope.h"

#include <cstring>

namespace rmarace::mpi {
namespace {

// Whether the accumulate_ordering info orders conflicting accumulates of one origin: the default
// rar,raw,war,waw does (MPI-3.1 11.7.2); "none" or a partial list is treated as no ordering.
bool accumulatesOrdered(MPI_Info info) {
  if (info == MPI_INFO_NULL) return true;
  char value[MPI_MAX_INFO_VAL + 1] = {};
  int found = 0;
  PMPI_Info_get(info, "accumulate_ordering", MPI_MAX_INFO_VAL, value, &found);
  if (!found) return true;
  std::string orders(value);
  return orders.find("raw") != std::string::npos && orders.find("war") != std::string::npos &&
         orders.find("waw") != std::string::npos;
}

void createWindow(Scope &scope, MPI_Win win, MPI_Comm comm, MPI_Info info, void *base,
                  MPI_Aint size, int dispUnit, bool dynamic) {
  windowCreated(win);
  if (!scope) return;
  nasty::windowCreated(win, info);
  State &st = scope.st();
  Channel &ch = st.makeChannel(comm);
  // Every member learns every part's size and displacement unit, and all agree on an id.
  int64_t mine[2] = {static_cast<int64_t>(size), dispUnit};
  std::vector<int64_t> all(2 * ch.group.members.size());
  scope.blocking(
      [&] { return PMPI_Allgather(mine, 2, MPI_INT64_T, all.data(), 2, MPI_INT64_T, ch.shadow); });
  uint64_t segment = st.nextSegment;
  scope.blocking(
      [&] { return PMPI_Allreduce(MPI_IN_PLACE, &segment, 1, MPI_UINT64_T, MPI_MAX, ch.shadow); });
  st.nextSegment = static_cast<SegmentId>(segment + 1);
  WindowState ws;
  ws.segment = static_cast<SegmentId>(segment);
  ws.channel = ch.id;
  ws.dynamic = dynamic;
  ws.accumulatesOrdered = accumulatesOrdered(info);
  for (std::size_t i = 0; i < ch.group.members.size(); ++i) {
    ws.sizes.push_back(static_cast<uint64_t>(all[2 * i]));
    ws.dispUnits.push_back(static_cast<int>(all[2 * i + 1]));
  }
  ws.toolWindow = st.transport->createLockArea(ch);
  // The board's number orders the communicators' boards at MPI_Finalize; a window's goes with it.
  ws.fenceBoard = st.transport->createBoard(ch, st.runtime->options().sharedExchange, 0);
  if (!ws.fenceBoard) ws.fenceArea = st.transport->createFenceArea(ch);
  st.windows[win] = ws;
  std::string name = "window " + std::to_string(segment);
  scope.tracker().process().exposeMemory(ws.segment, reinterpret_cast<Address>(base),
                                         dynamic ? 0 : static_cast<uint64_t>(size), name, dynamic);
  scope.sem().defineWindow(ws.segment, name, ch.group, dynamic);
}

// Flushes belong in passive target epochs (MPI-3.1 11.5.4); MPI libraries accept them anywhere.
void checkPassiveEpoch(Scope &scope, const Window &w, std::optional<Rank> target) {
  if (scope.sem().inPassiveEpoch(w, target)) return;
  std::string of = target ? " of rank " + std::to_string(*target) : std::string();
  reportMisuse(scope, "no-passive-epoch",
               std::string(scope.call()) + of + " outside a passive target epoch of " + w.name);
}

Window *semanticWindow(Scope &scope, MPI_Win win, WindowState **ws = nullptr) {
  if (!scope) return nullptr;
  WindowState *w = scope.st().window(win);
  if (!w) return nullptr;
  if (ws) *ws = w;
  return &scope.sem().window(w->segment);
}

Rank worldOf(Scope &scope, const WindowState &w, int rank) {
  return scope.st().channels.at(w.channel).group.members[static_cast<std::size_t>(rank)];
}

std::vector<Rank> groupRanks(MPI_Group group) {
  return worldRanks(group);
}

} // namespace
} // namespace rmarace::mpi

using namespace rmarace;
using namespace rmarace::mpi;

extern "C" {

int MPI_Win_create(void *base, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm,
                   MPI_Win *win) {
  RMARACE_SCOPE("MPI_Win_create");
  int rc = scope.blocking([&] { return PMPI_Win_create(base, size, disp_unit, info, comm, win); });
  if (rc == MPI_SUCCESS) createWindow(scope, *win, comm, info, base, size, disp_unit, false);
  return rc;
}

int MPI_Win_allocate(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr,
                     MPI_Win *win) {
  RMARACE_SCOPE("MPI_Win_allocate");
  int rc =
      scope.blocking([&] { return PMPI_Win_allocate(size, disp_unit, info, comm, baseptr, win); });
  if (rc == MPI_SUCCESS)
    createWindow(scope, *win, comm, info, *static_cast<void **>(baseptr), size, disp_unit, false);
  return rc;
}

int MPI_Win_allocate_shared(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm,
                            void *baseptr, MPI_Win *win) {
  RMARACE_SCOPE("MPI_Win_allocate_shared");
  int rc = scope.blocking(
      [&] { return PMPI_Win_allocate_shared(size, disp_unit, info, comm, baseptr, win); });
  if (rc != MPI_SUCCESS) return rc;
  createWindow(scope, *win, comm, info, *static_cast<void **>(baseptr), size, disp_unit, false);
  WindowState *ws = nullptr;
  if (!semanticWindow(scope, *win, &ws)) return rc;
  // Every other member's part is mapped here too: plain loads and stores through the pointers
  // MPI_Win_shared_query returns are remote accesses of that member's memory.
  const Channel &ch = scope.st().channels.at(ws->channel);
  for (std::size_t r = 0; r < ch.group.members.size(); ++r) {
    if (ch.group.members[r] == scope.tracker().process().rank()) continue;
    MPI_Aint partSize = 0;
    int partDispUnit = 0;
    void *partBase = nullptr;
    if (PMPI_Win_shared_query(*win, static_cast<int>(r), &partSize, &partDispUnit, &partBase) !=
            MPI_SUCCESS ||
        partSize <= 0 || !partBase)
      continue;
    scope.tracker().process().mapRemoteMemory(ws->segment, ch.group.members[r],
                                              reinterpret_cast<Address>(partBase),
                                              static_cast<uint64_t>(partSize));
  }
  return rc;
}

int MPI_Win_create_dynamic(MPI_Info info, MPI_Comm comm, MPI_Win *win) {
  RMARACE_SCOPE("MPI_Win_create_dynamic");
  int rc = scope.blocking([&] { return PMPI_Win_create_dynamic(info, comm, win); });
  if (rc != MPI_SUCCESS) return rc;
  ompi::dynamicWindowCreated(*win);
  createWindow(scope, *win, comm, info, nullptr, 0, 1, true);
  return rc;
}

int MPI_Win_attach(MPI_Win win, void *base, MPI_Aint size) {
  RMARACE_SCOPE("MPI_Win_attach");
  RMARACE_REJECT_FREED_WINDOW(win);
  int rc = ompi::attach(win, base, size);
  WindowState *ws = nullptr;
  if (rc == MPI_SUCCESS && semanticWindow(scope, win, &ws))
    scope.tracker().process().exposeMemory(ws->segment, reinterpret_cast<Address>(base),
                                           static_cast<uint64_t>(size),
                                           "window " + std::to_string(ws->segment), true);
  return rc;
}

int MPI_Win_detach(MPI_Win win, const void *base) {
  RMARACE_SCOPE("MPI_Win_detach");
  RMARACE_REJECT_FREED_WINDOW(win);
  WindowState *ws = nullptr;
  if (semanticWindow(scope, win, &ws))
    scope.tracker().process().unexposeMemory(ws->segment, reinterpret_cast<Address>(base));
  int rc = PMPI_Win_detach(win, base);
  if (rc == MPI_SUCCESS) ompi::detached(win);
  return rc;
}

int MPI_Win_free(MPI_Win *win) {
  RMARACE_SCOPE("MPI_Win_free");
  RMARACE_REJECT_FREED_WINDOW(*win);
  nasty::windowFreed(*win); // an erroneous open epoch: what it held goes first
  ompi::windowFreed(*win);
  WindowState *ws = nullptr;
  if (Window *w = semanticWindow(scope, *win, &ws)) {
    if (std::optional<std::string> open = scope.sem().openEpoch(*w))
      reportMisuse(scope, "free-in-epoch",
                   "MPI_Win_free of " + w->name + " inside " + *open +
                       " (a window is freed only after its epochs are completed)");
    scope.sem().freeWindow(ws->segment, scope.site());
    if (ws->fenceBoard || ws->fenceArea)
      scope.blocking([&] {
        if (ws->fenceBoard) ws->fenceBoard->free();
        if (ws->fenceArea) ws->fenceArea->free();
        return MPI_SUCCESS;
      });
    if (ws->toolWindow != MPI_WIN_NULL)
      scope.blocking([&] { return PMPI_Win_free(&ws->toolWindow); });
    scope.st().removeChannel(ws->channel);
    scope.st().windows.erase(*win);
    windowFreed(*win);
  }
  return scope.blocking([&] { return PMPI_Win_free(win); });
}

int MPI_Win_fence(int assert, MPI_Win win) {
  RMARACE_SCOPE("MPI_Win_fence");
  RMARACE_REJECT_FREED_WINDOW(win);
  nasty::completeRemote(win, std::nullopt);
  WindowState *ws = nullptr;
  Window *w = semanticWindow(scope, win, &ws);
  if (!w) return scope.blocking([&] { return PMPI_Win_fence(assert, win); });
  bool noPrecede = assert &MPI_MODE_NOPRECEDE, noSucceed = assert &MPI_MODE_NOSUCCEED;
  CollectiveBoard *board =
      ws->fenceBoard && ws->fenceBoard->carries() ? ws->fenceBoard.get() : nullptr;
  FenceArea *area = ws->fenceArea && ws->fenceArea->carries() ? ws->fenceArea.get() : nullptr;
  auto carried = [&](const CollectiveContribution &mine) -> PendingExchangePtr {
    if (board) return board->startFence(mine);
    return area->start(mine, w->group, noPrecede);
  };
  Semantics::Fence f = board || area
                           ? scope.sem().fenceBegin(*w, noPrecede, noSucceed, scope.site(), carried)
                           : scope.sem().fenceBegin(*w, noPrecede, noSucceed, scope.site());
  int rc = scope.blocking([&] { return PMPI_Win_fence(assert, win); });
  scope.sem().fenceEnd(*w, f);
  return rc;
}

int MPI_Win_lock(int lock_type, int rank, int assert, MPI_Win win) {
  RMARACE_SCOPE("MPI_Win_lock");
  RMARACE_REJECT_FREED_WINDOW(win);
  int rc = scope.blocking([&] { return PMPI_Win_lock(lock_type, rank, assert, win); });
  WindowState *ws = nullptr;
  if (rc == MPI_SUCCESS)
    if (Window *w = semanticWindow(scope, win, &ws))
      scope.sem().lock(*w, worldOf(scope, *ws, rank),
                       lock_type == MPI_LOCK_EXCLUSIVE ? LockType::Exclusive : LockType::Shared,
                       scope.site());
  return rc;
}

int MPI_Win_unlock(int rank, MPI_Win win) {
  RMARACE_SCOPE("MPI_Win_unlock");
  RMARACE_REJECT_FREED_WINDOW(win);
  nasty::completeRemote(win, rank);
  WindowState *ws = nullptr;
  if (Window *w = semanticWindow(scope, win, &ws)) {
    Rank target = worldOf(scope, *ws, rank);
    // A flush cannot return before the lock is held: then the acquisition is known.
    if (scope.sem().needsConfirmation(*w, target))
      scope.blocking([&] { return PMPI_Win_flush(rank, win); });
    scope.sem().unlock(*w, target, scope.site());
  }
  return scope.blocking([&] { return PMPI_Win_unlock(rank, win); });
}

int MPI_Win_lock_all(int assert, MPI_Win win) {
  RMARACE_SCOPE("MPI_Win_lock_all");
  RMARACE_REJECT_FREED_WINDOW(win);
  int rc = scope.blocking([&] { return PMPI_Win_lock_all(assert, win); });
  if (rc == MPI_SUCCESS)
    if (Window *w = semanticWindow(scope, win)) scope.sem().lockAll(*w, scope.site());
  return rc;
}

int MPI_Win_unlock_all(MPI_Win win) {
  RMARACE_SCOPE("MPI_Win_unlock_all");
  RMARACE_REJECT_FREED_WINDOW(win);
  nasty::completeRemote(win, std::nullopt);
  if (Window *w = semanticWindow(scope, win)) {
    if (!w->unconfirmed.empty()) scope.blocking([&] { return PMPI_Win_flush_all(win); });
    scope.sem().unlockAll(*w, scope.site());
  }
  return scope.blocking([&] { return PMPI_Win_unlock_all(win); });
}

int MPI_Win_flush(int rank, MPI_Win win) {
  RMARACE_SCOPE("MPI_Win_flush");
  RMARACE_REJECT_FREED_WINDOW(win);
  nasty::completeRemote(win, rank);
  int rc = scope.blocking([&] { return PMPI_Win_flush(rank, win); });
  WindowState *ws = nullptr;
  if (rc == MPI_SUCCESS)
    if (Window *w = semanticWindow(scope, win, &ws)) {
      Rank target = worldOf(scope, *ws, rank);
      checkPassiveEpoch(scope, *w, target);
      scope.sem().flush(*w, target, scope.site());
    }
  return rc;
}

int MPI_Win_flush_all(MPI_Win win) {
  RMARACE_SCOPE("MPI_Win_flush_all");
  RMARACE_REJECT_FREED_WINDOW(win);
  nasty::completeRemote(win, std::nullopt);
  int rc = scope.blocking([&] { return PMPI_Win_flush_all(win); });
  if (rc == MPI_SUCCESS)
    if (Window *w = semanticWindow(scope, win)) {
      checkPassiveEpoch(scope, *w, std::nullopt);
      scope.sem().flush(*w, std::nullopt, scope.site());
    }
  return rc;
}

int MPI_Win_flush_local(int rank, MPI_Win win) {
  RMARACE_SCOPE("MPI_Win_flush_local");
  RMARACE_REJECT_FREED_WINDOW(win);
  nasty::completeLocal(win, rank);
  int rc = scope.blocking([&] { return PMPI_Win_flush_local(rank, win); });
  WindowState *ws = nullptr;
  if (rc == MPI_SUCCESS)
    if (Window *w = semanticWindow(scope, win, &ws)) {
      Rank target = worldOf(scope, *ws, rank);
      checkPassiveEpoch(scope, *w, target);
      scope.sem().flushLocal(*w, target, scope.site());
    }
  return rc;
}

int MPI_Win_flush_local_all(MPI_Win win) {
  RMARACE_SCOPE("MPI_Win_flush_local_all");
  RMARACE_REJECT_FREED_WINDOW(win);
  nasty::completeLocal(win, std::nullopt);
  int rc = scope.blocking([&] { return PMPI_Win_flush_local_all(win); });
  if (rc == MPI_SUCCESS)
    if (Window *w = semanticWindow(scope, win)) {
      checkPassiveEpoch(scope, *w, std::nullopt);
      scope.sem().flushLocal(*w, std::nullopt, scope.site());
    }
  return rc;
}

int MPI_Win_post(MPI_Group group, int assert, MPI_Win win) {
  RMARACE_SCOPE("MPI_Win_post");
  RMARACE_REJECT_FREED_WINDOW(win);
  if (Window *w = semanticWindow(scope, win)) scope.sem().post(*w, groupRanks(group), scope.site());
  return PMPI_Win_post(group, assert, win);
}

int MPI_Win_start(MPI_Group group, int assert, MPI_Win win) {
  RMARACE_SCOPE("MPI_Win_start");
  RMARACE_REJECT_FREED_WINDOW(win);
  int rc = scope.blocking([&] { return PMPI_Win_start(group, assert, win); });
  if (rc == MPI_SUCCESS)
    if (Window *w = semanticWindow(scope, win))
      scope.sem().start(*w, groupRanks(group), scope.site());
  return rc;
}

int MPI_Win_complete(MPI_Win win) {
  RMARACE_SCOPE("MPI_Win_complete");
  RMARACE_REJECT_FREED_WINDOW(win);
  nasty::completeRemote(win, std::nullopt);
  if (Window *w = semanticWindow(scope, win)) scope.sem().complete(*w, scope.site());
  return scope.blocking([&] { return PMPI_Win_complete(win); });
}

int MPI_Win_wait(MPI_Win win) {
  RMARACE_SCOPE("MPI_Win_wait");
  RMARACE_REJECT_FREED_WINDOW(win);
  int rc = scope.blocking([&] { return PMPI_Win_wait(win); });
  if (rc == MPI_SUCCESS)
    if (Window *w = semanticWindow(scope, win)) scope.sem().wait(*w, scope.site());
  return rc;
}

int MPI_Win_test(MPI_Win win, int *flag) {
  RMARACE_SCOPE("MPI_Win_test");
  RMARACE_REJECT_FREED_WINDOW(win);
  int rc = PMPI_Win_test(win, flag);
  if (rc == MPI_SUCCESS && *flag)
    if (Window *w = semanticWindow(scope, win)) scope.sem().wait(*w, scope.site());
  return rc;
}

} // extern "C"
