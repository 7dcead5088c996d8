// The host of engines that unit tests drive by hand: locations are line numbers of one file, races
// and errors are kept for the test to inspect.
#pragma once

#include "rmarace/core/process.h"

#include <cstdint>
#include <vector>

namespace rmarace::test {

class LineHost final : public ProcessHost {
public:
  Location resolve(LocationHandle h) override {
    Location l;
    l.file = "unit.c";
    l.line = static_cast<uint32_t>(h);
    return l;
  }
  void reportRace(const RaceRecord &r) override { races.push_back(r); }
  void reportError(const ErrorRecord &) override { ++errors; }
  std::vector<RaceRecord> races;
  int errors = 0;
};

} // namespace rmarace::test
