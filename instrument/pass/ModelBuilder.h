// Builds the MemoryModel of a module: objects for allocation sites, globals and functions, and the
// inclusion constraints of every instruction and call. Instructions are in ModelBuilder.cpp, calls
// (RMA libraries, known libraries, intrinsics, defined and indirect callees) in
// ModelBuilderCalls.cpp.
#ifndef RMARACE_INSTRUMENT_MODELBUILDER_H
#define RMARACE_INSTRUMENT_MODELBUILDER_H

#include "MemoryModel.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"

#include <cstdint>
#include <optional>

namespace llvm {
class CallBase;
class Constant;
class ConstantExpr;
class DataLayout;
class Function;
class GEPOperator;
class GlobalValue;
class Instruction;
class Module;
class Type;
} // namespace llvm

namespace rmarace {

struct LibraryFunction;
struct RmaFunction;

// Which definitions of the module code outside it can reach by name.
struct ExternalVisibility {
  // Every symbol with external linkage (one translation unit).
  static ExternalVisibility translationUnit() { return {false, {}}; }
  // Only `main` and the listed symbols (the whole program at link time).
  static ExternalVisibility wholeProgram(llvm::StringSet<> Symbols) {
    return {true, std::move(Symbols)};
  }

  bool WholeProgram;
  llvm::StringSet<> ReferencedFromOutside;
};

class ModelBuilder {
public:
  ModelBuilder(const llvm::Module &M, ExternalVisibility Visibility, MemoryModel &Model);

  // Generates all constraints and solves them, including those that indirect calls and escaping
  // functions add on the way.
  void build();

private:
  struct FunctionNodes {
    NodeId Return;
    NodeId VarArgs;
    ObjectId VarArgArea;
  };

  // Values and objects.
  static bool mayCarryPointer(const llvm::Type *Ty);
  NodeId nodeOf(const llvm::Value *V);
  NodeId constantNode(const llvm::Constant *C);
  void addExpression(const llvm::ConstantExpr &Expr, NodeId Node);
  void addAddressComputation(const llvm::GEPOperator &GEP, NodeId Node);
  struct MemberArray {
    std::int64_t Offset; // from the address computation's pointer
    std::int64_t Size;
  };
  std::optional<MemberArray> memberArrayOf(const llvm::GEPOperator &GEP) const;
  std::optional<MemberArray> memberAround(ObjectId Field, std::uint64_t ElementSize) const;
  ObjectId objectOf(const llvm::GlobalValue *G);
  const FunctionNodes &functionNodes(const llvm::Function *F);
  NodeId pointerTo(ObjectId Object);

  // Constraint helpers that ignore values without a node.
  void copy(const llvm::Value *From, NodeId To);
  void copyToValue(NodeId From, const llvm::Value *To);
  // To points anywhere in every object From points into.
  void copyAnywhere(const llvm::Value *From, NodeId To);
  NodeId anywherePointer(const llvm::Value *Pointer);
  void addAddressToValue(const llvm::Value *V, ObjectId Object);
  void escape(const llvm::Value *V);
  void copyContents(const llvm::Value *Destination, const llvm::Value *Source);
  // Loads and stores of Size bytes through Pointer, touching every slot the bytes overlap.
  void addLoad(const llvm::Value *Pointer, std::uint64_t Size, NodeId To);
  void addStore(NodeId From, const llvm::Value *Pointer, std::uint64_t Size);
  std::uint64_t sizeOf(const llvm::Type *Ty) const;
  void copyContentsInto(const llvm::Value *Source, ObjectId Destination);

  // Globals and external visibility.
  void addGlobals();
  void addInitializer(ObjectId Global, const llvm::Constant &Value, std::int64_t Offset);
  bool isReachableFromOutside(const llvm::GlobalValue &G) const;
  void addEntryFromOutside(const llvm::GlobalValue &G);
  void onEscape(ObjectId Part);

  // Instructions.
  void addFunction(const llvm::Function &F);
  void addInstruction(const llvm::Instruction &I);

  // Calls.
  void addCall(const llvm::CallBase &Call);
  void applyCallee(const llvm::CallBase &Call, const llvm::Function &Callee);
  void bindArguments(const llvm::CallBase &Call, const llvm::Function &Callee);
  void addIntrinsic(const llvm::CallBase &Call, const llvm::Function &Callee);
  void addRmaCall(const llvm::CallBase &Call, const RmaFunction &Model);
  void addLibraryCall(const llvm::CallBase &Call, const LibraryFunction &Model);
  void addCallback(const llvm::CallBase &Call, const LibraryFunction &Model);
  void addCapturingCall(const llvm::CallBase &Call);
  void addUnknownCall(const llvm::CallBase &Call, llvm::StringRef Why);
  void watchForCallbacks(const llvm::CallBase &Call);
  // A new object allocated at Site; RMA allocations are relevant.
  ObjectId freshObject(ObjectKind Kind, const llvm::Value *Site);

  const llvm::Module &M;
  const llvm::DataLayout &DL;
  const std::uint64_t PointerSize;
  ExternalVisibility Visibility;
  MemoryModel &Model;
  ConstraintGraph &Graph;
  // MPI may apply user-defined reduction operations to the data buffers of reductions.
  bool MpiUserReductions = false;
  llvm::DenseMap<const llvm::GlobalValue *, ObjectId> GlobalObjects;
  llvm::DenseMap<const llvm::Function *, FunctionNodes> Functions;
};

} // namespace rmarace

#endif
