// Communicator creation and release: every intra-communicator gets a private duplicate for the
// tool's clock exchange (created collectively, like the communicator itself).
#include "scope.h"

namespace rmarace::mpi {
namespace {

void registerComm(Scope &scope, MPI_Comm comm) {
  if (!scope || comm == MPI_COMM_NULL) return;
  int inter = 0;
  PMPI_Comm_test_inter(comm, &inter);
  if (inter) return; // intercommunicators are not modelled (see docs/runtime.md)
  scope.st().addChannel(comm);
}

} // namespace
} // namespace rmarace::mpi

using namespace rmarace;
using namespace rmarace::mpi;

extern "C" {

int MPI_Comm_dup(MPI_Comm comm, MPI_Comm *newcomm) {
  RMARACE_SCOPE("MPI_Comm_dup");
  int rc = scope.blocking([&] { return PMPI_Comm_dup(comm, newcomm); });
  if (rc == MPI_SUCCESS) registerComm(scope, *newcomm);
  return rc;
}

int MPI_Comm_dup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm) {
  RMARACE_SCOPE("MPI_Comm_dup_with_info");
  int rc = scope.blocking([&] { return PMPI_Comm_dup_with_info(comm, info, newcomm); });
  if (rc == MPI_SUCCESS) registerComm(scope, *newcomm);
  return rc;
}

int MPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm *newcomm) {
  RMARACE_SCOPE("MPI_Comm_split");
  int rc = scope.blocking([&] { return PMPI_Comm_split(comm, color, key, newcomm); });
  if (rc == MPI_SUCCESS) registerComm(scope, *newcomm);
  return rc;
}

int MPI_Comm_split_type(MPI_Comm comm, int type, int key, MPI_Info info, MPI_Comm *newcomm) {
  RMARACE_SCOPE("MPI_Comm_split_type");
  int rc = scope.blocking([&] { return PMPI_Comm_split_type(comm, type, key, info, newcomm); });
  if (rc == MPI_SUCCESS) registerComm(scope, *newcomm);
  return rc;
}

int MPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm *newcomm) {
  RMARACE_SCOPE("MPI_Comm_create");
  int rc = scope.blocking([&] { return PMPI_Comm_create(comm, group, newcomm); });
  if (rc == MPI_SUCCESS) registerComm(scope, *newcomm);
  return rc;
}

int MPI_Comm_create_group(MPI_Comm comm, MPI_Group group, int tag, MPI_Comm *newcomm) {
  RMARACE_SCOPE("MPI_Comm_create_group");
  int rc = scope.blocking([&] { return PMPI_Comm_create_group(comm, group, tag, newcomm); });
  if (rc == MPI_SUCCESS) registerComm(scope, *newcomm);
  return rc;
}

int MPI_Cart_create(MPI_Comm comm, int ndims, const int dims[], const int periods[], int reorder,
                    MPI_Comm *newcomm) {
  RMARACE_SCOPE("MPI_Cart_create");
  int rc = scope.blocking(
      [&] { return PMPI_Cart_create(comm, ndims, dims, periods, reorder, newcomm); });
  if (rc == MPI_SUCCESS) registerComm(scope, *newcomm);
  return rc;
}

int MPI_Cart_sub(MPI_Comm comm, const int remain_dims[], MPI_Comm *newcomm) {
  RMARACE_SCOPE("MPI_Cart_sub");
  int rc = scope.blocking([&] { return PMPI_Cart_sub(comm, remain_dims, newcomm); });
  if (rc == MPI_SUCCESS) registerComm(scope, *newcomm);
  return rc;
}

int MPI_Graph_create(MPI_Comm comm, int nnodes, const int index[], const int edges[], int reorder,
                     MPI_Comm *newcomm) {
  RMARACE_SCOPE("MPI_Graph_create");
  int rc = scope.blocking(
      [&] { return PMPI_Graph_create(comm, nnodes, index, edges, reorder, newcomm); });
  if (rc == MPI_SUCCESS) registerComm(scope, *newcomm);
  return rc;
}

int MPI_Dist_graph_create(MPI_Comm comm, int n, const int sources[], const int degrees[],
                          const int destinations[], const int weights[], MPI_Info info, int reorder,
                          MPI_Comm *newcomm) {
  RMARACE_SCOPE("MPI_Dist_graph_create");
  int rc = scope.blocking([&] {
    return PMPI_Dist_graph_create(comm, n, sources, degrees, destinations, weights, info, reorder,
                                  newcomm);
  });
  if (rc == MPI_SUCCESS) registerComm(scope, *newcomm);
  return rc;
}

int MPI_Dist_graph_create_adjacent(MPI_Comm comm, int indegree, const int sources[],
                                   const int sourceweights[], int outdegree,
                                   const int destinations[], const int destweights[], MPI_Info info,
                                   int reorder, MPI_Comm *newcomm) {
  RMARACE_SCOPE("MPI_Dist_graph_create_adjacent");
  int rc = scope.blocking([&] {
    return PMPI_Dist_graph_create_adjacent(comm, indegree, sources, sourceweights, outdegree,
                                           destinations, destweights, info, reorder, newcomm);
  });
  if (rc == MPI_SUCCESS) registerComm(scope, *newcomm);
  return rc;
}

int MPI_Comm_free(MPI_Comm *comm) {
  RMARACE_SCOPE("MPI_Comm_free");
  if (scope) {
    auto it = scope.st().comms.find(*comm);
    if (it != scope.st().comms.end()) {
      scope.st().removeChannel(it->second);
      scope.st().comms.erase(it);
    }
  }
  return scope.blocking([&] { return PMPI_Comm_free(comm); });
}

int MPI_Type_free(MPI_Datatype *type) {
  RMARACE_SCOPE("MPI_Type_free");
  if (scope) scope.st().datatypes.forget(*type);
  return PMPI_Type_free(type);
}

} // extern "C"
