// An inclusion-constraint graph over abstract memory objects, solved to a fixed point
// (Andersen-style).
//
// A node holds a points-to set: the abstract objects a value may point to. Every object has
// content: the objects that pointers stored inside it may point to. Usually one node holds it;
// an object standing for "anywhere in some memory" reads from one node and writes to another (see
// MemoryModel). Constraints:
//   address  pts(n) contains o            (n = &o)
//   copy     pts(to) includes pts(from)    (to = from)
//   load     pts(to) includes read(o) for every o in pts(ptr)         (to = *ptr)
//   store    written(o) includes pts(from) for every o in pts(ptr)    (*ptr = from)
// Watches let the client react to every object that ever reaches a node (indirect calls,
// escaping objects); they may add constraints while the graph is being solved.
#ifndef RMARACE_INSTRUMENT_CONSTRAINTGRAPH_H
#define RMARACE_INSTRUMENT_CONSTRAINTGRAPH_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SparseBitVector.h"

#include <cstdint>
#include <deque>
#include <functional>
#include <vector>

namespace rmarace {

using NodeId = std::uint32_t;
using ObjectId = std::uint32_t;
using ObjectSet = llvm::SparseBitVector<>;

class ConstraintGraph {
public:
  using Watcher = std::function<void(ObjectId)>;

  NodeId addNode();
  // A new abstract object whose content is one new node.
  ObjectId addObject();
  // A new abstract object whose loads read `Read` and whose stores write `Written`.
  ObjectId addObject(NodeId Read, NodeId Written);
  NodeId readContent(ObjectId Object) const { return ReadNodes[Object]; }
  NodeId writtenContent(ObjectId Object) const { return WrittenNodes[Object]; }

  void addAddress(NodeId Node, ObjectId Object);
  void addCopy(NodeId From, NodeId To);
  void addLoad(NodeId Pointer, NodeId To);
  void addStore(NodeId From, NodeId Pointer);
  // Calls `Watch` once for every object in pts(Node), now and whenever one is added.
  void addWatch(NodeId Node, Watcher Watch);
  // From now on `From` travels along copy edges as `To`, loads, stores and watches treat it as `To`
  // wherever it turns up, and points-to sets that hold it get `To` instead: the client has made the
  // two indistinguishable (same content, same meaning), so this only saves work.
  void redirect(ObjectId From, ObjectId To) {
    Representatives[From] = To;
    Redirected.set(From);
    ++PendingRedirects;
  }

  // Propagates until no points-to set changes. Constraints added afterwards (also by watchers)
  // need another call.
  void solve();

  // Frees everything but the points-to sets once the graph is solved for good.
  void releaseConstraints();

  const ObjectSet &pointsTo(NodeId Node) const { return Nodes[Node].PointsTo; }

private:
  struct NodeState {
    ObjectSet PointsTo;
    // The objects whose load/store/watch consequences have been applied (representatives of
    // redirected objects included).
    ObjectSet Processed;
    // The objects already passed on along the copy edges.
    ObjectSet Propagated;
    std::vector<NodeId> CopyTargets;
    std::vector<NodeId> LoadTargets;
    std::vector<NodeId> StoreSources;
    std::vector<std::uint32_t> Watches;
    bool Queued = false;
  };

  void enqueue(NodeId Node);
  void processNewObjects(NodeId Node);
  void replaceRedirected();
  ObjectSet processedObjects(NodeId Node) const;
  ObjectSet representatives(ObjectSet Objects) const;

  std::vector<NodeState> Nodes;
  std::vector<NodeId> ReadNodes;
  std::vector<NodeId> WrittenNodes;
  llvm::DenseMap<ObjectId, ObjectId> Representatives;
  ObjectSet Redirected;
  // Redirections since the points-to sets last had their redirected objects replaced.
  std::size_t PendingRedirects = 0;
  // A deque: a running watcher may add watchers without moving itself.
  std::deque<Watcher> Watchers;
  llvm::DenseSet<std::uint64_t> CopyEdges;
  std::deque<NodeId> Worklist;
};

} // namespace rmarace

#endif
