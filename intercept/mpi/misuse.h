// Erroneous uses of windows that MPI libraries accept silently, or crash on, reported as errors
// (kind, message, call site; docs/reports.md "Errors"): RMA calls and flushes outside the epochs
// MPI-3.1 11.5 requires, a window freed inside an epoch (11.2.5), and calls on a freed window.
#pragma once

#include "scope.h"

#include <string>

namespace rmarace::mpi {

// Reports misuse of `kind` found in the current call.
void reportMisuse(Scope &scope, const char *kind, const std::string &message);

// Handles of windows this process freed, until a new window gets the handle. Windows created
// inside other libraries' calls (no active scope) count too, so that a valid handle is never
// taken for a stale one; a lock of its own keeps them apart from the engine lock.
void windowCreated(MPI_Win win);
void windowFreed(MPI_Win win);
// Whether `win` is a handle of a window this process freed (and no window got it since): the call
// is reported, and must not reach MPI, which may crash on the stale handle.
bool usesFreedWindow(Scope &scope, MPI_Win win);
// The return of a call on a freed window: MPI_ERR_WIN, raised on MPI_COMM_WORLD as MPI raises
// errors of invalid window handles.
int freedWindowError();

} // namespace rmarace::mpi

// Wrapper preamble after RMARACE_SCOPE: a call on a freed window returns the error at once.
#define RMARACE_REJECT_FREED_WINDOW(win)                                                           \
  if (::rmarace::mpi::usesFreedWindow(scope, win)) return ::rmarace::mpi::freedWindowError()
