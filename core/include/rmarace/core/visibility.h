// Symbol visibility. The engine is built with hidden visibility into the runtime library; the
// classes the front ends use (through the runtime library) are exported with RMARACE_API.
#pragma once

#define RMARACE_API __attribute__((visibility("default")))
