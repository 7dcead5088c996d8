// The per-process runtime: owns the engine of this process, resolves source locations, keeps the
// fast address filter current and writes reports. Independent of the programming model; the
// interceptors (intercept/mpi) create it at MPI_Init and drive it.
#pragma once

#include "engine_lock.h"
#include "options.h"
#include "rmarace/core/process.h"
#include "rmarace/core/tracker.h"
#include "rmarace/rmarace.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace rmarace::rt {

class PageMap;
class ReportWriter;

class Runtime final : public ProcessHost {
public:
  // The runtime of this process, or nullptr before initialisation and after finalisation.
  static Runtime *instance() { return instance_; }
  static Runtime &create(Rank rank, Rank worldSize, Transport &transport);
  static void destroy();

  Rank rank() const { return process_->rank(); }
  Rank worldSize() const { return process_->worldSize(); }
  Process &process() { return *process_; }
  Tracker &tracker() { return *tracker_; }
  const Options &options() const { return options_; }
  ReportWriter &reports() { return *reports_; }
  // Serialises the engine against accesses from other threads (see docs/runtime.md). Not
  // recursive: code that may run inside runtime work checks inRuntime() first.
  EngineLock &lock() { return lock_; }
  // Whether this thread is doing runtime work (instrumented code run by MPI itself, such as a user
  // reduction operation, must not re-enter the engine).
  static bool inRuntime() { return inRuntime_; }

  // Location handles. Plain-access handles are `rmarace_location` addresses from the pass;
  // call sites are interned with their call name (high bit set).
  LocationHandle callSite(const char *call, const rmarace_location *marked,
                          const void *returnAddress);
  Location resolve(LocationHandle handle) override;

  void reportRace(const RaceRecord &race) override;
  void reportError(const ErrorRecord &error) override;

  // The hot path, called after the inline filter. Range accesses (memory intrinsics) come without
  // a filter and are first checked against the tracked ranges.
  void access(const void *addr, uint64_t size, bool write, bool atomic,
              const rmarace_location *loc);
  void accessRange(const void *addr, uint64_t size, bool write, const rmarace_location *loc);

private:
  Runtime(Rank rank, Rank worldSize, Transport &transport);
  ~Runtime() override;

  static Runtime *instance_;
  Options options_;
  EngineLock lock_;
  std::unique_ptr<Process> process_;
  std::unique_ptr<Tracker> tracker_;
  std::unique_ptr<PageMap> pageMap_;
  std::unique_ptr<ReportWriter> reports_;

  struct CallSite {
    const char *call;
    const rmarace_location *marked;
    const void *returnAddress;
  };
  std::vector<CallSite> callSites_;
  std::map<std::tuple<const char *, const void *, const void *>, uint64_t> callSiteIndex_;
  std::unordered_map<const void *, Location> symbolized_;
  Location symbolize(const void *returnAddress);
  // initial-exec: read on every tracked access; the library is linked or preloaded, never
  // dlopen()ed, so its TLS is in the static block and needs no __tls_get_addr call.
  [[gnu::tls_model("initial-exec")]] static thread_local bool inRuntime_;
  friend struct ReentrancyGuard;
};

// Marks runtime work on this thread so that instrumented code running inside it (e.g. user
// reduction operations called by MPI) is not fed back into the engine.
struct ReentrancyGuard {
  ReentrancyGuard() : was_(Runtime::inRuntime_) { Runtime::inRuntime_ = true; }
  ~ReentrancyGuard() { Runtime::inRuntime_ = was_; }
  ReentrancyGuard(const ReentrancyGuard &) = delete;
  ReentrancyGuard &operator=(const ReentrancyGuard &) = delete;
  bool was_;
};

} // namespace rmarace::rt
