// Human-readable names of functions and allocation sites, for locations, listings and printers.
#ifndef RMARACE_INSTRUMENT_SOURCENAMES_H
#define RMARACE_INSTRUMENT_SOURCENAMES_H

#include <string>

namespace llvm {
class DISubprogram;
class Function;
class Value;
} // namespace llvm

namespace rmarace {

// The source-level name: the demangled linkage name for C++, the plain name for C.
std::string sourceName(const llvm::DISubprogram &Subprogram);
std::string sourceName(const llvm::Function &F);

// "call to malloc in main at 12:3", "@halo", "function compute".
std::string describeSite(const llvm::Value &Site);

} // namespace rmarace

#endif
