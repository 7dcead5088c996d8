#include "ModelBuilder.h"

#include "RmaApi.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/GlobalIFunc.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

namespace rmarace {

using namespace llvm;

ModelBuilder::ModelBuilder(const Module &Mod, ExternalVisibility Vis, MemoryModel &Mem)
    : M(Mod), DL(Mod.getDataLayout()), PointerSize(DL.getPointerSize()), Visibility(std::move(Vis)),
      Model(Mem), Graph(Mem.graph()) {
  for (const Function &F : M)
    if (F.isDeclaration() && !F.use_empty())
      if (auto Rma = lookupRmaFunction(F.getName(), F.arg_size()))
        MpiUserReductions |= Rma->CreatesUserReduction;
}

void ModelBuilder::build() {
  addGlobals();
  Graph.addWatch(Model.escapedPointers(), [this](ObjectId Object) { onEscape(Object); });
  for (const Function &F : M)
    if (!F.isDeclaration()) addFunction(F);
  Graph.solve();
  Graph.releaseConstraints();
}

// Pointers also travel as integers, floating-point values, vectors and aggregates (memcpy lowered
// to i64 loads and stores, byte-wise copies through i8), so every value that can hold at least a
// byte of a pointer gets a node. Only i1 and non-data types cannot.
bool ModelBuilder::mayCarryPointer(const Type *Ty) {
  if (auto *Int = dyn_cast<IntegerType>(Ty)) return Int->getBitWidth() >= 8;
  if (auto *Vector = dyn_cast<VectorType>(Ty)) return mayCarryPointer(Vector->getElementType());
  if (auto *Struct = dyn_cast<StructType>(Ty))
    return any_of(Struct->elements(), [](const Type *E) { return mayCarryPointer(E); });
  if (auto *Array = dyn_cast<ArrayType>(Ty)) return mayCarryPointer(Array->getElementType());
  return Ty->isPointerTy() || Ty->isFloatingPointTy();
}

NodeId ModelBuilder::nodeOf(const Value *V) {
  if (auto *C = dyn_cast<Constant>(V)) return constantNode(C);
  if ((!isa<Argument>(V) && !isa<Instruction>(V)) || !mayCarryPointer(V->getType()))
    return MemoryModel::NoNode;
  NodeId Node = Model.findNode(V);
  if (Node == MemoryModel::NoNode) {
    Node = Graph.addNode();
    Model.setNode(V, Node);
  }
  return Node;
}

NodeId ModelBuilder::constantNode(const Constant *C) {
  NodeId Node = Model.findNode(C);
  if (Node != MemoryModel::NoNode) return Node;
  if (auto *G = dyn_cast<GlobalValue>(C)) {
    Node = pointerTo(objectOf(G));
  } else if (auto *Equivalent = dyn_cast<DSOLocalEquivalent>(C)) {
    Node = pointerTo(objectOf(Equivalent->getGlobalValue()));
  } else if (auto *Expr = dyn_cast<ConstantExpr>(C)) {
    Node = Graph.addNode();
    addExpression(*Expr, Node);
  } else if (isa<ConstantAggregate>(C)) {
    Node = Graph.addNode();
    for (const Use &Element : C->operands()) copy(Element.get(), Node);
  } else {
    // Numbers, null, undef and block addresses point nowhere.
    return MemoryModel::NoNode;
  }
  Model.setNode(C, Node);
  return Node;
}

void ModelBuilder::addExpression(const ConstantExpr &Expr, NodeId Node) {
  switch (Expr.getOpcode()) {
  case Instruction::GetElementPtr:
    addAddressComputation(cast<GEPOperator>(Expr), Node);
    return;
  case Instruction::BitCast:
  case Instruction::AddrSpaceCast:
    copy(Expr.getOperand(0), Node);
    return;
  case Instruction::PtrToInt:
    escape(Expr.getOperand(0));
    copy(Expr.getOperand(0), Node);
    return;
  case Instruction::IntToPtr:
    Graph.addAddress(Node, Model.unknownObject());
    copyAnywhere(Expr.getOperand(0), Node);
    return;
  default:
    for (const Use &Operand : Expr.operands()) copyAnywhere(Operand.get(), Node);
    return;
  }
}

// The array member that the first variable index of an address computation indexes
// (`s->list[i].next`: the array `list` of the struct `s` points to), when it comes after constant
// indices through structs and arrays from the pointer itself. Arrays of arrays are one array (code
// often walks `a[0][k]` over all of `double a[4][4]`), and so are arrays of at most one element (a
// last member `T data[1]` or `T data[]` that the allocation extends).
std::optional<ModelBuilder::MemberArray> ModelBuilder::memberArrayOf(const GEPOperator &GEP) const {
  auto Index = GEP.idx_begin();
  // The first index moves the pointer itself: a variable one may reach anywhere.
  if (Index == GEP.idx_end() || !isa<ConstantInt>(*Index)) return std::nullopt;
  // Offset += index * size, or false when it overflows.
  int64_t Offset = 0;
  auto Advance = [&Offset](const Use &I, uint64_t Size) {
    const APInt &Value = cast<ConstantInt>(I)->getValue();
    int64_t Product;
    return Value.getMinSignedBits() <= 64 &&
           !MulOverflow(Value.getSExtValue(), int64_t(Size), Product) &&
           !AddOverflow(Offset, Product, Offset);
  };
  if (!Advance(*Index, DL.getTypeAllocSize(GEP.getSourceElementType()).getFixedSize()))
    return std::nullopt;
  std::optional<MemberArray> Outer; // the outermost array of the arrays being indexed
  Type *Current = GEP.getSourceElementType();
  for (++Index; Index != GEP.idx_end(); ++Index) {
    if (auto *Struct = dyn_cast<StructType>(Current)) {
      unsigned Field = cast<ConstantInt>(*Index)->getZExtValue();
      Offset += int64_t(DL.getStructLayout(Struct)->getElementOffset(Field));
      Current = Struct->getElementType(Field);
      Outer.reset();
      continue;
    }
    auto *Array = dyn_cast<ArrayType>(Current);
    if (!Array || Array->getNumElements() <= 1) return std::nullopt;
    int64_t ElementSize = int64_t(DL.getTypeAllocSize(Array->getElementType()).getFixedSize());
    int64_t Size;
    if (MulOverflow(int64_t(Array->getNumElements()), ElementSize, Size)) return std::nullopt;
    if (!Outer) Outer = MemberArray{Offset, Size};
    if (!isa<ConstantInt>(*Index)) return Outer;
    if (!Advance(*Index, uint64_t(ElementSize))) return std::nullopt;
    Current = Array->getElementType();
  }
  return std::nullopt;
}

// Where pointer arithmetic in units of ElementSize bytes from Field, a part of a stack or global
// variable, stays (C and C++ confine it to the array the pointed element belongs to): the
// variable's type is walked down to the member of that size at Field's offset; the result is the
// outermost array around it since the last struct, or the member itself, an array of one.
// Relative to Field. None for heap memory (whose type is unknown), for byte arithmetic (a char
// pointer may walk a whole object), when no member of that size starts there, and for a
// one-element or empty array (which the allocation may extend).
std::optional<ModelBuilder::MemberArray> ModelBuilder::memberAround(ObjectId Field,
                                                                    uint64_t ElementSize) const {
  const AbstractObject &Part = Model.object(Field);
  const AbstractObject &Whole = Model.object(Part.Base);
  if (ElementSize <= 1 || Part.End || Part.Offset == MemoryModel::AnyOffset || !Whole.Site)
    return std::nullopt;
  Type *Current = nullptr;
  if (Whole.Kind == ObjectKind::Stack)
    if (auto *Alloca = dyn_cast<AllocaInst>(Whole.Site); Alloca && !Alloca->isArrayAllocation())
      Current = Alloca->getAllocatedType();
  if (Whole.Kind == ObjectKind::Global)
    if (auto *Global = dyn_cast<GlobalVariable>(Whole.Site)) Current = Global->getValueType();
  int64_t Begin = 0, Offset = Part.Offset;
  bool InArray = false; // Outer is the outermost array since the last struct
  MemberArray Outer{0, 0};
  while (Current && Current->isSized() && !isa<ScalableVectorType>(Current)) {
    uint64_t Size = DL.getTypeAllocSize(Current).getFixedSize();
    if (Size == ElementSize) {
      if (Offset != 0) return std::nullopt;
      MemberArray Member = InArray ? Outer : MemberArray{Begin, int64_t(Size)};
      Member.Offset -= Part.Offset;
      return Member;
    }
    if (auto *Struct = dyn_cast<StructType>(Current)) {
      const StructLayout *Layout = DL.getStructLayout(Struct);
      if (Offset < 0 || uint64_t(Offset) >= Layout->getSizeInBytes()) return std::nullopt;
      unsigned Element = Layout->getElementContainingOffset(uint64_t(Offset));
      int64_t ElementOffset = int64_t(Layout->getElementOffset(Element));
      Begin += ElementOffset;
      Offset -= ElementOffset;
      Current = Struct->getElementType(Element);
      InArray = false;
      continue;
    }
    auto *Array = dyn_cast<ArrayType>(Current);
    if (!Array) return std::nullopt; // a scalar of another size
    int64_t Stride = int64_t(DL.getTypeAllocSize(Array->getElementType()).getFixedSize());
    int64_t Elements = int64_t(Array->getNumElements());
    if (Elements <= 1 || Stride <= 0 || Offset / Stride >= Elements) return std::nullopt;
    if (!InArray) Outer = MemberArray{Begin, Elements * Stride};
    InArray = true;
    Begin += Offset / Stride * Stride;
    Offset %= Stride;
    Current = Array->getElementType();
  }
  return std::nullopt;
}

// A constant offset moves to another field of the same object; a variable index into an array
// member stays in that array; any other offset may reach any part of it. An address computed from a
// null base is an integer made into a pointer.
void ModelBuilder::addAddressComputation(const GEPOperator &GEP, NodeId Node) {
  NodeId Base = nodeOf(GEP.getPointerOperand());
  if (Base == MemoryModel::NoNode) {
    Graph.addAddress(Node, Model.unknownObject());
    for (const Use &Index : GEP.indices()) copyAnywhere(Index.get(), Node);
    return;
  }
  APInt Offset(DL.getIndexTypeSizeInBits(GEP.getType()), 0);
  if (GEP.getType()->isVectorTy() || !GEP.accumulateConstantOffset(DL, Offset) ||
      Offset.getMinSignedBits() > 64) {
    if (std::optional<MemberArray> Array = memberArrayOf(GEP)) {
      Graph.addWatch(Base, [this, Node, Array = *Array](ObjectId Field) {
        Graph.addAddress(Node, Model.arrayIn(Field, Array.Offset, Array.Size));
      });
      return;
    }
    if (GEP.isInBounds() && !GEP.getType()->isVectorTy() &&
        !isa<ScalableVectorType>(GEP.getSourceElementType())) {
      // Pointer arithmetic from a member of a variable whose type is known stays in the member.
      uint64_t ElementSize = DL.getTypeAllocSize(GEP.getSourceElementType()).getFixedSize();
      Graph.addWatch(Base, [this, Node, ElementSize](ObjectId Field) {
        std::optional<MemberArray> Member = memberAround(Field, ElementSize);
        Graph.addAddress(Node, Member ? Model.arrayIn(Field, Member->Offset, Member->Size)
                                      : Model.anywhereIn(Field));
      });
      return;
    }
    copyAnywhere(GEP.getPointerOperand(), Node);
    // Only an inbounds computation is known to stay in its base's object (C and C++ pointer
    // arithmetic, and the optimiser, assume it); any other may add an address integer to its
    // base and reach the integer's objects (p + (q - p) is q).
    if (!GEP.isInBounds())
      for (const Use &Index : GEP.indices()) copyAnywhere(Index.get(), Node);
    return;
  }
  std::int64_t Delta = Offset.getSExtValue();
  if (Delta == 0) {
    Graph.addCopy(Base, Node);
    return;
  }
  Graph.addWatch(Base, [this, Node, Delta](ObjectId Field) {
    Graph.addAddress(Node, Model.fieldOf(Field, Delta));
  });
}

ObjectId ModelBuilder::objectOf(const GlobalValue *G) {
  if (auto *Alias = dyn_cast<GlobalAlias>(G)) {
    const GlobalObject *Aliasee = Alias->getAliaseeObject();
    return Aliasee ? objectOf(Aliasee) : Model.unknownObject();
  }
  // An ifunc resolves to some function at load time.
  if (isa<GlobalIFunc>(G)) return Model.unknownObject();
  auto [It, Inserted] = GlobalObjects.try_emplace(G, 0);
  if (Inserted)
    It->second = Model.addObject(isa<Function>(G) ? ObjectKind::Function : ObjectKind::Global, G);
  return It->second;
}

const ModelBuilder::FunctionNodes &ModelBuilder::functionNodes(const Function *F) {
  auto [It, Inserted] = Functions.try_emplace(F, FunctionNodes{});
  if (Inserted) {
    FunctionNodes &Nodes = It->second;
    Nodes.Return = Graph.addNode();
    Nodes.VarArgs = Graph.addNode();
    Nodes.VarArgArea = Model.addObject(ObjectKind::VarArgs, F);
    // va_arg reads at offsets that depend on the argument's position.
    Graph.addCopy(Nodes.VarArgs, Graph.writtenContent(Model.anywhereIn(Nodes.VarArgArea)));
  }
  return It->second;
}

NodeId ModelBuilder::pointerTo(ObjectId Object) {
  NodeId Node = Graph.addNode();
  Graph.addAddress(Node, Object);
  return Node;
}

void ModelBuilder::copy(const Value *From, NodeId To) {
  NodeId Source = nodeOf(From);
  if (Source != MemoryModel::NoNode && To != MemoryModel::NoNode) Graph.addCopy(Source, To);
}

void ModelBuilder::copyToValue(NodeId From, const Value *To) {
  NodeId Target = nodeOf(To);
  if (Target != MemoryModel::NoNode) Graph.addCopy(From, Target);
}

void ModelBuilder::copyAnywhere(const Value *From, NodeId To) {
  NodeId Source = nodeOf(From);
  if (Source == MemoryModel::NoNode || To == MemoryModel::NoNode) return;
  Graph.addWatch(Source,
                 [this, To](ObjectId Field) { Graph.addAddress(To, Model.anywhereIn(Field)); });
}

NodeId ModelBuilder::anywherePointer(const Value *Pointer) {
  NodeId Node = Graph.addNode();
  copyAnywhere(Pointer, Node);
  return Node;
}

void ModelBuilder::addAddressToValue(const Value *V, ObjectId Object) {
  if (NodeId Node = nodeOf(V); Node != MemoryModel::NoNode) Graph.addAddress(Node, Object);
}

void ModelBuilder::escape(const Value *V) {
  copy(V, Model.escapedPointers());
}

// Memory copies move pointers between parts of objects whose layout the analysis does not follow:
// everything the source holds may land anywhere in the destination.
void ModelBuilder::copyContents(const Value *Destination, const Value *Source) {
  if (nodeOf(Source) == MemoryModel::NoNode || nodeOf(Destination) == MemoryModel::NoNode) return;
  NodeId Contents = Graph.addNode();
  Graph.addLoad(anywherePointer(Source), Contents);
  Graph.addStore(Contents, anywherePointer(Destination));
}

void ModelBuilder::addLoad(const Value *Pointer, std::uint64_t Size, NodeId To) {
  NodeId From = nodeOf(Pointer);
  if (From == MemoryModel::NoNode || To == MemoryModel::NoNode) return;
  Graph.addWatch(From, [this, Size, To](ObjectId Part) {
    Model.forEachSlot(Part, Size, [&](NodeId Read, NodeId) { Graph.addCopy(Read, To); });
  });
}

void ModelBuilder::addStore(NodeId From, const Value *Pointer, std::uint64_t Size) {
  NodeId To = nodeOf(Pointer);
  if (From == MemoryModel::NoNode || To == MemoryModel::NoNode) return;
  Graph.addWatch(To, [this, Size, From](ObjectId Part) {
    Model.forEachSlot(Part, Size, [&](NodeId, NodeId Written) { Graph.addCopy(From, Written); });
  });
}

std::uint64_t ModelBuilder::sizeOf(const Type *Ty) const {
  TypeSize Size = DL.getTypeStoreSize(const_cast<Type *>(Ty));
  return Size.isScalable() ? std::numeric_limits<std::uint64_t>::max() : Size.getFixedSize();
}

void ModelBuilder::copyContentsInto(const Value *Source, ObjectId Destination) {
  if (nodeOf(Source) == MemoryModel::NoNode) return;
  Graph.addLoad(anywherePointer(Source), Graph.writtenContent(Model.anywhereIn(Destination)));
}

bool ModelBuilder::isReachableFromOutside(const GlobalValue &G) const {
  // Declared variables live outside; llvm.used and the constructor lists are read by the linker
  // and the C runtime; globals in named sections can be reached through __start_/__stop_ symbols.
  // (Declared functions are outside code themselves: calling through an unknown pointer already
  // counts as calling unknown code.)
  if (G.isDeclaration()) return !isa<Function>(G);
  if (G.hasAppendingLinkage()) return true;
  if (G.hasLocalLinkage()) return false;
  if (auto *Object = dyn_cast<GlobalObject>(&G); Object && Object->hasSection()) return true;
  if (!Visibility.WholeProgram) return true;
  return G.getName() == "main" || Visibility.ReferencedFromOutside.contains(G.getName());
}

void ModelBuilder::addGlobals() {
  for (const GlobalVariable &G : M.globals()) {
    if (G.hasInitializer()) addInitializer(objectOf(&G), *G.getInitializer(), 0);
    addEntryFromOutside(G);
  }
  for (const Function &F : M) addEntryFromOutside(F);
  for (const GlobalAlias &A : M.aliases()) addEntryFromOutside(A);
}

// Pointers in an initializer go to the fields at their offsets.
void ModelBuilder::addInitializer(ObjectId Global, const Constant &Value, std::int64_t Offset) {
  if (isa<ConstantAggregate>(Value)) {
    const StructLayout *Layout = isa<StructType>(Value.getType())
                                     ? DL.getStructLayout(cast<StructType>(Value.getType()))
                                     : nullptr;
    for (unsigned I = 0; I < Value.getNumOperands(); ++I) {
      const auto *Element = cast<Constant>(Value.getOperand(I));
      std::int64_t ElementOffset =
          Layout ? std::int64_t(Layout->getElementOffset(I))
                 : std::int64_t(I * DL.getTypeAllocSize(Element->getType()).getFixedSize());
      addInitializer(Global, *Element, Offset + ElementOffset);
    }
    return;
  }
  if (NodeId Node = nodeOf(&Value); Node != MemoryModel::NoNode)
    Graph.addCopy(Node, Graph.writtenContent(Model.fieldOf(Global, Offset)));
}

void ModelBuilder::addEntryFromOutside(const GlobalValue &G) {
  if (!isReachableFromOutside(G)) return;
  Graph.addAddress(Model.escapedPointers(), objectOf(&G));
  // In a whole program, a definition that code outside uses by name (a shared library or an object
  // compiled without rmarace) is a way for outside code, which may perform RMA, to reach the
  // program's memory. The C runtime only calls main.
  if (Visibility.WholeProgram && !G.isDeclaration() && !G.hasAppendingLinkage() &&
      G.getName() != "main" && Visibility.ReferencedFromOutside.contains(G.getName()))
    Model.addUnknownCode(("code outside the program that uses " + G.getName()).str());
}

// An escaped object shares its content with Unknown: code outside can store any pointer it knows
// into it and read every pointer stored in it. An escaped function can be called from outside.
void ModelBuilder::onEscape(ObjectId Part) {
  ObjectId Object = Model.baseOf(Part);
  if (Object == Model.unknownObject() || !Model.addEscapedObject(Object)) return;
  const AbstractObject &Escaped = Model.object(Object);
  NodeId Outside = Model.escapedPointers();
  if (Escaped.Kind != ObjectKind::Function) {
    ObjectId Whole = Model.anywhereIn(Object);
    Graph.addCopy(Graph.readContent(Whole), Outside);
    Graph.addCopy(Outside, Graph.writtenContent(Whole));
    // Now a pointer into the object means what a pointer to Unknown means: same content, and
    // relevant exactly when unknown memory is (a relevant escaped object makes it so).
    for (ObjectId Piece : Model.partsOf(Object)) Graph.redirect(Piece, Model.unknownObject());
    return;
  }
  const auto &F = *cast<Function>(Escaped.Site);
  if (F.isDeclaration()) return;
  for (const Argument &Parameter : F.args())
    if (NodeId Node = nodeOf(&Parameter); Node != MemoryModel::NoNode)
      Graph.addAddress(Node, Model.unknownObject());
  const FunctionNodes &Nodes = functionNodes(&F);
  Graph.addAddress(Nodes.VarArgs, Model.unknownObject());
  Graph.addCopy(Nodes.Return, Outside);
}

void ModelBuilder::addFunction(const Function &F) {
  for (const BasicBlock &Block : F)
    for (const Instruction &I : Block) addInstruction(I);
}

void ModelBuilder::addInstruction(const Instruction &I) {
  constexpr NodeId NoNode = MemoryModel::NoNode;
  switch (I.getOpcode()) {
  case Instruction::Alloca:
    addAddressToValue(&I, Model.addObject(ObjectKind::Stack, &I));
    return;
  case Instruction::Load:
    addLoad(I.getOperand(0), sizeOf(I.getType()), nodeOf(&I));
    return;
  case Instruction::Store:
    addStore(nodeOf(I.getOperand(0)), I.getOperand(1), sizeOf(I.getOperand(0)->getType()));
    return;
  case Instruction::AtomicRMW:
  case Instruction::AtomicCmpXchg: {
    const Value *New = I.getOperand(I.getNumOperands() - 1);
    addLoad(I.getOperand(0), sizeOf(New->getType()), nodeOf(&I));
    addStore(nodeOf(New), I.getOperand(0), sizeOf(New->getType()));
    return;
  }
  case Instruction::GetElementPtr:
    addAddressComputation(cast<GEPOperator>(I), nodeOf(&I));
    return;
  case Instruction::PtrToInt:
    // The integer is followed like a pointer: through arithmetic, memory and calls, into the
    // offsets of address computations that may leave their object, and back by inttoptr.
    copy(I.getOperand(0), nodeOf(&I));
    return;
  case Instruction::IntToPtr:
    addAddressToValue(&I, Model.unknownObject());
    copyAnywhere(I.getOperand(0), nodeOf(&I));
    return;
  case Instruction::Ret:
    if (I.getNumOperands() == 1) copy(I.getOperand(0), functionNodes(I.getFunction()).Return);
    return;
  case Instruction::VAArg:
    if (NodeId To = nodeOf(&I); To != NoNode) {
      Graph.addCopy(functionNodes(I.getFunction()).VarArgs, To);
      Graph.addLoad(anywherePointer(I.getOperand(0)), To);
    }
    return;
  case Instruction::LandingPad:
    // The exception object comes from the C++ runtime.
    addAddressToValue(&I, Model.unknownObject());
    return;
  case Instruction::Call:
  case Instruction::Invoke:
  case Instruction::CallBr:
    addCall(cast<CallBase>(I));
    return;
  case Instruction::ExtractElement:
    copy(I.getOperand(0), nodeOf(&I));
    return;
  case Instruction::InsertElement:
  case Instruction::ShuffleVector:
    copy(I.getOperand(0), nodeOf(&I));
    copy(I.getOperand(1), nodeOf(&I));
    return;
  case Instruction::Select:
    copy(I.getOperand(1), nodeOf(&I));
    copy(I.getOperand(2), nodeOf(&I));
    return;
  case Instruction::PHI:
  case Instruction::BitCast:
  case Instruction::AddrSpaceCast:
  case Instruction::Freeze:
  case Instruction::ExtractValue:
  case Instruction::InsertValue:
    // Values passed on unchanged.
    for (const Use &Operand : I.operands()) copy(Operand.get(), nodeOf(&I));
    return;
  default:
    // Arithmetic and conversions may change an address by any amount.
    if (NodeId To = nodeOf(&I); To != NoNode)
      for (const Use &Operand : I.operands()) copyAnywhere(Operand.get(), To);
    return;
  }
}

} // namespace rmarace
