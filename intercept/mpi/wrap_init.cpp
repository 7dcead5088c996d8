// MPI_Init, MPI_Finalize and MPI_Abort: the MPI front end starts and ends the runtime
// (runtime/include/rmarace/runtime/lifecycle.h), which owns signals, the summary and the exit code.
#include "fence_area.h"
#include "mpi/attach.h"
#include "mpi_state.h"
#include "nasty_schedule.h"
#include "scope.h"

#include <algorithm>
#include <cstdio>

namespace rmarace::mpi {

namespace {

State *g_state = nullptr;
// Tag of MPI_Comm_create_group for the channels of other models' groups.
constexpr int kGroupChannelTag = 0x52;
// The front end was started by another model's front end (attach.h), not by MPI_Init.
bool g_attached = false;

void startTool(const char *model) {
  int rank = 0, size = 1;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  PMPI_Comm_size(MPI_COMM_WORLD, &size);
  auto *st = new State;
  MPI_Comm toolComm = MPI_COMM_NULL;
  PMPI_Comm_dup(MPI_COMM_WORLD, &toolComm);
  st->transport = std::make_unique<MpiTransport>(*st, toolComm, size);
  rt::StartInfo info;
  info.model = model;
  info.rank = rank;
  info.worldSize = size;
  info.transport = st->transport.get();
  info.run = st->transport.get();
  st->runtime = &rt::Lifecycle::start(info);
  st->transport->openBatchRings(st->runtime->options().sharedExchange);
  st->semantics = std::make_unique<Semantics>(st->runtime->tracker());
  st->addChannel(MPI_COMM_WORLD);
  st->addChannel(MPI_COMM_SELF);
  const rt::Options &options = st->runtime->options();
  nasty::start(options.nastySchedule, options.nastyStages, options.seed, rank);
  g_state = st;
}

void finishTool(const char *call, const void *returnAddress) {
  nasty::finish(); // calls of windows a program did not free
  State &st = *g_state;
  rt::Lifecycle::finish(st.channels.at(st.comms.at(MPI_COMM_WORLD)).group, call, returnAddress);
  // Release what the tool created, before MPI goes away, in an order every rank shares: the
  // frees are collective.
  g_state = nullptr;
  std::map<SegmentId, WindowState *> toolWindows; // by the id all members agreed on
  for (auto &[win, w] : st.windows) toolWindows[w.segment] = &w;
  for (auto &[segment, w] : toolWindows) {
    if (w->fenceBoard) w->fenceBoard->free();
    if (w->fenceArea) w->fenceArea->free();
    if (w->toolWindow != MPI_WIN_NULL) PMPI_Win_free(&w->toolWindow);
  }
  st.windows.clear();
  for (auto &[number, board] : st.boards) board->free(); // in an order every process shares
  st.boards.clear();
  for (auto &[id, ch] : st.channels)
    if (ch.shadow != MPI_COMM_NULL) PMPI_Comm_free(&ch.shadow);
  st.channels.clear();
  // The finished runtime keeps references to the transport: the object stays, what it holds in
  // MPI is released.
  st.transport->shutdown();
}

} // namespace

State *state() {
  return g_state;
}

std::vector<Rank> worldRanks(MPI_Group group) {
  int n = 0;
  PMPI_Group_size(group, &n);
  std::vector<int> local(static_cast<std::size_t>(n)), world(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) local[static_cast<std::size_t>(i)] = i;
  MPI_Group worldGroup;
  PMPI_Comm_group(MPI_COMM_WORLD, &worldGroup);
  PMPI_Group_translate_ranks(group, n, local.data(), worldGroup, world.data());
  PMPI_Group_free(&worldGroup);
  return {world.begin(), world.end()};
}

Channel *State::channelOf(MPI_Comm comm) {
  auto it = comms.find(comm);
  return it == comms.end() ? nullptr : &channels.at(it->second);
}

Channel &State::makeChannel(MPI_Comm base) {
  Channel ch;
  ch.id = nextChannel++;
  {
    rt::BlockingRegion unlocked; // collective over `base`
    PMPI_Comm_dup(base, &ch.shadow);
  }
  MPI_Group group;
  PMPI_Comm_group(base, &group);
  ch.group.members = worldRanks(group);
  PMPI_Group_free(&group);
  ch.group.channel = ch.id;
  for (std::size_t i = 0; i < ch.group.members.size(); ++i)
    ch.local[ch.group.members[i]] = static_cast<int>(i);
  return channels.emplace(ch.id, std::move(ch)).first->second;
}

Channel &State::addChannel(MPI_Comm app) {
  Channel &ch = makeChannel(app);
  comms[app] = ch.id;
  return ch;
}

WindowState *State::window(MPI_Win win) {
  auto it = windows.find(win);
  return it == windows.end() ? nullptr : &it->second;
}

CollectiveBoard *State::boardOf(Channel &channel) {
  if (!channel.boardTried) {
    channel.boardTried = true;
    bool want = runtime->options().sharedExchange && boards.size() < CollectiveBoard::kMaxBoards;
    std::unique_ptr<CollectiveBoard> board;
    {
      rt::BlockingRegion unlocked; // collective over the channel
      board = transport->createBoard(channel, want, nextBoard);
    }
    if (board) {
      nextBoard = std::max(nextBoard, board->number() + 1);
      channel.board = board.get();
      boards[board->number()] = std::move(board);
    }
  }
  return channel.board && channel.board->carries() ? channel.board : nullptr;
}

void State::removeChannel(uint64_t id) {
  auto it = channels.find(id);
  if (it == channels.end()) return;
  if (it->second.shadow != MPI_COMM_NULL) PMPI_Comm_free(&it->second.shadow);
  channels.erase(it);
}

} // namespace rmarace::mpi

using namespace rmarace;
using namespace rmarace::mpi;

extern "C" {

// MPI started by another model's library (inside its start-up) is that library's business: its
// front end attaches once the library is up. The threads MPI starts meanwhile (progress threads)
// belong to the library (rt::adoptLibraryThread).
int MPI_Init(int *argc, char ***argv) {
  bool nested = rt::insideInterceptedCall();
  int rc;
  {
    rt::OpaqueLibraryCall library;
    rc = PMPI_Init(argc, argv);
  }
  if (rc == MPI_SUCCESS && !nested) startTool("MPI");
  return rc;
}

int MPI_Init_thread(int *argc, char ***argv, int required, int *provided) {
  bool nested = rt::insideInterceptedCall();
  int rc;
  {
    rt::OpaqueLibraryCall library;
    rc = PMPI_Init_thread(argc, argv, required, provided);
  }
  if (rc == MPI_SUCCESS && !nested) startTool("MPI");
  return rc;
}

int MPI_Finalize(void) {
  if (state() && !g_attached) finishTool("MPI_Finalize", __builtin_return_address(0));
  return PMPI_Finalize();
}

int rmarace_mpi_attach(const char *model) {
  if (state()) return 1;
  int initialized = 0, finalized = 0;
  PMPI_Initialized(&initialized);
  PMPI_Finalized(&finalized);
  if (!initialized || finalized) return 0;
  startTool(model);
  g_attached = true;
  return 1;
}

void rmarace_mpi_detach(const char *call, const void *returnAddress) {
  if (!g_attached || !state()) return;
  g_attached = false;
  finishTool(call, returnAddress);
}

uint64_t rmarace_mpi_world_channel(void) {
  State *st = state();
  return st ? st->comms.at(MPI_COMM_WORLD) : 0;
}

uint64_t rmarace_mpi_group_channel(const int *worldRanks, int n) {
  State *st = state();
  if (!st) return 0;
  MPI_Group world, members;
  PMPI_Comm_group(MPI_COMM_WORLD, &world);
  PMPI_Group_incl(world, n, worldRanks, &members);
  MPI_Comm comm = MPI_COMM_NULL;
  {
    rt::BlockingRegion unlocked; // collective over the members
    PMPI_Comm_create_group(MPI_COMM_WORLD, members, kGroupChannelTag, &comm);
  }
  PMPI_Group_free(&members);
  PMPI_Group_free(&world);
  uint64_t id = st->makeChannel(comm).id;
  PMPI_Comm_free(&comm); // the channel keeps its own duplicate
  return id;
}

void rmarace_mpi_release_channel(uint64_t channel) {
  if (State *st = state()) st->removeChannel(channel);
}

int MPI_Abort(MPI_Comm comm, int errorcode) {
  if (state()) rt::Lifecycle::aborting("MPI_Abort", __builtin_return_address(0));
  return PMPI_Abort(comm, errorcode);
}

} // extern "C"
