// The program's global and static data: symmetric in OpenSHMEM (9.3), and at the same offset
// from the executable's load address on every PE (absolute addresses differ between PEs of a
// position-independent executable). Each variable of the executable's symbol table becomes a
// symmetric object of its own, so that reports name it; without a symbol table the whole of the
// writable data is one object.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace rmarace::shmem {

struct GlobalObject {
  uint64_t begin = 0;
  uint64_t size = 0;
  std::string name;
};

// The executable's global and static variables, in address order (the same on every PE).
std::vector<GlobalObject> executableGlobals();

} // namespace rmarace::shmem
