#include "datatypes.h"

#include <algorithm>
#include <vector>

namespace rmarace::mpi {

namespace {

// One element of the type is one run of bytes from its start to its extent.
bool contiguous(const TypeLayout &l) {
  return l.blocks.size() == 1 && l.blocks[0].begin == 0 &&
         static_cast<MPI_Aint>(l.blocks[0].end) == l.extent;
}

void append(TypeLayout &out, const TypeLayout &child, MPI_Aint displacement, int count,
            MPI_Aint stride) {
  // Back-to-back elements of a contiguous type are one block.
  if (contiguous(child) && stride == child.extent) {
    if (count > 0)
      out.blocks.push_back({static_cast<Address>(displacement),
                            static_cast<Address>(displacement + count * stride)});
    return;
  }
  for (int i = 0; i < count; ++i) {
    MPI_Aint at = displacement + i * stride;
    for (const ByteRange &b : child.blocks)
      out.blocks.push_back({static_cast<Address>(at + static_cast<MPI_Aint>(b.begin)),
                            static_cast<Address>(at + static_cast<MPI_Aint>(b.end))});
  }
}

// The elements of an n-dimensional subarray (MPI-3.1 4.1.3), row by row along the fastest
// dimension.
void appendSubarray(TypeLayout &out, const TypeLayout &element, const std::vector<int> &iv) {
  const std::size_t n = static_cast<std::size_t>(iv[0]);
  if (n == 0) return;
  auto sizes = iv.begin() + 1, subsizes = sizes + static_cast<std::ptrdiff_t>(n),
       starts = subsizes + static_cast<std::ptrdiff_t>(n);
  const bool fortran = iv[1 + 3 * n] == MPI_ORDER_FORTRAN;
  // Dimension d in fastest-first order is dimension dim(d) of the arrays.
  auto dim = [&](std::size_t d) { return static_cast<std::ptrdiff_t>(fortran ? d : n - 1 - d); };
  std::vector<MPI_Aint> stride(n);
  MPI_Aint s = element.extent;
  for (std::size_t d = 0; d < n; ++d) {
    stride[d] = s;
    s *= sizes[dim(d)];
  }
  for (std::size_t d = 0; d < n; ++d)
    if (subsizes[dim(d)] <= 0) return;
  std::vector<int> index(n, 0); // over the slower dimensions 1..n-1
  for (;;) {
    MPI_Aint at = 0;
    for (std::size_t d = 0; d < n; ++d) at += (starts[dim(d)] + index[d]) * stride[d];
    append(out, element, at, subsizes[dim(0)], element.extent);
    std::size_t d = 1;
    for (; d < n; ++d) {
      if (++index[d] < subsizes[dim(d)]) break;
      index[d] = 0;
    }
    if (d == n) break;
  }
}

void mergeBasic(TypeLayout &out, const TypeLayout &child, bool &first) {
  if (first) {
    out.basic = child.basic;
    out.basicSize = child.basicSize;
    first = false;
  } else if (out.basic != child.basic) {
    out.basic = BasicType::Other;
  }
}

} // namespace

BasicType basicTypeOf(MPI_Datatype t) {
  struct Entry {
    MPI_Datatype type;
    BasicType basic;
  };
  static const Entry table[] = {
      {MPI_CHAR, BasicType::Char},
      {MPI_SIGNED_CHAR, BasicType::Char},
      {MPI_SHORT, BasicType::Short},
      {MPI_INT, BasicType::Int},
      {MPI_LONG, BasicType::Long},
      {MPI_LONG_LONG, BasicType::LongLong},
      {MPI_UNSIGNED_CHAR, BasicType::UnsignedChar},
      {MPI_UNSIGNED_SHORT, BasicType::UnsignedShort},
      {MPI_UNSIGNED, BasicType::Unsigned},
      {MPI_UNSIGNED_LONG, BasicType::UnsignedLong},
      {MPI_UNSIGNED_LONG_LONG, BasicType::UnsignedLongLong},
      {MPI_FLOAT, BasicType::Float},
      {MPI_DOUBLE, BasicType::Double},
      {MPI_LONG_DOUBLE, BasicType::LongDouble},
      {MPI_INT8_T, BasicType::Int8},
      {MPI_INT16_T, BasicType::Int16},
      {MPI_INT32_T, BasicType::Int32},
      {MPI_INT64_T, BasicType::Int64},
      {MPI_UINT8_T, BasicType::UInt8},
      {MPI_UINT16_T, BasicType::UInt16},
      {MPI_UINT32_T, BasicType::UInt32},
      {MPI_UINT64_T, BasicType::UInt64},
      {MPI_BYTE, BasicType::Byte},
  };
  for (const Entry &e : table)
    if (e.type == t) return e.basic;
  return BasicType::Other;
}

AtomicOp atomicOpOf(MPI_Op op) {
  struct Entry {
    MPI_Op op;
    AtomicOp atomic;
  };
  static const Entry table[] = {
      {MPI_NO_OP, AtomicOp::NoOp},    {MPI_REPLACE, AtomicOp::Replace},
      {MPI_SUM, AtomicOp::Sum},       {MPI_PROD, AtomicOp::Prod},
      {MPI_MAX, AtomicOp::Max},       {MPI_MIN, AtomicOp::Min},
      {MPI_BAND, AtomicOp::BitAnd},   {MPI_BOR, AtomicOp::BitOr},
      {MPI_BXOR, AtomicOp::BitXor},   {MPI_LAND, AtomicOp::LogicalAnd},
      {MPI_LOR, AtomicOp::LogicalOr}, {MPI_LXOR, AtomicOp::LogicalXor},
  };
  for (const Entry &e : table)
    if (e.op == op) return e.atomic;
  return AtomicOp::Other;
}

const TypeLayout &Datatypes::layout(MPI_Datatype type) {
  auto it = cache_.find(type);
  if (it != cache_.end()) return it->second;
  return cache_.emplace(type, compute(type)).first->second;
}

TypeLayout Datatypes::compute(MPI_Datatype type) {
  TypeLayout out;
  MPI_Aint lb = 0, extent = 0;
  PMPI_Type_get_extent(type, &lb, &extent);
  out.extent = extent;
  int size = 0;
  PMPI_Type_size(type, &size);
  out.size = static_cast<uint64_t>(size);
  int ints = 0, addrs = 0, types = 0, combiner = 0;
  PMPI_Type_get_envelope(type, &ints, &addrs, &types, &combiner);
  if (combiner == MPI_COMBINER_NAMED) {
    out.blocks.push_back({0, static_cast<Address>(size)});
    out.basic = basicTypeOf(type);
    out.basicSize = static_cast<uint32_t>(size);
    return out;
  }
  std::vector<int> iv(static_cast<std::size_t>(ints));
  std::vector<MPI_Aint> av(static_cast<std::size_t>(addrs));
  std::vector<MPI_Datatype> tv(static_cast<std::size_t>(types));
  PMPI_Type_get_contents(type, ints, addrs, types, iv.data(), av.data(), tv.data());
  auto child = [&](std::size_t i) -> TypeLayout { return compute(tv[i]); };
  bool first = true;
  switch (combiner) {
  case MPI_COMBINER_DUP:
  case MPI_COMBINER_RESIZED: {
    TypeLayout c = child(0);
    append(out, c, 0, 1, 0);
    mergeBasic(out, c, first);
    break;
  }
  case MPI_COMBINER_CONTIGUOUS: {
    TypeLayout c = child(0);
    append(out, c, 0, iv[0], c.extent);
    mergeBasic(out, c, first);
    break;
  }
  case MPI_COMBINER_VECTOR:
  case MPI_COMBINER_HVECTOR: {
    TypeLayout c = child(0);
    MPI_Aint stride = combiner == MPI_COMBINER_VECTOR ? iv[2] * c.extent : av[0];
    for (int i = 0; i < iv[0]; ++i) append(out, c, i * stride, iv[1], c.extent);
    mergeBasic(out, c, first);
    break;
  }
  case MPI_COMBINER_INDEXED:
  case MPI_COMBINER_HINDEXED: {
    TypeLayout c = child(0);
    int n = iv[0];
    for (int i = 0; i < n; ++i) {
      MPI_Aint disp = combiner == MPI_COMBINER_INDEXED
                          ? iv[static_cast<std::size_t>(1 + n + i)] * c.extent
                          : av[static_cast<std::size_t>(i)];
      append(out, c, disp, iv[static_cast<std::size_t>(1 + i)], c.extent);
    }
    mergeBasic(out, c, first);
    break;
  }
  case MPI_COMBINER_INDEXED_BLOCK:
  case MPI_COMBINER_HINDEXED_BLOCK: {
    TypeLayout c = child(0);
    int n = iv[0];
    for (int i = 0; i < n; ++i) {
      MPI_Aint disp = combiner == MPI_COMBINER_INDEXED_BLOCK
                          ? iv[static_cast<std::size_t>(2 + i)] * c.extent
                          : av[static_cast<std::size_t>(i)];
      append(out, c, disp, iv[1], c.extent);
    }
    mergeBasic(out, c, first);
    break;
  }
  case MPI_COMBINER_STRUCT: {
    int n = iv[0];
    for (int i = 0; i < n; ++i) {
      TypeLayout c = child(static_cast<std::size_t>(i));
      append(out, c, av[static_cast<std::size_t>(i)], iv[static_cast<std::size_t>(1 + i)],
             c.extent);
      mergeBasic(out, c, first);
    }
    break;
  }
  case MPI_COMBINER_SUBARRAY: {
    // ints: ndims, sizes[ndims], subsizes[ndims], starts[ndims], order.
    TypeLayout c = child(0);
    appendSubarray(out, c, iv);
    mergeBasic(out, c, first);
    break;
  }
  default: {
    // Darray and others: the bytes between the true bounds (may over-approximate).
    MPI_Aint trueLb = 0, trueExtent = 0;
    PMPI_Type_get_true_extent(type, &trueLb, &trueExtent);
    out.blocks.push_back({static_cast<Address>(trueLb), static_cast<Address>(trueLb + trueExtent)});
    out.basic = BasicType::Other;
    break;
  }
  }
  for (MPI_Datatype t : tv) {
    int ni = 0, na = 0, nt = 0, c = 0;
    PMPI_Type_get_envelope(t, &ni, &na, &nt, &c);
    if (c != MPI_COMBINER_NAMED) PMPI_Type_free(&t);
  }
  return out;
}

ByteRanges Datatypes::ranges(Address base, int count, MPI_Datatype type) {
  const TypeLayout &l = layout(type);
  ByteRanges r;
  if (contiguous(l)) {
    r.add(base, static_cast<uint64_t>(count) * l.size); // contiguous: one range
    return r;
  }
  for (int i = 0; i < count; ++i) {
    Address at = base + static_cast<Address>(i * l.extent);
    for (const ByteRange &b : l.blocks) r.add(at + b.begin, b.size());
  }
  return r;
}

} // namespace rmarace::mpi
