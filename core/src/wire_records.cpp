#include "rmarace/core/wire_records.h"

#include <span>
#include <vector>

namespace rmarace::wire {

Tag readTag(WireReader &in) {
  auto tag = in.get<Tag>();
  if (tag < Tag::Location || tag > Tag::Ack) throw WireError("unknown record in rmarace batch");
  return tag;
}

namespace {
// Ledger entries, variable-length: the origin relative to the previous entry's (entries usually
// come sorted by origin), the target relative to the origin (neighbours are near), the count.
void putLedger(WireWriter &writer, std::span<const LedgerEntry> entries) {
  WireWriter::Varints out(writer, 1 + 3 * entries.size());
  out.put(entries.size());
  Rank previous = 0;
  for (const LedgerEntry &e : entries) {
    out.putSigned(int64_t{e.origin} - previous);
    out.putSigned(int64_t{e.target} - e.origin);
    out.put(e.count);
    previous = e.origin;
  }
}

// Into `entries`, whose buffer it reuses.
void getLedger(WireReader &in, std::vector<LedgerEntry> &entries) {
  entries.resize(in.getCount(3));
  Rank previous = 0;
  for (LedgerEntry &e : entries) {
    e.origin = static_cast<Rank>(previous + in.getSigned());
    e.target = static_cast<Rank>(e.origin + in.getSigned());
    e.count = in.getVarint();
    previous = e.origin;
  }
}
std::vector<LedgerEntry> getLedger(WireReader &in) {
  std::vector<LedgerEntry> entries;
  getLedger(in, entries);
  return entries;
}
} // namespace

void encode(WireWriter &out, const BatchHeader &header) {
  putLedger(out, header.entries);
}

void decode(WireReader &in, BatchHeader &header) {
  getLedger(in, header.entries);
}

bool LocationRecord::operator==(const LocationRecord &o) const {
  const Location &a = location, &b = o.location;
  return handle == o.handle && a.file == b.file && a.function == b.function && a.call == b.call &&
         a.context == b.context && a.module == b.module && a.line == b.line && a.column == b.column;
}

void encode(WireWriter &out, const LocationRecord &record) {
  out.putAll(Tag::Location, record.handle);
  out.putString(record.location.file);
  out.putString(record.location.function);
  out.putString(record.location.call);
  out.putString(record.location.context);
  out.putString(record.location.module);
  out.putAll(record.location.line, record.location.column);
}

void decode(WireReader &in, LocationRecord &record) {
  record.handle = in.get<LocationHandle>();
  record.location.file = in.getString();
  record.location.function = in.getString();
  record.location.call = in.getString();
  record.location.context = in.getString();
  record.location.module = in.getString();
  record.location.line = in.get<uint32_t>();
  record.location.column = in.get<uint32_t>();
}

void encode(WireWriter &out, const SnapshotRecord &record) {
  encodeSnapshot(out, record.id, record.clock);
}

void encodeSnapshot(WireWriter &out, uint32_t id, const VectorClock &clock) {
  out.putAll(Tag::Snapshot, id);
  out.putClock(clock);
}

void decode(WireReader &in, SnapshotRecord &record) {
  record.id = in.get<uint32_t>();
  record.clock = in.getClock();
}

bool RemoteAccessRecord::operator==(const RemoteAccessRecord &o) const {
  const Atomicity &a = atomicity, &b = o.atomicity;
  return seq == o.seq && thread == o.thread && segment == o.segment && context == o.context &&
         remoteRead == o.remoteRead && remoteWrite == o.remoteWrite &&
         provisional == o.provisional && bufferPending == o.bufferPending && direct == o.direct &&
         languageAtomic == o.languageAtomic && a.op == b.op && a.type == b.type &&
         a.elementSize == b.elementSize && a.anyOpCompatible == b.anyOpCompatible &&
         a.orderedFromSameOrigin == b.orderedFromSameOrigin && fenceCount == o.fenceCount &&
         snapshot == o.snapshot && lockEpoch == o.lockEpoch && site == o.site &&
         offsets == o.offsets && accessSize == o.accessSize;
}

uint8_t accessFlags(const RemoteAccessRecord &record) {
  auto flag = [](bool set, uint8_t bit) { return static_cast<uint8_t>(set ? bit : 0); };
  const Atomicity &atomicity = record.atomicity;
  return flag(record.remoteRead, kAccessRemoteRead) | flag(record.remoteWrite, kAccessRemoteWrite) |
         flag(record.provisional, kAccessProvisional) |
         flag(record.bufferPending, kAccessBufferPending) |
         flag(atomicity.anyOpCompatible, kAccessAnyOpCompatible) |
         flag(record.direct, kAccessDirect) | flag(record.languageAtomic, kAccessLanguageAtomic) |
         flag(atomicity.orderedFromSameOrigin, kAccessOrderedFromSameOrigin);
}

void setAccessFlags(RemoteAccessRecord &record, uint8_t flags) {
  record.remoteRead = flags & kAccessRemoteRead;
  record.remoteWrite = flags & kAccessRemoteWrite;
  record.provisional = flags & kAccessProvisional;
  record.bufferPending = flags & kAccessBufferPending;
  record.atomicity.anyOpCompatible = flags & kAccessAnyOpCompatible;
  record.direct = flags & kAccessDirect;
  record.languageAtomic = flags & kAccessLanguageAtomic;
  record.atomicity.orderedFromSameOrigin = flags & kAccessOrderedFromSameOrigin;
}

void encode(WireWriter &out, const RemoteAccessRecord &record) {
  const Atomicity &atomicity = record.atomicity;
  out.putAll(Tag::Access, record.seq, record.thread, record.segment, record.context,
             accessFlags(record), atomicity.op, atomicity.type, atomicity.elementSize,
             record.fenceCount, record.snapshot, record.lockEpoch, record.site,
             static_cast<uint32_t>(record.offsets.ranges().size()));
  for (const ByteRange &r : record.offsets.ranges()) out.putAll(r.begin, r.size());
  if (record.direct) out.put(record.accessSize);
}

void decode(WireReader &in, RemoteAccessRecord &record) {
  record.seq = in.get<Sequence>();
  record.thread = in.get<ThreadId>();
  record.segment = in.get<SegmentId>();
  record.context = in.get<ContextId>();
  setAccessFlags(record, in.get<uint8_t>());
  Atomicity &atomicity = record.atomicity;
  atomicity.op = in.get<AtomicOp>();
  atomicity.type = in.get<BasicType>();
  atomicity.elementSize = in.get<uint32_t>();
  record.fenceCount = in.get<uint64_t>();
  record.snapshot = in.get<uint32_t>();
  record.lockEpoch = in.get<uint64_t>();
  record.site = in.get<LocationHandle>();
  auto count = in.get<uint32_t>();
  record.offsets = ByteRanges();
  for (uint32_t i = 0; i < count; ++i) {
    auto begin = in.get<Address>();
    auto size = in.get<uint64_t>();
    record.offsets.add(begin, size);
  }
  record.accessSize = record.direct ? in.get<uint64_t>() : 0;
}

void encode(WireWriter &out, const CompletionNotice &record) {
  auto kinds = static_cast<uint8_t>((record.reads ? kCompletesReads : 0) |
                                    (record.writes ? kCompletesWrites : 0));
  out.putAll(Tag::Complete, record.context, record.bound, kinds, record.single, record.threshold,
             record.thread, record.completionSeq);
}

void decode(WireReader &in, CompletionNotice &record) {
  record.context = in.get<ContextId>();
  record.bound = in.get<Sequence>();
  auto kinds = in.get<uint8_t>();
  record.reads = kinds & kCompletesReads;
  record.writes = kinds & kCompletesWrites;
  record.single = in.get<Sequence>();
  record.threshold = in.get<Epoch>();
  record.thread = in.get<ThreadId>();
  record.completionSeq = in.get<Sequence>();
}

void encode(WireWriter &out, const NotifyRecord &record) {
  out.putAll(Tag::Notify, record.signal, record.value, record.context, record.fenceBound,
             record.associatedFirst, record.associated, record.notifySeq,
             static_cast<uint32_t>(record.unordered.size()));
  for (Sequence s : record.unordered) out.put<Sequence>(s);
}

void decode(WireReader &in, NotifyRecord &record) {
  record.signal = in.get<SignalId>();
  record.value = in.get<uint64_t>();
  record.context = in.get<ContextId>();
  record.fenceBound = in.get<uint64_t>();
  record.associatedFirst = in.get<Sequence>();
  record.associated = in.get<Sequence>();
  record.notifySeq = in.get<Sequence>();
  record.unordered.resize(in.get<uint32_t>());
  for (auto &s : record.unordered) s = in.get<Sequence>();
}

void encode(WireWriter &out, const ClockPayload &payload) {
  out.putClock(payload.clock);
  putLedger(out, payload.ledger);
  out.putVarint(payload.replyToken);
}

void decode(WireReader &in, ClockPayload &payload) {
  payload.clock = in.getClock();
  payload.ledger = getLedger(in);
  payload.replyToken = in.getVarint();
}

void encode(WireWriter &out, const EpochClockRecord &record) {
  out.putAll(Tag::EpochClock, record.lockEpoch);
  out.putClock(record.clock);
}

void decode(WireReader &in, EpochClockRecord &record) {
  record.lockEpoch = in.get<uint64_t>();
  record.clock = in.getClock();
}

void encode(WireWriter &out, const AckRecord &record) {
  out.putAll(Tag::Ack, record.threshold, record.thread, static_cast<uint32_t>(record.seqs.size()));
  for (Sequence s : record.seqs) out.put<Sequence>(s);
}

void decode(WireReader &in, AckRecord &record) {
  record.threshold = in.get<Epoch>();
  record.thread = in.get<ThreadId>();
  record.seqs.resize(in.get<uint32_t>());
  for (auto &s : record.seqs) s = in.get<Sequence>();
}

} // namespace rmarace::wire
