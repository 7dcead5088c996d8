// The rmarace_location constants of a module: one private constant per distinct
// file:line:column:function, created on first use.
#ifndef RMARACE_INSTRUMENT_LOCATIONTABLE_H
#define RMARACE_INSTRUMENT_LOCATIONTABLE_H

#include "llvm/ADT/StringMap.h"

#include <map>
#include <string>
#include <tuple>

namespace llvm {
class Constant;
class Instruction;
class Module;
class StructType;
} // namespace llvm

namespace rmarace {

class LocationTable {
public:
  LocationTable(llvm::Module &Mod, llvm::StructType *Location) : M(Mod), LocationTy(Location) {}

  // The location of I: the file, function, line and column of its debug location (the inlined
  // function's, for inlined code). Without debug information: the module's source file, the
  // enclosing function and line 0.
  llvm::Constant *locationOf(const llvm::Instruction &I);

private:
  using Key = std::tuple<std::string, unsigned, unsigned, std::string>;

  llvm::Constant *string(llvm::StringRef Text);

  llvm::Module &M;
  llvm::StructType *LocationTy;
  std::map<Key, llvm::Constant *> Locations;
  llvm::StringMap<llvm::Constant *> Strings;
};

} // namespace rmarace

#endif
