// RMA communication calls: each becomes an RmaOperation with the exact bytes its origin and
// target datatypes touch. Calls outside a window's bounds get an error report and do not run.
#include "misuse.h"
#include "nasty_schedule.h"
#include "p2p.h"

namespace rmarace::mpi {
namespace {

struct Prepared {
  RmaOperation op;
  Window *window = nullptr;
  bool accumulatesOrdered = true;
  bool outOfBounds = false; // reported; the call must not run
  int dispUnit = 1;         // at the target, for the nasty schedule's split pieces
};

// The target side of an RMA call on a tracked window (nothing for MPI_PROC_NULL or windows the
// tool does not know). Out-of-bounds calls are reported here.
std::optional<Prepared> prepare(Scope &scope, const char *call, MPI_Win win, int target,
                                MPI_Aint disp, int count, MPI_Datatype type) {
  WindowState *ws = scope.st().window(win);
  if (!ws || target == MPI_PROC_NULL) return std::nullopt;
  Prepared p;
  p.window = &scope.sem().window(ws->segment);
  p.accumulatesOrdered = ws->accumulatesOrdered;
  const Channel &ch = scope.st().channels.at(ws->channel);
  std::size_t local = static_cast<std::size_t>(target);
  if (target < 0 || local >= ch.group.members.size()) return std::nullopt;
  p.op.site = scope.site();
  p.op.target = ch.group.members[local];
  p.dispUnit = ws->dynamic ? 1 : ws->dispUnits[local];
  uint64_t offset = ws->dynamic
                        ? static_cast<uint64_t>(disp)
                        : static_cast<uint64_t>(disp) * static_cast<uint64_t>(ws->dispUnits[local]);
  p.op.targetRanges = scope.st().datatypes.ranges(offset, count, type);
  if (!scope.sem().inAccessEpoch(*p.window, p.op.target))
    reportMisuse(scope, "no-access-epoch",
                 std::string(call) + " to rank " + std::to_string(p.op.target) +
                     " outside an access epoch of " + p.window->name +
                     " (no fence epoch, lock, lock_all or MPI_Win_start covers that rank)");
  if (!ws->dynamic && !p.op.targetRanges.empty() &&
      (disp < 0 || p.op.targetRanges.highest() > ws->sizes[local])) {
    reportMisuse(scope, "out-of-bounds",
                 std::string(call) + " accesses bytes [" +
                     std::to_string(static_cast<int64_t>(p.op.targetRanges.lowest())) + ", " +
                     std::to_string(static_cast<int64_t>(p.op.targetRanges.highest())) + ") of " +
                     p.window->name + " at rank " + std::to_string(p.op.target) +
                     ", which exposes only " + std::to_string(ws->sizes[local]) + " bytes there");
    p.outOfBounds = true;
  }
  return p;
}

int rangeError(MPI_Win win) {
  PMPI_Win_call_errhandler(win, MPI_ERR_RMA_RANGE);
  return MPI_ERR_RMA_RANGE;
}

Atomicity atomicityOf(Scope &scope, const Prepared &p, AtomicOp op, MPI_Datatype type) {
  const TypeLayout &l = scope.st().datatypes.layout(type);
  Atomicity a{op, l.basic, l.basicSize, false};
  a.orderedFromSameOrigin = p.accumulatesOrdered;
  return a;
}

// The call as the nasty schedule holds it (nasty_schedule.h); the remaining fields by the caller.
nasty::Call scheduled(nasty::Call::Kind kind, int dispUnit, int target, MPI_Aint disp,
                      int targetCount, MPI_Datatype targetType, MPI_Win win) {
  nasty::Call c;
  c.kind = kind;
  c.target = target;
  c.disp = disp;
  c.targetCount = targetCount;
  c.targetType = targetType;
  c.dispUnit = dispUnit;
  c.win = win;
  return c;
}

RequestId trackRma(Scope &scope) {
  return scope.st().nextRmaRequest++;
}

void rememberRequest(Scope &scope, const MPI_Request *request, RequestId id) {
  RequestState rs;
  rs.kind = RequestState::Kind::Rma;
  rs.rma = id;
  rs.site = scope.site();
  scope.st().requests.add(*request, request, rs);
}

// A request-based call: held by the nasty schedule (nasty_schedule.h) or handed to MPI by
// `direct()`; its request is followed until it completes.
template <class Direct>
int requestBased(Scope &scope, const std::optional<Prepared> &p, const nasty::Call &call,
                 MPI_Request *request, Direct direct) {
  int rc = p && nasty::enabled() ? nasty::submitRequest(call, request) : direct();
  if (p && rc == MPI_SUCCESS) rememberRequest(scope, request, p->op.request);
  return rc;
}

} // namespace
} // namespace rmarace::mpi

using namespace rmarace;
using namespace rmarace::mpi;

extern "C" {

// Declares `p`, the prepared operation, and returns early when the window was freed or the call
// is out of bounds.
#define RMARACE_PREPARE(CALL)                                                                      \
  RMARACE_REJECT_FREED_WINDOW(win);                                                                \
  std::optional<Prepared> p;                                                                       \
  if (scope)                                                                                       \
    p = prepare(scope, CALL, win, target_rank, target_disp, target_count, target_datatype);        \
  if (p && p->outOfBounds) return rangeError(win);

int MPI_Put(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
            int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype,
            MPI_Win win) {
  RMARACE_SCOPE("MPI_Put");
  RMARACE_PREPARE("MPI_Put");
  if (p) {
    p->op.remoteWrite = true;
    p->op.originRead = scope.st().datatypes.ranges(reinterpret_cast<Address>(origin_addr),
                                                   origin_count, origin_datatype);
    scope.sem().rma(*p->window, p->op);
    if (nasty::enabled()) {
      nasty::Call c = scheduled(nasty::Call::Kind::Put, p->dispUnit, target_rank, target_disp,
                                target_count, target_datatype, win);
      c.origin = origin_addr, c.originCount = origin_count, c.originType = origin_datatype;
      return nasty::submit(c);
    }
  }
  return PMPI_Put(origin_addr, origin_count, origin_datatype, target_rank, target_disp,
                  target_count, target_datatype, win);
}

int MPI_Get(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
            MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win) {
  RMARACE_SCOPE("MPI_Get");
  RMARACE_PREPARE("MPI_Get");
  if (p) {
    p->op.remoteRead = true;
    p->op.originWrite = scope.st().datatypes.ranges(reinterpret_cast<Address>(origin_addr),
                                                    origin_count, origin_datatype);
    scope.sem().rma(*p->window, p->op);
    if (nasty::enabled()) {
      nasty::Call c = scheduled(nasty::Call::Kind::Get, p->dispUnit, target_rank, target_disp,
                                target_count, target_datatype, win);
      c.result = origin_addr, c.resultCount = origin_count, c.resultType = origin_datatype;
      return nasty::submit(c);
    }
  }
  return PMPI_Get(origin_addr, origin_count, origin_datatype, target_rank, target_disp,
                  target_count, target_datatype, win);
}

int MPI_Accumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
                   int target_rank, MPI_Aint target_disp, int target_count,
                   MPI_Datatype target_datatype, MPI_Op op, MPI_Win win) {
  RMARACE_SCOPE("MPI_Accumulate");
  RMARACE_PREPARE("MPI_Accumulate");
  if (p) {
    p->op.remoteWrite = true;
    p->op.atomicity = atomicityOf(scope, *p, atomicOpOf(op), target_datatype);
    p->op.originRead = scope.st().datatypes.ranges(reinterpret_cast<Address>(origin_addr),
                                                   origin_count, origin_datatype);
    scope.sem().rma(*p->window, p->op);
    if (nasty::enabled()) {
      nasty::Call c = scheduled(nasty::Call::Kind::Accumulate, p->dispUnit, target_rank,
                                target_disp, target_count, target_datatype, win);
      c.origin = origin_addr, c.originCount = origin_count, c.originType = origin_datatype;
      c.op = op;
      return nasty::submit(c);
    }
  }
  return PMPI_Accumulate(origin_addr, origin_count, origin_datatype, target_rank, target_disp,
                         target_count, target_datatype, op, win);
}

int MPI_Get_accumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
                       void *result_addr, int result_count, MPI_Datatype result_datatype,
                       int target_rank, MPI_Aint target_disp, int target_count,
                       MPI_Datatype target_datatype, MPI_Op op, MPI_Win win) {
  RMARACE_SCOPE("MPI_Get_accumulate");
  RMARACE_PREPARE("MPI_Get_accumulate");
  if (p) {
    p->op.remoteRead = true;
    p->op.remoteWrite = op != MPI_NO_OP;
    p->op.atomicity = atomicityOf(scope, *p, atomicOpOf(op), target_datatype);
    if (op != MPI_NO_OP) // MPI_NO_OP ignores the origin buffer
      p->op.originRead = scope.st().datatypes.ranges(reinterpret_cast<Address>(origin_addr),
                                                     origin_count, origin_datatype);
    p->op.originWrite = scope.st().datatypes.ranges(reinterpret_cast<Address>(result_addr),
                                                    result_count, result_datatype);
    scope.sem().rma(*p->window, p->op);
    if (nasty::enabled()) {
      nasty::Call c = scheduled(nasty::Call::Kind::GetAccumulate, p->dispUnit, target_rank,
                                target_disp, target_count, target_datatype, win);
      c.origin = origin_addr, c.originCount = origin_count, c.originType = origin_datatype;
      c.result = result_addr, c.resultCount = result_count, c.resultType = result_datatype;
      c.op = op;
      return nasty::submit(c);
    }
  }
  return PMPI_Get_accumulate(origin_addr, origin_count, origin_datatype, result_addr, result_count,
                             result_datatype, target_rank, target_disp, target_count,
                             target_datatype, op, win);
}

int MPI_Fetch_and_op(const void *origin_addr, void *result_addr, MPI_Datatype datatype,
                     int target_rank, MPI_Aint target_disp, MPI_Op op, MPI_Win win) {
  RMARACE_SCOPE("MPI_Fetch_and_op");
  int target_count = 1;
  MPI_Datatype target_datatype = datatype;
  RMARACE_PREPARE("MPI_Fetch_and_op");
  if (p) {
    p->op.remoteRead = true;
    p->op.remoteWrite = op != MPI_NO_OP;
    p->op.atomicity = atomicityOf(scope, *p, atomicOpOf(op), datatype);
    if (op != MPI_NO_OP)
      p->op.originRead =
          scope.st().datatypes.ranges(reinterpret_cast<Address>(origin_addr), 1, datatype);
    p->op.originWrite =
        scope.st().datatypes.ranges(reinterpret_cast<Address>(result_addr), 1, datatype);
    scope.sem().rma(*p->window, p->op);
    if (nasty::enabled()) {
      nasty::Call c = scheduled(nasty::Call::Kind::FetchAndOp, p->dispUnit, target_rank,
                                target_disp, 1, datatype, win);
      c.origin = origin_addr, c.originCount = 1, c.originType = datatype;
      c.result = result_addr, c.resultCount = 1, c.resultType = datatype;
      c.op = op;
      return nasty::submit(c);
    }
  }
  return PMPI_Fetch_and_op(origin_addr, result_addr, datatype, target_rank, target_disp, op, win);
}

int MPI_Compare_and_swap(const void *origin_addr, const void *compare_addr, void *result_addr,
                         MPI_Datatype datatype, int target_rank, MPI_Aint target_disp,
                         MPI_Win win) {
  RMARACE_SCOPE("MPI_Compare_and_swap");
  int target_count = 1;
  MPI_Datatype target_datatype = datatype;
  RMARACE_PREPARE("MPI_Compare_and_swap");
  if (p) {
    p->op.remoteRead = true;
    p->op.remoteWrite = true;
    p->op.atomicity = atomicityOf(scope, *p, AtomicOp::CompareAndSwap, datatype);
    Datatypes &dts = scope.st().datatypes;
    p->op.originRead = dts.ranges(reinterpret_cast<Address>(origin_addr), 1, datatype);
    ByteRanges compare = dts.ranges(reinterpret_cast<Address>(compare_addr), 1, datatype);
    for (const ByteRange &r : compare.ranges()) p->op.originRead.add(r.begin, r.size());
    p->op.originWrite = dts.ranges(reinterpret_cast<Address>(result_addr), 1, datatype);
    scope.sem().rma(*p->window, p->op);
    if (nasty::enabled()) {
      nasty::Call c = scheduled(nasty::Call::Kind::CompareAndSwap, p->dispUnit, target_rank,
                                target_disp, 1, datatype, win);
      c.origin = origin_addr, c.originCount = 1, c.originType = datatype;
      c.result = result_addr, c.resultCount = 1, c.resultType = datatype;
      c.compare = compare_addr;
      return nasty::submit(c);
    }
  }
  return PMPI_Compare_and_swap(origin_addr, compare_addr, result_addr, datatype, target_rank,
                               target_disp, win);
}

int MPI_Rput(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
             int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype,
             MPI_Win win, MPI_Request *request) {
  RMARACE_SCOPE("MPI_Rput");
  RMARACE_PREPARE("MPI_Rput");
  if (p) {
    p->op.request = trackRma(scope);
    p->op.remoteWrite = true;
    p->op.originRead = scope.st().datatypes.ranges(reinterpret_cast<Address>(origin_addr),
                                                   origin_count, origin_datatype);
    scope.sem().rma(*p->window, p->op);
  }
  nasty::Call c = scheduled(nasty::Call::Kind::Put, p ? p->dispUnit : 1, target_rank, target_disp,
                            target_count, target_datatype, win);
  c.origin = origin_addr, c.originCount = origin_count, c.originType = origin_datatype;
  return requestBased(scope, p, c, request, [&] {
    return PMPI_Rput(origin_addr, origin_count, origin_datatype, target_rank, target_disp,
                     target_count, target_datatype, win, request);
  });
}

int MPI_Rget(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
             MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win,
             MPI_Request *request) {
  RMARACE_SCOPE("MPI_Rget");
  RMARACE_PREPARE("MPI_Rget");
  if (p) {
    p->op.request = trackRma(scope);
    p->op.remoteRead = true;
    p->op.originWrite = scope.st().datatypes.ranges(reinterpret_cast<Address>(origin_addr),
                                                    origin_count, origin_datatype);
    scope.sem().rma(*p->window, p->op);
  }
  nasty::Call c = scheduled(nasty::Call::Kind::Get, p ? p->dispUnit : 1, target_rank, target_disp,
                            target_count, target_datatype, win);
  c.result = origin_addr, c.resultCount = origin_count, c.resultType = origin_datatype;
  return requestBased(scope, p, c, request, [&] {
    return PMPI_Rget(origin_addr, origin_count, origin_datatype, target_rank, target_disp,
                     target_count, target_datatype, win, request);
  });
}

int MPI_Raccumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
                    int target_rank, MPI_Aint target_disp, int target_count,
                    MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, MPI_Request *request) {
  RMARACE_SCOPE("MPI_Raccumulate");
  RMARACE_PREPARE("MPI_Raccumulate");
  if (p) {
    p->op.request = trackRma(scope);
    p->op.remoteWrite = true;
    p->op.atomicity = atomicityOf(scope, *p, atomicOpOf(op), target_datatype);
    p->op.originRead = scope.st().datatypes.ranges(reinterpret_cast<Address>(origin_addr),
                                                   origin_count, origin_datatype);
    scope.sem().rma(*p->window, p->op);
  }
  nasty::Call c = scheduled(nasty::Call::Kind::Accumulate, p ? p->dispUnit : 1, target_rank,
                            target_disp, target_count, target_datatype, win);
  c.origin = origin_addr, c.originCount = origin_count, c.originType = origin_datatype;
  c.op = op;
  return requestBased(scope, p, c, request, [&] {
    return PMPI_Raccumulate(origin_addr, origin_count, origin_datatype, target_rank, target_disp,
                            target_count, target_datatype, op, win, request);
  });
}

int MPI_Rget_accumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
                        void *result_addr, int result_count, MPI_Datatype result_datatype,
                        int target_rank, MPI_Aint target_disp, int target_count,
                        MPI_Datatype target_datatype, MPI_Op op, MPI_Win win,
                        MPI_Request *request) {
  RMARACE_SCOPE("MPI_Rget_accumulate");
  RMARACE_PREPARE("MPI_Rget_accumulate");
  if (p) {
    p->op.request = trackRma(scope);
    p->op.remoteRead = true;
    p->op.remoteWrite = op != MPI_NO_OP;
    p->op.atomicity = atomicityOf(scope, *p, atomicOpOf(op), target_datatype);
    if (op != MPI_NO_OP)
      p->op.originRead = scope.st().datatypes.ranges(reinterpret_cast<Address>(origin_addr),
                                                     origin_count, origin_datatype);
    p->op.originWrite = scope.st().datatypes.ranges(reinterpret_cast<Address>(result_addr),
                                                    result_count, result_datatype);
    scope.sem().rma(*p->window, p->op);
  }
  nasty::Call c = scheduled(nasty::Call::Kind::GetAccumulate, p ? p->dispUnit : 1, target_rank,
                            target_disp, target_count, target_datatype, win);
  c.origin = origin_addr, c.originCount = origin_count, c.originType = origin_datatype;
  c.result = result_addr, c.resultCount = result_count, c.resultType = result_datatype;
  c.op = op;
  return requestBased(scope, p, c, request, [&] {
    return PMPI_Rget_accumulate(origin_addr, origin_count, origin_datatype, result_addr,
                                result_count, result_datatype, target_rank, target_disp,
                                target_count, target_datatype, op, win, request);
  });
}

} // extern "C"
