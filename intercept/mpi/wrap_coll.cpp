// Collectives (dissertation Table 3.2): all-to-one, one-to-all, all-to-all and scans, blocking
// and non-blocking (signal at initiation, wait at completion).
#include "carried_reduction.h"
#include "p2p.h"

namespace rmarace::mpi {
namespace {

// A blocking collective on `comm` (`root` is a rank of `comm`): the tool's exchange starts before
// the application's collective and finishes after it, so that the two overlap.
template <class Call>
int overlapped(Scope &scope, MPI_Comm comm, CollectiveKind kind, int root, Call &&call) {
  Channel *ch = scope ? scope.st().channelOf(comm) : nullptr;
  if (!ch) return scope.blocking(call);
  Rank rootWorld = ch->group.members[static_cast<std::size_t>(root)];
  Tracker::Collective c = scope.sem().collectiveBegin(ch->group, kind, rootWorld, scope.site());
  int rc = scope.blocking(call);
  scope.sem().collectiveEnd(c);
  return rc;
}

// A blocking reduction on `comm` whose data the tool's exchange carries when it can
// (carried_reduction.h): one collective instead of the application's and the tool's.
template <class Call>
int carried(Scope &scope, MPI_Comm comm, CollectiveKind kind, int root,
            const std::optional<CarriedReduction> &reduction, Call &&call) {
  Channel *ch = scope && reduction ? scope.st().channelOf(comm) : nullptr;
  if (!ch) return overlapped(scope, comm, kind, root, call);
  Rank rootWorld = ch->group.members[static_cast<std::size_t>(root)];
  MpiTransport &transport = *scope.st().transport;
  CollectiveContribution combined;
  scope.sem().collective(
      ch->group, kind, rootWorld, scope.site(), [&](const CollectiveContribution &mine) {
        combined = transport.exchangeCarrying(ch->group, kind, rootWorld, mine, reduction);
        return &combined;
      });
  return MPI_SUCCESS;
}

// A blocking collective that returns only once every member called it (a barrier, a reduction of
// at least one element to every member) on a communicator whose members share a node: the
// exchange goes through the channel's board and the application's collective carries it
// (collective_board.h). Nothing when the channel has no board.
template <class Call> std::optional<int> onBoard(Scope &scope, MPI_Comm comm, Call &&call) {
  Channel *ch = scope ? scope.st().channelOf(comm) : nullptr;
  CollectiveBoard *board = ch ? scope.st().boardOf(*ch) : nullptr;
  if (!board) return std::nullopt;
  int rc = MPI_SUCCESS;
  MpiTransport &transport = *scope.st().transport;
  CollectiveContribution fallback;
  scope.sem().collective(ch->group, CollectiveKind::AllToAll, ch->group.members.front(),
                         scope.site(), [&](const CollectiveContribution &mine) {
                           return transport.exchangeOnBoard(
                               *board, mine, [&] { rc = call(); }, fallback);
                         });
  return rc;
}

// A non-blocking collective: contribute now, absorb when its request completes.
void start(Scope &scope, MPI_Comm comm, CollectiveKind kind, int root, MPI_Request *request) {
  if (!scope || *request == MPI_REQUEST_NULL) return;
  Channel *ch = scope.st().channelOf(comm);
  if (!ch) return;
  Rank rootWorld = ch->group.members[static_cast<std::size_t>(root)];
  RequestState rs;
  rs.kind = RequestState::Kind::Collective;
  rs.channel = ch->id;
  rs.site = scope.site();
  // The communicator may be freed before the request completes: the collective keeps its group.
  struct Started {
    GroupView group;
    Tracker::Collective collective;
  };
  auto started = std::make_shared<Started>();
  started->group = ch->group;
  started->collective = scope.sem().collectiveBegin(started->group, kind, rootWorld, scope.site(),
                                                    /*complete=*/false);
  rs.collective = std::shared_ptr<Tracker::Collective>(started, &started->collective);
  scope.st().requests.add(*request, request, rs);
}

bool isRoot(MPI_Comm comm, int root) {
  int rank = MPI_PROC_NULL;
  PMPI_Comm_rank(comm, &rank);
  return rank == root;
}

constexpr CollectiveKind A2A = CollectiveKind::AllToAll;
constexpr CollectiveKind A2O = CollectiveKind::AllToOne;
constexpr CollectiveKind O2A = CollectiveKind::OneToAll;
constexpr CollectiveKind SCAN = CollectiveKind::Scan;

} // namespace
} // namespace rmarace::mpi

using namespace rmarace;
using namespace rmarace::mpi;

extern "C" {

int MPI_Barrier(MPI_Comm comm) {
  RMARACE_SCOPE("MPI_Barrier");
  if (std::optional<int> rc = onBoard(scope, comm, [&] { return PMPI_Barrier(comm); })) return *rc;
  Channel *ch = scope ? scope.st().channelOf(comm) : nullptr;
  if (!ch) return scope.blocking([&] { return PMPI_Barrier(comm); });
  // The tool's exchange is itself a barrier among the same processes.
  scope.sem().allToAll(ch->group, scope.site());
  return MPI_SUCCESS;
}

int MPI_Bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm) {
  RMARACE_SCOPE("MPI_Bcast");
  return overlapped(scope, comm, O2A, root,
                    [&] { return PMPI_Bcast(buf, count, type, root, comm); });
}

int MPI_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
               int root, MPI_Comm comm) {
  RMARACE_SCOPE("MPI_Reduce");
  return carried(scope, comm, A2O, root,
                 scope && scope.st().channelOf(comm)
                     ? carriedReduction(sendbuf, recvbuf, count, type, op, isRoot(comm, root))
                     : std::nullopt,
                 [&] { return PMPI_Reduce(sendbuf, recvbuf, count, type, op, root, comm); });
}

int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                  MPI_Comm comm) {
  RMARACE_SCOPE("MPI_Allreduce");
  // With at least one element, every member's result waits for every member's data.
  if (count > 0)
    if (std::optional<int> rc = onBoard(
            scope, comm, [&] { return PMPI_Allreduce(sendbuf, recvbuf, count, type, op, comm); }))
      return *rc;
  return carried(scope, comm, A2A, 0,
                 scope ? carriedReduction(sendbuf, recvbuf, count, type, op, true) : std::nullopt,
                 [&] { return PMPI_Allreduce(sendbuf, recvbuf, count, type, op, comm); });
}

int MPI_Gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
               int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  RMARACE_SCOPE("MPI_Gather");
  return overlapped(scope, comm, A2O, root, [&] {
    return PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
  });
}

int MPI_Gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                MPI_Comm comm) {
  RMARACE_SCOPE("MPI_Gatherv");
  return overlapped(scope, comm, A2O, root, [&] {
    return PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root,
                        comm);
  });
}

int MPI_Scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  RMARACE_SCOPE("MPI_Scatter");
  return overlapped(scope, comm, O2A, root, [&] {
    return PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
  });
}

int MPI_Scatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                 MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                 int root, MPI_Comm comm) {
  RMARACE_SCOPE("MPI_Scatterv");
  return overlapped(scope, comm, O2A, root, [&] {
    return PMPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root,
                         comm);
  });
}

int MPI_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  RMARACE_SCOPE("MPI_Allgather");
  return overlapped(scope, comm, A2A, 0, [&] {
    return PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
  });
}

int MPI_Allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                   const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                   MPI_Comm comm) {
  RMARACE_SCOPE("MPI_Allgatherv");
  return overlapped(scope, comm, A2A, 0, [&] {
    return PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
                           comm);
  });
}

int MPI_Alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  RMARACE_SCOPE("MPI_Alltoall");
  return overlapped(scope, comm, A2A, 0, [&] {
    return PMPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
  });
}

int MPI_Alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[],
                  MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[],
                  MPI_Datatype recvtype, MPI_Comm comm) {
  RMARACE_SCOPE("MPI_Alltoallv");
  return overlapped(scope, comm, A2A, 0, [&] {
    return PMPI_Alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                          recvtype, comm);
  });
}

int MPI_Alltoallw(const void *sendbuf, const int sendcounts[], const int sdispls[],
                  const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                  const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm) {
  RMARACE_SCOPE("MPI_Alltoallw");
  return overlapped(scope, comm, A2A, 0, [&] {
    return PMPI_Alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls,
                          recvtypes, comm);
  });
}

int MPI_Reduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[],
                       MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  RMARACE_SCOPE("MPI_Reduce_scatter");
  return overlapped(scope, comm, A2A, 0, [&] {
    return PMPI_Reduce_scatter(sendbuf, recvbuf, recvcounts, type, op, comm);
  });
}

int MPI_Reduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype type,
                             MPI_Op op, MPI_Comm comm) {
  RMARACE_SCOPE("MPI_Reduce_scatter_block");
  return overlapped(scope, comm, A2A, 0, [&] {
    return PMPI_Reduce_scatter_block(sendbuf, recvbuf, recvcount, type, op, comm);
  });
}

int MPI_Scan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
             MPI_Comm comm) {
  RMARACE_SCOPE("MPI_Scan");
  return overlapped(scope, comm, SCAN, 0,
                    [&] { return PMPI_Scan(sendbuf, recvbuf, count, type, op, comm); });
}

int MPI_Exscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
               MPI_Comm comm) {
  RMARACE_SCOPE("MPI_Exscan");
  return overlapped(scope, comm, SCAN, 0,
                    [&] { return PMPI_Exscan(sendbuf, recvbuf, count, type, op, comm); });
}

// ---- Non-blocking collectives ------------------------------------------------------------------

int MPI_Ibarrier(MPI_Comm comm, MPI_Request *request) {
  RMARACE_SCOPE("MPI_Ibarrier");
  int rc = PMPI_Ibarrier(comm, request);
  if (rc == MPI_SUCCESS) start(scope, comm, A2A, 0, request);
  return rc;
}

int MPI_Ibcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm,
               MPI_Request *request) {
  RMARACE_SCOPE("MPI_Ibcast");
  int rc = PMPI_Ibcast(buf, count, type, root, comm, request);
  if (rc == MPI_SUCCESS) start(scope, comm, O2A, root, request);
  return rc;
}

int MPI_Ireduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                int root, MPI_Comm comm, MPI_Request *request) {
  RMARACE_SCOPE("MPI_Ireduce");
  int rc = PMPI_Ireduce(sendbuf, recvbuf, count, type, op, root, comm, request);
  if (rc == MPI_SUCCESS) start(scope, comm, A2O, root, request);
  return rc;
}

int MPI_Iallreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                   MPI_Comm comm, MPI_Request *request) {
  RMARACE_SCOPE("MPI_Iallreduce");
  int rc = PMPI_Iallreduce(sendbuf, recvbuf, count, type, op, comm, request);
  if (rc == MPI_SUCCESS) start(scope, comm, A2A, 0, request);
  return rc;
}

int MPI_Igather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                MPI_Request *request) {
  RMARACE_SCOPE("MPI_Igather");
  int rc =
      PMPI_Igather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request);
  if (rc == MPI_SUCCESS) start(scope, comm, A2O, root, request);
  return rc;
}

int MPI_Igatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                 const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                 MPI_Comm comm, MPI_Request *request) {
  RMARACE_SCOPE("MPI_Igatherv");
  int rc = PMPI_Igatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root,
                         comm, request);
  if (rc == MPI_SUCCESS) start(scope, comm, A2O, root, request);
  return rc;
}

int MPI_Iscatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                 MPI_Request *request) {
  RMARACE_SCOPE("MPI_Iscatter");
  int rc = PMPI_Iscatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm,
                         request);
  if (rc == MPI_SUCCESS) start(scope, comm, O2A, root, request);
  return rc;
}

int MPI_Iscatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                  MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                  int root, MPI_Comm comm, MPI_Request *request) {
  RMARACE_SCOPE("MPI_Iscatterv");
  int rc = PMPI_Iscatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root,
                          comm, request);
  if (rc == MPI_SUCCESS) start(scope, comm, O2A, root, request);
  return rc;
}

int MPI_Iallgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                   int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request) {
  RMARACE_SCOPE("MPI_Iallgather");
  int rc =
      PMPI_Iallgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
  if (rc == MPI_SUCCESS) start(scope, comm, A2A, 0, request);
  return rc;
}

int MPI_Iallgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                    const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                    MPI_Comm comm, MPI_Request *request) {
  RMARACE_SCOPE("MPI_Iallgatherv");
  int rc = PMPI_Iallgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
                            comm, request);
  if (rc == MPI_SUCCESS) start(scope, comm, A2A, 0, request);
  return rc;
}

int MPI_Ialltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request) {
  RMARACE_SCOPE("MPI_Ialltoall");
  int rc =
      PMPI_Ialltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
  if (rc == MPI_SUCCESS) start(scope, comm, A2A, 0, request);
  return rc;
}

int MPI_Ialltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[],
                   MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                   const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                   MPI_Request *request) {
  RMARACE_SCOPE("MPI_Ialltoallv");
  int rc = PMPI_Ialltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                           recvtype, comm, request);
  if (rc == MPI_SUCCESS) start(scope, comm, A2A, 0, request);
  return rc;
}

int MPI_Ialltoallw(const void *sendbuf, const int sendcounts[], const int sdispls[],
                   const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                   const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                   MPI_Request *request) {
  RMARACE_SCOPE("MPI_Ialltoallw");
  int rc = PMPI_Ialltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls,
                           recvtypes, comm, request);
  if (rc == MPI_SUCCESS) start(scope, comm, A2A, 0, request);
  return rc;
}

int MPI_Ireduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[],
                        MPI_Datatype type, MPI_Op op, MPI_Comm comm, MPI_Request *request) {
  RMARACE_SCOPE("MPI_Ireduce_scatter");
  int rc = PMPI_Ireduce_scatter(sendbuf, recvbuf, recvcounts, type, op, comm, request);
  if (rc == MPI_SUCCESS) start(scope, comm, A2A, 0, request);
  return rc;
}

int MPI_Ireduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype type,
                              MPI_Op op, MPI_Comm comm, MPI_Request *request) {
  RMARACE_SCOPE("MPI_Ireduce_scatter_block");
  int rc = PMPI_Ireduce_scatter_block(sendbuf, recvbuf, recvcount, type, op, comm, request);
  if (rc == MPI_SUCCESS) start(scope, comm, A2A, 0, request);
  return rc;
}

int MPI_Iscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
              MPI_Comm comm, MPI_Request *request) {
  RMARACE_SCOPE("MPI_Iscan");
  int rc = PMPI_Iscan(sendbuf, recvbuf, count, type, op, comm, request);
  if (rc == MPI_SUCCESS) start(scope, comm, SCAN, 0, request);
  return rc;
}

int MPI_Iexscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                MPI_Comm comm, MPI_Request *request) {
  RMARACE_SCOPE("MPI_Iexscan");
  int rc = PMPI_Iexscan(sendbuf, recvbuf, count, type, op, comm, request);
  if (rc == MPI_SUCCESS) start(scope, comm, SCAN, 0, request);
  return rc;
}

} // extern "C"
