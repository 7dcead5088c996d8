// The MPI transport's collective exchanges in progress, by the means that carries them, so that
// finishing one dispatches on a field instead of trying casts.
#pragma once

#include "rmarace/core/tracker.h"

namespace rmarace::mpi {

struct MpiPendingExchange : PendingExchange {
  enum class Means {
    Reduction, // the tool's own (non-blocking) reduction: MpiExchange
    FenceArea, // a fence through the window's fence areas: FenceAreaExchange
    Board,     // a fence through the window's board: BoardFenceExchange
  };
  explicit MpiPendingExchange(Means m) : means(m) {}
  const Means means;
};

} // namespace rmarace::mpi
