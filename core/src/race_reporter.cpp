#include "race_reporter.h"

#include "local_sites.h"
#include "own_accesses.h"
#include "rmarace/core/sync.h"
#include "target_checker.h"

#include <utility>

namespace rmarace {

RaceReporter::RaceReporter(ProcessHost &host, const SyncState &sync, const AccessHistory &history,
                           const LocalSites &sites, const OwnAccesses &own,
                           const TargetChecker &target)
    : host_(host), sync_(sync), history_(history), sites_(sites), own_(own), target_(target) {}

AccessRecord RaceReporter::describeOwn(const OwnAccess &a) const {
  AccessRecord r;
  r.rank = sync_.self();
  r.thread = a.thread;
  r.kind = a.kind;
  r.atomicOp = a.atomicity.op;
  r.atomicType = a.atomicity.type;
  r.size = a.ranges.totalBytes();
  r.location = host_.resolve(a.site);
  return r;
}

AccessRecord RaceReporter::describeRemote(const RemoteAccess &a) const {
  AccessRecord r;
  r.rank = a.origin;
  r.thread = a.thread;
  r.kind = a.kind;
  r.atomicOp = a.atomicity.op;
  r.atomicType = a.atomicity.type;
  r.direct = a.direct;
  r.languageAtomic = a.languageAtomic;
  r.size = a.size;
  if (a.origin == sync_.self()) {
    r.location = host_.resolve(a.site);
  } else if (const Location *loc = target_.peerLocation(a.origin, a.site)) {
    r.location = *loc;
  }
  return r;
}

AccessRecord RaceReporter::describeLocal(const ShadowRecord &record, uint8_t mask) const {
  AccessRecord r;
  r.rank = sync_.self();
  r.thread = record.thread;
  r.kind = record.kind == RecordKind::Store ? AccessKind::Store : AccessKind::Load;
  r.languageAtomic = record.languageAtomic;
  r.size = static_cast<uint64_t>(__builtin_popcount(mask));
  r.location = host_.resolve(sites_.site(record.subject));
  return r;
}

AccessRecord RaceReporter::describeUntracked(const UntrackedAccess &access, uint64_t size) const {
  AccessRecord r;
  r.rank = sync_.self();
  r.thread = access.thread;
  r.kind = access.write ? AccessKind::Store : AccessKind::Load;
  r.languageAtomic = access.languageAtomic;
  r.size = size;
  r.location = host_.resolve(access.site);
  return r;
}

ConcurrentRegion RaceReporter::regionOf(const RemoteAccess &a) const {
  ConcurrentRegion region;
  region.begin = host_.resolve(sync_.siteOfEpoch(a.regionStart));
  region.beginForgotten = sync_.siteForgotten(a.regionStart);
  if (a.regionEnd != kEpochInfinity) {
    region.ended = true;
    region.end = host_.resolve(sync_.siteOfEpoch(a.regionEnd));
  }
  return region;
}

ConcurrentRegion RaceReporter::regionOf(const OwnAccess &a) const {
  ConcurrentRegion region;
  region.begin = host_.resolve(a.site);
  if (!a.pending) {
    region.ended = true;
    region.end = host_.resolve(a.completionSite);
  }
  return region;
}

ConcurrentRegion RaceReporter::regionOf(RegionSubject subject) const {
  return subject.kind == RegionSubject::Remote ? regionOf(target_.remote(subject.id))
                                               : regionOf(own_.access(subject.id));
}

void RaceReporter::report(RaceKind kind, Address at, const AccessRecord &earlier,
                          const AccessRecord &later, RegionSubject subject,
                          Counterpart counterpart) {
  auto side = [](const AccessRecord &a) {
    return std::to_string(a.rank) + '.' + std::to_string(a.thread) + '|' + accessKindName(a.kind) +
           '|' + a.location.file + ':' + std::to_string(a.location.line) + '|' + a.location.call;
  };
  // One report per pair, whichever side was seen first.
  std::string first = side(earlier), second = side(later);
  if (second < first) std::swap(first, second);
  std::string key = std::to_string(static_cast<int>(kind)) + first + '#' + second;
  if (reported_.count(key) || heldKeys_.count(key)) return;
  RaceRecord race;
  race.kind = kind;
  race.memoryRank = sync_.self();
  race.earlier = earlier;
  race.later = later;
  race.memoryName = "local memory";
  race.outsideSegments = true;
  race.offsetBegin = at;
  race.offsetEnd = at + 1;
  for (const ShadowRegion &r : history_.regions()) {
    if (r.size != 0 && at >= r.userBase && at < r.userBase + r.size) {
      race.memoryName = r.name;
      race.outsideSegments = false;
      race.offsetBegin = at - r.userBase;
      race.offsetEnd = race.offsetBegin + 1;
      break;
    }
  }
  race.region = regionOf(subject);
  if (!race.region->ended && holding_) {
    heldKeys_.insert(key);
    held_.push_back({std::move(race), subject, counterpart, std::move(key)});
    return;
  }
  reported_.insert(key);
  host_.reportRace(race);
}

bool RaceReporter::stillRaces(RegionSubject subject, const Counterpart &c) const {
  if (subject.kind != RegionSubject::Remote) return true; // program order: exact when found
  const RemoteAccess &r = target_.remote(subject.id);
  switch (c.kind) {
  case Counterpart::None:
    return true;
  case Counterpart::Local:
    return c.epoch >= target_.regionStart(r, c.thread) && c.epoch < target_.regionEnd(r, c.thread);
  case Counterpart::Own:
    return target_.overlapsOwn(r, own_.access(c.id));
  case Counterpart::Remote:
    return target_.racing(target_.remote(c.id), r);
  }
  return true;
}

void RaceReporter::releaseHeld(RegionSubject::Kind kind, uint32_t id) {
  std::vector<HeldReport> ready;
  std::erase_if(held_, [&](HeldReport &h) {
    if (h.subject.kind != kind || h.subject.id != id) return false;
    ready.push_back(std::move(h));
    return true;
  });
  for (HeldReport &h : ready) {
    heldKeys_.erase(h.key);
    if (!stillRaces(h.subject, h.counterpart)) continue;
    h.race.region = regionOf(h.subject);
    reported_.insert(h.key);
    host_.reportRace(h.race);
  }
}

void RaceReporter::flushHeld() {
  std::vector<HeldReport> held;
  held.swap(held_);
  heldKeys_.clear();
  for (HeldReport &h : held) {
    reported_.insert(h.key);
    host_.reportRace(h.race);
  }
}

} // namespace rmarace
