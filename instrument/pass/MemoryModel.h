// The abstract memory of a module: objects (allocation sites) and their fields, a points-to node
// per value that may carry a pointer, and the facts that decide RMA relevance (seeds and unknown
// code).
//
// Fields: a pointer points to a field of an object, a part at a constant byte offset, or to
// "anywhere in" the object when the offset is not constant (array indexing, integer arithmetic).
// The content of an object is kept per slot, the pointer-sized pieces of it: an access through a
// field touches the slots its bytes overlap; through "anywhere" it reads every slot and writes
// every slot. So a struct whose fields hold pointers to different buffers keeps them apart, arrays
// indexed by variables are one piece, and copies of pointers piece by piece (bytes, halves, words
// at any offset) stay visible. Relevance and escape apply to whole objects.
//
// One abstract object, Unknown, stands for all memory the analysed code did not allocate itself
// (library memory, memory of other translation units) and, at the same time, for every object that
// escaped to such code: a pointer to Unknown may point to any escaped object. An object escapes
// when a pointer into it is stored into the content of Unknown; from then on its content and
// Unknown's are the same, and if it is a function, code outside may call it with unknown
// arguments.
#ifndef RMARACE_INSTRUMENT_MEMORYMODEL_H
#define RMARACE_INSTRUMENT_MEMORYMODEL_H

#include "ConstraintGraph.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"

#include <cstdint>
#include <limits>
#include <map>
#include <tuple>
#include <vector>

namespace llvm {
class Value;
class raw_ostream;
} // namespace llvm

namespace rmarace {

enum class ObjectKind {
  Unknown,
  Stack,
  Global,
  Function,
  Heap,
  // Window or segment memory allocated by an RMA library (MPI_Win_allocate, shmem_malloc, the
  // segments of GASPI).
  RmaAllocation,
  // The variable-argument area of a function.
  VarArgs,
};

struct AbstractObject {
  ObjectKind Kind;
  // The instruction, global or function that creates it; null for Unknown and library segments.
  const llvm::Value *Site;
  // The whole object this is a field of (itself for offset 0), and the field's byte offset.
  ObjectId Base;
  std::int64_t Offset;
  // For anywhere in an array of the object (an array member of a struct): the end of its bytes,
  // [Offset, End). 0 for other parts.
  std::int64_t End = 0;
};

class MemoryModel {
public:
  static constexpr NodeId NoNode = ~NodeId(0);
  static constexpr std::int64_t AnyOffset = std::numeric_limits<std::int64_t>::min();

  // SlotSize: the size of a pointer in bytes.
  explicit MemoryModel(std::int64_t SlotSize);

  ConstraintGraph &graph() { return Graph; }
  const ConstraintGraph &graph() const { return Graph; }

  // A new object; its id also stands for its field at offset 0.
  ObjectId addObject(ObjectKind Kind, const llvm::Value *Site);
  const AbstractObject &object(ObjectId Id) const { return Objects[Id]; }
  ObjectId baseOf(ObjectId Id) const { return Objects[Id].Base; }
  bool isBase(ObjectId Id) const { return Objects[Id].Base == Id; }
  std::size_t numObjects() const { return Objects.size(); }

  // The field `Delta` bytes after `Field` (AnyOffset: an unknown distance), or "anywhere in" its
  // object when the offset is unknown or negative, or the object has too many fields.
  ObjectId fieldOf(ObjectId Field, std::int64_t Delta);
  // Anywhere in the object of `Field`: reads see every slot, writes reach every slot.
  ObjectId anywhereIn(ObjectId Field);
  // Anywhere in the array of Size bytes that starts Delta bytes after `Field` (a member array of a
  // struct, indexed by a variable): its reads and writes are those of the slots it overlaps. C and
  // C++ confine such an index to its array. Anywhere in the object when the array's place is not
  // known or it is not much of an array (a flexible or one-element last member).
  ObjectId arrayIn(ObjectId Field, std::int64_t Delta, std::int64_t Size);
  // Every part of Base: itself, its fields and "anywhere in" it.
  llvm::ArrayRef<ObjectId> partsOf(ObjectId Base) const;
  // Calls Visit(read node, written node) for the content an access of Size bytes through a pointer
  // to Part touches: the slots the bytes overlap, or all of it for "anywhere" and indivisible
  // objects.
  void forEachSlot(ObjectId Part, std::uint64_t Size,
                   llvm::function_ref<void(NodeId Read, NodeId Written)> Visit);

  ObjectId unknownObject() const { return Unknown; }
  // A node whose only target is Unknown.
  NodeId unknownPointer() const { return UnknownPointer; }
  // Pointers visible to code outside the module: the content of Unknown.
  NodeId escapedPointers() const { return Graph.readContent(Unknown); }
  // Pointers to every piece of memory exposed for remote access, as later queries return them.
  NodeId exposedMemory() const { return ExposedMemory; }

  // The node of a value, or NoNode when the value was never seen or cannot carry a pointer.
  NodeId findNode(const llvm::Value *V) const;
  void setNode(const llvm::Value *V, NodeId Node) { ValueNodes[V] = Node; }

  // Objects a node points to are RMA memory or RMA buffers.
  void addRelevantNode(NodeId Node) { RelevantNodes.push_back(Node); }
  // An MPI origin buffer given as MPI_BOTTOM (or a pointer the analysis cannot resolve): the
  // buffer is described by absolute addresses, so every escaped object may be one.
  void addAbsoluteRmaBuffer(NodeId NodeOrNoNode) { AbsoluteBufferNodes.push_back(NodeOrNoNode); }
  void addRelevantObject(ObjectId Object) { RelevantObjects.push_back(Object); }
  // Code outside the analysed module runs ("calls foo"); it may perform RMA on any escaped memory.
  void addUnknownCode(llvm::StringRef Why) { UnknownCode.insert(Why); }
  // The object (a base) escaped; returns whether it is new.
  bool addEscapedObject(ObjectId Base) { return EscapedObjects.test_and_set(Base); }

  const std::vector<NodeId> &relevantNodes() const { return RelevantNodes; }
  const std::vector<NodeId> &absoluteBufferNodes() const { return AbsoluteBufferNodes; }
  const std::vector<ObjectId> &relevantObjects() const { return RelevantObjects; }
  const llvm::StringSet<> &unknownCode() const { return UnknownCode; }
  const ObjectSet &escapedObjects() const { return EscapedObjects; }

  void printObject(llvm::raw_ostream &OS, ObjectId Id) const;

private:
  // Objects that have no parts: Unknown and functions.
  bool isIndivisible(ObjectId Base) const;
  // The content node of the slot of Base starting at SlotOffset.
  NodeId slot(ObjectId Base, std::int64_t SlotOffset);
  void connectToAnywhere(NodeId Slot, ObjectId Whole);

  ConstraintGraph Graph;
  std::vector<AbstractObject> Objects;
  std::int64_t SlotSize;
  llvm::DenseMap<std::pair<ObjectId, std::int64_t>, ObjectId> Fields;
  llvm::DenseMap<ObjectId, llvm::SmallVector<ObjectId, 2>> Parts;
  llvm::DenseMap<std::pair<ObjectId, std::int64_t>, NodeId> Slots;
  llvm::DenseMap<ObjectId, llvm::SmallVector<NodeId, 2>> SlotsOfBase;
  llvm::DenseMap<ObjectId, ObjectId> Anywhere;
  // Arrays of a base by their first and end offset, and the arrays of each base.
  std::map<std::tuple<ObjectId, std::int64_t, std::int64_t>, ObjectId> Arrays;
  llvm::DenseMap<ObjectId, llvm::SmallVector<ObjectId, 2>> ArraysOfBase;
  llvm::DenseMap<const llvm::Value *, NodeId> ValueNodes;
  ObjectId Unknown;
  NodeId UnknownPointer;
  NodeId ExposedMemory;
  std::vector<NodeId> RelevantNodes;
  std::vector<NodeId> AbsoluteBufferNodes;
  std::vector<ObjectId> RelevantObjects;
  llvm::StringSet<> UnknownCode;
  ObjectSet EscapedObjects;
};

} // namespace rmarace

#endif
