// The host of the engines the benchmarks drive: locations are line numbers of one file, races
// are counted (a race-free benchmark must report none), errors are ignored.
#pragma once

#include "rmarace/core/process.h"

#include <cstdint>

namespace rmarace::bench {

class NullHost final : public ProcessHost {
public:
  Location resolve(LocationHandle h) override {
    Location l;
    l.file = "bench.c";
    l.line = static_cast<uint32_t>(h);
    return l;
  }
  void reportRace(const RaceRecord &) override { ++races; }
  void reportError(const ErrorRecord &) override {}
  uint64_t races = 0;
};

} // namespace rmarace::bench
