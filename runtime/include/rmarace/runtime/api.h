// Symbol visibility of the runtime library. It is built with hidden visibility (direct calls
// inside it, nothing to collide with the program's symbols); the C ABI of rmarace.h and the C++
// API for front ends are exported explicitly with RMARACE_API.
#pragma once

#include "rmarace/core/visibility.h"
