#include "carried_reduction.h"

#include "rmarace/core/sync.h"

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <span>

namespace rmarace::mpi {

namespace {

// Larger reductions are not worth copying: the application's own collective runs alongside.
constexpr std::size_t kCarriedBytes = 4096;
constexpr std::size_t kWordBytes = sizeof(uint64_t);

// What the combined operation needs of one carrier datatype.
struct Layout {
  std::size_t toolWords;
  int count;
  MPI_Datatype type;
  MPI_Op op;
};

// The operations MPI predefines for reductions (MPI-3.1 5.9.2); all are commutative, so the
// combined operation is too.
bool predefinedReduction(MPI_Op op) {
  static const std::array<MPI_Op, 12> kOps = {MPI_MAX,  MPI_MIN,  MPI_SUM,    MPI_PROD,
                                              MPI_LAND, MPI_BAND, MPI_LOR,    MPI_BOR,
                                              MPI_LXOR, MPI_BXOR, MPI_MINLOC, MPI_MAXLOC};
  for (MPI_Op predefined : kOps)
    if (op == predefined) return true;
  return false;
}

int layoutKey() {
  static int key = [] {
    int k = MPI_KEYVAL_INVALID;
    PMPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, MPI_TYPE_NULL_DELETE_FN, &k, nullptr);
    return k;
  }();
  return key;
}

// Advanced when the carried datatypes are freed: a handle may then name another datatype.
std::atomic<uint64_t> gLayoutsFreed{0};

// The layout of a carried datatype. A handle keeps its layout until the datatypes are freed, so
// the last one looked up on this thread is remembered (an attribute lookup is a hash table
// search, twice per reduction of a few words).
const Layout *layoutOf(MPI_Datatype type) {
  thread_local MPI_Datatype lastType = MPI_DATATYPE_NULL;
  thread_local const Layout *lastLayout = nullptr;
  thread_local uint64_t lastFreed = 0;
  uint64_t freed = gLayoutsFreed.load(std::memory_order_acquire);
  if (type != lastType || !lastLayout || freed != lastFreed) {
    lastFreed = freed;
    Layout *layout = nullptr;
    int found = 0;
    PMPI_Type_get_attr(type, layoutKey(), &layout, &found);
    lastType = type;
    lastLayout = found ? layout : nullptr;
  }
  return lastLayout;
}

void reduceCarried(void *in, void *inout, int *length, MPI_Datatype *type) {
  const Layout *layout = layoutOf(*type);
  if (!layout) return;
  MPI_Aint lb = 0, extent = 0;
  PMPI_Type_get_extent(*type, &lb, &extent);
  for (int i = 0; i < *length; ++i) {
    auto *a = static_cast<uint64_t *>(in) + i * extent / static_cast<MPI_Aint>(kWordBytes);
    auto *b = static_cast<uint64_t *>(inout) + i * extent / static_cast<MPI_Aint>(kWordBytes);
    CollectiveContribution::combineFixed({a, layout->toolWords}, {b, layout->toolWords});
    PMPI_Reduce_local(a + layout->toolWords, b + layout->toolWords, layout->count, layout->type,
                      layout->op);
  }
}

} // namespace

std::optional<CarriedReduction> carriedReduction(const void *sendbuf, void *recvbuf, int count,
                                                 MPI_Datatype type, MPI_Op op,
                                                 bool recvSignificant) {
  if (count <= 0 || !predefinedReduction(op) || type == MPI_DATATYPE_NULL) return std::nullopt;
  int integers = 0, addresses = 0, datatypes = 0, combiner = 0;
  if (PMPI_Type_get_envelope(type, &integers, &addresses, &datatypes, &combiner) != MPI_SUCCESS ||
      combiner != MPI_COMBINER_NAMED)
    return std::nullopt;
  MPI_Aint lb = 0, extent = 0;
  PMPI_Type_get_true_extent(type, &lb, &extent);
  if (lb != 0 || extent <= 0) return std::nullopt;
  std::size_t bytes = static_cast<std::size_t>(count) * static_cast<std::size_t>(extent);
  if (bytes > kCarriedBytes) return std::nullopt;
  CarriedReduction r;
  r.send = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
  r.recv = recvSignificant ? recvbuf : nullptr;
  if (!r.send) return std::nullopt; // MPI_IN_PLACE where it is not allowed: MPI's to judge
  r.count = count;
  r.type = type;
  r.op = op;
  r.bytes = bytes;
  return r;
}

std::size_t CarriedReductions::words(std::size_t toolWords, const CarriedReduction &reduction) {
  return toolWords + (reduction.bytes + kWordBytes - 1) / kWordBytes;
}

MPI_Datatype CarriedReductions::datatype(std::size_t toolWords, const CarriedReduction &reduction) {
  Key key{toolWords, reduction.count, reduction.type, reduction.op};
  auto it = datatypes_.find(key);
  if (it != datatypes_.end()) return it->second;
  MPI_Datatype type = MPI_DATATYPE_NULL;
  PMPI_Type_contiguous(static_cast<int>(words(toolWords, reduction)), MPI_UINT64_T, &type);
  PMPI_Type_commit(&type);
  // Owned by the datatype's entry for the life of the process (the map keeps the datatype).
  auto *layout = new Layout{toolWords, reduction.count, reduction.type, reduction.op};
  PMPI_Type_set_attr(type, layoutKey(), layout);
  datatypes_.emplace(key, type);
  return type;
}

MPI_Op CarriedReductions::op() {
  if (op_ == MPI_OP_NULL) PMPI_Op_create(&reduceCarried, 1, &op_);
  return op_;
}

void CarriedReductions::free() {
  for (auto &[key, type] : datatypes_) {
    Layout *layout = nullptr;
    int found = 0;
    PMPI_Type_get_attr(type, layoutKey(), &layout, &found);
    PMPI_Type_free(&type);
    delete layout;
  }
  datatypes_.clear();
  gLayoutsFreed.fetch_add(1, std::memory_order_release);
  if (op_ != MPI_OP_NULL) PMPI_Op_free(&op_);
}

} // namespace rmarace::mpi
