#include "misuse.h"

namespace rmarace::mpi {

void reportMisuse(Scope &scope, const char *kind, const std::string &message) {
  ErrorRecord e;
  e.kind = kind;
  e.rank = scope.st().runtime->rank();
  e.location = scope.st().runtime->resolve(scope.site());
  e.message = message;
  scope.st().runtime->reportError(e);
}

bool usesFreedWindow(Scope &scope, MPI_Win win) {
  if (!scope || !scope.st().freedWindows.count(win)) return false;
  reportMisuse(scope, "freed-window",
               std::string(scope.call()) + " on a window that was freed (MPI_Win_free)");
  return true;
}

int freedWindowError() {
  PMPI_Comm_call_errhandler(MPI_COMM_WORLD, MPI_ERR_WIN);
  return MPI_ERR_WIN;
}

} // namespace rmarace::mpi
