// MPI_Init, MPI_Finalize and MPI_Abort: starting and ending the tool, the final report and the
// exit code.
#include "../../runtime/src/reports.h"
#include "mpi_state.h"
#include "scope.h"

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <unistd.h>

namespace rmarace::mpi {

namespace {

State *g_state = nullptr;
// Outcome of the run, kept past MPI_Finalize for the exit code.
// Races and errors (an RMA call outside a window) found: either sets the exit code.
uint64_t g_findings = 0;
int g_exitcode = 0;
bool g_atexitRegistered = false;

void exitWithRaceCode() {
  if (g_findings > 0 && g_exitcode != 0) {
    std::fflush(nullptr);
    _exit(g_exitcode);
  }
}

// Reports held until their region ends must not be lost when the program dies.
void flushHeldReports() {
  if (g_state && g_state->runtime) {
    g_state->runtime->process().flushPendingReports();
    const auto &reports = g_state->runtime->reports();
    g_findings = std::max(g_findings, reports.racesFound() + reports.errorsFound());
  }
}

constexpr int kFatalSignals[] = {SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL, SIGTERM};
struct sigaction g_previous[sizeof kFatalSignals / sizeof kFatalSignals[0]];

// Flushes the held reports, then lets whoever handled the signal before (MPI, UCX, the program,
// or the default action) handle it.
void onFatalSignal(int sig) {
  flushHeldReports();
  for (std::size_t i = 0; i < std::size(kFatalSignals); ++i) {
    if (kFatalSignals[i] == sig) sigaction(sig, &g_previous[i], nullptr);
  }
  std::raise(sig);
}

void atExit() {
  if (g_state && !g_state->finalized) flushHeldReports(); // exit without MPI_Finalize
  exitWithRaceCode();
}

void installSignalHandlers() {
  for (std::size_t i = 0; i < std::size(kFatalSignals); ++i) {
    struct sigaction action {};
    action.sa_handler = onFatalSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND;
    sigaction(kFatalSignals[i], &action, &g_previous[i]);
  }
}

std::string defaultLogPath(MPI_Comm toolComm, int rank) {
  // One file per run, named after rank 0's process id.
  long id = static_cast<long>(getpid());
  PMPI_Bcast(&id, 1, MPI_LONG, 0, toolComm);
  (void)rank;
  return "rmarace-" + std::to_string(id) + ".jsonl";
}

void startTool() {
  int rank = 0, size = 1;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  PMPI_Comm_size(MPI_COMM_WORLD, &size);
  auto *st = new State;
  MPI_Comm toolComm = MPI_COMM_NULL;
  PMPI_Comm_dup(MPI_COMM_WORLD, &toolComm);
  st->transport = std::make_unique<MpiTransport>(*st, toolComm, size);
  st->runtime = &rt::Runtime::create(rank, size, *st->transport);
  st->semantics = std::make_unique<Semantics>(st->runtime->tracker());
  st->addChannel(MPI_COMM_WORLD);
  st->addChannel(MPI_COMM_SELF);
  const rt::Options &options = st->runtime->options();
  std::string log = options.logPath.empty() ? defaultLogPath(toolComm, rank) : options.logPath;
  st->runtime->reports().setLogPath(log);
  g_exitcode = options.exitcode;
  g_state = st;
  installSignalHandlers();
  if (!g_atexitRegistered) {
    std::atexit(atExit);
    g_atexitRegistered = true;
  }
  if (options.verbosity > 0 && rank == 0)
    std::fprintf(stderr, "rmarace: checking %d ranks; reports go to %s\n", size, log.c_str());
}

void finishTool() {
  State &st = *g_state;
  rt::Runtime &rt = *st.runtime;
  {
    std::lock_guard<rt::EngineLock> guard(rt.lock());
    rt::ReentrancyGuard reentrancy;
    LocationHandle site = rt.callSite("MPI_Finalize", nullptr, nullptr);
    rt.tracker().finalize(st.channels.at(st.comms.at(MPI_COMM_WORLD)).group, site);
  }
  MPI_Comm toolComm = st.transport->toolComm();
  // Merge every rank's distinct races at rank 0.
  std::string mine = rt.reports().exportSummary();
  int length = static_cast<int>(mine.size());
  int rank = rt.rank(), size = rt.worldSize();
  std::vector<int> lengths(static_cast<std::size_t>(size)), displs(static_cast<std::size_t>(size));
  PMPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, toolComm);
  int total = 0;
  for (int i = 0; i < size; ++i) {
    displs[static_cast<std::size_t>(i)] = total;
    total += lengths[static_cast<std::size_t>(i)];
  }
  std::string all(static_cast<std::size_t>(rank == 0 ? total : 0), '\0');
  PMPI_Gatherv(mine.data(), length, MPI_CHAR, all.data(), lengths.data(), displs.data(), MPI_CHAR,
               0, toolComm);
  uint64_t counts[2] = {rt.reports().racesFound(), rt.reports().errorsFound()};
  uint64_t totals[2] = {0, 0};
  PMPI_Allreduce(counts, totals, 2, MPI_UINT64_T, MPI_SUM, toolComm);
  if (rank == 0) {
    std::vector<std::string> parts;
    for (int i = 0; i < size; ++i)
      parts.push_back(all.substr(static_cast<std::size_t>(displs[static_cast<std::size_t>(i)]),
                                 static_cast<std::size_t>(lengths[static_cast<std::size_t>(i)])));
    rt.reports().printSummary(parts, totals[1]);
  }
  g_findings = totals[0] + totals[1];
  st.finalized = true;
  // Release what the tool created, before MPI goes away.
  for (auto &[win, w] : st.windows)
    if (w.toolWindow != MPI_WIN_NULL) PMPI_Win_free(&w.toolWindow);
  st.windows.clear();
  for (auto &[id, ch] : st.channels)
    if (ch.shadow != MPI_COMM_NULL) PMPI_Comm_free(&ch.shadow);
  st.channels.clear();
  st.transport->waitSends();
  st.semantics.reset();
  g_state = nullptr;
  rt::Runtime::destroy();
  st.transport.reset();
  PMPI_Comm_free(&toolComm);
  delete &st;
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
  PMPI_Comm_dup(base, &ch.shadow);
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

int MPI_Init(int *argc, char ***argv) {
  int rc = PMPI_Init(argc, argv);
  if (rc == MPI_SUCCESS) startTool();
  return rc;
}

int MPI_Init_thread(int *argc, char ***argv, int required, int *provided) {
  int rc = PMPI_Init_thread(argc, argv, required, provided);
  if (rc == MPI_SUCCESS) startTool();
  return rc;
}

int MPI_Finalize(void) {
  if (state()) finishTool();
  return PMPI_Finalize();
}

int MPI_Abort(MPI_Comm comm, int errorcode) {
  {
    RMARACE_SCOPE("MPI_Abort");
    if (scope) scope.tracker().process().judgeProvisional();
  }
  flushHeldReports();
  return PMPI_Abort(comm, errorcode);
}

} // extern "C"
