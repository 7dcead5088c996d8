#include "LocalBufferCheck.h"

#include "ClusterAnalysis.h"
#include "MemoryAccess.h"
#include "RmaApi.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

#include <functional>
#include <map>
#include <optional>
#include <string>

namespace rmarace {

using namespace llvm;

namespace {

// Where bytes certainly are: Offset bytes into the object Base points to, or into the GASPI
// segment SegmentId (whose memory gaspi_segment_ptr returns).
struct Place {
  static constexpr int64_t NoSegment = -1;

  const Value *Base = nullptr;
  int64_t SegmentId = NoSegment;
  int64_t Offset = 0;

  bool sameObjectAs(const Place &Other) const {
    return Base == Other.Base && SegmentId == Other.SegmentId;
  }
  // The instruction that computes Base: past it, Base may stand for another object.
  const Instruction *definition() const { return dyn_cast_or_null<Instruction>(Base); }
};

// [Where, Where + Size): bytes an access or an operation certainly touches.
struct Bytes {
  Place Where;
  uint64_t Size = 0;

  bool overlaps(const Bytes &Other) const {
    if (!Where.sameObjectAs(Other.Where)) return false;
    int64_t Begin = Where.Offset, OtherBegin = Other.Where.Offset;
    return Begin < OtherBegin + int64_t(Other.Size) && OtherBegin < Begin + int64_t(Size);
  }
};

// A local buffer in use by an operation that has started and is not complete.
struct PendingBuffer {
  const CallBase *RmaCall;
  const LocalBuffer *Model;
  Bytes Buffer;
  // GASPI: the queue, when it is a constant.
  std::optional<uint64_t> Queue;
};

// An access that certainly happens: in its own function, or on every call of a helper.
struct CertainAccess {
  const Instruction *Inst;
  bool Writes;
  Bytes Touched;
};

// A function's pending buffers, each found at a start point: the RMA call, or the call of a
// helper that returns with the operation pending.
struct StartPoint {
  const Instruction *At;
  PendingBuffer Pending;
};

// Sizes of Open MPI's predefined datatypes (the objects ompi_mpi_<name> its MPI_Datatype
// constants point to) on LP64 targets. Any other predefined datatype has at least one byte.
uint64_t openMpiDatatypeSize(StringRef Name) {
  constexpr uint64_t LongDoubleSize = 16;
  return StringSwitch<uint64_t>(Name)
      .Cases("short", "unsigned_short", "int16_t", "uint16_t", sizeof(int16_t))
      .Cases("int", "unsigned", "float", "int32_t", "uint32_t", "wchar", sizeof(int32_t))
      .Cases("long", "unsigned_long", "long_long_int", "unsigned_long_long", sizeof(int64_t))
      .Cases("double", "int64_t", "uint64_t", "aint", "offset", "count", sizeof(int64_t))
      .Case("long_double", LongDoubleSize)
      .Default(1);
}

// MPICH encodes predefined datatypes as integer handles of kind "builtin" (the top bits) and
// object type "datatype", with the size in bytes in bits 8 to 15 (mpi.h,
// MPIR_Datatype_get_basic_size).
constexpr uint64_t MpichHandleKindAndTypeMask = 0xfc000000;
constexpr uint64_t MpichBuiltinDatatype = 0x4c000000;
constexpr unsigned MpichSizeShift = 8;
constexpr uint64_t MpichSizeMask = 0xff;

// The size of one element of a predefined MPI datatype, or nullopt for derived datatypes (whose
// first bytes need not be part of the data) and values unknown at compile time.
std::optional<uint64_t> mpiDatatypeSize(const Value *Datatype) {
  Datatype = Datatype->stripPointerCasts();
  if (const auto *Global = dyn_cast<GlobalVariable>(Datatype)) {
    StringRef Name = Global->getName();
    if (Name.consume_front("ompi_mpi_")) return openMpiDatatypeSize(Name);
    return std::nullopt;
  }
  if (const auto *Cast = dyn_cast<ConstantExpr>(Datatype))
    if (Cast->getOpcode() == Instruction::IntToPtr) Datatype = Cast->getOperand(0);
  if (const auto *Handle = dyn_cast<ConstantInt>(Datatype)) {
    uint64_t Bits = Handle->getZExtValue();
    uint64_t Size = (Bits >> MpichSizeShift) & MpichSizeMask;
    if ((Bits & MpichHandleKindAndTypeMask) == MpichBuiltinDatatype && Size > 0) return Size;
  }
  return std::nullopt;
}

std::optional<uint64_t> constantArgument(const CallBase &Call, int Arg) {
  if (Arg < 0 || unsigned(Arg) >= Call.arg_size()) return std::nullopt;
  if (const auto *Constant = dyn_cast<ConstantInt>(Call.getArgOperand(Arg)))
    return Constant->getZExtValue();
  return std::nullopt;
}

class LocalBufferChecker {
public:
  LocalBufferChecker(Module &Mod, FunctionAnalysisManager &Analyses)
      : M(Mod), FAM(Analyses), DL(Mod.getDataLayout()) {
    findCompletingFunctions();
  }

  std::vector<LocalBufferRace> run();

private:
  Module &M;
  FunctionAnalysisManager &FAM;
  const DataLayout &DL;
  // The functions of the module that may complete an operation, themselves or through the
  // functions they call.
  DenseSet<const Function *> Completing;
  DenseMap<const Function *, std::vector<CertainAccess>> CertainAccesses;
  DenseMap<const Function *, std::vector<StartPoint>> PendingAtReturn;
  // The accesses of a function whose bytes are known, by instruction.
  // (A std::map: references to its values stay valid while helpers are added.)
  std::map<const Function *, DenseMap<const Instruction *, CertainAccess>> KnownAccesses;
  // Functions whose summaries are being computed: a recursive call contributes nothing.
  DenseSet<const Function *> AccessesInProgress, PendingInProgress;
  // The models of the local buffers of every RMA function called, kept for the pointers in
  // PendingBuffer.
  std::map<std::string, SmallVector<LocalBuffer, 3>> Models;
  std::vector<LocalBufferRace> Races;
  DenseSet<std::pair<const Instruction *, const CallBase *>> Reported;

  const SmallVector<LocalBuffer, 3> &localBuffersOf(const CallBase &Call);
  std::optional<Place> placeOf(const Value *Pointer, const Function &F);
  std::optional<Bytes> bufferOf(const CallBase &Call, const LocalBuffer &Buffer);
  std::optional<Bytes> touchedBy(const MemoryAccess &Access, const Function &F);
  std::optional<Place> inCaller(const Place &Callee, const CallBase &Call);
  const Function *helperCalledBy(const Instruction &I);
  bool mayComplete(const Instruction &I);
  void findCompletingFunctions();
  const DenseMap<const Instruction *, CertainAccess> &knownAccessesOf(const Function &F);
  std::vector<CertainAccess> certainAccessesOf(const Function &F);
  std::vector<StartPoint> pendingAtReturnOf(const Function &F);
  std::vector<StartPoint> startPointsOf(const Function &F);
  std::vector<CertainAccess> accessesAt(const Instruction &I,
                                        const DenseMap<const Instruction *, CertainAccess> &Own);
  void walk(const StartPoint &Start, const Function &F, std::vector<CertainAccess> &Racing,
            bool &PendingAtReturnOnEveryPath);
};

// Whether the callers of a function can name the bytes: through a parameter, a global or a GASPI
// segment (not through the function's own locals).
bool nameableByCallers(const Place &Where) {
  return Where.SegmentId != Place::NoSegment || isa<Argument, GlobalVariable>(Where.Base);
}

// Visits the instructions reachable from just after From, in every block at most once, until
// Visit returns true for an instruction (the path stops there).
void forEachReachable(const Instruction &From,
                      const std::function<bool(const Instruction &)> &Visit) {
  SmallVector<const BasicBlock *, 8> Worklist;
  SmallPtrSet<const BasicBlock *, 16> Entered;
  auto VisitFrom = [&](BasicBlock::const_iterator It, const BasicBlock *Block) {
    for (; It != Block->end(); ++It)
      if (Visit(*It)) return;
    for (const BasicBlock *Successor : successors(Block))
      if (Entered.insert(Successor).second) Worklist.push_back(Successor);
  };
  VisitFrom(std::next(From.getIterator()), From.getParent());
  while (!Worklist.empty()) {
    const BasicBlock *Block = Worklist.pop_back_val();
    VisitFrom(Block->begin(), Block);
  }
}

// Collects the instruction that writes Slot, a local variable, when its only uses (also through
// pointer casts) are loads, lifetime markers and one store or call. Returns false for any other
// use, or a second writer.
bool findSoleWriter(const Value &Slot, const Instruction *&Writer) {
  for (const User *U : Slot.users()) {
    const auto *I = cast<Instruction>(U);
    if (const auto *L = dyn_cast<LoadInst>(I)) {
      if (L->getPointerOperand() != &Slot || L->isVolatile()) return false;
      continue;
    }
    if (isa<BitCastInst>(I)) {
      if (!findSoleWriter(*I, Writer)) return false;
      continue;
    }
    if (I->isLifetimeStartOrEnd()) continue;
    if (Writer) return false;
    if (const auto *Store = dyn_cast<StoreInst>(I)) {
      if (Store->getPointerOperand() != &Slot || Store->isVolatile()) return false;
    } else if (!isa<CallBase>(I)) {
      return false;
    }
    Writer = I;
  }
  return true;
}

// The one instruction that writes Slot, when it holds one value all the time Load may read it:
// the writer dominates Load.
const Instruction *soleWriter(const AllocaInst &Slot, const LoadInst &Load,
                              const DominatorTree &DT) {
  const Instruction *Writer = nullptr;
  if (!findSoleWriter(Slot, Writer) || !Writer) return nullptr;
  return DT.dominates(Writer, &Load) ? Writer : nullptr;
}

// gaspi_segment_ptr(segment_id, &pointer): the argument numbers.
constexpr unsigned SegmentPtrId = 0;
constexpr unsigned SegmentPtrOut = 1;

std::optional<Place> LocalBufferChecker::placeOf(const Value *Pointer, const Function &F) {
  Place Result;
  const DominatorTree &DT = FAM.getResult<DominatorTreeAnalysis>(const_cast<Function &>(F));
  for (;;) {
    APInt Offset(DL.getIndexTypeSizeInBits(Pointer->getType()), 0);
    Pointer = Pointer->stripAndAccumulateConstantOffsets(DL, Offset, /*AllowNonInbounds=*/true);
    Result.Offset += Offset.getSExtValue();
    const auto *Load = dyn_cast<LoadInst>(Pointer);
    const auto *Slot =
        Load ? dyn_cast<AllocaInst>(Load->getPointerOperand()->stripPointerCasts()) : nullptr;
    const Instruction *Writer = Slot ? soleWriter(*Slot, *Load, DT) : nullptr;
    if (!Writer) break;
    if (const auto *Store = dyn_cast<StoreInst>(Writer)) {
      // Unoptimised code keeps pointers in local variables: the load yields the stored pointer.
      // (A store of the slot's own address into it stops the search: it is not a place.)
      Pointer = Store->getValueOperand();
      if (Pointer->stripPointerCasts() == Slot) return std::nullopt;
      continue;
    }
    const auto &Call = cast<CallBase>(*Writer);
    const Function *Callee = Call.getCalledFunction();
    std::optional<uint64_t> Segment = constantArgument(Call, SegmentPtrId);
    if (Callee && Callee->getName().endswith("gaspi_segment_ptr") && Segment &&
        Call.getArgOperand(SegmentPtrOut)->stripPointerCasts() == Slot) {
      Result.SegmentId = int64_t(*Segment);
      return Result;
    }
    return std::nullopt;
  }
  if (!isa<Argument, GlobalVariable, AllocaInst, CallBase>(Pointer)) return std::nullopt;
  Result.Base = Pointer;
  return Result;
}

std::optional<Bytes> LocalBufferChecker::bufferOf(const CallBase &Call, const LocalBuffer &Buffer) {
  uint64_t Count = 1;
  if (Buffer.Count != LocalBuffer::None) {
    std::optional<uint64_t> Constant = constantArgument(Call, Buffer.Count);
    // Zero elements touch nothing; an unknown count may be zero.
    if (!Constant || *Constant == 0) return std::nullopt;
    Count = *Constant;
  }
  uint64_t ElementSize = Buffer.ElementSize;
  if (Buffer.Datatype != LocalBuffer::None) {
    if (unsigned(Buffer.Datatype) >= Call.arg_size()) return std::nullopt;
    std::optional<uint64_t> Size = mpiDatatypeSize(Call.getArgOperand(Buffer.Datatype));
    if (!Size) return std::nullopt;
    ElementSize = *Size;
  }
  Bytes Result;
  Result.Size = Count * ElementSize;
  if (Buffer.Segment != LocalBuffer::None) {
    std::optional<uint64_t> Segment = constantArgument(Call, Buffer.Segment);
    std::optional<uint64_t> Offset = constantArgument(Call, Buffer.Offset);
    if (!Segment || !Offset) return std::nullopt;
    Result.Where.SegmentId = int64_t(*Segment);
    Result.Where.Offset = int64_t(*Offset);
    return Result;
  }
  if (unsigned(Buffer.Pointer) >= Call.arg_size()) return std::nullopt;
  std::optional<Place> Where = placeOf(Call.getArgOperand(Buffer.Pointer), *Call.getFunction());
  if (!Where) return std::nullopt;
  Result.Where = *Where;
  return Result;
}

std::optional<Bytes> LocalBufferChecker::touchedBy(const MemoryAccess &Access, const Function &F) {
  uint64_t Size = 0;
  if (Access.Form == MemoryAccess::Shape::Scalar && !Access.Size.isScalable()) {
    Size = Access.Size.getFixedSize();
  } else if (Access.Form == MemoryAccess::Shape::Range) {
    if (!Access.Length && !Access.Size.isScalable()) Size = Access.Size.getFixedSize();
    if (const auto *Length = dyn_cast_or_null<ConstantInt>(Access.Length))
      Size = Length->getZExtValue();
  }
  if (Size == 0) return std::nullopt;
  std::optional<Place> Where = placeOf(Access.Address, F);
  if (!Where) return std::nullopt;
  return Bytes{*Where, Size};
}

std::optional<Place> LocalBufferChecker::inCaller(const Place &Callee, const CallBase &Call) {
  if (Callee.SegmentId != Place::NoSegment || isa<GlobalVariable>(Callee.Base)) return Callee;
  const auto *Parameter = dyn_cast<Argument>(Callee.Base);
  if (!Parameter || Parameter->getArgNo() >= Call.arg_size()) return std::nullopt;
  std::optional<Place> Result =
      placeOf(Call.getArgOperand(Parameter->getArgNo()), *Call.getFunction());
  if (Result) Result->Offset += Callee.Offset;
  return Result;
}

// The function of the module that I calls directly, when its definition is the one that runs.
const Function *LocalBufferChecker::helperCalledBy(const Instruction &I) {
  const auto *Call = dyn_cast<CallBase>(&I);
  if (!Call || isa<IntrinsicInst>(Call)) return nullptr;
  const auto *Callee = dyn_cast<Function>(Call->getCalledOperand()->stripPointerCasts());
  if (!Callee || Callee->isDeclaration() || !Callee->hasExactDefinition()) return nullptr;
  return Callee;
}

bool LocalBufferChecker::mayComplete(const Instruction &I) {
  // Another thread may complete the operation and publish that through memory (dissertation,
  // section 2.3.5): ordering accesses end the search like completion calls.
  if (I.isAtomic() || I.isVolatile()) return true;
  if (!isa<CallBase>(I)) return isa<FenceInst>(I);
  if (const Function *Helper = helperCalledBy(I)) return Completing.contains(Helper);
  const auto *Callee =
      dyn_cast<Function>(cast<CallBase>(I).getCalledOperand()->stripPointerCasts());
  if (Callee && completesNothing(Callee->getName())) return false;
  // Every other call of an RMA library, unknown code, calls through pointers, inline assembly;
  // library functions that run application code or order threads.
  return maySynchronise(I);
}

void LocalBufferChecker::findCompletingFunctions() {
  // Calls between functions of the module are followed until nothing changes, so that cycles of
  // calls are handled.
  DenseMap<const Function *, SmallVector<const Function *, 4>> Callers;
  SmallVector<const Function *, 16> Worklist;
  for (const Function &F : M) {
    bool Completes = false;
    for (const Instruction &I : instructions(F))
      if (const Function *Helper = helperCalledBy(I))
        Callers[Helper].push_back(&F);
      else
        Completes |= mayComplete(I);
    if (Completes && Completing.insert(&F).second) Worklist.push_back(&F);
  }
  while (!Worklist.empty())
    for (const Function *Caller : Callers.lookup(Worklist.pop_back_val()))
      if (Completing.insert(Caller).second) Worklist.push_back(Caller);
}

const DenseMap<const Instruction *, CertainAccess> &
LocalBufferChecker::knownAccessesOf(const Function &F) {
  auto [It, Inserted] = KnownAccesses.try_emplace(&F);
  if (Inserted) {
    DenseMap<const Instruction *, CertainAccess> Known;
    for (const MemoryAccess &Access : collectMemoryAccesses(const_cast<Function &>(F), DL))
      if (!Access.isAtomic())
        if (std::optional<Bytes> Touched = touchedBy(Access, F))
          Known.try_emplace(Access.Inst, CertainAccess{Access.Inst, Access.writes(), *Touched});
    KnownAccesses[&F] = std::move(Known);
  }
  return KnownAccesses[&F];
}

// The accesses that every call of F makes, through its parameters, globals or segments: those in
// blocks that post-dominate the entry, also in the helpers it calls there.
std::vector<CertainAccess> LocalBufferChecker::certainAccessesOf(const Function &F) {
  auto Found = CertainAccesses.find(&F);
  if (Found != CertainAccesses.end()) return Found->second;
  if (!AccessesInProgress.insert(&F).second) return {};
  std::vector<CertainAccess> Result;
  {
    Function &Mutable = const_cast<Function &>(F);
    const PostDominatorTree &PDT = FAM.getResult<PostDominatorTreeAnalysis>(Mutable);
    auto Certain = [&](const Instruction &I) {
      return PDT.dominates(I.getParent(), &F.getEntryBlock());
    };
    for (const auto &[Inst, Access] : knownAccessesOf(F))
      if (Certain(*Inst) && nameableByCallers(Access.Touched.Where)) Result.push_back(Access);
    for (const Instruction &I : instructions(F)) {
      const Function *Helper = helperCalledBy(I);
      if (!Helper || !Certain(I)) continue;
      for (const CertainAccess &Inner : certainAccessesOf(*Helper))
        if (std::optional<Place> Where = inCaller(Inner.Touched.Where, cast<CallBase>(I)))
          if (nameableByCallers(*Where))
            Result.push_back({Inner.Inst, Inner.Writes, {*Where, Inner.Touched.Size}});
    }
  }
  AccessesInProgress.erase(&F);
  CertainAccesses[&F] = Result;
  return Result;
}

// The operations started in F (or in helpers it calls) that are pending at every return reached
// from their start, with buffers the caller can name.
std::vector<StartPoint> LocalBufferChecker::pendingAtReturnOf(const Function &F) {
  auto Found = PendingAtReturn.find(&F);
  if (Found != PendingAtReturn.end()) return Found->second;
  if (!PendingInProgress.insert(&F).second) return {};
  std::vector<StartPoint> Result;
  for (const StartPoint &Start : startPointsOf(F)) {
    if (!nameableByCallers(Start.Pending.Buffer.Where)) continue;
    std::vector<CertainAccess> Ignored;
    bool Pending = false;
    walk(Start, F, Ignored, Pending);
    if (Pending) Result.push_back(Start);
  }
  PendingInProgress.erase(&F);
  PendingAtReturn[&F] = Result;
  return Result;
}

std::vector<StartPoint> LocalBufferChecker::startPointsOf(const Function &F) {
  std::vector<StartPoint> Starts;
  for (const Instruction &I : instructions(F)) {
    const auto *Call = dyn_cast<CallBase>(&I);
    if (!Call) continue;
    if (const Function *Helper = helperCalledBy(I)) {
      for (const StartPoint &Inner : pendingAtReturnOf(*Helper))
        if (std::optional<Place> Where = inCaller(Inner.Pending.Buffer.Where, *Call))
          Starts.push_back({&I,
                            {Inner.Pending.RmaCall,
                             Inner.Pending.Model,
                             {*Where, Inner.Pending.Buffer.Size},
                             Inner.Pending.Queue}});
      continue;
    }
    for (const LocalBuffer &Model : localBuffersOf(*Call))
      if (std::optional<Bytes> Buffer = bufferOf(*Call, Model))
        Starts.push_back({&I, {Call, &Model, *Buffer, constantArgument(*Call, Model.Queue)}});
  }
  return Starts;
}

const SmallVector<LocalBuffer, 3> &LocalBufferChecker::localBuffersOf(const CallBase &Call) {
  static const SmallVector<LocalBuffer, 3> None;
  const auto *Callee = dyn_cast<Function>(Call.getCalledOperand()->stripPointerCasts());
  if (!Callee) return None;
  auto [It, Inserted] = Models.try_emplace(Callee->getName().str());
  if (Inserted) It->second = pendingLocalBuffersOf(Callee->getName());
  return It->second;
}

// The accesses certainly made by I: its own, those of the helper it calls, or the local buffers of
// the RMA call it is (a get into the origin buffer of a pending put races too; Table 2.1).
std::vector<CertainAccess>
LocalBufferChecker::accessesAt(const Instruction &I,
                               const DenseMap<const Instruction *, CertainAccess> &Own) {
  std::vector<CertainAccess> Result;
  auto Found = Own.find(&I);
  if (Found != Own.end()) Result.push_back(Found->second);
  if (const Function *Helper = helperCalledBy(I))
    for (const CertainAccess &Inner : certainAccessesOf(*Helper))
      if (std::optional<Place> Where = inCaller(Inner.Touched.Where, cast<CallBase>(I)))
        Result.push_back({Inner.Inst, Inner.Writes, {*Where, Inner.Touched.Size}});
  if (const auto *Call = dyn_cast<CallBase>(&I))
    for (const LocalBuffer &Model : localBuffersOf(*Call))
      if (std::optional<Bytes> Buffer = bufferOf(*Call, Model))
        Result.push_back({&I, Model.LibraryWrites, *Buffer});
  return Result;
}

// Follows the paths from Start that do not run Start again or redefine the buffer's base. Racing
// receives the conflicting accesses on such paths that no path from Start reaches through an
// instruction that may complete the operation; PendingAtReturnOnEveryPath tells whether returns
// are reached, and only without passing such an instruction.
void LocalBufferChecker::walk(const StartPoint &Start, const Function &F,
                              std::vector<CertainAccess> &Racing,
                              bool &PendingAtReturnOnEveryPath) {
  const PendingBuffer &Pending = Start.Pending;
  const Instruction *BaseDefinition = Pending.Buffer.Where.definition();
  auto Restarts = [&](const Instruction &I) { return &I == Start.At || &I == BaseDefinition; };
  // Two RMA calls on one buffer are often made by different processes, under tests of the rank
  // that the paths between them do not tell apart: a second call counts only when it runs
  // whenever the first does (it post-dominates the start).
  const PostDominatorTree &PDT =
      FAM.getResult<PostDominatorTreeAnalysis>(const_cast<Function &>(F));
  auto RunsAfterStart = [&](const Instruction &I) {
    return PDT.dominates(I.getParent(), Start.At->getParent());
  };
  auto StartsOperation = [&](const Instruction &I) {
    const auto *Call = dyn_cast<CallBase>(&I);
    return Call && !localBuffersOf(*Call).empty();
  };
  // A completion of another queue completes nothing of this operation.
  auto Completes = [&](const Instruction &I) {
    if (!mayComplete(I)) return false;
    const auto *Call = dyn_cast<CallBase>(&I);
    const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
    std::optional<unsigned> QueueArg =
        Callee ? completedQueueArgument(Callee->getName()) : std::nullopt;
    if (!QueueArg || !Pending.Queue) return true;
    std::optional<uint64_t> Queue = constantArgument(*Call, int(*QueueArg));
    return !Queue || *Queue == *Pending.Queue;
  };

  const DenseMap<const Instruction *, CertainAccess> &Own = knownAccessesOf(F);

  std::vector<std::pair<const Instruction *, CertainAccess>> Candidates;
  std::vector<const Instruction *> Completions;
  bool ReturnsPending = false;
  forEachReachable(*Start.At, [&](const Instruction &I) {
    if (Restarts(I)) return true;
    if (Completes(I)) {
      Completions.push_back(&I);
      return true;
    }
    if (isa<ReturnInst>(I)) ReturnsPending = true;
    for (const CertainAccess &Access : accessesAt(I, Own))
      if ((Access.Writes || Pending.Model->LibraryWrites) &&
          Access.Touched.overlaps(Pending.Buffer) && (!StartsOperation(I) || RunsAfterStart(I)))
        Candidates.push_back({&I, Access});
    return false;
  });

  SmallPtrSet<const Instruction *, 32> AfterCompletion;
  bool ReturnsCompleted = false;
  for (const Instruction *Completion : Completions)
    forEachReachable(*Completion, [&](const Instruction &I) {
      if (Restarts(I) || !AfterCompletion.insert(&I).second) return true;
      ReturnsCompleted |= isa<ReturnInst>(I);
      return false;
    });
  for (const auto &[At, Access] : Candidates)
    if (!AfterCompletion.contains(At)) Racing.push_back(Access);
  PendingAtReturnOnEveryPath = ReturnsPending && !ReturnsCompleted;
}

std::vector<LocalBufferRace> LocalBufferChecker::run() {
  for (Function &F : M) {
    if (F.isDeclaration()) continue;
    for (const StartPoint &Start : startPointsOf(F)) {
      std::vector<CertainAccess> Racing;
      bool Ignored = false;
      walk(Start, F, Racing, Ignored);
      for (const CertainAccess &Access : Racing)
        if (Reported.insert({Access.Inst, Start.Pending.RmaCall}).second)
          Races.push_back(
              {Access.Inst, Access.Writes, Start.Pending.RmaCall, Start.Pending.Model->Role});
    }
  }
  return std::move(Races);
}

} // namespace

std::vector<LocalBufferRace> findLocalBufferRaces(Module &M, FunctionAnalysisManager &FAM) {
  return LocalBufferChecker(M, FAM).run();
}

} // namespace rmarace
