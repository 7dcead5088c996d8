#include "rmarace/core/ledger.h"

#include <algorithm>

namespace rmarace {

BatchLedger::BatchLedger(Rank self, Rank worldSize)
    : self_(self), sent_(static_cast<std::size_t>(worldSize), 0),
      received_(static_cast<std::size_t>(worldSize), 0) {}

void BatchLedger::bump(const PairKey &key, uint64_t count) {
  Known &k = known_[key];
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
  if (receivedFrom(members) < total) groupRequirements_.push_back({members, total}); // met: out
}

std::vector<LedgerEntry> BatchLedger::all() const {
  std::vector<LedgerEntry> entries;
  for (const auto &[key, k] : known_) entries.push_back({key.first, key.second, k.count});
  return entries;
}

std::vector<LedgerEntry> BatchLedger::deltaFor(Rank destination, uint64_t stream) {
  uint64_t &last = lastVersionTo_[{destination, stream}];
  std::vector<LedgerEntry> delta;
  for (const auto &[key, k] : known_) {
    // The destination knows its own sends better than anyone.
    if (k.version > last && key.first != destination) {
      delta.push_back({key.first, key.second, k.count});
    }
  }
  last = version_;
  return delta;
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
  known_.clear();
  groupRequirements_.clear();
  // Versions stay monotonic so that per-destination deltas remain correct.
}

void BatchLedger::pruneGroupRequirements() {
  std::erase_if(groupRequirements_,
                [this](const GroupRequirement &g) { return receivedFrom(g.members) >= g.total; });
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
