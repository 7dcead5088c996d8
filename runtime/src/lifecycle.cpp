// Start and end of the runtime, whichever programming model starts the process: options, the
// log, fatal-signal and exit handlers, the summary merged at the first process, the exit code.
#include "rmarace/runtime/lifecycle.h"

#include "report_files.h"
#include "reports.h"
#include "rmarace/runtime/scoped_interceptor.h"
#include "thread_state.h"

#include <atomic>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <mutex>
#include <unistd.h>

namespace rmarace::rt {

namespace {

// One run per process: what the front ends share, and the outcome kept past finish for the exit
// code.
struct RunState {
  Runtime *runtime = nullptr;
  RunCollectives *collectives = nullptr;
  int frontEnds = 0;     // started and not yet finished
  bool finished = false; // the summary was merged
  uint64_t findings = 0; // races and errors: this process's, the run's after finish
  int exitcode = 0;
  bool atexitRegistered = false;
  uint64_t logStart = 0; // the log's size when the run started, for the report files
};
RunState g_run;
bool g_everStarted = false; // under g_lifecycleMutex
// The first programming-model call seen before any runtime started (Lifecycle::uncheckedCall).
std::atomic<const char *> g_firstUncheckedCall{nullptr};
// How often a signal handler tries the engine lock before it gives up on held reports.
constexpr int kFlushLockAttempts = 1000;
// Guards start and finish against each other (front ends of different threads).
std::mutex g_lifecycleMutex;

void exitWithRaceCode() {
  if (g_run.findings > 0 && g_run.exitcode != 0) {
    std::fflush(nullptr);
    _exit(g_run.exitcode);
  }
}

// Reports held until their region ends must not be lost when the program dies. Runs in signal
// handlers and at exit, where another thread may hold the engine lock: then the reports already
// written must do.
void flushHeldReports() {
  Runtime *rt = Runtime::instance();
  if (!rt) return;
  ThreadState &thread = tlsThreadState;
  bool locked = thread.heldEngineLock != nullptr;
  for (int attempt = 0; !locked && attempt < kFlushLockAttempts; ++attempt) {
    locked = rt->lock().tryLock();
    if (!locked) sched_yield();
  }
  if (!locked) return;
  {
    ReentrancyGuard reentrancy;
    rt->process().flushPendingReports();
  }
  if (!thread.heldEngineLock) rt->lock().unlock();
  const ReportWriter &reports = rt->reports();
  g_run.findings = std::max(g_run.findings, reports.racesFound() + reports.errorsFound());
}

constexpr int kFatalSignals[] = {SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL, SIGTERM};
struct sigaction g_previous[std::size(kFatalSignals)];

// Flushes the held reports, then lets whoever handled the signal before (the library, the
// program, or the default action) handle it.
void onFatalSignal(int sig) {
  flushHeldReports();
  for (std::size_t i = 0; i < std::size(kFatalSignals); ++i) {
    if (kFatalSignals[i] == sig) sigaction(sig, &g_previous[i], nullptr);
  }
  std::raise(sig);
}

void atExit() {
  if (!g_run.finished) flushHeldReports(); // exit without the model's finalisation
  exitWithRaceCode();
}

void installHandlers() {
  for (std::size_t i = 0; i < std::size(kFatalSignals); ++i) {
    struct sigaction action {};
    action.sa_handler = onFatalSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND;
    sigaction(kFatalSignals[i], &action, &g_previous[i]);
  }
  if (!g_run.atexitRegistered) {
    std::atexit(atExit);
    g_run.atexitRegistered = true;
  }
}

// A program whose calls the front ends saw, but whose runtime never started (its initialisation
// bypassed the interceptors, e.g. a library that calls PMPI_Init), was not checked at all: say so
// rather than exit as if it were race-free.
void warnIfNeverStarted() {
  const char *call = g_firstUncheckedCall.load(std::memory_order_relaxed);
  bool started;
  {
    std::lock_guard<std::mutex> guard(g_lifecycleMutex);
    started = g_everStarted;
  }
  if (call && !started)
    std::fprintf(stderr,
                 "rmarace: warning: process %d called %s, but rmarace never started in it (no "
                 "MPI_Init, shmem_init or gaspi_proc_init it intercepts ran): nothing was "
                 "checked\n",
                 static_cast<int>(getpid()), call);
}

// Merges every process's distinct races at the first process, which prints the summary; every
// process learns the run's findings for its exit code.
void mergeSummary(Runtime &rt, RunCollectives &collectives) {
  ReportWriter &reports = rt.reports();
  std::vector<std::string> parts = collectives.gatherAtFirst(reports.exportSummary());
  std::vector<uint64_t> totals =
      collectives.sumOverAll({reports.racesFound(), reports.errorsFound()});
  uint64_t races = totals[0], errors = totals[1];
  if (rt.rank() == 0) reports.printSummary(parts, errors);
  g_run.findings = races + errors;
}

std::string counted(uint64_t n, const char *one, const char *many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// Every process's one-line overview of what it tracked, printed by the first in rank order.
void printOverview(Runtime &rt, RunCollectives &collectives, const Process::Counts &counts) {
  const ReportWriter &reports = rt.reports();
  std::string line = "rmarace: rank " + std::to_string(rt.rank()) + " tracked " +
                     counted(counts.segments, "window", "windows") + ", " +
                     counted(counts.operations, "RMA call", "RMA calls") + ", " +
                     counted(counts.accesses, "access", "accesses") + " checked; found " +
                     counted(reports.racesFound(), "race", "races") + ", " +
                     counted(reports.errorsFound(), "error", "errors") + "\n";
  std::vector<std::string> lines = collectives.gatherAtFirst(line);
  for (const std::string &l : lines) std::fputs(l.c_str(), stderr);
}

} // namespace

Runtime &Lifecycle::start(const StartInfo &info) {
  std::lock_guard<std::mutex> guard(g_lifecycleMutex);
  ++g_run.frontEnds;
  if (Runtime *running = Runtime::instance()) return *running;
  auto *rt = new Runtime(info.rank, info.worldSize, *info.transport);
  const Options &options = rt->options();
  std::string log = options.logPath;
  if (log.empty()) {
    // One file per run, named after the first process's id.
    uint64_t id = info.run->broadcastFromFirst(static_cast<uint64_t>(getpid()));
    log = "rmarace-" + std::to_string(id) + ".jsonl";
  }
  rt->reports().setLogPath(log);
  // Before this run's first record (no other process reports before all have started).
  uint64_t logStart = 0;
  if (info.rank == 0 && !(options.reportHtml.empty() && options.reportSarif.empty()))
    logStart = logSize(log);
  rt->reportConfigurationErrors();
  g_run = RunState{rt, info.run, 1, false, 0, options.exitcode, g_run.atexitRegistered, logStart};
  g_everStarted = true;
  Runtime::instance_.store(rt, std::memory_order_release);
  installHandlers();
  if (options.verbosity > 0 && info.rank == 0)
    std::fprintf(stderr, "rmarace: checking %d ranks (%s); reports go to %s\n", info.worldSize,
                 info.model, log.c_str());
  return *rt;
}

void Lifecycle::finish(const GroupView &world, const char *call, const void *returnAddress) {
  std::lock_guard<std::mutex> guard(g_lifecycleMutex);
  Runtime *rt = g_run.runtime;
  if (!rt || --g_run.frontEnds > 0) return;
  Process::Counts counts;
  {
    ScopedInterceptor scope(call, returnAddress);
    if (scope) {
      scope.tracker().finalize(world, scope.site());
      counts = scope.runtime().process().counts();
    }
  }
  mergeSummary(*rt, *g_run.collectives);
  const Options &options = rt->options();
  if (options.verbosity > 0) printOverview(*rt, *g_run.collectives, counts);
  if (rt->rank() == 0) writeReportFiles(options, rt->reports().logPath(), g_run.logStart);
  g_run.finished = true;
  rt->retire();
  g_run.runtime = nullptr;
  g_run.collectives = nullptr;
}

void Lifecycle::aborting(const char *call, const void *returnAddress) {
  {
    ScopedInterceptor scope(call, returnAddress);
    if (scope) scope.tracker().process().judgeProvisional();
  }
  flushHeldReports();
}

uint64_t Lifecycle::findings() {
  return g_run.findings;
}

void Lifecycle::uncheckedCall(const char *call) {
  const char *none = nullptr;
  if (g_firstUncheckedCall.load(std::memory_order_relaxed) ||
      !g_firstUncheckedCall.compare_exchange_strong(none, call))
    return;
  std::atexit(warnIfNeverStarted);
}

} // namespace rmarace::rt
