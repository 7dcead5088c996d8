#include "MemoryModel.h"

#include "SourceNames.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instruction.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

namespace rmarace {

namespace {
// Beyond this many fields an object is treated as one: large arrays indexed by many constants.
constexpr unsigned MaxFieldsPerObject = 64;
} // namespace

MemoryModel::MemoryModel(std::int64_t PointerSize) : SlotSize(PointerSize) {
  Unknown = addObject(ObjectKind::Unknown, nullptr);
  UnknownPointer = Graph.addNode();
  Graph.addAddress(UnknownPointer, Unknown);
  // Code outside may keep pointers to its own memory anywhere it can write.
  Graph.addAddress(escapedPointers(), Unknown);
  // The segments GASPI allocates and the window memory of other processes that
  // MPI_Win_shared_query returns: RMA memory the application never allocated itself.
  ExposedMemory = Graph.addNode();
  ObjectId LibraryRmaMemory = addObject(ObjectKind::RmaAllocation, nullptr);
  Graph.addAddress(ExposedMemory, anywhereIn(LibraryRmaMemory));
  addRelevantObject(LibraryRmaMemory);
}

ObjectId MemoryModel::addObject(ObjectKind Kind, const llvm::Value *Site) {
  ObjectId Id = Graph.addObject();
  Objects.push_back({Kind, Site, Id, 0});
  Parts[Id].push_back(Id);
  // Offset 0 is the object itself; its content is its first slot.
  Slots[{Id, 0}] = Graph.readContent(Id);
  SlotsOfBase[Id].push_back(Graph.readContent(Id));
  return Id;
}

bool MemoryModel::isIndivisible(ObjectId Base) const {
  ObjectKind Kind = Objects[Base].Kind;
  return Kind == ObjectKind::Unknown || Kind == ObjectKind::Function;
}

NodeId MemoryModel::slot(ObjectId Base, std::int64_t SlotOffset) {
  auto [It, Inserted] = Slots.try_emplace({Base, SlotOffset}, 0);
  if (Inserted) {
    It->second = Graph.addNode();
    SlotsOfBase[Base].push_back(It->second);
    if (auto Whole = Anywhere.find(Base); Whole != Anywhere.end())
      connectToAnywhere(It->second, Whole->second);
    if (auto Found = ArraysOfBase.find(Base); Found != ArraysOfBase.end())
      for (ObjectId Array : Found->second)
        if (SlotOffset < Objects[Array].End && SlotOffset + SlotSize > Objects[Array].Offset)
          connectToAnywhere(It->second, Array);
  }
  return It->second;
}

ObjectId MemoryModel::fieldOf(ObjectId Field, std::int64_t Delta) {
  const AbstractObject Part = Objects[Field];
  if (isIndivisible(Part.Base)) return Part.Base;
  // Pointer arithmetic from an element of an array stays in the array.
  if (Part.End) return Field;
  std::int64_t Offset;
  if (Part.Offset == AnyOffset || Delta == AnyOffset ||
      llvm::AddOverflow(Part.Offset, Delta, Offset) || Offset < 0)
    return anywhereIn(Field);
  if (Offset == 0) return Part.Base;
  auto Found = Fields.find({Part.Base, Offset});
  if (Found != Fields.end()) return Found->second;
  if (Parts[Part.Base].size() > MaxFieldsPerObject) return anywhereIn(Field);
  NodeId Content = slot(Part.Base, Offset - Offset % SlotSize);
  ObjectId Id = Graph.addObject(Content, Content);
  Objects.push_back({Part.Kind, Part.Site, Part.Base, Offset});
  Fields[{Part.Base, Offset}] = Id;
  Parts[Part.Base].push_back(Id);
  return Id;
}

ObjectId MemoryModel::anywhereIn(ObjectId Field) {
  ObjectId Base = Objects[Field].Base;
  if (isIndivisible(Base)) return Base;
  auto Found = Anywhere.find(Base);
  if (Found != Anywhere.end()) return Found->second;
  NodeId Read = Graph.addNode(), Written = Graph.addNode();
  ObjectId Id = Graph.addObject(Read, Written);
  Objects.push_back({Objects[Base].Kind, Objects[Base].Site, Base, AnyOffset});
  Graph.addCopy(Written, Read);
  Anywhere[Base] = Id;
  Parts[Base].push_back(Id);
  for (NodeId Slot : SlotsOfBase[Base]) connectToAnywhere(Slot, Id);
  return Id;
}

ObjectId MemoryModel::arrayIn(ObjectId Field, std::int64_t Delta, std::int64_t Size) {
  const AbstractObject Part = Objects[Field];
  if (isIndivisible(Part.Base)) return Part.Base;
  if (Part.End) return Field; // an array in an array: the outer one bounds it
  std::int64_t Begin, End;
  if (Part.Offset == AnyOffset || Delta == AnyOffset || Size <= 1 ||
      Size > std::int64_t(MaxFieldsPerObject) * SlotSize ||
      llvm::AddOverflow(Part.Offset, Delta, Begin) || Begin < 0 ||
      llvm::AddOverflow(Begin, Size, End))
    return anywhereIn(Field);
  auto [It, Inserted] = Arrays.try_emplace({Part.Base, Begin, End}, 0);
  if (!Inserted) return It->second;
  NodeId Read = Graph.addNode(), Written = Graph.addNode();
  ObjectId Id = Graph.addObject(Read, Written);
  Objects.push_back({Part.Kind, Part.Site, Part.Base, Begin, End});
  It->second = Id;
  Parts[Part.Base].push_back(Id);
  ArraysOfBase[Part.Base].push_back(Id);
  for (std::int64_t SlotOffset = Begin - Begin % SlotSize; SlotOffset < End; SlotOffset += SlotSize)
    connectToAnywhere(slot(Part.Base, SlotOffset), Id);
  return Id;
}

// A write anywhere may reach the slot; a read anywhere may see it.
void MemoryModel::connectToAnywhere(NodeId Slot, ObjectId Whole) {
  Graph.addCopy(Graph.writtenContent(Whole), Slot);
  Graph.addCopy(Slot, Graph.readContent(Whole));
}

void MemoryModel::forEachSlot(ObjectId Part, std::uint64_t Size,
                              llvm::function_ref<void(NodeId, NodeId)> Visit) {
  const AbstractObject Target = Objects[Part];
  if (isIndivisible(Target.Base) || Target.Offset == AnyOffset || Target.End) {
    Visit(Graph.readContent(Part), Graph.writtenContent(Part));
    return;
  }
  // Accesses wider than any object with separate slots (scalable vectors, huge aggregates).
  if (Size > std::uint64_t(MaxFieldsPerObject * SlotSize)) {
    ObjectId Whole = anywhereIn(Part);
    Visit(Graph.readContent(Whole), Graph.writtenContent(Whole));
    return;
  }
  std::int64_t First = Target.Offset - Target.Offset % SlotSize;
  std::int64_t End = Target.Offset + std::int64_t(std::max<std::uint64_t>(Size, 1));
  for (std::int64_t SlotOffset = First; SlotOffset < End; SlotOffset += SlotSize) {
    NodeId Content = slot(Target.Base, SlotOffset);
    Visit(Content, Content);
  }
}

llvm::ArrayRef<ObjectId> MemoryModel::partsOf(ObjectId Base) const {
  auto Found = Parts.find(Base);
  if (Found == Parts.end()) return {};
  return Found->second;
}

NodeId MemoryModel::findNode(const llvm::Value *V) const {
  auto Found = ValueNodes.find(V);
  return Found == ValueNodes.end() ? NoNode : Found->second;
}

void MemoryModel::printObject(llvm::raw_ostream &OS, ObjectId Id) const {
  const AbstractObject &Object = Objects[Objects[Id].Base];
  switch (Object.Kind) {
  case ObjectKind::Unknown:
    OS << "unknown memory";
    return;
  case ObjectKind::Stack:
    OS << "stack";
    break;
  case ObjectKind::Global:
    OS << "global";
    break;
  case ObjectKind::Function:
    OS << "function";
    break;
  case ObjectKind::Heap:
    OS << "heap";
    break;
  case ObjectKind::RmaAllocation:
    OS << "rma-allocation";
    break;
  case ObjectKind::VarArgs:
    OS << "varargs";
    break;
  }
  if (!Object.Site) {
    OS << " (library)";
    return;
  }
  OS << " " << describeSite(*Object.Site);
}

} // namespace rmarace
