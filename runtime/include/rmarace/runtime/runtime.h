// The per-process runtime: owns the one engine of this process (shared by every programming
// model's front end), resolves source locations, keeps the fast address filter current and
// writes reports. It knows no programming model: a front end starts it (lifecycle.h), drives the
// engine through tracker() inside a ScopedInterceptor (scoped_interceptor.h), and supplies the
// Transport and RunCollectives it needs to talk to the other processes.
#pragma once

#include "rmarace/core/process.h"
#include "rmarace/core/tracker.h"
#include "rmarace/rmarace.h"
#include "rmarace/runtime/api.h"
#include "rmarace/runtime/engine_lock.h"
#include "rmarace/runtime/options.h"

#include <array>
#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace rmarace::rt {

class PageMap;
class ReportWriter;
class Symbolizer;
class ThreadRoles;
class UntrackedAccesses;

class RMARACE_API Runtime final : public ProcessHost {
public:
  // The runtime of this process, or nullptr before start and after finish (lifecycle.h). Read
  // without the lock by every instrumented access: the object itself is never freed, so a thread
  // that loaded the pointer just before finish still reads valid memory.
  static Runtime *instance() { return instance_.load(std::memory_order_acquire); }

  Rank rank() const { return process_->rank(); }
  Rank worldSize() const { return process_->worldSize(); }
  Process &process() { return *process_; }
  Tracker &tracker() { return *tracker_; }
  const Options &options() const { return options_; }
  ReportWriter &reports() { return *reports_; }
  // Serialises the engine against other threads (see docs/runtime.md). Not recursive: take it
  // through ScopedInterceptor, which knows whether this thread holds it already.
  EngineLock &lock() { return lock_; }
  ThreadRoles &threadRoles() { return *roles_; }

  // Location handles. Plain-access handles are `rmarace_location` addresses from the pass;
  // call sites, and plain-access sites of a thread with a role (ThreadRole), are interned with
  // their call name and the current thread's role (high bit set).
  LocationHandle callSite(const char *call, const rmarace_location *marked,
                          const void *returnAddress);
  LocationHandle accessSite(const rmarace_location *loc);
  Location resolve(LocationHandle handle) override;
  void untrackedAccesses(Address begin, Address end,
                         FunctionRef<void(const UntrackedAccess &)> visit) override;
  // The engine is about to be left by the current thread (its epoch is final until it enters
  // again): remembers the epoch for its accesses of untracked memory.
  void publishEpoch();

  void reportRace(const RaceRecord &race) override;
  void reportError(const ErrorRecord &error) override;
  // Reports the problems of the run's configuration (a malformed suppressions file) as errors,
  // once the log is open; the first process reports them for all.
  void reportConfigurationErrors();

  // The hot path, called after the inline filter. Range accesses (memory intrinsics) come without
  // a filter and are first checked against the page map, without the lock. `repeatTested`: the
  // caller already found the access not covered by the repeat filter (RMARACE_REPEAT_TESTED).
  void access(const void *addr, uint64_t size, bool write, bool atomic, const rmarace_location *loc,
              bool repeatTested);
  void accessRange(const void *addr, uint64_t size, bool write, const rmarace_location *loc);
  // A loop nest's rows (__rmarace_read_rows), under one lock.
  void accessRows(const void *addr, uint64_t length, int64_t stride, uint64_t rows, bool write,
                  const rmarace_location *loc);
  // An access of memory the engine does not track in a multithreaded process (the fast filter
  // let it through only for this): logged without the lock.
  void logUntracked(Address addr, uint64_t size, bool write, bool atomic,
                    const rmarace_location *loc);

private:
  friend class Lifecycle;
  Runtime(Rank rank, Rank worldSize, Transport &transport);
  ~Runtime() override;
  // Ends the engine's work: later accesses and intercepted calls see no runtime.
  void retire();

  // `rows` ranges of `length` bytes, `step` bytes apart from `first` up (0 and 1: one range),
  // checked under one lock: the body of accessRange and accessRows.
  void checkRows(Address first, uint64_t length, uint64_t step, uint64_t rows, bool write,
                 const rmarace_location *loc);

  static std::atomic<Runtime *> instance_;
  Options options_;
  std::vector<std::string> configErrors_; // until reportConfigurationErrors
  EngineLock lock_;
  std::unique_ptr<Process> process_;
  std::unique_ptr<Tracker> tracker_;
  std::unique_ptr<PageMap> pageMap_;
  std::unique_ptr<ReportWriter> reports_;

  struct CallSite {
    const char *call; // null for a plain access
    const rmarace_location *marked;
    const void *returnAddress;
    uint32_t role;
  };
  std::vector<CallSite> callSites_;
  std::map<std::tuple<const char *, const void *, const void *, uint32_t>, uint64_t> callSiteIndex_;
  // Sites interned lately, direct mapped by marker or return address: an intercepted call in a
  // loop finds its site without searching the index (three searches per fence epoch otherwise).
  static constexpr unsigned kSiteMemoBits = 6;
  static constexpr std::size_t kSiteMemoEntries = std::size_t{1} << kSiteMemoBits;
  static constexpr uint64_t kFibonacciMultiplier = 0x9e3779b97f4a7c15ull; // 2^64 / golden ratio
  struct SiteMemo {
    CallSite site{};
    LocationHandle handle = kNoLocation;
  };
  std::array<SiteMemo, kSiteMemoEntries> siteMemo_{};
  // The last plain-access site interned with a role: loops repeat it.
  struct {
    const rmarace_location *loc = nullptr;
    uint32_t role = 0;
    LocationHandle handle = kNoLocation;
  } lastAccessSite_;
  std::unique_ptr<ThreadRoles> roles_;
  std::unique_ptr<UntrackedAccesses> untracked_;
  LocationHandle internSite(const char *call, const rmarace_location *marked,
                            const void *returnAddress, uint32_t role);
  LocationHandle accessSiteOf(const rmarace_location *loc, ThreadId thread);
  std::string describeRole(uint32_t role);
  std::unordered_map<const void *, Location> symbolized_;
  Location markedLocation(const rmarace_location *marker);
  std::unordered_map<const rmarace_location *, std::string> markerModules_; // object files
  std::unique_ptr<Symbolizer> symbolizer_;
  Location symbolize(const void *returnAddress);
};

} // namespace rmarace::rt
