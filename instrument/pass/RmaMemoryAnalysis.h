// Which memory is RMA-relevant: window, segment and symmetric memory and the buffers of one-sided
// operations, closed over aliasing by the points-to model of the module (MemoryModel).
//
// An object is relevant when it is an RMA allocation, when an RMA call may receive a pointer to it
// as a buffer or as memory to expose, or when it escaped to code outside the module while unknown
// memory is relevant. Unknown memory is relevant when outside code may perform RMA on escaped
// memory (the module is one translation unit of many; unknown functions are called), when an RMA
// buffer may come from outside, or when relevant memory escapes.
#ifndef RMARACE_INSTRUMENT_RMAMEMORYANALYSIS_H
#define RMARACE_INSTRUMENT_RMAMEMORYANALYSIS_H

#include "MemoryModel.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/IR/PassManager.h"

#include <memory>
#include <string>
#include <vector>

namespace rmarace {

class RmaMemory {
public:
  RmaMemory(std::unique_ptr<MemoryModel> Model, bool WholeProgram);

  // Whether an access through `Pointer` may touch RMA-relevant memory.
  bool mayTouchRmaMemory(const llvm::Value *Pointer) const;
  // Whether `Pointer` certainly points into memory an RMA library allocated (window or segment
  // memory, symmetric memory), which the runtime tracks for as long as it exists.
  bool certainlyRmaAllocation(const llvm::Value *Pointer) const;

  bool unknownMemoryIsRelevant() const { return UnknownRelevant; }
  // Why unknown (and hence every escaped) memory is relevant.
  const std::vector<std::string> &unknownMemoryReasons() const { return UnknownReasons; }

  void print(llvm::raw_ostream &OS) const;

  // The model depends on the whole module; any change invalidates it.
  bool invalidate(llvm::Module &, const llvm::PreservedAnalyses &,
                  llvm::ModuleAnalysisManager::Invalidator &) {
    return true;
  }

private:
  void addUnknownReason(std::string Reason);

  std::unique_ptr<MemoryModel> Model;
  llvm::BitVector Relevant;
  ObjectSet Escaped;
  bool UnknownRelevant = false;
  std::vector<std::string> UnknownReasons;
};

class RmaMemoryAnalysis : public llvm::AnalysisInfoMixin<RmaMemoryAnalysis> {
public:
  using Result = RmaMemory;
  Result run(llvm::Module &M, llvm::ModuleAnalysisManager &);

private:
  friend llvm::AnalysisInfoMixin<RmaMemoryAnalysis>;
  static llvm::AnalysisKey Key;
};

// print<rmarace-memory>: the relevant and escaped objects of a module.
class RmaMemoryPrinterPass : public llvm::PassInfoMixin<RmaMemoryPrinterPass> {
public:
  explicit RmaMemoryPrinterPass(llvm::raw_ostream &Out) : OS(Out) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);

private:
  llvm::raw_ostream &OS;
};

} // namespace rmarace

#endif
