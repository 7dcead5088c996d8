// Starting and ending the runtime, independent of the programming model that starts the process.
// The first front end to start (e.g. MPI at MPI_Init) creates the engine with its transport;
// front ends that start later in the same process share it. The runtime installs fatal-signal
// and exit handlers that flush held reports, merges every process's distinct races into one
// summary at the end, and turns findings into the exit code.
#pragma once

#include "rmarace/core/tracker.h"
#include "rmarace/runtime/api.h"
#include "rmarace/runtime/runtime.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rmarace::rt {

// Collective operations over all processes of the run, for the runtime's own start and end (not
// for synchronisation the engine models). The front end that started the runtime supplies them.
class RunCollectives {
public:
  virtual ~RunCollectives() = default;
  // Every process gets the value of process 0.
  virtual uint64_t broadcastFromFirst(uint64_t value) = 0;
  // Process 0 gets every process's bytes in rank order; the others an empty vector.
  virtual std::vector<std::string> gatherAtFirst(const std::string &mine) = 0;
  // Every process gets the element-wise sum over all processes (one collective for all values).
  virtual std::vector<uint64_t> sumOverAll(const std::vector<uint64_t> &values) = 0;
};

struct StartInfo {
  const char *model = "";         // the front end's name, for messages
  Rank rank = 0;                  // this process in the run
  Rank worldSize = 1;             // processes in the run
  Transport *transport = nullptr; // how engines exchange data
  RunCollectives *run = nullptr;  // start and end of the run
};

class RMARACE_API Lifecycle {
public:
  // Starts the runtime, or joins the one another front end started. Returns it.
  static Runtime &start(const StartInfo &info);
  // A front end ends in `call`: the last one finishes the run. `world` is the group of all
  // processes. Collective over all processes. The transport and collectives of the starting
  // front end must stay usable until this returns.
  static void finish(const GroupView &world, const char *call, const void *returnAddress);
  // The program is about to abort in `call`: accesses whose checks wait for information that
  // will never come are judged with what is known now, and held reports are flushed.
  static void aborting(const char *call, const void *returnAddress);
  // Races or errors found (before finish: this process; after: the whole run).
  static uint64_t findings();
  // A front end saw `call` (a static string) while no runtime had started: if none starts before
  // the process ends, it says at exit that nothing was checked, naming the first such call.
  static void uncheckedCall(const char *call);
};

} // namespace rmarace::rt
