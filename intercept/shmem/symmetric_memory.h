// Which local addresses are symmetric objects, and how every PE names them: each object of the
// symmetric heap (one per collective allocation) and the program's global and static data are
// segments of the engine, numbered in the same order on every PE. A remote address is a local
// symmetric address plus the PE (OpenSHMEM 1.5 section 9.3: symmetric objects have the same
// offset in every PE's heap, globals the same offset in every PE's data), so the segment and the
// offset within it say the same thing on every PE.
#pragma once

#include "rmarace/core/types.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace rmarace::shmem {

struct SymmetricObject {
  SegmentId segment = 0;
  Address base = 0;
  uint64_t size = 0;
  std::string name;
};

// A local symmetric address as every PE understands it.
struct SymmetricAddress {
  const SymmetricObject *object = nullptr;
  uint64_t offset = 0;
};

class SymmetricMemory {
public:
  SymmetricMemory();
  // A new object at [base, base+size): PEs that add objects in the same order get the same
  // segment identifiers.
  const SymmetricObject &add(Address base, uint64_t size, const std::string &name);
  // An object whose segment the host created itself (the simulator's heap).
  const SymmetricObject &adopt(SegmentId segment, Address base, uint64_t size,
                               const std::string &name);
  // Forgets the object at `base`; returns its segment, if there was one.
  std::optional<SegmentId> remove(Address base);
  // The object holding [addr, addr+bytes), if the whole range lies in one.
  std::optional<SymmetricAddress> find(Address addr, uint64_t bytes) const;

private:
  std::map<Address, SymmetricObject> objects_; // by base address
  SegmentId nextSegment_;
};

} // namespace rmarace::shmem
