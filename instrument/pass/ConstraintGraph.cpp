#include "ConstraintGraph.h"

namespace rmarace {

NodeId ConstraintGraph::addNode() {
  Nodes.emplace_back();
  return static_cast<NodeId>(Nodes.size() - 1);
}

ObjectId ConstraintGraph::addObject() {
  NodeId Content = addNode();
  return addObject(Content, Content);
}

ObjectId ConstraintGraph::addObject(NodeId Read, NodeId Written) {
  ReadNodes.push_back(Read);
  WrittenNodes.push_back(Written);
  return static_cast<ObjectId>(ReadNodes.size() - 1);
}

void ConstraintGraph::enqueue(NodeId Node) {
  if (Nodes[Node].Queued) return;
  Nodes[Node].Queued = true;
  Worklist.push_back(Node);
}

void ConstraintGraph::addAddress(NodeId Node, ObjectId Object) {
  if (Nodes[Node].PointsTo.test_and_set(Object)) enqueue(Node);
}

void ConstraintGraph::addCopy(NodeId From, NodeId To) {
  if (From == To || !CopyEdges.insert((std::uint64_t(From) << 32) | To).second) return;
  Nodes[From].CopyTargets.push_back(To);
  if (Nodes[To].PointsTo |= representatives(Nodes[From].PointsTo)) enqueue(To);
}

// Redirected objects travel on as their representatives: points-to sets stay small when many
// objects become indistinguishable from one.
ObjectSet ConstraintGraph::representatives(ObjectSet Objects) const {
  if (!Objects.intersects(Redirected)) return Objects;
  ObjectSet Replaced = Objects;
  Replaced &= Redirected;
  Objects.intersectWithComplement(Redirected);
  for (ObjectId Object : Replaced) Objects.set(Representatives.find(Object)->second);
  return Objects;
}

// Loads, stores and watches are applied to the objects already processed here (but not to
// redirected ones: their representatives are processed too); objects that arrive later are handled
// by processNewObjects.
ObjectSet ConstraintGraph::processedObjects(NodeId Node) const {
  ObjectSet Seen = Nodes[Node].Processed;
  Seen.intersectWithComplement(Redirected);
  return Seen;
}

void ConstraintGraph::addLoad(NodeId Pointer, NodeId To) {
  Nodes[Pointer].LoadTargets.push_back(To);
  for (ObjectId Object : processedObjects(Pointer)) addCopy(readContent(Object), To);
}

void ConstraintGraph::addStore(NodeId From, NodeId Pointer) {
  Nodes[Pointer].StoreSources.push_back(From);
  for (ObjectId Object : processedObjects(Pointer)) addCopy(From, writtenContent(Object));
}

void ConstraintGraph::addWatch(NodeId Node, Watcher Watch) {
  Watchers.push_back(std::move(Watch));
  auto Index = static_cast<std::uint32_t>(Watchers.size() - 1);
  Nodes[Node].Watches.push_back(Index);
  for (ObjectId Object : processedObjects(Node)) Watchers[Index](Object);
}

void ConstraintGraph::processNewObjects(NodeId Node) {
  ObjectSet Fresh = Nodes[Node].PointsTo;
  Fresh.intersectWithComplement(Nodes[Node].Processed);
  Nodes[Node].Processed |= Fresh;
  for (ObjectId Arrived : Fresh) {
    ObjectId Object = Arrived;
    if (auto Representative = Representatives.find(Arrived);
        Representative != Representatives.end()) {
      Object = Representative->second;
      if (!Nodes[Node].Processed.test_and_set(Object)) continue;
    }
    // Indexed loops: the callbacks below may append to these vectors.
    for (std::size_t I = 0; I < Nodes[Node].LoadTargets.size(); ++I)
      addCopy(readContent(Object), Nodes[Node].LoadTargets[I]);
    for (std::size_t I = 0; I < Nodes[Node].StoreSources.size(); ++I)
      addCopy(Nodes[Node].StoreSources[I], writtenContent(Object));
    for (std::size_t I = 0; I < Nodes[Node].Watches.size(); ++I)
      Watchers[Nodes[Node].Watches[I]](Object);
  }
}

// Objects redirected after they spread keep whole points-to sets large; once many have been
// redirected, every set gets their representatives instead. Objects already passed on or processed
// as themselves stay recorded as such, so only the representatives travel further.
void ConstraintGraph::replaceRedirected() {
  PendingRedirects = 0;
  for (NodeId Node = 0; Node < Nodes.size(); ++Node) {
    NodeState &State = Nodes[Node];
    if (!State.PointsTo.intersects(Redirected)) continue;
    State.PointsTo = representatives(State.PointsTo);
    State.Propagated.intersectWithComplement(Redirected);
    // The representatives may still have to be passed on or processed here.
    enqueue(Node);
  }
}

// Difference propagation: a node passes on only the objects that arrived since it last did; new
// copy edges get the whole set when they are added. First in, first out: escapes are found
// before large sets of soon-redirected objects spread.
void ConstraintGraph::solve() {
  while (!Worklist.empty()) {
    if (PendingRedirects > 64) replaceRedirected();
    NodeId Node = Worklist.front();
    Worklist.pop_front();
    Nodes[Node].Queued = false;
    processNewObjects(Node);
    ObjectSet Arrived = Nodes[Node].PointsTo;
    Arrived.intersectWithComplement(Nodes[Node].Propagated);
    if (Arrived.empty()) continue;
    Nodes[Node].Propagated |= Arrived;
    Arrived = representatives(std::move(Arrived));
    for (std::size_t I = 0; I < Nodes[Node].CopyTargets.size(); ++I) {
      NodeId Target = Nodes[Node].CopyTargets[I];
      if (Nodes[Target].PointsTo |= Arrived) enqueue(Target);
    }
  }
}

void ConstraintGraph::releaseConstraints() {
  for (NodeState &N : Nodes) {
    N.Processed.clear();
    N.Propagated.clear();
    N.CopyTargets = {};
    N.LoadTargets = {};
    N.StoreSources = {};
    N.Watches = {};
  }
  Watchers.clear();
  CopyEdges.clear();
}

} // namespace rmarace
