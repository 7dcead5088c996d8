#include "RmaMemoryAnalysis.h"

#include "ModelBuilder.h"
#include "Options.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

namespace rmarace {

using namespace llvm;

AnalysisKey RmaMemoryAnalysis::Key;

RmaMemory::RmaMemory(std::unique_ptr<MemoryModel> Built, bool WholeProgram)
    : Model(std::move(Built)), Relevant(unsigned(Model->numObjects())) {
  const ConstraintGraph &Graph = Model->graph();
  ObjectId Unknown = Model->unknownObject();
  // Relevance and escape are properties of whole objects, whatever field a pointer points to.
  Escaped = Model->escapedObjects();

  for (ObjectId Object : Model->relevantObjects()) Relevant.set(Model->baseOf(Object));
  for (NodeId Node : Model->relevantNodes())
    for (ObjectId Part : Graph.pointsTo(Node)) Relevant.set(Model->baseOf(Part));

  if (!WholeProgram) addUnknownReason("code in other translation units");
  for (const auto &Code : Model->unknownCode()) addUnknownReason(Code.getKey().str());
  for (NodeId Node : Model->absoluteBufferNodes())
    if (Node == MemoryModel::NoNode || Graph.pointsTo(Node).empty()) {
      addUnknownReason("an MPI buffer given by absolute addresses (MPI_BOTTOM)");
      break;
    }
  if (Relevant.test(Unknown)) addUnknownReason("RMA memory or buffers from outside the module");
  for (ObjectId Object : Escaped)
    if (Relevant.test(Object)) {
      std::string Reason;
      raw_string_ostream OS(Reason);
      OS << "relevant memory escapes: ";
      Model->printObject(OS, Object);
      addUnknownReason(Reason);
    }

  if (UnknownRelevant) {
    Relevant.set(Unknown);
    for (ObjectId Object : Escaped) Relevant.set(Object);
  }
}

void RmaMemory::addUnknownReason(std::string Reason) {
  UnknownRelevant = true;
  UnknownReasons.push_back(std::move(Reason));
}

bool RmaMemory::mayTouchRmaMemory(const Value *Pointer) const {
  NodeId Node = Model->findNode(Pointer);
  // Constants without a node are numbers, null or undef; any other value the model never saw
  // cannot be proven irrelevant.
  if (Node == MemoryModel::NoNode) return !isa<Constant>(Pointer);
  for (ObjectId Part : Model->graph().pointsTo(Node))
    if (Relevant.test(Model->baseOf(Part))) return true;
  return false;
}

bool RmaMemory::certainlyRmaAllocation(const Value *Pointer) const {
  NodeId Node = Model->findNode(Pointer);
  if (Node == MemoryModel::NoNode) return false;
  const ObjectSet &Targets = Model->graph().pointsTo(Node);
  if (Targets.empty()) return false;
  for (ObjectId Part : Targets)
    if (Model->object(Model->baseOf(Part)).Kind != ObjectKind::RmaAllocation) return false;
  return true;
}

void RmaMemory::print(raw_ostream &OS) const {
  OS << "unknown memory: " << (UnknownRelevant ? "relevant" : "not relevant") << "\n";
  for (const std::string &Reason : UnknownReasons) OS << "  because of " << Reason << "\n";
  for (ObjectId Object = 0; Object < Model->numObjects(); ++Object) {
    bool IsEscaped = Escaped.test(Object);
    if (!Model->isBase(Object) || Object == Model->unknownObject() ||
        (!Relevant.test(Object) && !IsEscaped))
      continue;
    OS << (Relevant.test(Object) ? "relevant" : "irrelevant") << (IsEscaped ? ", escaped: " : ": ");
    Model->printObject(OS, Object);
    OS << "\n";
  }
}

namespace {

ExternalVisibility visibilityFor(Module &M, const InstrumentationOptions &Options) {
  if (!Options.WholeProgram) return ExternalVisibility::translationUnit();
  StringSet<> Symbols;
  if (!Options.ExternalSymbolsFile.empty()) {
    auto Buffer = MemoryBuffer::getFile(Options.ExternalSymbolsFile);
    if (!Buffer) {
      // Without the list the module cannot be treated as a whole program.
      M.getContext().emitError("rmarace: cannot read " + Options.ExternalSymbolsFile + ": " +
                               Buffer.getError().message());
      return ExternalVisibility::translationUnit();
    }
    SmallVector<StringRef, 0> Lines;
    (*Buffer)->getBuffer().split(Lines, '\n', -1, false);
    for (StringRef Line : Lines)
      if (!Line.trim().empty()) Symbols.insert(Line.trim());
  }
  return ExternalVisibility::wholeProgram(std::move(Symbols));
}

} // namespace

RmaMemory RmaMemoryAnalysis::run(Module &M, ModuleAnalysisManager &) {
  ExternalVisibility Visibility = visibilityFor(M, instrumentationOptions());
  bool WholeProgram = Visibility.WholeProgram;
  auto Model = std::make_unique<MemoryModel>(M.getDataLayout().getPointerSize());
  ModelBuilder(M, std::move(Visibility), *Model).build();
  return RmaMemory(std::move(Model), WholeProgram);
}

PreservedAnalyses RmaMemoryPrinterPass::run(Module &M, ModuleAnalysisManager &MAM) {
  OS << "rmarace memory of '" << M.getSourceFileName() << "':\n";
  MAM.getResult<RmaMemoryAnalysis>(M).print(OS);
  return PreservedAnalyses::all();
}

} // namespace rmarace
