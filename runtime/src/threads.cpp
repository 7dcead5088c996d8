#include "rmarace/runtime/threads.h"

#include "page_map.h"
#include "repeat_filter.h"
#include "thread_state.h"

#include <atomic>
#include <sys/syscall.h>
#include <unistd.h>

namespace rmarace::rt {

namespace {
std::atomic<ThreadId> nextThread{kInitialThread + 1};

bool isInitialThread() {
  return static_cast<pid_t>(syscall(SYS_gettid)) == getpid();
}
} // namespace

ThreadId reserveThread() {
  ThreadId t = nextThread.fetch_add(1, std::memory_order_relaxed);
  // From the second thread on, accesses of untracked memory are remembered (page_map.h).
  if (t == kInitialThread + 1) expectOtherThreads();
  return t;
}

void adoptThread(ThreadId thread) {
  // What this OS thread checked as its previous identity does not hold for the new one.
  if (tlsThreadState.engineThread != thread) RepeatFilter::changed();
  tlsThreadState.engineThread = thread;
}

void adoptLibraryThread() {
  tlsThreadState.inRuntime = true;
}

void expectOtherThreads() {
  PageMap::logUntracked();
}

bool otherThreadsExist() {
  return nextThread.load(std::memory_order_relaxed) > kInitialThread + 1;
}

ThreadId currentThread() {
  ThreadId &t = tlsThreadState.engineThread;
  if (t == kUnnumberedThread) t = isInitialThread() ? kInitialThread : reserveThread();
  return t;
}

} // namespace rmarace::rt
