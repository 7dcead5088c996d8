#include "symmetric_memory.h"

#include "rmarace/runtime/id_space.h"

namespace rmarace::shmem {

SymmetricMemory::SymmetricMemory() : nextSegment_(rt::smallIdBase(rt::IdDomain::Shmem)) {}

const SymmetricObject &SymmetricMemory::add(Address base, uint64_t size, const std::string &name) {
  SymmetricObject object{nextSegment_++, base, size, name};
  return objects_.insert_or_assign(base, std::move(object)).first->second;
}

const SymmetricObject &SymmetricMemory::adopt(SegmentId segment, Address base, uint64_t size,
                                              const std::string &name) {
  return objects_.insert_or_assign(base, SymmetricObject{segment, base, size, name}).first->second;
}

std::optional<SegmentId> SymmetricMemory::remove(Address base) {
  auto it = objects_.find(base);
  if (it == objects_.end()) return std::nullopt;
  SegmentId segment = it->second.segment;
  objects_.erase(it);
  return segment;
}

std::optional<SymmetricAddress> SymmetricMemory::find(Address addr, uint64_t bytes) const {
  auto it = objects_.upper_bound(addr);
  if (it == objects_.begin()) return std::nullopt;
  --it;
  const SymmetricObject &o = it->second;
  if (addr - o.base >= o.size || bytes > o.size - (addr - o.base)) return std::nullopt;
  return SymmetricAddress{&o, addr - o.base};
}

} // namespace rmarace::shmem
