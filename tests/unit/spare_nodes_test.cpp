// SpareNodes: entries removed from a map keep their nodes for later entries, in ordered maps and
// multimaps and in unordered multimaps (the ledger, the pending index, the history's set index).
#include "rmarace/core/spare_nodes.h"

#include <gtest/gtest.h>
#include <map>
#include <set>
#include <unordered_map>

namespace rmarace {
namespace {

TEST(SpareNodes, ARemovedEntrysNodeHoldsTheNextEntry) {
  std::map<int, int> map{{1, 10}, {2, 20}};
  SpareNodes<std::map<int, int>> spare;
  const std::pair<const int, int> *node = &*map.find(2);
  spare.erase(map, map.find(2), 4);
  EXPECT_EQ(map.count(2), 0u);
  auto at = spare.insert(map, 7, 70);
  EXPECT_EQ(&*at, node); // the same node, with the new key and value
  EXPECT_EQ(at->first, 7);
  EXPECT_EQ(map.at(7), 70);
  EXPECT_EQ(map.size(), 2u);
}

TEST(SpareNodes, NoMoreNodesThanTheLimitAreKept) {
  std::multimap<int, int> map{{1, 1}, {1, 2}, {3, 3}};
  SpareNodes<std::multimap<int, int>> spare;
  spare.erase(map, map.begin(), 1);
  spare.erase(map, map.begin(), 1); // erased: one node is kept already
  EXPECT_EQ(map.size(), 1u);
  const std::pair<const int, int> *kept = &*spare.insert(map, 1, 5);
  const std::pair<const int, int> *fresh = &*spare.insert(map, 1, 6);
  EXPECT_NE(kept, fresh);
  EXPECT_EQ(map.count(1), 2u);
}

TEST(SpareNodes, ClearKeepsEveryNodeAndACopyStartsWithout) {
  using Map = std::unordered_multimap<int, int>;
  Map map{{1, 1}, {2, 2}, {3, 3}};
  std::set<const Map::value_type *> nodes;
  for (const auto &entry : map) nodes.insert(&entry);
  SpareNodes<Map> spare;
  spare.clear(map);
  EXPECT_TRUE(map.empty());
  SpareNodes<Map> copy = spare;
  Map other;
  // The spare nodes are still held: a new node cannot be one of them.
  EXPECT_EQ(nodes.count(&*copy.insert(other, 4, 4)), 0u);
  for (int k = 0; k < 3; ++k) EXPECT_EQ(nodes.count(&*spare.insert(map, k, k)), 1u);
  EXPECT_EQ(map.size(), 3u);
}

} // namespace
} // namespace rmarace
