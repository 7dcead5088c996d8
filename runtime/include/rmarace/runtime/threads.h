// Numbers of the threads of this process, as the engine knows them (Process::setThread). The
// process's initial thread is 0; every other thread gets the next number when it is created (a
// front end that sees the creation reserves it for the child) or when it first meets the engine.
// The engine lock holder's number is made the engine's current thread whenever the lock is taken.
#pragma once

#include "rmarace/core/types.h"
#include "rmarace/runtime/api.h"

namespace rmarace::rt {

// This thread's number.
RMARACE_API ThreadId currentThread();
// A number for a thread about to be created; the new thread adopts it first thing.
RMARACE_API ThreadId reserveThread();
RMARACE_API void adoptThread(ThreadId thread);
// This thread belongs to a library (created inside an intercepted call, e.g. a progress thread of
// the MPI library): its calls pass through every front end for its whole life. Such threads may
// hold locks the engine's own calls into the library need, so they must never wait for the engine.
RMARACE_API void adoptLibraryThread();
// Whether a thread other than the initial one has been numbered: until then, nothing orders
// threads and synchronisation between them can be skipped.
RMARACE_API bool otherThreadsExist();
// Other threads are about to run (a parallel region forks a team whose threads may start after
// the initial thread's first accesses): accesses of untracked memory are remembered from now on,
// as they are once a second thread is numbered.
RMARACE_API void expectOtherThreads();

// What a thread runs, for reports: "<what> <index> <relation> <file:line of where>", e.g.
// {"OpenMP thread", 1, "of the parallel region at", codeptr}. Texts are static strings; index -1
// and a null relation are left out. A thread without a role (the default) is named by number only.
struct ThreadRole {
  const char *what = nullptr;
  int index = -1;
  const char *relation = nullptr;
  const void *where = nullptr; // a code address of the program
};
// Both need the engine lock: call them inside an intercepted call's scope.
RMARACE_API void describeThread(ThreadId thread, const ThreadRole &role);
RMARACE_API ThreadRole roleOfThread(ThreadId thread);

} // namespace rmarace::rt
