// The parts of a Process, one concern each, and how they are wired. Parts refer to each other by
// reference; all live (and die) together here, so a reference to a part declared later is only
// bound, not used, during construction.
#pragma once

#include "access_epochs.h"
#include "batch_inbox.h"
#include "direct_accesses.h"
#include "local_accesses.h"
#include "local_sites.h"
#include "origin_tracker.h"
#include "outbox.h"
#include "own_accesses.h"
#include "pruning.h"
#include "race_reporter.h"
#include "region_ends.h"
#include "rmarace/core/history.h"
#include "rmarace/core/process.h"
#include "segment_table.h"
#include "target_checker.h"

#include <map>
#include <utility>

namespace rmarace {

struct Process::Parts {
  Parts(SyncState &sync, ProcessHost &host, const Options &options)
      : segments(history, host, sync), outbox(sync, host, options.batchLimit), epochs(sync, outbox),
        own(sync, host, history, target, reporter, pruning),
        target(sync, host, history, segments, own, reporter, pruning, ends),
        ends(sync, target, reporter, outbox), reporter(host, sync, history, sites, own, target),
        pruning(sync, history, own, target, ends, reporter),
        origin(sync, segments, own, epochs, outbox, target, ends), direct(segments, origin),
        local(sync, history, sites, own, segments, direct, target, reporter, pruning),
        inbox(sync, target, ends, origin) {}

  AccessHistory history; // of the exposed memory
  LocalSites sites;      // locations of plain accesses
  SegmentTable segments; // exposed and mapped memory
  Outbox outbox;         // batches to peers
  AccessEpochs epochs;   // lock and PSCW epochs of own RMA calls
  OwnAccesses own;       // accesses of own RMA calls, in program order
  TargetChecker target;  // remote accesses to this memory and their checks
  RegionEnds ends;       // where their concurrent regions end
  RaceReporter reporter; // deduplicated, held reports
  Pruning pruning;       // what can still race; garbage collection
  OriginTracker origin;  // own RMA calls and completions
  DirectAccesses direct; // loads and stores through shared memory
  LocalAccesses local;   // plain loads and stores
  BatchInbox inbox;      // batches from peers, in causal order
  // Per thread, its collective in progress.
  struct Contribution {
    Epoch epoch = 0;
    LocationHandle site = kNoLocation;
    bool continued = false; // the epoch went on at the contribution (Process::contribute)
    CollectiveContribution contribution; // the latest, its buffers reused
  };
  std::map<ThreadId, Contribution> contributed;
  bool finished = false;
};

} // namespace rmarace
