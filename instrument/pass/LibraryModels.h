// What calls to known library functions (C and POSIX, math, C++ runtime and standard library,
// OpenMP runtime, the rmarace annotation API) do with pointers. None of these libraries calls an
// RMA function, so they never make memory RMA-relevant; their effect on aliasing is modelled so
// that passing a pointer to them does not count as handing it to unknown code.
#ifndef RMARACE_INSTRUMENT_LIBRARYMODELS_H
#define RMARACE_INSTRUMENT_LIBRARYMODELS_H

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace rmarace {

// A library function that calls a function pointer argument (qsort, pthread_create,
// __kmpc_fork_call).
struct CallbackShape {
  // Marks a callback parameter that receives a pointer to library memory.
  static constexpr int LibraryPointer = -2;
  static constexpr int None = -1;

  int Callee = None;
  // The argument passed as the callback's first and second parameter, or LibraryPointer, or None.
  int Parameters[2] = {None, None};
  // Arguments from this index on are passed on as the callback's following parameters.
  int ForwardedFrom = None;
};

struct LibraryFunction {
  enum class Result {
    None,
    // Fresh memory of the application (malloc family, operator new).
    Fresh,
    // Memory owned by the library (getenv, fopen, __errno_location), or escaped memory the library
    // kept (strtok).
    Library
  };
  static constexpr int None = -1;

  Result Returns = Result::None;
  // The result may point into this argument's memory (strchr, memcpy, fgets).
  int ReturnedArgument = None;
  // realloc: the fresh result holds the contents of the old block.
  bool Reallocates = false;
  // posix_memalign: this argument points to where fresh memory is stored.
  int FreshMemoryOut = None;
  // memcpy family: pointers in the source's memory are copied to the destination's.
  int CopyDestination = None;
  int CopySource = None;
  // strtol family: a pointer into StoredArgument is stored where StoreDestination points.
  int StoredArgument = None;
  int StoreDestination = None;
  // scanf family, read, OpenMP API: memory behind pointer arguments may receive pointers to
  // library memory or to escaped memory (printed or written before, then read back).
  bool StoresOutsidePointers = false;
  // printf family, strtok: arguments from this index on escape.
  int EscapesFrom = None;
  // write, fwrite: the pointers stored in this argument's memory escape.
  int EscapesContentsOf = None;
  // C++ runtime and standard library, OpenMP tasking: may keep, return or hand on any argument and
  // call any function pointer it receives.
  bool Captures = false;
  std::optional<CallbackShape> Callback;
  // POSIX threads and OpenMP synchronisation (and the rest of their entry points, for
  // simplicity): the threads of a rank may be ordered across the call.
  bool SynchronisesThreads = false;

  // Whether application code may run during the call (callbacks, captured functions).
  bool mayRunApplicationCode() const { return Captures || Callback.has_value(); }
};

// The model of `Name`, or null when it is not a known library function.
const LibraryFunction *lookupLibraryFunction(llvm::StringRef Name);

} // namespace rmarace

#endif
