#include "MemoryAccess.h"

#include "rmarace/rmarace.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

#include <optional>

namespace rmarace {

using namespace llvm;

bool MemoryAccess::writes() const {
  return Flags & RMARACE_WRITE;
}
bool MemoryAccess::isAtomic() const {
  return Flags & RMARACE_ATOMIC;
}
bool MemoryAccess::isPlainScalar() const {
  if (Form != Shape::Scalar || isAtomic() || Size.isScalable()) return false;
  if (const auto *Load = dyn_cast<LoadInst>(Inst)) return !Load->isVolatile();
  if (const auto *Store = dyn_cast<StoreInst>(Inst)) return !Store->isVolatile();
  // A copy or fill of a constant length, checked like a load or store of that size (addRange):
  // an intrinsic unless volatile, or a C library call.
  if (const auto *Transfer = dyn_cast<MemIntrinsic>(Inst)) return !Transfer->isVolatile();
  return Kind == Category::Intrinsic && isa<CallBase>(Inst) && !isa<IntrinsicInst>(Inst);
}

namespace {

// A C library function that reads and writes ranges given by a length argument.
struct LibcMemoryFunction {
  int Read[2] = {-1, -1};
  int Written = -1;
  int Length = -1;
};

std::optional<LibcMemoryFunction> libcMemoryFunction(StringRef Name) {
  const LibcMemoryFunction Copy{{1, -1}, 0, 2}, Set{{-1, -1}, 0, 2}, Zero{{-1, -1}, 0, 1},
      Compare{{0, 1}, -1, 2}, Bcopy{{0, -1}, 1, 2}, None;
  LibcMemoryFunction Model = StringSwitch<LibcMemoryFunction>(Name)
                                 .Cases("memcpy", "memmove", "mempcpy", Copy)
                                 .Cases("__memcpy_chk", "__memmove_chk", "__mempcpy_chk", Copy)
                                 .Cases("memset", "__memset_chk", Set)
                                 .Cases("bzero", "explicit_bzero", Zero)
                                 .Cases("memcmp", "bcmp", Compare)
                                 .Case("bcopy", Bcopy)
                                 .Default(None);
  if (Model.Length < 0) return std::nullopt;
  return Model;
}

class AccessCollector {
public:
  AccessCollector(const DataLayout &Layout, std::vector<MemoryAccess> &Out)
      : DL(Layout), Accesses(Out) {}

  void visit(Instruction &I) {
    if (auto *Load = dyn_cast<LoadInst>(&I))
      addSized(MemoryAccess::Category::Load, I, Load->getPointerOperand(), Load->getType(),
               RMARACE_READ | (Load->isAtomic() ? RMARACE_ATOMIC : 0));
    else if (auto *Store = dyn_cast<StoreInst>(&I))
      addSized(MemoryAccess::Category::Store, I, Store->getPointerOperand(),
               Store->getValueOperand()->getType(),
               RMARACE_WRITE | (Store->isAtomic() ? RMARACE_ATOMIC : 0));
    else if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
      addSized(MemoryAccess::Category::Atomic, I, RMW->getPointerOperand(),
               RMW->getValOperand()->getType(), RMARACE_READ | RMARACE_WRITE | RMARACE_ATOMIC);
    else if (auto *CmpXchg = dyn_cast<AtomicCmpXchgInst>(&I))
      addSized(MemoryAccess::Category::Atomic, I, CmpXchg->getPointerOperand(),
               CmpXchg->getCompareOperand()->getType(),
               RMARACE_READ | RMARACE_WRITE | RMARACE_ATOMIC);
    else if (auto *Intrinsic = dyn_cast<IntrinsicInst>(&I))
      visitIntrinsic(*Intrinsic);
    else if (auto *Call = dyn_cast<CallBase>(&I))
      visitLibraryCall(*Call);
  }

private:
  static bool inDefaultAddressSpace(const Value *Address) {
    return Address->getType()->getScalarType()->getPointerAddressSpace() == 0;
  }

  void add(MemoryAccess Access) {
    if (inDefaultAddressSpace(Access.Address)) Accesses.push_back(Access);
  }

  void addSized(MemoryAccess::Category Kind, Instruction &I, Value *Address, Type *Ty,
                std::uint32_t Flags) {
    TypeSize Size = DL.getTypeStoreSize(Ty);
    // Larger accesses than the fast filter covers go to the range interface.
    bool Scalar = !Size.isScalable() && Size.getFixedSize() <= RMARACE_MAX_SCALAR_ACCESS;
    add({Kind, Scalar ? MemoryAccess::Shape::Scalar : MemoryAccess::Shape::Range, &I, Address,
         Flags, Size});
  }

  // A copy or fill of a constant length the fast filter covers (the 24 bytes of an atom's
  // position) is checked like a load or store of that size: inline filters first, since such
  // copies run in loops over window memory. Element-wise atomic copies keep the range interface.
  void addRange(Instruction &I, Value *Address, Value *Length, std::uint32_t Flags,
                bool ElementAtomic = false) {
    auto *Constant = dyn_cast<ConstantInt>(Length);
    if (!ElementAtomic && Constant && Constant->getValue().uge(1) &&
        Constant->getValue().ule(RMARACE_MAX_SCALAR_ACCESS)) {
      add({MemoryAccess::Category::Intrinsic, MemoryAccess::Shape::Scalar, &I, Address, Flags,
           TypeSize::Fixed(Constant->getZExtValue())});
      return;
    }
    add({MemoryAccess::Category::Intrinsic, MemoryAccess::Shape::Range, &I, Address, Flags,
         TypeSize::Fixed(0), Length});
  }

  void addLanes(MemoryAccess::Category Kind, MemoryAccess::Shape Form, IntrinsicInst &I,
                Value *Address, Type *VectorTy, Value *Mask, std::uint32_t Flags) {
    auto *Vector = cast<FixedVectorType>(VectorTy);
    add({Kind, Form, &I, Address, Flags, DL.getTypeStoreSize(Vector->getElementType()), nullptr,
         Mask, Vector->getNumElements()});
  }

  void visitIntrinsic(IntrinsicInst &I) {
    using Shape = MemoryAccess::Shape;
    using Category = MemoryAccess::Category;
    auto Arg = [&I](unsigned N) { return I.getArgOperand(N); };
    switch (I.getIntrinsicID()) {
    case Intrinsic::memcpy:
    case Intrinsic::memcpy_inline:
    case Intrinsic::memmove:
      addRange(I, Arg(1), Arg(2), RMARACE_READ);
      addRange(I, Arg(0), Arg(2), RMARACE_WRITE);
      return;
    case Intrinsic::memcpy_element_unordered_atomic:
    case Intrinsic::memmove_element_unordered_atomic:
      addRange(I, Arg(1), Arg(2), RMARACE_READ, /*ElementAtomic=*/true);
      addRange(I, Arg(0), Arg(2), RMARACE_WRITE, /*ElementAtomic=*/true);
      return;
    case Intrinsic::memset:
      addRange(I, Arg(0), Arg(2), RMARACE_WRITE);
      return;
    case Intrinsic::memset_element_unordered_atomic:
      addRange(I, Arg(0), Arg(2), RMARACE_WRITE, /*ElementAtomic=*/true);
      return;
    // Scalable vectors have no fixed lane count; x86 has none.
    case Intrinsic::masked_load:
      if (isa<FixedVectorType>(I.getType()))
        addLanes(Category::Load, Shape::Lanes, I, Arg(0), I.getType(), Arg(2), RMARACE_READ);
      return;
    case Intrinsic::masked_gather:
      if (isa<FixedVectorType>(I.getType()))
        addLanes(Category::Load, Shape::Lanes, I, Arg(0), I.getType(), Arg(2), RMARACE_READ);
      return;
    case Intrinsic::masked_expandload:
      if (isa<FixedVectorType>(I.getType()))
        addLanes(Category::Load, Shape::PackedLanes, I, Arg(0), I.getType(), Arg(1), RMARACE_READ);
      return;
    case Intrinsic::masked_store:
    case Intrinsic::masked_scatter:
      if (isa<FixedVectorType>(Arg(0)->getType()))
        addLanes(Category::Store, Shape::Lanes, I, Arg(1), Arg(0)->getType(), Arg(3),
                 RMARACE_WRITE);
      return;
    case Intrinsic::masked_compressstore:
      if (isa<FixedVectorType>(Arg(0)->getType()))
        addLanes(Category::Store, Shape::PackedLanes, I, Arg(1), Arg(0)->getType(), Arg(2),
                 RMARACE_WRITE);
      return;
    default:
      return;
    }
  }

  // Calls of memcpy and friends that survive as calls (for example with -fno-builtin).
  void visitLibraryCall(CallBase &Call) {
    auto *Callee = dyn_cast<Function>(Call.getCalledOperand()->stripPointerCasts());
    if (!Callee || !Callee->isDeclaration()) return;
    std::optional<LibcMemoryFunction> Model = libcMemoryFunction(Callee->getName());
    if (!Model || unsigned(Model->Length) >= Call.arg_size()) return;
    Value *Length = Call.getArgOperand(Model->Length);
    if (!Length->getType()->isIntegerTy()) return;
    for (int Read : Model->Read)
      if (Read >= 0 && Call.getArgOperand(Read)->getType()->isPointerTy())
        addRange(Call, Call.getArgOperand(Read), Length, RMARACE_READ);
    if (Model->Written >= 0 && Call.getArgOperand(Model->Written)->getType()->isPointerTy())
      addRange(Call, Call.getArgOperand(Model->Written), Length, RMARACE_WRITE);
  }

  const DataLayout &DL;
  std::vector<MemoryAccess> &Accesses;
};

} // namespace

std::vector<MemoryAccess> collectMemoryAccesses(Function &F, const DataLayout &DL) {
  std::vector<MemoryAccess> Accesses;
  AccessCollector Collector(DL, Accesses);
  for (BasicBlock &Block : F)
    for (Instruction &I : Block) Collector.visit(I);
  return Accesses;
}

} // namespace rmarace
