// Constraints of calls: defined functions bind arguments to parameters; declared functions are
// RMA library functions (RmaApi), known library functions (LibraryModels), intrinsics or unknown
// code; indirect calls are resolved while solving, for every function the callee may point to.
#include "LibraryModels.h"
#include "ModelBuilder.h"
#include "RmaApi.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/IntrinsicInst.h"

#include <string>

namespace rmarace {

using namespace llvm;

void ModelBuilder::addCall(const CallBase &Call) {
  const Value *Callee = Call.getCalledOperand()->stripPointerCasts();
  if (isa<InlineAsm>(Callee)) {
    addCapturingCall(Call);
    return;
  }
  if (auto *Alias = dyn_cast<GlobalAlias>(Callee))
    if (const GlobalObject *Aliasee = Alias->getAliaseeObject()) Callee = Aliasee;
  if (auto *F = dyn_cast<Function>(Callee)) {
    applyCallee(Call, *F);
    return;
  }
  NodeId Target = nodeOf(Callee);
  if (Target == MemoryModel::NoNode) return;
  Graph.addWatch(Target, [this, &Call](ObjectId Object) {
    const AbstractObject &Possible = Model.object(Object);
    if (Object == Model.unknownObject())
      addUnknownCall(Call, "calls through function pointers from outside the module");
    else if (Possible.Kind == ObjectKind::Function)
      applyCallee(Call, *cast<Function>(Possible.Site));
  });
}

void ModelBuilder::applyCallee(const CallBase &Call, const Function &Callee) {
  if (Callee.isIntrinsic()) {
    // Intrinsics cannot be called through pointers; a pointer that seems to hold one is
    // imprecision.
    if (Call.getCalledOperand()->stripPointerCasts() == &Callee) addIntrinsic(Call, Callee);
    return;
  }
  if (!Callee.isDeclaration()) {
    bindArguments(Call, Callee);
    // A weak definition may be replaced by one the analysis never sees.
    if (Callee.isInterposable())
      addUnknownCall(Call,
                     ("calls " + Callee.getName() + ", which may be replaced at link time").str());
    return;
  }
  if (auto Rma = lookupRmaFunction(Callee.getName(), Call.arg_size())) {
    addRmaCall(Call, *Rma);
    return;
  }
  if (const LibraryFunction *Library = lookupLibraryFunction(Callee.getName())) {
    addLibraryCall(Call, *Library);
    return;
  }
  addUnknownCall(Call, ("calls " + Callee.getName()).str());
}

void ModelBuilder::bindArguments(const CallBase &Call, const Function &Callee) {
  for (unsigned I = 0; I < Call.arg_size(); ++I) {
    if (I < Callee.arg_size())
      copy(Call.getArgOperand(I), nodeOf(Callee.getArg(I)));
    else if (Callee.isVarArg())
      copy(Call.getArgOperand(I), functionNodes(&Callee).VarArgs);
  }
  copyToValue(functionNodes(&Callee).Return, &Call);
}

void ModelBuilder::addIntrinsic(const CallBase &Call, const Function &Callee) {
  auto Arg = [&Call](unsigned I) { return Call.getArgOperand(I); };
  switch (Callee.getIntrinsicID()) {
  case Intrinsic::memcpy:
  case Intrinsic::memcpy_inline:
  case Intrinsic::memmove:
  case Intrinsic::memcpy_element_unordered_atomic:
  case Intrinsic::memmove_element_unordered_atomic:
  case Intrinsic::vacopy:
    copyContents(Arg(0), Arg(1));
    return;
  case Intrinsic::memset:
  case Intrinsic::memset_element_unordered_atomic:
    return;
  case Intrinsic::vastart:
    // The va_list points into the area; where exactly depends on the target.
    if (nodeOf(Arg(0)) != MemoryModel::NoNode)
      Graph.addStore(pointerTo(Model.anywhereIn(functionNodes(Call.getFunction()).VarArgArea)),
                     anywherePointer(Arg(0)));
    return;
  case Intrinsic::masked_load:
  case Intrinsic::masked_expandload:
    addLoad(Arg(0), sizeOf(Call.getType()), nodeOf(&Call));
    copy(Arg(Call.arg_size() - 1), nodeOf(&Call));
    return;
  case Intrinsic::masked_gather:
    addLoad(Arg(0), sizeOf(Call.getType()->getScalarType()), nodeOf(&Call));
    copy(Arg(Call.arg_size() - 1), nodeOf(&Call));
    return;
  case Intrinsic::masked_store:
  case Intrinsic::masked_compressstore:
    addStore(nodeOf(Arg(0)), Arg(1), sizeOf(Arg(0)->getType()));
    return;
  case Intrinsic::masked_scatter:
    addStore(nodeOf(Arg(0)), Arg(1), sizeOf(Arg(0)->getType()->getScalarType()));
    return;
  case Intrinsic::stacksave:
    addAddressToValue(&Call, Model.addObject(ObjectKind::Stack, &Call));
    return;
  default:
    break;
  }
  // Remaining intrinsics: pure ones compute from what their operands carry (ptrmask, min, max);
  // those that touch memory through non-captured pointers without returning one (lifetime markers,
  // prefetch) do not change any points-to set; anything else is treated as library code that may
  // keep its arguments.
  if (Callee.doesNotAccessMemory()) {
    for (const Use &Operand : Call.args()) copyAnywhere(Operand.get(), nodeOf(&Call));
    return;
  }
  bool CapturesNothing = true;
  for (unsigned I = 0; I < Call.arg_size(); ++I)
    CapturesNothing &= nodeOf(Arg(I)) == MemoryModel::NoNode || Call.doesNotCapture(I);
  if (CapturesNothing && nodeOf(&Call) == MemoryModel::NoNode) return;
  addCapturingCall(Call);
}

ObjectId ModelBuilder::freshObject(ObjectKind Kind, const Value *Site) {
  ObjectId Object = Model.addObject(Kind, Site);
  if (Kind == ObjectKind::RmaAllocation) Model.addRelevantObject(Object);
  return Object;
}

void ModelBuilder::addRmaCall(const CallBase &Call, const RmaFunction &Rma) {
  for (unsigned I = 0; I < Call.arg_size(); ++I) {
    const Value *Arg = Call.getArgOperand(I);
    ArgumentRole Role = Rma.roleOf(I);
    if (Role == ArgumentRole::Handle || !Arg->getType()->isPointerTy()) continue;
    NodeId Node = nodeOf(Arg);
    if (Node == MemoryModel::NoNode) {
      // An MPI origin buffer of MPI_BOTTOM: the datatype holds absolute addresses.
      if (Role == ArgumentRole::RmaBuffer && Rma.Library == RmaLibrary::Mpi)
        Model.addAbsoluteRmaBuffer(MemoryModel::NoNode);
      continue;
    }
    // MPI applies user-defined reduction operations to the buffers of reductions.
    if (MpiUserReductions && Rma.Library == RmaLibrary::Mpi && Role == ArgumentRole::Data)
      escape(Arg);
    switch (Role) {
    case ArgumentRole::RmaBuffer:
      Model.addRelevantNode(Node);
      if (Rma.Library == RmaLibrary::Mpi) Model.addAbsoluteRmaBuffer(Node);
      break;
    case ArgumentRole::ExposedMemory:
      Model.addRelevantNode(Node);
      Graph.addCopy(Node, Model.exposedMemory());
      break;
    case ArgumentRole::ExposedAllocation: {
      NodeId Window = pointerTo(freshObject(ObjectKind::RmaAllocation, &Call));
      Graph.addCopy(Window, Model.exposedMemory());
      addStore(Window, Arg, PointerSize);
      break;
    }
    case ArgumentRole::ExposedQuery:
      // MPI_Win_get_attr also returns attribute values the library kept (escaped memory).
      addStore(Model.exposedMemory(), Arg, PointerSize);
      addStore(Model.unknownPointer(), Arg, PointerSize);
      break;
    case ArgumentRole::LibraryPointerOut:
      addStore(Model.unknownPointer(), Arg, PointerSize);
      break;
    case ArgumentRole::FreshAllocation:
      addStore(pointerTo(freshObject(ObjectKind::Heap, &Call)), Arg, PointerSize);
      break;
    case ArgumentRole::AddressTaken:
      Model.addRelevantNode(Node);
      escape(Arg);
      break;
    case ArgumentRole::Captured:
      escape(Arg);
      break;
    case ArgumentRole::Handle:
    case ArgumentRole::Data:
      break;
    }
  }
  switch (Rma.Result) {
  case ResultRole::None:
    break;
  case ResultRole::FreshRmaMemory:
    copyToValue(pointerTo(freshObject(ObjectKind::RmaAllocation, &Call)), &Call);
    break;
  case ResultRole::ReallocatedRmaMemory: {
    ObjectId Block = freshObject(ObjectKind::RmaAllocation, &Call);
    copyToValue(pointerTo(Block), &Call);
    if (Call.arg_size() > 0) {
      copy(Call.getArgOperand(0), nodeOf(&Call));
      copyContentsInto(Call.getArgOperand(0), Block);
    }
    break;
  }
  case ResultRole::AliasOfFirstArgument:
    if (Call.arg_size() > 0) copy(Call.getArgOperand(0), nodeOf(&Call));
    break;
  case ResultRole::AddressArithmetic:
    for (const Use &Operand : Call.args()) copyAnywhere(Operand.get(), nodeOf(&Call));
    break;
  }
  watchForCallbacks(Call);
}

// A function pointer handed to an RMA library (MPI keyval and error handler callbacks, user-defined
// reduction operations, GASPI reduction callbacks) is called by the library with arguments the
// analysis cannot see: the function escapes, and so does everything else given to the same call
// (extra state passed back to the callback).
void ModelBuilder::watchForCallbacks(const CallBase &Call) {
  for (const Use &Arg : Call.args()) {
    NodeId Node = nodeOf(Arg.get());
    if (Node == MemoryModel::NoNode || !Arg->getType()->isPointerTy()) continue;
    Graph.addWatch(Node, [this, &Call](ObjectId Object) {
      if (Model.object(Object).Kind != ObjectKind::Function) return;
      Graph.addAddress(Model.escapedPointers(), Object);
      for (const Use &Other : Call.args()) escape(Other.get());
    });
  }
}

void ModelBuilder::addLibraryCall(const CallBase &Call, const LibraryFunction &Library) {
  auto Arg = [&Call](int I) -> const Value * {
    return I >= 0 && unsigned(I) < Call.arg_size() ? Call.getArgOperand(I) : nullptr;
  };
  if (Library.Captures) addCapturingCall(Call);
  if (Library.Returns == LibraryFunction::Result::Fresh) {
    ObjectId Block = freshObject(ObjectKind::Heap, &Call);
    copyToValue(pointerTo(Block), &Call);
    if (Library.Reallocates && Arg(0)) copyContentsInto(Arg(0), Block);
  } else if (Library.Returns == LibraryFunction::Result::Library) {
    copyToValue(Model.unknownPointer(), &Call);
  }
  if (const Value *Returned = Arg(Library.ReturnedArgument)) copy(Returned, nodeOf(&Call));
  if (const Value *Out = Arg(Library.FreshMemoryOut))
    addStore(pointerTo(freshObject(ObjectKind::Heap, &Call)), Out, PointerSize);
  if (Arg(Library.CopyDestination) && Arg(Library.CopySource))
    copyContents(Arg(Library.CopyDestination), Arg(Library.CopySource));
  if (Arg(Library.StoredArgument) && Arg(Library.StoreDestination))
    addStore(nodeOf(Arg(Library.StoredArgument)), Arg(Library.StoreDestination), PointerSize);
  if (Library.StoresOutsidePointers)
    for (const Use &Operand : Call.args())
      if (Operand->getType()->isPointerTy() && nodeOf(Operand.get()) != MemoryModel::NoNode)
        Graph.addStore(Model.unknownPointer(), anywherePointer(Operand.get()));
  // Only what holds a whole pointer can be printed and read back as one (%p, %lx).
  if (Library.EscapesFrom >= 0)
    for (unsigned I = Library.EscapesFrom; I < Call.arg_size(); ++I)
      if (const Value *Printed = Call.getArgOperand(I);
          Printed->getType()->isPointerTy() ||
          (Printed->getType()->isIntegerTy() &&
           Printed->getType()->getIntegerBitWidth() >= PointerSize * 8))
        escape(Printed);
  if (const Value *Written = Arg(Library.EscapesContentsOf);
      Written && nodeOf(Written) != MemoryModel::NoNode)
    Graph.addLoad(anywherePointer(Written), Model.escapedPointers());
  if (Library.Callback) addCallback(Call, Library);
}

void ModelBuilder::addCallback(const CallBase &Call, const LibraryFunction &Library) {
  const CallbackShape Shape = *Library.Callback;
  if (unsigned(Shape.Callee) >= Call.arg_size()) return;
  NodeId Target = nodeOf(Call.getArgOperand(Shape.Callee));
  if (Target == MemoryModel::NoNode) return;
  Graph.addWatch(Target, [this, &Call, Shape](ObjectId Object) {
    const AbstractObject &Callee = Model.object(Object);
    if (Object == Model.unknownObject()) {
      addUnknownCall(Call, "callbacks of function pointers from outside the module");
      return;
    }
    if (Callee.Kind != ObjectKind::Function) return;
    const auto &F = *cast<Function>(Callee.Site);
    if (F.isDeclaration()) {
      // A library function used as callback sees the arguments meant for the callback.
      for (const Use &Operand : Call.args()) escape(Operand.get());
      if (!lookupLibraryFunction(F.getName()))
        Model.addUnknownCode(("calls back " + F.getName()).str());
      return;
    }
    for (unsigned P = 0; P < 2 && P < F.arg_size(); ++P) {
      int Source = Shape.Parameters[P];
      if (Source == CallbackShape::LibraryPointer)
        addAddressToValue(F.getArg(P), Model.unknownObject());
      else if (Source >= 0 && unsigned(Source) < Call.arg_size())
        copy(Call.getArgOperand(Source), nodeOf(F.getArg(P)));
    }
    if (Shape.ForwardedFrom >= 0)
      for (unsigned I = Shape.ForwardedFrom, P = 2; I < Call.arg_size(); ++I, ++P) {
        if (P < F.arg_size())
          copy(Call.getArgOperand(I), nodeOf(F.getArg(P)));
        else if (F.isVarArg())
          copy(Call.getArgOperand(I), functionNodes(&F).VarArgs);
      }
    // The library receives the callback's result (pthread_join hands it on).
    Graph.addCopy(functionNodes(&F).Return, Model.escapedPointers());
    if (F.isInterposable())
      Model.addUnknownCode(
          ("calls back " + F.getName() + ", which may be replaced at link time").str());
  });
}

void ModelBuilder::addCapturingCall(const CallBase &Call) {
  for (const Use &Operand : Call.args()) escape(Operand.get());
  copyToValue(Model.unknownPointer(), &Call);
}

void ModelBuilder::addUnknownCall(const CallBase &Call, StringRef Why) {
  addCapturingCall(Call);
  Model.addUnknownCode(Why);
}

} // namespace rmarace
