// Request completion (the Wait and Test families): receives wait at completion, request-based RMA
// calls complete locally (R9), non-blocking collectives absorb their exchange. Under the nasty
// schedule a request-based RMA call may still be held: waiting for or testing its request
// completes it locally first (nasty_schedule.h).
#include "nasty_schedule.h"
#include "p2p.h"

namespace rmarace::mpi {

void requestCompleted(Scope &scope, RequestState &rs, const MPI_Status &status) {
  switch (rs.kind) {
  case RequestState::Kind::Receive:
  case RequestState::Kind::PersistentReceive:
    absorbMessage(scope, rs.channel, status);
    break;
  case RequestState::Kind::Rma:
    scope.sem().requestCompleted(rs.rma, scope.site());
    break;
  case RequestState::Kind::Collective:
    scope.sem().collectiveEnd(*rs.collective);
    break;
  case RequestState::Kind::Send:
  case RequestState::Kind::PersistentSend: {
    if (!rs.replyToken || rs.peer == MPI_PROC_NULL) break;
    auto ch = scope.st().channels.find(rs.channel);
    if (ch != scope.st().channels.end())
      scope.sem().sendCompleted(ch->second.group.members[static_cast<std::size_t>(rs.peer)],
                                rs.replyToken, scope.site());
    break;
  }
  }
}

namespace {

using Claim = RequestTable::Claim;

// Looks the requests up before MPI overwrites the handles of completed ones; elements that share
// a handle value claim different entries.
std::vector<std::optional<Claim>> lookup(Scope &scope, int count, const MPI_Request requests[]) {
  std::vector<std::optional<Claim>> found(static_cast<std::size_t>(count));
  if (!scope) return found;
  std::vector<uint64_t> taken;
  for (int i = 0; i < count; ++i) {
    auto &claim = found[static_cast<std::size_t>(i)];
    claim = scope.st().requests.claim(requests[i], &requests[i], taken);
    if (claim) taken.push_back(claim->id);
  }
  return found;
}

void completed(Scope &scope, std::optional<Claim> &claim, MPI_Request before,
               const MPI_Status &status) {
  if (!claim) return;
  RequestState &rs = claim->state;
  bool persistent = rs.kind == RequestState::Kind::PersistentSend ||
                    rs.kind == RequestState::Kind::PersistentReceive;
  if (persistent) {
    if (RequestState *kept = scope.st().requests.find(before, claim->id)) kept->active = false;
    if (!rs.active) return; // an inactive persistent request completes without a message
  } else {
    scope.st().requests.erase(before, claim->id);
  }
  requestCompleted(scope, rs, status);
}

} // namespace

} // namespace rmarace::mpi

using namespace rmarace;
using namespace rmarace::mpi;

extern "C" {

int MPI_Wait(MPI_Request *request, MPI_Status *status) {
  RMARACE_SCOPE("MPI_Wait");
  MPI_Request before = *request;
  auto found = lookup(scope, 1, request);
  StatusArray st(status, 1);
  nasty::requestsWaited(1, request);
  int rc = scope.blocking([&] { return PMPI_Wait(request, st.get()); });
  if (scope && rc == MPI_SUCCESS) completed(scope, found[0], before, st[0]);
  return rc;
}

int MPI_Test(MPI_Request *request, int *flag, MPI_Status *status) {
  RMARACE_SCOPE("MPI_Test");
  MPI_Request before = *request;
  auto found = lookup(scope, 1, request);
  StatusArray st(status, 1);
  nasty::requestsWaited(1, request);
  int rc = PMPI_Test(request, flag, st.get());
  if (scope && rc == MPI_SUCCESS && *flag) completed(scope, found[0], before, st[0]);
  if (scope) scope.tracker().pump();
  return rc;
}

int MPI_Waitall(int count, MPI_Request requests[], MPI_Status statuses[]) {
  RMARACE_SCOPE("MPI_Waitall");
  std::vector<MPI_Request> before(requests, requests + count);
  auto found = lookup(scope, count, requests);
  StatusArray st(statuses, count);
  nasty::requestsWaited(count, requests);
  int rc = scope.blocking([&] { return PMPI_Waitall(count, requests, st.get()); });
  if (scope && rc == MPI_SUCCESS)
    for (int i = 0; i < count; ++i)
      completed(scope, found[static_cast<std::size_t>(i)], before[static_cast<std::size_t>(i)],
                st[i]);
  return rc;
}

int MPI_Testall(int count, MPI_Request requests[], int *flag, MPI_Status statuses[]) {
  RMARACE_SCOPE("MPI_Testall");
  std::vector<MPI_Request> before(requests, requests + count);
  auto found = lookup(scope, count, requests);
  StatusArray st(statuses, count);
  nasty::requestsWaited(count, requests);
  int rc = PMPI_Testall(count, requests, flag, st.get());
  if (scope && rc == MPI_SUCCESS && *flag)
    for (int i = 0; i < count; ++i)
      completed(scope, found[static_cast<std::size_t>(i)], before[static_cast<std::size_t>(i)],
                st[i]);
  if (scope) scope.tracker().pump();
  return rc;
}

int MPI_Waitany(int count, MPI_Request requests[], int *index, MPI_Status *status) {
  RMARACE_SCOPE("MPI_Waitany");
  std::vector<MPI_Request> before(requests, requests + count);
  auto found = lookup(scope, count, requests);
  StatusArray st(status, 1);
  nasty::requestsWaited(count, requests);
  int rc = scope.blocking([&] { return PMPI_Waitany(count, requests, index, st.get()); });
  if (scope && rc == MPI_SUCCESS && *index != MPI_UNDEFINED)
    completed(scope, found[static_cast<std::size_t>(*index)],
              before[static_cast<std::size_t>(*index)], st[0]);
  return rc;
}

int MPI_Testany(int count, MPI_Request requests[], int *index, int *flag, MPI_Status *status) {
  RMARACE_SCOPE("MPI_Testany");
  std::vector<MPI_Request> before(requests, requests + count);
  auto found = lookup(scope, count, requests);
  StatusArray st(status, 1);
  nasty::requestsWaited(count, requests);
  int rc = PMPI_Testany(count, requests, index, flag, st.get());
  if (scope && rc == MPI_SUCCESS && *flag && *index != MPI_UNDEFINED)
    completed(scope, found[static_cast<std::size_t>(*index)],
              before[static_cast<std::size_t>(*index)], st[0]);
  if (scope) scope.tracker().pump();
  return rc;
}

int MPI_Waitsome(int incount, MPI_Request requests[], int *outcount, int indices[],
                 MPI_Status statuses[]) {
  RMARACE_SCOPE("MPI_Waitsome");
  std::vector<MPI_Request> before(requests, requests + incount);
  auto found = lookup(scope, incount, requests);
  StatusArray st(statuses, incount);
  nasty::requestsWaited(incount, requests);
  int rc =
      scope.blocking([&] { return PMPI_Waitsome(incount, requests, outcount, indices, st.get()); });
  if (scope && rc == MPI_SUCCESS && *outcount != MPI_UNDEFINED)
    for (int k = 0; k < *outcount; ++k) {
      int i = indices[k];
      completed(scope, found[static_cast<std::size_t>(i)], before[static_cast<std::size_t>(i)],
                st[k]);
    }
  return rc;
}

int MPI_Testsome(int incount, MPI_Request requests[], int *outcount, int indices[],
                 MPI_Status statuses[]) {
  RMARACE_SCOPE("MPI_Testsome");
  std::vector<MPI_Request> before(requests, requests + incount);
  auto found = lookup(scope, incount, requests);
  StatusArray st(statuses, incount);
  nasty::requestsWaited(incount, requests);
  int rc = PMPI_Testsome(incount, requests, outcount, indices, st.get());
  if (scope && rc == MPI_SUCCESS && *outcount != MPI_UNDEFINED)
    for (int k = 0; k < *outcount; ++k) {
      int i = indices[k];
      completed(scope, found[static_cast<std::size_t>(i)], before[static_cast<std::size_t>(i)],
                st[k]);
    }
  if (scope) scope.tracker().pump();
  return rc;
}

// Polling a request without completing it: a held request-based call completes locally first, as
// for MPI_Test (otherwise the poll would never see it complete).
int MPI_Request_get_status(MPI_Request request, int *flag, MPI_Status *status) {
  RMARACE_SCOPE("MPI_Request_get_status");
  nasty::requestsWaited(1, &request);
  return PMPI_Request_get_status(request, flag, status);
}

int MPI_Request_free(MPI_Request *request) {
  RMARACE_SCOPE("MPI_Request_free");
  if (scope)
    if (auto claim = scope.st().requests.claim(*request, request))
      scope.st().requests.erase(*request, claim->id);
  return PMPI_Request_free(request);
}

} // extern "C"
