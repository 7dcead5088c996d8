// Point-to-point communication: every send mode, receives, probes and persistent requests.
#include "p2p.h"

namespace rmarace::mpi {

uint64_t signalMessage(Scope &scope, MPI_Comm comm, int dest, int tag, bool synchronous) {
  if (dest == MPI_PROC_NULL) return 0;
  Channel *ch = scope.st().channelOf(comm);
  if (!ch || dest < 0 || static_cast<std::size_t>(dest) >= ch->group.members.size()) return 0;
  return scope.sem().send(ch->group.members[static_cast<std::size_t>(dest)],
                          queueId(QueueKind::Message, ch->id, tag), scope.site(), synchronous);
}

void awaitAnswer(Scope &scope, MPI_Comm comm, int dest, uint64_t token) {
  Channel *ch = scope.st().channelOf(comm);
  if (ch && token)
    scope.sem().sendCompleted(ch->group.members[static_cast<std::size_t>(dest)], token,
                              scope.site());
}

void absorbMessage(Scope &scope, uint64_t channel, const MPI_Status &status) {
  if (status.MPI_SOURCE == MPI_PROC_NULL || status.MPI_SOURCE < 0) return;
  int cancelled = 0;
  PMPI_Test_cancelled(&status, &cancelled);
  if (cancelled) return;
  auto it = scope.st().channels.find(channel);
  if (it == scope.st().channels.end()) return;
  Rank from = it->second.group.members[static_cast<std::size_t>(status.MPI_SOURCE)];
  QueueId queue = queueId(QueueKind::Message, channel, status.MPI_TAG);
  ClockPayload payload;
  if (scope.st().transport->takePreconsumed(queue, from, payload))
    scope.sem().received(from, payload, scope.site(), /*absorbedAtProbe=*/true);
  else
    scope.sem().receive(from, queue, scope.site());
}

void absorbProbe(Scope &scope, MPI_Comm comm, const MPI_Status &status) {
  Channel *ch = scope.st().channelOf(comm);
  if (!ch || status.MPI_SOURCE == MPI_PROC_NULL || status.MPI_SOURCE < 0) return;
  Rank from = ch->group.members[static_cast<std::size_t>(status.MPI_SOURCE)];
  QueueId queue = queueId(QueueKind::Message, ch->id, status.MPI_TAG);
  ClockPayload payload;
  // Repeated probes of the same message absorb its clock once.
  if (scope.st().transport->peekPreconsumed(queue, from, payload)) return;
  scope.st().transport->preconsume(queue, from);
  scope.st().transport->peekPreconsumed(queue, from, payload);
  scope.sem().probed(from, payload, scope.site());
}

namespace {

template <class Send>
int blockingSend(const char *name, const void *ret, MPI_Comm comm, int dest, int tag,
                 bool synchronous, Send &&send) {
  Scope scope(name, ret);
  uint64_t token = scope ? signalMessage(scope, comm, dest, tag, synchronous) : 0;
  int rc = scope.blocking(send);
  if (scope && rc == MPI_SUCCESS) awaitAnswer(scope, comm, dest, token);
  return rc;
}

RequestState &track(Scope &scope, const MPI_Request *request, RequestState::Kind kind,
                    MPI_Comm comm, int peer, int tag, bool active) {
  RequestState rs;
  rs.kind = kind;
  if (Channel *ch = scope.st().channelOf(comm)) rs.channel = ch->id;
  rs.peer = peer;
  rs.tag = tag;
  rs.active = active;
  rs.site = scope.site();
  return scope.st().requests.add(*request, request, rs);
}

} // namespace

} // namespace rmarace::mpi

using namespace rmarace;
using namespace rmarace::mpi;

extern "C" {

int MPI_Send(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm) {
  return blockingSend("MPI_Send", __builtin_return_address(0), comm, dest, tag, false,
                      [&] { return PMPI_Send(buf, count, type, dest, tag, comm); });
}

int MPI_Bsend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm) {
  return blockingSend("MPI_Bsend", __builtin_return_address(0), comm, dest, tag, false,
                      [&] { return PMPI_Bsend(buf, count, type, dest, tag, comm); });
}

int MPI_Ssend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm) {
  return blockingSend("MPI_Ssend", __builtin_return_address(0), comm, dest, tag, true,
                      [&] { return PMPI_Ssend(buf, count, type, dest, tag, comm); });
}

int MPI_Rsend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm) {
  return blockingSend("MPI_Rsend", __builtin_return_address(0), comm, dest, tag, false,
                      [&] { return PMPI_Rsend(buf, count, type, dest, tag, comm); });
}

int MPI_Recv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
             MPI_Status *status) {
  RMARACE_SCOPE("MPI_Recv");
  StatusArray st(status, 1);
  int rc = scope.blocking([&] { return PMPI_Recv(buf, count, type, source, tag, comm, st.get()); });
  if (scope && rc == MPI_SUCCESS) {
    if (Channel *ch = scope.st().channelOf(comm)) absorbMessage(scope, ch->id, st[0]);
  }
  return rc;
}

int MPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                 void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                 MPI_Comm comm, MPI_Status *status) {
  RMARACE_SCOPE("MPI_Sendrecv");
  if (scope) signalMessage(scope, comm, dest, sendtag);
  StatusArray st(status, 1);
  int rc = scope.blocking([&] {
    return PMPI_Sendrecv(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype,
                         source, recvtag, comm, st.get());
  });
  if (scope && rc == MPI_SUCCESS) {
    if (Channel *ch = scope.st().channelOf(comm)) absorbMessage(scope, ch->id, st[0]);
  }
  return rc;
}

int MPI_Sendrecv_replace(void *buf, int count, MPI_Datatype type, int dest, int sendtag, int source,
                         int recvtag, MPI_Comm comm, MPI_Status *status) {
  RMARACE_SCOPE("MPI_Sendrecv_replace");
  if (scope) signalMessage(scope, comm, dest, sendtag);
  StatusArray st(status, 1);
  int rc = scope.blocking([&] {
    return PMPI_Sendrecv_replace(buf, count, type, dest, sendtag, source, recvtag, comm, st.get());
  });
  if (scope && rc == MPI_SUCCESS) {
    if (Channel *ch = scope.st().channelOf(comm)) absorbMessage(scope, ch->id, st[0]);
  }
  return rc;
}

#define RMARACE_ISEND(NAME, PNAME, SYNCHRONOUS)                                                    \
  int NAME(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,        \
           MPI_Request *request) {                                                                 \
    RMARACE_SCOPE(#NAME);                                                                          \
    uint64_t token = scope ? signalMessage(scope, comm, dest, tag, SYNCHRONOUS) : 0;               \
    int rc = PNAME(buf, count, type, dest, tag, comm, request);                                    \
    if (scope && rc == MPI_SUCCESS && *request != MPI_REQUEST_NULL) {                              \
      RequestState &rs = track(scope, request, RequestState::Kind::Send, comm, dest, tag, true);   \
      rs.synchronous = SYNCHRONOUS;                                                                \
      rs.replyToken = token;                                                                       \
    }                                                                                              \
    return rc;                                                                                     \
  }
RMARACE_ISEND(MPI_Isend, PMPI_Isend, false)
RMARACE_ISEND(MPI_Ibsend, PMPI_Ibsend, false)
RMARACE_ISEND(MPI_Issend, PMPI_Issend, true)
RMARACE_ISEND(MPI_Irsend, PMPI_Irsend, false)
#undef RMARACE_ISEND

int MPI_Irecv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
              MPI_Request *request) {
  RMARACE_SCOPE("MPI_Irecv");
  int rc = PMPI_Irecv(buf, count, type, source, tag, comm, request);
  if (scope && rc == MPI_SUCCESS && *request != MPI_REQUEST_NULL)
    track(scope, request, RequestState::Kind::Receive, comm, source, tag, true);
  return rc;
}

#define RMARACE_SEND_INIT(NAME, PNAME, SYNCHRONOUS)                                                \
  int NAME(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,        \
           MPI_Request *request) {                                                                 \
    RMARACE_SCOPE(#NAME);                                                                          \
    int rc = PNAME(buf, count, type, dest, tag, comm, request);                                    \
    if (scope && rc == MPI_SUCCESS && *request != MPI_REQUEST_NULL)                                \
      track(scope, request, RequestState::Kind::PersistentSend, comm, dest, tag, false)            \
          .synchronous = SYNCHRONOUS;                                                              \
    return rc;                                                                                     \
  }
RMARACE_SEND_INIT(MPI_Send_init, PMPI_Send_init, false)
RMARACE_SEND_INIT(MPI_Bsend_init, PMPI_Bsend_init, false)
RMARACE_SEND_INIT(MPI_Ssend_init, PMPI_Ssend_init, true)
RMARACE_SEND_INIT(MPI_Rsend_init, PMPI_Rsend_init, false)
#undef RMARACE_SEND_INIT

int MPI_Recv_init(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
                  MPI_Request *request) {
  RMARACE_SCOPE("MPI_Recv_init");
  int rc = PMPI_Recv_init(buf, count, type, source, tag, comm, request);
  if (scope && rc == MPI_SUCCESS && *request != MPI_REQUEST_NULL)
    track(scope, request, RequestState::Kind::PersistentReceive, comm, source, tag, false);
  return rc;
}

static void startOne(Scope &scope, MPI_Request request) {
  RequestState *found = scope.st().requests.find(request);
  if (!found) return;
  RequestState &rs = *found;
  rs.active = true;
  if (rs.kind != RequestState::Kind::PersistentSend || rs.peer == MPI_PROC_NULL) return;
  auto ch = scope.st().channels.find(rs.channel);
  if (ch == scope.st().channels.end()) return;
  rs.replyToken = scope.sem().send(ch->second.group.members[static_cast<std::size_t>(rs.peer)],
                                   queueId(QueueKind::Message, rs.channel, rs.tag), scope.site(),
                                   rs.synchronous);
}

int MPI_Start(MPI_Request *request) {
  RMARACE_SCOPE("MPI_Start");
  if (scope) startOne(scope, *request);
  return PMPI_Start(request);
}

int MPI_Startall(int count, MPI_Request requests[]) {
  RMARACE_SCOPE("MPI_Startall");
  if (scope)
    for (int i = 0; i < count; ++i) startOne(scope, requests[i]);
  return PMPI_Startall(count, requests);
}

int MPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status *status) {
  RMARACE_SCOPE("MPI_Probe");
  StatusArray st(status, 1);
  int rc = scope.blocking([&] { return PMPI_Probe(source, tag, comm, st.get()); });
  if (scope && rc == MPI_SUCCESS) absorbProbe(scope, comm, st[0]);
  return rc;
}

int MPI_Iprobe(int source, int tag, MPI_Comm comm, int *flag, MPI_Status *status) {
  RMARACE_SCOPE("MPI_Iprobe");
  StatusArray st(status, 1);
  int rc = PMPI_Iprobe(source, tag, comm, flag, st.get());
  if (scope && rc == MPI_SUCCESS && *flag) absorbProbe(scope, comm, st[0]);
  if (scope) scope.tracker().pump(); // polling loops keep the tool's messages flowing
  return rc;
}

int MPI_Mprobe(int source, int tag, MPI_Comm comm, MPI_Message *message, MPI_Status *status) {
  RMARACE_SCOPE("MPI_Mprobe");
  StatusArray st(status, 1);
  int rc = scope.blocking([&] { return PMPI_Mprobe(source, tag, comm, message, st.get()); });
  if (scope && rc == MPI_SUCCESS) {
    absorbProbe(scope, comm, st[0]);
    // The matched message is received with MPI_Mrecv: its clock is taken now.
    Channel *ch = scope.st().channelOf(comm);
    if (ch && st[0].MPI_SOURCE >= 0) {
      ClockPayload unused;
      scope.st().transport->takePreconsumed(
          queueId(QueueKind::Message, ch->id, st[0].MPI_TAG),
          ch->group.members[static_cast<std::size_t>(st[0].MPI_SOURCE)], unused);
    }
  }
  return rc;
}

int MPI_Improbe(int source, int tag, MPI_Comm comm, int *flag, MPI_Message *message,
                MPI_Status *status) {
  RMARACE_SCOPE("MPI_Improbe");
  StatusArray st(status, 1);
  int rc = PMPI_Improbe(source, tag, comm, flag, message, st.get());
  if (scope && rc == MPI_SUCCESS && *flag) {
    absorbProbe(scope, comm, st[0]);
    Channel *ch = scope.st().channelOf(comm);
    if (ch && st[0].MPI_SOURCE >= 0) {
      ClockPayload unused;
      scope.st().transport->takePreconsumed(
          queueId(QueueKind::Message, ch->id, st[0].MPI_TAG),
          ch->group.members[static_cast<std::size_t>(st[0].MPI_SOURCE)], unused);
    }
  }
  return rc;
}

// Matched receives: the clock was absorbed by the matching probe.
int MPI_Mrecv(void *buf, int count, MPI_Datatype type, MPI_Message *message, MPI_Status *status) {
  return PMPI_Mrecv(buf, count, type, message, status);
}

int MPI_Imrecv(void *buf, int count, MPI_Datatype type, MPI_Message *message,
               MPI_Request *request) {
  return PMPI_Imrecv(buf, count, type, message, request);
}

} // extern "C"
