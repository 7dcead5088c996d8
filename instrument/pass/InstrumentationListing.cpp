#include "InstrumentationListing.h"

#include "InstrumentationPlan.h"
#include "SourceNames.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

namespace rmarace {

using namespace llvm;

namespace {

struct Tally {
  unsigned Total = 0;
  unsigned Instrumented = 0;

  void add(bool IsInstrumented) {
    ++Total;
    Instrumented += IsInstrumented;
  }
  Tally &operator+=(const Tally &Other) {
    Total += Other.Total;
    Instrumented += Other.Instrumented;
    return *this;
  }
};

raw_ostream &operator<<(raw_ostream &OS, const Tally &T) {
  return OS << T.Instrumented << "/" << T.Total;
}

void printShare(raw_ostream &OS, const Tally &T) {
  OS << T;
  if (T.Total) OS << format(" (%.1f%%)", 100.0 * T.Instrumented / T.Total);
}

struct Counts {
  Tally Loads, Stores, Atomics, Ranges;
  unsigned CallSites = 0;

  explicit Counts(const FunctionPlan &Function) : CallSites(Function.MarkedCalls.size()) {
    // The accesses of one memcpy are adjacent; it is one range operation, instrumented if either
    // side is.
    const Instruction *LastRange = nullptr;
    bool LastRangeInstrumented = false;
    for (const PlannedAccess &Planned : Function.Accesses) {
      bool IsInstrumented = Planned.checked();
      switch (Planned.Access.Kind) {
      case MemoryAccess::Category::Load:
        Loads.add(IsInstrumented);
        break;
      case MemoryAccess::Category::Store:
        Stores.add(IsInstrumented);
        break;
      case MemoryAccess::Category::Atomic:
        Atomics.add(IsInstrumented);
        break;
      case MemoryAccess::Category::Intrinsic:
        if (Planned.Access.Inst != LastRange) {
          Ranges.add(IsInstrumented);
          LastRange = Planned.Access.Inst;
          LastRangeInstrumented = IsInstrumented;
        } else if (IsInstrumented && !LastRangeInstrumented) {
          ++Ranges.Instrumented;
          LastRangeInstrumented = true;
        }
        break;
      }
    }
  }
  Counts() = default;

  Counts &operator+=(const Counts &Other) {
    Loads += Other.Loads;
    Stores += Other.Stores;
    Atomics += Other.Atomics;
    Ranges += Other.Ranges;
    CallSites += Other.CallSites;
    return *this;
  }
};

} // namespace

std::string formatListing(const InstrumentationPlan &Plan, const Module &M) {
  std::string Text;
  raw_string_ostream OS(Text);
  const std::string &Program = Plan.Options.ProgramName;
  OS << "rmarace: instrumentation of '"
     << (Program.empty() ? StringRef(M.getSourceFileName()) : StringRef(Program)) << "' ("
     << modeName(Plan.Options.Mode);
  if (Plan.Options.Mode == InstrumentationMode::Selective)
    OS << (Plan.Options.WholeProgram ? ", whole program" : ", translation unit");
  OS << ")\n";
  Counts Total;
  for (const FunctionPlan &Function : Plan.Functions) {
    Counts Here(Function);
    Total += Here;
    OS << "rmarace:   " << sourceName(*Function.F) << ": loads " << Here.Loads << " stores "
       << Here.Stores << " atomics " << Here.Atomics << " ranges " << Here.Ranges << " call-sites "
       << Here.CallSites << "\n";
  }
  Tally LoadsAndStores = Total.Loads;
  LoadsAndStores += Total.Stores;
  OS << "rmarace:   total: loads ";
  printShare(OS, Total.Loads);
  OS << " stores ";
  printShare(OS, Total.Stores);
  OS << " loads+stores ";
  printShare(OS, LoadsAndStores);
  OS << " atomics " << Total.Atomics << " ranges " << Total.Ranges << " call-sites "
     << Total.CallSites << "\n";
  for (const std::string &Reason : Plan.UnknownMemoryReasons)
    OS << "rmarace:   memory reachable from outside is relevant because of " << Reason << "\n";
  return Text;
}

void writeListing(const InstrumentationPlan &Plan, Module &M) {
  std::string Text = formatListing(Plan, M);
  if (Plan.Options.ListFile.empty()) {
    errs() << Text;
    return;
  }
  std::error_code Error;
  raw_fd_ostream File(Plan.Options.ListFile, Error, sys::fs::OF_Append);
  if (Error) {
    M.getContext().emitError("rmarace: cannot write the listing to " + Plan.Options.ListFile +
                             ": " + Error.message());
    return;
  }
  // Unbuffered: the listing goes out in one write, so parallel compilations do not interleave.
  File.SetUnbuffered();
  File << Text;
}

} // namespace rmarace
