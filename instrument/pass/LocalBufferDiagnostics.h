// Reporting of the compile-time local buffer check (LocalBufferCheck.h) through LLVM's diagnostic
// mechanism, in clang's format:
//
//   file:line:col: warning: store to the origin buffer of MPI_Put before the operation is locally
//   complete [-Wrmarace-local-buffer]
//   file:line:col: note: MPI_Put called here; no call that may complete it lies between the two
//
// clang 14 gives diagnostics of plugins no warning group and no source location (it prints them as
// "warning: <text> [-Wbackend-plugin]"), so the diagnostics are rendered here, by a diagnostic
// handler installed while they are emitted, and the compiler wrappers map clang's warning options
// to the severity (-Werror, -Wno-rmarace-local-buffer). Errors also reach clang's own handler as
// one error, which makes the compilation fail.
#ifndef RMARACE_INSTRUMENT_LOCALBUFFERDIAGNOSTICS_H
#define RMARACE_INSTRUMENT_LOCALBUFFERDIAGNOSTICS_H

#include "LocalBufferCheck.h"
#include "Options.h"

#include "llvm/IR/DiagnosticInfo.h"

#include <string>
#include <vector>

namespace rmarace {

class DiagnosticInfoLocalBufferRace : public llvm::DiagnosticInfo {
public:
  DiagnosticInfoLocalBufferRace(const LocalBufferRace &Race, llvm::DiagnosticSeverity Level);

  // The warning (or error) line and the note line, without colours.
  void print(llvm::DiagnosticPrinter &DP) const override;
  // The same, coloured as clang colours them when OS is a terminal.
  void render(llvm::raw_ostream &OS) const;

  static int kind();
  static bool classof(const llvm::DiagnosticInfo *DI) { return DI->getKind() == kind(); }

private:
  std::string AccessLocation, Message, CallLocation, Note;
};

// Emits one diagnostic per race, in order, with the given severity (not Off).
void reportLocalBufferRaces(llvm::LLVMContext &Context, const std::vector<LocalBufferRace> &Races,
                            LocalBufferSeverity Severity);

} // namespace rmarace

#endif
