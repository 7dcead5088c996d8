#include "access_epochs.h"

#include "outbox.h"
#include "rmarace/core/process.h"

#include <algorithm>
#include <vector>

namespace rmarace {

AccessEpochs::AccessEpochs(SyncState &sync, Outbox &outbox) : sync_(sync), outbox_(outbox) {}

std::map<std::pair<ContextId, Rank>, AccessEpochs::EpochClock>::iterator
AccessEpochs::lookup(ContextId context, Rank target) {
  auto it = epochs_.find({context, target});
  if (it != epochs_.end()) return it;
  auto all = epochs_.find({context, Process::kAllRanks});
  if (all == epochs_.end()) return epochs_.end();
  return epochs_.emplace(std::make_pair(context, target), all->second).first;
}

void AccessEpochs::openPassive(ContextId context, Rank target) {
  EpochClock &ec = epochs_[{context, target}];
  ec = EpochClock{};
  ec.passive = true;
  ec.lockEpoch = nextLockEpoch_++;
  ec.version = ++clockVersion_;
}

void AccessEpochs::acquisitionKnown(ContextId context, Rank target,
                                    const ResourcePayload &deposit) {
  auto it = lookup(context, target);
  if (it == epochs_.end()) return;
  EpochClock &ec = it->second;
  if (ec.acquired) return;
  ec.acquired = true;
  ec.clock = deposit.clock.size() ? deposit.clock : VectorClock(sync_.clock().size());
  ec.version = ++clockVersion_;
  // The target must first see what earlier holders sent it.
  std::vector<LedgerEntry> column;
  for (std::size_t o = 0; o < deposit.sentToDeposition.size(); ++o) {
    if (deposit.sentToDeposition[o] > 0)
      column.push_back({static_cast<Rank>(o), target, deposit.sentToDeposition[o]});
  }
  sync_.ledger().learn(column);
  outbox_.append(outbox_.open(target), wire::EpochClockRecord{ec.lockEpoch, ec.clock});
}

void AccessEpochs::closePassive(ContextId context, Rank target) {
  if (target != Process::kAllRanks) {
    epochs_.erase({context, target});
    return;
  }
  std::erase_if(epochs_, [&](const auto &entry) {
    return entry.first.first == context && entry.second.passive;
  });
}

void AccessEpochs::openActive(ContextId context, Rank target, const ClockPayload &post) {
  EpochClock &ec = epochs_[{context, target}];
  ec = EpochClock{};
  ec.clock = post.clock;
  ec.acquired = true;
  ec.version = ++clockVersion_;
  sync_.ledger().learn(post.ledger);
}

void AccessEpochs::closeActive(ContextId context) {
  std::erase_if(epochs_, [&](const auto &entry) {
    return entry.first.first == context && !entry.second.passive;
  });
}

const AccessEpochs::EpochClock *AccessEpochs::find(ContextId context, Rank target) {
  auto it = lookup(context, target);
  return it == epochs_.end() ? nullptr : &it->second;
}

} // namespace rmarace
