// Emits the instrumentation of one planned access or call: the inline fast filter and
// __rmarace_access for scalar accesses, __rmarace_{read,write}_range for ranges, a per-lane check
// for masked and gather/scatter accesses, the call-site store before RMA library calls, and the
// release and acquire calls around synchronising atomics.
#ifndef RMARACE_INSTRUMENT_ACCESSINSTRUMENTER_H
#define RMARACE_INSTRUMENT_ACCESSINSTRUMENTER_H

#include "LocationTable.h"
#include "RuntimeInterface.h"

#include <cstdint>
#include <vector>

namespace llvm {
class CallBase;
class IRBuilderBase;
class Instruction;
class MDNode;
class ScalarEvolution;
class Value;
} // namespace llvm

namespace rmarace {

struct MemoryAccess;
struct PlannedAccess;
struct SynchronisingAtomic;

class AccessInstrumenter {
public:
  explicit AccessInstrumenter(llvm::Module &M);

  void instrument(const PlannedAccess &Planned);
  // The range checks of accesses hoisted to their loops' entries (of one function, whose
  // ScalarEvolution SE is), each at its access's location, on the edge into the loop.
  void instrumentLoopRanges(const std::vector<const PlannedAccess *> &Hoisted,
                            llvm::ScalarEvolution &SE);
  void markCallSite(llvm::CallBase &Call);
  // __rmarace_atomic_release before a releasing atomic, __rmarace_atomic_acquire after an
  // acquiring one.
  void synchronise(const SynchronisingAtomic &Atomic);

private:
  // The repeat filter's test of an access's first line: the thread's table, the generation's
  // stamp, the line and the offset in it, whether the access stays inside the line, and whether
  // the line's entry covers the access's part in it.
  struct FirstLine {
    llvm::Value *Table, *Stamp, *Line, *Offset, *Inside, *Covered;
  };
  FirstLine firstLine(llvm::IRBuilderBase &IRB, llvm::Value *Bits, std::uint64_t Size,
                      std::uint32_t Flags);
  // Whether the thread's table entry for Line, of this generation, covers Mask (the part of both).
  llvm::Value *lineCovers(llvm::IRBuilderBase &IRB, llvm::Value *Table, llvm::Value *Stamp,
                          llvm::Value *Line, llvm::Value *Mask, std::uint32_t Flags);
  // For an access that leaves its line: true when both lines' entries cover their part (the
  // first line's from First).
  llvm::Value *repeatedAcrossLines(llvm::IRBuilderBase &IRB, const FirstLine &First,
                                   std::uint64_t Size, std::uint32_t Flags);
  // For an access checked once per loop entry: the point before it that runs only the first
  // time it does after the loop is entered.
  llvm::Instruction *firstRunInLoop(const PlannedAccess &Planned);
  // The page filter of rmarace.h before Before: the point where tracked accesses continue.
  llvm::Instruction *pageFilter(llvm::IRBuilderBase &IRB, llvm::Value *Bits,
                                llvm::Instruction *Before);
  // The same, run only when the access's page is not the last one its loop found unmarked.
  llvm::Instruction *cachedPageFilter(llvm::IRBuilderBase &IRB, llvm::Value *Bits,
                                      llvm::Instruction *Before, const PlannedAccess &Planned);
  // The checks of a scalar access (or lane) before Before: the page filter (none for window
  // memory, the cached one for an access with a page cache), then the repeat filter and the call.
  void emitFilteredAccess(llvm::Instruction *Before, llvm::Value *Address, std::uint64_t Size,
                          std::uint32_t Flags, llvm::Constant *Location, bool WindowMemory,
                          const PlannedAccess *Cached = nullptr);
  void emitRange(llvm::IRBuilderBase &IRB, llvm::Value *Address, llvm::Value *Length, bool Write,
                 llvm::Constant *Location);
  void instrumentLanes(const MemoryAccess &Access, llvm::Constant *Location, bool WindowMemory);
  void instrumentPackedLanes(const MemoryAccess &Access, llvm::Constant *Location);

  llvm::Module &M;
  RuntimeInterface Runtime;
  LocationTable Locations;
  llvm::MDNode *Unlikely;
};

} // namespace rmarace

#endif
