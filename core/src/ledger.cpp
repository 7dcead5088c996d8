#include "rmarace/core/ledger.h"

#include <algorithm>

namespace rmarace {

BatchLedger::BatchLedger(Rank self, Rank worldSize)
    : self_(self), sent_(static_cast<std::size_t>(worldSize), 0),
      received_(static_cast<std::size_t>(worldSize), 0) {}

void BatchLedger::bump(const PairKey &key, uint64_t count) {
  auto it = known_.find(key);
  if (it == known_.end()) it = spareKnown_.insert(known_, key, Known{});
  Known &k = it->second;
  if (count > k.count) {
    k.count = count;
    k.version = ++version_;
  }
}

uint64_t BatchLedger::recordSend(Rank target) {
  uint64_t count = ++sent_[static_cast<std::size_t>(target)];
  bump({self_, target}, count);
  return count;
}

void BatchLedger::learn(std::span<const LedgerEntry> entries) {
  for (const LedgerEntry &e : entries) {
    // Our own sends are known exactly; others cannot know more about them.
    if (e.origin != self_) bump({e.origin, e.target}, e.count);
  }
}

uint64_t BatchLedger::receivedFrom(const std::vector<Rank> &members) const {
  uint64_t got = 0;
  for (Rank m : members) got += receivedFrom(m);
  return got;
}

void BatchLedger::requireFromGroup(const std::vector<Rank> &members, uint64_t total) {
  pruneGroupRequirements();
  if (receivedFrom(members) >= total) return; // met already
  std::vector<Rank> kept;
  if (!spareMembers_.empty()) {
    kept = std::move(spareMembers_.back());
    spareMembers_.pop_back();
  }
  kept.assign(members.begin(), members.end());
  groupRequirements_.push_back({std::move(kept), total});
}

std::vector<LedgerEntry> BatchLedger::all() const {
  std::vector<LedgerEntry> entries;
  for (const auto &[key, k] : known_) entries.push_back({key.first, key.second, k.count});
  return entries;
}

std::vector<LedgerEntry> BatchLedger::deltaFor(Rank destination, uint64_t stream) {
  std::vector<LedgerEntry> delta;
  deltaFor(destination, stream, delta);
  return delta;
}

void BatchLedger::deltaFor(Rank destination, uint64_t stream, std::vector<LedgerEntry> &into) {
  into.clear();
  uint64_t &last = lastVersionTo_[{destination, stream}];
  for (const auto &[key, k] : known_) {
    // The destination knows its own sends better than anyone.
    if (k.version > last && key.first != destination)
      into.push_back({key.first, key.second, k.count});
  }
  last = version_;
}

std::vector<LedgerEntry> BatchLedger::deltaForChannel(uint64_t channel) {
  uint64_t &last = lastVersionOnChannel_[channel];
  std::vector<LedgerEntry> delta;
  for (const auto &[key, k] : known_) {
    if (k.version > last) delta.push_back({key.first, key.second, k.count});
  }
  last = version_;
  return delta;
}

std::vector<LedgerEntry> BatchLedger::column(Rank target) const {
  std::vector<LedgerEntry> entries;
  for (const auto &[key, k] : known_) {
    if (key.second == target) entries.push_back({key.first, key.second, k.count});
  }
  return entries;
}

void BatchLedger::forgetAll() {
  spareKnown_.clear(known_);
  for (GroupRequirement &g : groupRequirements_) dropRequirement(g);
  groupRequirements_.clear();
  // Versions stay monotonic so that per-destination deltas remain correct.
}

void BatchLedger::pruneGroupRequirements() {
  std::erase_if(groupRequirements_, [this](GroupRequirement &g) {
    if (receivedFrom(g.members) < g.total) return false;
    dropRequirement(g);
    return true;
  });
}

BatchLedger::Shortfall BatchLedger::shortfall() const {
  Shortfall s;
  for (const auto &[key, k] : known_) {
    if (key.second != self_) continue;
    uint64_t got = received_[static_cast<std::size_t>(key.first)];
    if (k.count > got) s.perOrigin.emplace_back(key.first, k.count - got);
  }
  for (const GroupRequirement &g : groupRequirements_)
    if (receivedFrom(g.members) < g.total) s.groupUnmet = true;
  return s;
}

bool BatchLedger::satisfied() const {
  Shortfall s = shortfall();
  return s.perOrigin.empty() && !s.groupUnmet;
}

} // namespace rmarace
