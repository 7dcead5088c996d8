// Nodes of an ordered or unordered map, kept when their entries go so that later entries reuse
// them: a structure that forgets and relearns entries at the same pace (every fence epoch, every
// in-flight call) then allocates nothing. A copy starts without spare nodes, so that the owner
// stays copyable.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

namespace rmarace {

template <class Map> class SpareNodes {
public:
  using Node = typename Map::node_type;

  SpareNodes() = default;
  SpareNodes(const SpareNodes &) {}
  SpareNodes &operator=(const SpareNodes &) { return *this; }
  SpareNodes(SpareNodes &&) = default;
  SpareNodes &operator=(SpareNodes &&) = default;

  // Inserts (key, value) into map, in a spare node when there is one; returns its position.
  typename Map::iterator insert(Map &map, const typename Map::key_type &key,
                                typename Map::mapped_type value) {
    if (nodes_.empty()) return position(map.emplace(key, std::move(value)));
    Node node = std::move(nodes_.back());
    nodes_.pop_back();
    node.key() = key;
    node.mapped() = std::move(value);
    return position(map.insert(std::move(node)));
  }
  // Removes the entry at `at`, keeping its node unless `limit` nodes are kept already.
  void erase(Map &map, typename Map::iterator at, std::size_t limit) {
    if (nodes_.size() < limit)
      nodes_.push_back(map.extract(at));
    else
      map.erase(at);
  }
  // Removes every entry, keeping all nodes.
  void clear(Map &map) {
    while (!map.empty()) nodes_.push_back(map.extract(map.begin()));
  }

private:
  // What insert and emplace return: an iterator (multimaps), a pair (maps), or an
  // insert_return_type (maps given a node).
  static typename Map::iterator position(typename Map::iterator it) { return it; }
  template <class Inserted> static typename Map::iterator position(const Inserted &inserted) {
    if constexpr (requires { inserted.position; })
      return inserted.position;
    else
      return inserted.first;
  }

  std::vector<Node> nodes_;
};

} // namespace rmarace
