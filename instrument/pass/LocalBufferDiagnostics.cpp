#include "LocalBufferDiagnostics.h"

#include "RmaApi.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

namespace rmarace {

using namespace llvm;

namespace {

constexpr const char *WarningFlag = "-Wrmarace-local-buffer";

// "file:line:col" of I as clang names source locations (the file as given to the compiler); the
// module's source file and line 0 without debug information.
std::string sourceLocation(const Instruction &I) {
  std::string Location;
  raw_string_ostream OS(Location);
  if (const DILocation *Loc = I.getDebugLoc().get())
    OS << Loc->getFilename() << ':' << Loc->getLine() << ':' << Loc->getColumn();
  else
    OS << I.getModule()->getSourceFileName() << ":0:0";
  return Location;
}

StringRef calleeName(const CallBase &Call) {
  if (const Function *Callee = Call.getCalledFunction()) return Callee->getName();
  return "the RMA call";
}

std::string accessDescription(const LocalBufferRace &Race) {
  if (isa<LoadInst>(Race.Access)) return "load of";
  if (isa<StoreInst>(Race.Access)) return "store to";
  // Another RMA call that uses the buffer as one of its own.
  if (const auto *Call = dyn_cast<CallBase>(Race.Access))
    if (marksCallSite(calleeName(*Call)))
      return (calleeName(*Call) + (Race.AccessWrites ? " writing" : " reading")).str();
  return Race.AccessWrites ? "write to" : "read of";
}

// One line of a diagnostic, coloured like clang's: a bold location, the bold coloured severity,
// the bold message.
void renderLine(raw_ostream &OS, StringRef Location, StringRef Severity,
                raw_ostream::Colors SeverityColour, StringRef Message, bool BoldMessage) {
  bool Colours = OS.has_colors();
  if (Colours) OS.changeColor(raw_ostream::SAVEDCOLOR, /*Bold=*/true);
  OS << Location << ": ";
  if (Colours) OS.changeColor(SeverityColour, /*Bold=*/true);
  OS << Severity << ": ";
  if (Colours) {
    OS.resetColor();
    if (BoldMessage) OS.changeColor(raw_ostream::SAVEDCOLOR, /*Bold=*/true);
  }
  OS << Message;
  if (Colours) OS.resetColor();
  OS << '\n';
}

// While the diagnostics are emitted: renders them and passes every other diagnostic on to the
// handler that was installed before (clang's or opt's).
class LocalBufferDiagnosticHandler : public DiagnosticHandler {
public:
  explicit LocalBufferDiagnosticHandler(std::unique_ptr<DiagnosticHandler> Before)
      : Previous(std::move(Before)) {}

  bool handleDiagnostics(const DiagnosticInfo &DI) override {
    if (const auto *Race = dyn_cast<DiagnosticInfoLocalBufferRace>(&DI)) {
      Race->render(errs());
      return true;
    }
    return Previous && Previous->handleDiagnostics(DI);
  }
  bool isAnalysisRemarkEnabled(StringRef PassName) const override {
    return Previous && Previous->isAnalysisRemarkEnabled(PassName);
  }
  bool isMissedOptRemarkEnabled(StringRef PassName) const override {
    return Previous && Previous->isMissedOptRemarkEnabled(PassName);
  }
  bool isPassedOptRemarkEnabled(StringRef PassName) const override {
    return Previous && Previous->isPassedOptRemarkEnabled(PassName);
  }
  bool isAnyRemarkEnabled() const override { return Previous && Previous->isAnyRemarkEnabled(); }

  std::unique_ptr<DiagnosticHandler> release() { return std::move(Previous); }

private:
  std::unique_ptr<DiagnosticHandler> Previous;
};

// The error that makes clang fail when the races are errors; clang prints it as
// "error: <message>".
class DiagnosticInfoLocalBufferErrors : public DiagnosticInfo {
public:
  explicit DiagnosticInfoLocalBufferErrors(std::size_t Count)
      : DiagnosticInfo(kind(), DS_Error), Errors(Count) {}
  void print(DiagnosticPrinter &DP) const override {
    StringRef Plural = Errors == 1 ? "" : "s";
    DP << "rmarace: " << unsigned(Errors) << " local buffer race" << Plural << " treated as error"
       << Plural;
  }

  static int kind() {
    static const int Kind = getNextAvailablePluginDiagnosticKind();
    return Kind;
  }

private:
  std::size_t Errors;
};

} // namespace

DiagnosticInfoLocalBufferRace::DiagnosticInfoLocalBufferRace(const LocalBufferRace &Race,
                                                             DiagnosticSeverity Level)
    : DiagnosticInfo(kind(), Level) {
  StringRef Rma = calleeName(*Race.RmaCall);
  AccessLocation = sourceLocation(*Race.Access);
  CallLocation = sourceLocation(*Race.RmaCall);
  raw_string_ostream(Message) << accessDescription(Race) << " the " << Race.Role << " buffer of "
                              << Rma << " before the operation is locally complete ["
                              << (Level == DS_Error ? "-Werror," : "") << WarningFlag << ']';
  raw_string_ostream(Note) << Rma
                           << " called here; no call that may complete it lies between the two";
}

int DiagnosticInfoLocalBufferRace::kind() {
  static const int Kind = getNextAvailablePluginDiagnosticKind();
  return Kind;
}

void DiagnosticInfoLocalBufferRace::print(DiagnosticPrinter &DP) const {
  DP << AccessLocation << ": " << (getSeverity() == DS_Error ? "error" : "warning") << ": "
     << Message << "\n"
     << CallLocation << ": note: " << Note;
}

void DiagnosticInfoLocalBufferRace::render(raw_ostream &OS) const {
  bool Error = getSeverity() == DS_Error;
  renderLine(OS, AccessLocation, Error ? "error" : "warning",
             Error ? raw_ostream::RED : raw_ostream::MAGENTA, Message, /*BoldMessage=*/true);
  renderLine(OS, CallLocation, "note", raw_ostream::BLACK, Note, /*BoldMessage=*/false);
}

void reportLocalBufferRaces(LLVMContext &Context, const std::vector<LocalBufferRace> &Races,
                            LocalBufferSeverity Severity) {
  if (Races.empty() || Severity == LocalBufferSeverity::Off) return;
  DiagnosticSeverity Level = Severity == LocalBufferSeverity::Error ? DS_Error : DS_Warning;
  auto Handler = std::make_unique<LocalBufferDiagnosticHandler>(Context.getDiagnosticHandler());
  LocalBufferDiagnosticHandler *Installed = Handler.get();
  Context.setDiagnosticHandler(std::move(Handler));
  for (const LocalBufferRace &Race : Races)
    Context.diagnose(DiagnosticInfoLocalBufferRace(Race, Level));
  Context.setDiagnosticHandler(Installed->release());
  if (Level == DS_Error) Context.diagnose(DiagnosticInfoLocalBufferErrors(Races.size()));
}

} // namespace rmarace
