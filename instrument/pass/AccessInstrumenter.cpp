#include "AccessInstrumenter.h"

#include "InstrumentationPlan.h"
#include "MemoryAccess.h"
#include "SynchronisingAtomics.h"
#include "rmarace/rmarace.h"

#include "llvm/IR/CFG.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/SSAUpdater.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

#include <map>

namespace rmarace {

using namespace llvm;

namespace {
// No page number (addresses have at most 64 - RMARACE_PAGE_SHIFT bits of page): a loop's cache
// before its first unmarked page.
constexpr uint64_t kNoPage = ~uint64_t{0};
constexpr uint64_t kRepeatLineBytes = RMARACE_REPEAT_LINE_BYTES;

// The bits of an access of Size bytes, from bit 0.
uint64_t sizeBits(uint64_t Size) {
  return Size == kRepeatLineBytes ? ~uint64_t{0} : (uint64_t{1} << Size) - 1;
}

// A value carried around a loop (PlannedAccess::CarriedLoop): a phi in the header that is OnEntry
// on every edge into the loop, known to an SSAUpdater as the header's value. closeLatches() gives
// the phi the value at the end of each latch once the access is instrumented: the latches as they
// are then, since splitting a block moves its terminator, which marks a latch, into the new block.
class CarriedValue {
public:
  CarriedValue(const PlannedAccess::CarriedLoop &Carried, Constant *OnEntry, StringRef Name)
      : Loop(Carried) {
    Phi = PHINode::Create(OnEntry->getType(), pred_size(Loop.Header), Name, &Loop.Header->front());
    for (BasicBlock *Pred : predecessors(Loop.Header))
      if (!isLatch(Pred)) Phi->addIncoming(OnEntry, Pred);
    Values.Initialize(OnEntry->getType(), Name);
    Values.AddAvailableValue(Loop.Header, Phi);
  }
  PHINode *atHeader() const { return Phi; }
  SSAUpdater &values() { return Values; }
  void closeLatches() {
    for (BasicBlock *Pred : predecessors(Loop.Header))
      if (isLatch(Pred)) Phi->addIncoming(Values.GetValueAtEndOfBlock(Pred), Pred);
  }

private:
  bool isLatch(BasicBlock *Pred) const {
    return is_contained(Loop.LatchTerminators, Pred->getTerminator());
  }

  const PlannedAccess::CarriedLoop &Loop;
  PHINode *Phi;
  SSAUpdater Values;
};
} // namespace

AccessInstrumenter::AccessInstrumenter(Module &Mod)
    : M(Mod), Runtime(Mod), Locations(Mod, Runtime.locationType()),
      Unlikely(MDBuilder(Mod.getContext()).createBranchWeights(1, 1u << 20)) {}

void AccessInstrumenter::instrumentLoopRanges(const std::vector<const PlannedAccess *> &Hoisted,
                                              ScalarEvolution &SE) {
  // First every expansion, while the control flow is the one ScalarEvolution knows; then one
  // block per loop entry edge, where the checks run only when the loop is entered.
  SCEVExpander Expander(SE, M.getDataLayout(), "rmarace.range");
  Type *BytePtr = Type::getInt8PtrTy(M.getContext());
  Type *Int64 = Type::getInt64Ty(M.getContext());
  struct Bounds {
    Value *Begin, *Length, *Rows = nullptr, *Stride = nullptr;
  };
  std::vector<Bounds> Expanded;
  for (const PlannedAccess *Planned : Hoisted) {
    const PlannedAccess::LoopRange &Range = Planned->Range;
    Bounds B{Expander.expandCodeFor(Range.Begin, BytePtr, Range.Entry),
             Expander.expandCodeFor(Range.Length, Int64, Range.Entry)};
    if (Range.Rows) {
      B.Rows = Expander.expandCodeFor(Range.Rows, Int64, Range.Entry);
      B.Stride = Expander.expandCodeFor(Range.Stride, Int64, Range.Entry);
    }
    Expanded.push_back(B);
  }
  std::map<std::pair<BasicBlock *, BasicBlock *>, BasicBlock *> EntryEdges;
  for (std::size_t I = 0; I < Hoisted.size(); ++I) {
    const PlannedAccess::LoopRange &Range = Hoisted[I]->Range;
    BasicBlock *From = Range.Entry->getParent();
    auto [It, New] = EntryEdges.try_emplace({From, Range.Header}, nullptr);
    if (New) It->second = SplitEdge(From, Range.Header);
    IRBuilder<> IRB(It->second->getTerminator());
    bool Write = Hoisted[I]->Access.writes();
    Constant *Location = Locations.locationOf(*Hoisted[I]->Access.Inst);
    if (!Expanded[I].Rows) {
      emitRange(IRB, Expanded[I].Begin, Expanded[I].Length, Write, Location);
      continue;
    }
    Value *Rows = Expanded[I].Rows;
    if (const PlannedAccess::LoopGuard &Guard = Range.Guard; Guard.Condition) {
      Value *None = IRB.getInt64(0);
      Rows = Guard.RunsIfTrue ? IRB.CreateSelect(Guard.Condition, Rows, None)
                              : IRB.CreateSelect(Guard.Condition, None, Rows);
    }
    IRB.CreateCall(Runtime.rows(Write),
                   {Expanded[I].Begin, Expanded[I].Length, Expanded[I].Stride, Rows, Location});
  }
}

void AccessInstrumenter::instrument(const PlannedAccess &Planned) {
  const MemoryAccess &Access = Planned.Access;
  bool WindowMemory = Planned.WindowMemory;
  Constant *Location = Locations.locationOf(*Access.Inst);
  switch (Access.Form) {
  case MemoryAccess::Shape::Scalar:
    emitFilteredAccess(Planned.Once.Header ? firstRunInLoop(Planned) : Access.Inst, Access.Address,
                       Access.Size.getFixedSize(), Access.Flags, Location, WindowMemory,
                       Planned.Cache.Header ? &Planned : nullptr);
    return;
  case MemoryAccess::Shape::Range: {
    IRBuilder<> IRB(Access.Inst);
    Value *Length = Access.Length;
    if (!Length && Access.Size.isScalable())
      Length = IRB.CreateVScale(IRB.getInt64(Access.Size.getKnownMinSize()));
    else if (!Length)
      Length = IRB.getInt64(Access.Size.getFixedSize());
    emitRange(IRB, Access.Address, Length, Access.writes(), Location);
    return;
  }
  case MemoryAccess::Shape::Lanes:
    instrumentLanes(Access, Location, WindowMemory);
    return;
  case MemoryAccess::Shape::PackedLanes:
    instrumentPackedLanes(Access, Location);
    return;
  }
}

// The filter of rmarace.h, two loads and a branch up to the call:
//   if (map.unmarked[map.tables[(addr >> L1_SHIFT) & (L1_ENTRIES - 1)]
//                    + ((addr >> PAGE_SHIFT) & (L2_ENTRIES - 1))])
//     __rmarace_access(addr, size, flags, loc); // unlikely
// Window memory always passes the page filter: its accesses start with the repeat filter instead.
void AccessInstrumenter::emitFilteredAccess(Instruction *Before, Value *Address, uint64_t Size,
                                            uint32_t Flags, Constant *Location, bool WindowMemory,
                                            const PlannedAccess *Cached) {
  IRBuilder<> IRB(Before);
  Value *Bits = IRB.CreatePtrToInt(Address, IRB.getInt64Ty());
  Instruction *Slow = WindowMemory ? Before
                      : Cached     ? cachedPageFilter(IRB, Bits, Before, *Cached)
                                   : pageFilter(IRB, Bits, Before);
  if (!(Flags & RMARACE_ATOMIC) && Size <= kRepeatLineBytes) {
    Flags |= RMARACE_REPEAT_TESTED;
    IRB.SetInsertPoint(Slow);
    FirstLine First = firstLine(IRB, Bits, Size, Flags);
    Slow = SplitBlockAndInsertIfThen(IRB.CreateNot(IRB.CreateAnd(First.Inside, First.Covered)),
                                     Slow, /*Unreachable=*/false);
    // An access of more than a byte may leave its line (a merged span of adjacent accesses
    // does at some addresses): tested when the first test fails, so that accesses within their
    // line pay nothing for it.
    if (Size > 1) {
      IRB.SetInsertPoint(Slow);
      Slow = SplitBlockAndInsertIfThen(IRB.CreateNot(repeatedAcrossLines(IRB, First, Size, Flags)),
                                       Slow,
                                       /*Unreachable=*/false);
    }
  }
  IRB.SetInsertPoint(Slow);
  IRB.CreateCall(Runtime.access(), {IRB.CreatePointerCast(Address, IRB.getInt8PtrTy()),
                                    IRB.getInt64(Size), IRB.getInt32(Flags), Location});
}

// The page filter before Before; returns the point where the accesses it lets through continue.
// The sum of the entry and the page's index leaves the marks array: the GEP is not inbounds.
Instruction *AccessInstrumenter::pageFilter(IRBuilderBase &IRB, Value *Bits, Instruction *Before) {
  Type *Int64 = IRB.getInt64Ty();
  StructType *MapTy = Runtime.pageMapType();
  Constant *Map = Runtime.pageMap();
  Value *L1Index = IRB.CreateAnd(IRB.CreateLShr(Bits, RMARACE_L1_SHIFT), RMARACE_L1_ENTRIES - 1);
  Value *Entry = IRB.CreateLoad(
      Int64, IRB.CreateInBoundsGEP(MapTy, Map, {IRB.getInt32(0), IRB.getInt32(0), L1Index}));
  Value *L2Index = IRB.CreateAnd(IRB.CreateLShr(Bits, RMARACE_PAGE_SHIFT), RMARACE_L2_ENTRIES - 1);
  Value *Unmarked = IRB.CreateConstInBoundsGEP2_32(MapTy, Map, 0, 1);
  Value *Mark = IRB.CreateLoad(IRB.getInt8Ty(),
                               IRB.CreateGEP(IRB.getInt8Ty(),
                                             IRB.CreatePointerCast(Unmarked, IRB.getInt8PtrTy()),
                                             IRB.CreateAdd(Entry, L2Index)));
  return SplitBlockAndInsertIfThen(IRB.CreateIsNotNull(Mark), Before,
                                   /*Unreachable=*/false, Unlikely);
}

// The page filter of an access whose loop keeps the last page it found unmarked (PageCache.h):
//   last = phi [NoPage, on entry], [last or page, from the latches]
//   if (addr >> PAGE_SHIFT != last) { page filter; when unmarked: last = addr >> PAGE_SHIFT }
// The access runs at most once per iteration (it is in no inner loop), so the value at the access
// is the header's phi; SSAUpdater joins the paths that pass the access and those that do not.
Instruction *AccessInstrumenter::cachedPageFilter(IRBuilderBase &IRB, Value *Bits,
                                                  Instruction *Before,
                                                  const PlannedAccess &Planned) {
  Type *Int64 = IRB.getInt64Ty();
  CarriedValue Pages(Planned.Cache, ConstantInt::get(Int64, kNoPage), "rmarace.page");
  PHINode *Last = Pages.atHeader();
  IRB.SetInsertPoint(Before);
  Value *Page = IRB.CreateLShr(Bits, RMARACE_PAGE_SHIFT);
  BasicBlock *Head = Before->getParent();
  Instruction *FilterEnd =
      SplitBlockAndInsertIfThen(IRB.CreateICmpNE(Page, Last), Before, /*Unreachable=*/false);
  BasicBlock *FilterBlock = FilterEnd->getParent();
  IRB.SetInsertPoint(FilterEnd);
  Instruction *Slow = pageFilter(IRB, Bits, FilterEnd);
  // Where the filter's two outcomes meet: the page when it was unmarked, the old one when marked.
  PHINode *Filtered = PHINode::Create(Int64, 2, "rmarace.page", &FilterEnd->getParent()->front());
  Filtered->addIncoming(Page, FilterBlock);
  Filtered->addIncoming(Last, Slow->getParent());
  PHINode *Next = PHINode::Create(Int64, 2, "rmarace.page", &Before->getParent()->front());
  Next->addIncoming(Page, Head);
  Next->addIncoming(Filtered, FilterEnd->getParent());
  Pages.values().AddAvailableValue(Next->getParent(), Next);
  Pages.closeLatches();
  IRB.SetInsertPoint(Slow);
  return Slow;
}

// The point before an access that runs only the first time the access does after its Once loop
// is entered (OncePerLoop.h):
//   header: checked = phi [false, on entry], [checked or true, from the latches]
//   if (!checked) { the checks }   ; from here on, checked is true
// SSAUpdater carries the flag through the inner loops and joins the paths that pass the access
// and those that do not.
Instruction *AccessInstrumenter::firstRunInLoop(const PlannedAccess &Planned) {
  LLVMContext &Context = M.getContext();
  Type *Int1 = Type::getInt1Ty(Context);
  CarriedValue Flags(Planned.Once, ConstantInt::getFalse(Context), "rmarace.checked");
  Instruction *Access = Planned.Access.Inst;
  BasicBlock *Head = Access->getParent();
  // The condition is set below, once the flag's value at the test is known.
  Instruction *First =
      SplitBlockAndInsertIfThen(UndefValue::get(Int1), Access, /*Unreachable=*/false);
  Flags.values().AddAvailableValue(Access->getParent(), ConstantInt::getTrue(Context));
  Value *CheckedBefore =
      Head == Planned.Once.Header ? Flags.atHeader() : Flags.values().GetValueInMiddleOfBlock(Head);
  auto *Test = cast<BranchInst>(Head->getTerminator());
  Test->setCondition(BinaryOperator::CreateNot(CheckedBefore, "rmarace.first", Test));
  Flags.closeLatches();
  return First;
}

// Whether the thread's repeat table holds Line, filled in the current generation, with the bytes
// of Mask checked with the access's kind or as stores:
//   e = &table[line & (REPEAT_ENTRIES - 1)];
//   checked = e->stored (store) or e->loadable (load: bytes loaded or stored);
//   e->tag == (line >> REPEAT_INDEX_BITS | stamp) && (checked & mask) == mask
Value *AccessInstrumenter::lineCovers(IRBuilderBase &IRB, Value *Table, Value *Stamp, Value *Line,
                                      Value *Mask, uint32_t Flags) {
  Type *Int64 = IRB.getInt64Ty();
  StructType *EntryTy = Runtime.repeatEntryType();
  Value *Entry =
      IRB.CreateInBoundsGEP(EntryTy, Table, IRB.CreateAnd(Line, RMARACE_REPEAT_ENTRIES - 1));
  auto field = [&](unsigned Index) {
    return IRB.CreateLoad(Int64, IRB.CreateStructGEP(EntryTy, Entry, Index));
  };
  Value *Tag = IRB.CreateOr(IRB.CreateLShr(Line, RMARACE_REPEAT_INDEX_BITS), Stamp);
  Value *Current = IRB.CreateICmpEQ(field(0), Tag);
  Value *Checked = field(Flags & RMARACE_WRITE ? 2 : 1);
  Value *Covered = IRB.CreateICmpEQ(IRB.CreateAnd(Checked, Mask), Mask);
  return IRB.CreateAnd(Current, Covered);
}

// The inline repeat filter of rmarace.h, branch-free, on the access's first line:
//   offset = bits & 63; mask = ((1 << size) - 1) << offset (truncated: the part in the line);
//   covered = lineCovers(bits >> LINE_SHIFT, mask); inside = offset + size <= 64
// The access repeats when inside && covered.
AccessInstrumenter::FirstLine AccessInstrumenter::firstLine(IRBuilderBase &IRB, Value *Bits,
                                                            uint64_t Size, uint32_t Flags) {
  Value *Table = IRB.CreateLoad(Runtime.repeatEntryType()->getPointerTo(), Runtime.repeatTable());
  Value *Stamp = IRB.CreateLoad(IRB.getInt64Ty(), Runtime.repeatStamp());
  Value *Line = IRB.CreateLShr(Bits, RMARACE_REPEAT_LINE_SHIFT);
  Value *Offset = IRB.CreateAnd(Bits, kRepeatLineBytes - 1);
  Value *Inside = IRB.CreateICmpULE(Offset, IRB.getInt64(kRepeatLineBytes - Size));
  Value *Mask = IRB.CreateShl(IRB.getInt64(sizeBits(Size)), Offset);
  return {Table, Stamp, Line, Offset, Inside, lineCovers(IRB, Table, Stamp, Line, Mask, Flags)};
}

// An access that leaves its line is a part in each line, as the runtime's RepeatFilter::covers
// sees it; the first line's part is what the first test covered, so only the next line's entry
// is read here:
//   second = ((1 << size) - 1) >> 1 >> (63 - offset) (the part in the next line: a shift by
//            64 - offset that is never 64); covered && lineCovers(line + 1, second)
// Reached only when the first test failed: an access within its line failed on `covered`, which
// fails this test too, so it needs no test of whether the access straddles.
Value *AccessInstrumenter::repeatedAcrossLines(IRBuilderBase &IRB, const FirstLine &First,
                                               uint64_t Size, uint32_t Flags) {
  Value *Shift = IRB.CreateSub(IRB.getInt64(kRepeatLineBytes - 1), First.Offset);
  Value *Second = IRB.CreateLShr(IRB.getInt64(sizeBits(Size) >> 1), Shift);
  Value *Next = IRB.CreateAdd(First.Line, IRB.getInt64(1));
  Value *SecondCovered = lineCovers(IRB, First.Table, First.Stamp, Next, Second, Flags);
  return IRB.CreateAnd(First.Covered, SecondCovered);
}

void AccessInstrumenter::emitRange(IRBuilderBase &IRB, Value *Address, Value *Length, bool Write,
                                   Constant *Location) {
  IRB.CreateCall(Runtime.range(Write), {IRB.CreatePointerCast(Address, IRB.getInt8PtrTy()),
                                        IRB.CreateZExtOrTrunc(Length, IRB.getInt64Ty()), Location});
}

// Each enabled lane is an access of its own: masked-off lanes touch no memory.
void AccessInstrumenter::instrumentLanes(const MemoryAccess &Access, Constant *Location,
                                         bool WindowMemory) {
  uint64_t LaneSize = Access.Size.getFixedSize();
  bool VectorOfAddresses = Access.Address->getType()->isVectorTy();
  for (unsigned Lane = 0; Lane < Access.NumLanes; ++Lane) {
    IRBuilder<> IRB(Access.Inst);
    Value *Enabled = IRB.CreateExtractElement(Access.Mask, Lane);
    auto *Known = dyn_cast<ConstantInt>(Enabled);
    if (Known && Known->isZero()) continue;
    Instruction *Check =
        Known ? Access.Inst : SplitBlockAndInsertIfThen(Enabled, Access.Inst, false);
    IRB.SetInsertPoint(Check);
    Value *Address =
        VectorOfAddresses
            ? IRB.CreateExtractElement(Access.Address, Lane)
            : IRB.CreateConstGEP1_64(IRB.getInt8Ty(),
                                     IRB.CreatePointerCast(Access.Address, IRB.getInt8PtrTy()),
                                     Lane * LaneSize);
    emitFilteredAccess(Check, Address, LaneSize, Access.Flags, Location, WindowMemory);
  }
}

// Expanding loads and compressing stores touch one element per enabled lane, packed.
void AccessInstrumenter::instrumentPackedLanes(const MemoryAccess &Access, Constant *Location) {
  IRBuilder<> IRB(Access.Inst);
  Value *MaskBits = IRB.CreateBitCast(Access.Mask, IRB.getIntNTy(Access.NumLanes));
  Value *Enabled = IRB.CreateUnaryIntrinsic(Intrinsic::ctpop, MaskBits);
  Value *Length = IRB.CreateMul(IRB.CreateZExtOrTrunc(Enabled, IRB.getInt64Ty()),
                                IRB.getInt64(Access.Size.getFixedSize()));
  emitRange(IRB, Access.Address, Length, Access.writes(), Location);
}

void AccessInstrumenter::markCallSite(CallBase &Call) {
  IRBuilder<> IRB(&Call);
  IRB.CreateStore(Locations.locationOf(Call), Runtime.callSite());
}

// The release is told before the atomic writes and the acquire after it reads, so that an acquire
// that reads a released value always finds the release.
void AccessInstrumenter::synchronise(const SynchronisingAtomic &Atomic) {
  Constant *Location = Locations.locationOf(*Atomic.Inst);
  if (Atomic.Releases) {
    IRBuilder<> IRB(Atomic.Inst);
    IRB.CreateCall(Runtime.atomicSync(/*Release=*/true),
                   {IRB.CreatePointerCast(Atomic.Address, IRB.getInt8PtrTy()), Location});
  }
  if (Atomic.Acquires) {
    IRBuilder<> IRB(Atomic.Inst->getNextNode());
    IRB.CreateCall(Runtime.atomicSync(/*Release=*/false),
                   {IRB.CreatePointerCast(Atomic.Address, IRB.getInt8PtrTy()), Location});
  }
}

} // namespace rmarace
