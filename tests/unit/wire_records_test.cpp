// The batch records (core/include/rmarace/core/wire_records.h): every record kind, with every
// combination of its flags, decodes to what was encoded; a truncated record throws WireError.
#include "rmarace/core/wire_records.h"

#include <cstddef>
#include <gtest/gtest.h>
#include <span>
#include <vector>

namespace rmarace::wire {
namespace {

template <class Record> std::vector<std::byte> encoded(const Record &record) {
  std::vector<std::byte> bytes;
  WireWriter out(bytes);
  encode(out, record);
  return bytes;
}

// Reads one tagged record from `bytes`.
template <class Record> Record readTagged(std::span<const std::byte> bytes, Tag tag) {
  WireReader in(bytes);
  EXPECT_EQ(readTag(in), tag);
  Record record;
  decode(in, record);
  EXPECT_TRUE(in.done());
  return record;
}

template <class Record> void expectRoundTrip(const Record &record, Tag tag) {
  std::vector<std::byte> bytes = encoded(record);
  EXPECT_EQ(readTagged<Record>(bytes, tag), record);
  // Every proper prefix is truncated.
  for (std::size_t n = 0; n < bytes.size(); ++n) {
    std::span<const std::byte> prefix(bytes.data(), n);
    EXPECT_THROW(readTagged<Record>(prefix, tag), WireError) << "prefix of " << n << " bytes";
  }
}

LocationRecord location() {
  LocationRecord r;
  r.handle = 0x1234;
  r.location.file = "app.c";
  r.location.function = "main";
  r.location.call = "MPI_Put";
  r.location.line = 42;
  r.location.column = 7;
  return r;
}

TEST(WireRecords, BatchHeaderRoundTrip) {
  for (const BatchHeader &header :
       {BatchHeader{}, BatchHeader{{{0, 1, 3}}}, BatchHeader{{{0, 1, 3}, {2, 1, 9}}},
        // In any order, with far ranks and large counts.
        BatchHeader{{{7, 8, 1}, {3, 2, 200}, {3, 4, uint64_t{1} << 50}, {0, 4095, 2}}}}) {
    std::vector<std::byte> bytes = encoded(header);
    WireReader in(bytes);
    BatchHeader decoded;
    decode(in, decoded);
    EXPECT_EQ(decoded, header);
    EXPECT_TRUE(in.done());
    for (std::size_t n = 0; n < bytes.size(); ++n) {
      WireReader truncated(std::span<const std::byte>(bytes.data(), n));
      EXPECT_THROW(decode(truncated, decoded), WireError);
    }
  }
}

TEST(WireRecords, ClockPayloadRoundTrip) {
  ClockPayload payload;
  payload.clock = VectorClock(3);
  payload.clock.set(Rank{1}, 7);
  payload.ledger = {{0, 1, 3}, {2, 1, 9}};
  payload.replyToken = 42;
  std::vector<std::byte> bytes;
  WireWriter out(bytes);
  encode(out, payload);
  WireReader in(bytes);
  ClockPayload decoded;
  decode(in, decoded);
  EXPECT_TRUE(in.done());
  EXPECT_EQ(decoded.clock[1], 7u);
  EXPECT_EQ(decoded.clock.size(), 3u);
  EXPECT_EQ(decoded.ledger, payload.ledger);
  EXPECT_EQ(decoded.replyToken, 42u);
}

// Clocks and ledger entries are sparse and variable-length: a clock costs what its process has
// heard of, not 8 bytes per rank.
TEST(WireRecords, ClocksCostWhatTheirProcessKnows) {
  std::vector<Epoch> entries(4096, 0);
  entries[1] = 5;
  entries[2] = 300;
  entries[4095] = Epoch{1} << 40;
  SnapshotRecord sparse{1, VectorClock(entries)};
  sparse.clock.setThreadEntries({{{2, 1}, 7}, {{4095, 3}, Epoch{1} << 33}});
  expectRoundTrip(sparse, Tag::Snapshot);
  EXPECT_LT(encoded(sparse).size(), 48u); // 32 KiB dense
  SnapshotRecord dense{2, VectorClock(std::vector<Epoch>(64, 1000))};
  expectRoundTrip(dense, Tag::Snapshot);
  EXPECT_LE(encoded(dense).size(), 1 + 4 + 1 + 2 + 64 * 2 + 1u);
  expectRoundTrip(SnapshotRecord{3, VectorClock(std::vector<Epoch>(5, 0))}, Tag::Snapshot);
}

TEST(WireRecords, MalformedClocksThrow) {
  auto decodeClock = [](std::vector<uint8_t> raw) {
    std::vector<std::byte> bytes;
    for (uint8_t b : raw) bytes.push_back(static_cast<std::byte>(b));
    WireReader in(bytes);
    return in.getClock();
  };
  EXPECT_NO_THROW(decodeClock({2, 1, 1, 9, 0}));
  EXPECT_THROW(decodeClock({2, 0, 0, 0}), WireError);                // an empty run pair
  EXPECT_THROW(decodeClock({2, 1, 2, 9, 9, 0}), WireError);          // runs beyond the ranks
  EXPECT_THROW(decodeClock({0x80, 0x80, 0x80, 0x80, 1}), WireError); // 2^28 ranks
  std::vector<uint8_t> endless(11, 0x80);
  EXPECT_THROW(decodeClock(endless), WireError);
  EXPECT_THROW(decodeClock({0, 0xff, 0xff, 0xff, 0x7f}), WireError); // more threads than bytes
}

TEST(WireRecords, LocationRoundTrip) {
  expectRoundTrip(location(), Tag::Location);
  expectRoundTrip(LocationRecord{}, Tag::Location); // empty strings
  LocationRecord inTask = location();
  inTask.location.context = "OpenMP task created at app.c:40";
  expectRoundTrip(inTask, Tag::Location);
  EXPECT_FALSE(inTask == location());
}

TEST(WireRecords, SnapshotRoundTrip) {
  expectRoundTrip(SnapshotRecord{3, VectorClock(std::vector<Epoch>{4, 0, 9})}, Tag::Snapshot);
  expectRoundTrip(SnapshotRecord{1, VectorClock()}, Tag::Snapshot);
}

RemoteAccessRecord remoteAccess(uint8_t flags, const ByteRanges &offsets) {
  RemoteAccessRecord r;
  r.seq = 17;
  r.segment = 2;
  r.context = 5;
  setAccessFlags(r, flags);
  r.atomicity.op = AtomicOp::Sum;
  r.atomicity.type = BasicType::Int;
  r.atomicity.elementSize = 4;
  r.fenceCount = 3;
  r.snapshot = 8;
  r.lockEpoch = 6;
  r.site = 0x99;
  r.offsets = offsets;
  r.accessSize = r.direct ? 4 : 0; // on the wire for direct accesses only
  return r;
}

TEST(WireRecords, EachRemoteAccessFlagSetsItsField) {
  auto only = [](uint8_t flag) {
    RemoteAccessRecord r;
    setAccessFlags(r, flag);
    return r;
  };
  EXPECT_TRUE(only(kAccessRemoteRead).remoteRead);
  EXPECT_TRUE(only(kAccessRemoteWrite).remoteWrite);
  EXPECT_TRUE(only(kAccessProvisional).provisional);
  EXPECT_TRUE(only(kAccessBufferPending).bufferPending);
  EXPECT_TRUE(only(kAccessAnyOpCompatible).atomicity.anyOpCompatible);
  EXPECT_TRUE(only(kAccessDirect).direct);
  EXPECT_TRUE(only(kAccessLanguageAtomic).languageAtomic);
  EXPECT_TRUE(only(kAccessOrderedFromSameOrigin).atomicity.orderedFromSameOrigin);
  unsigned all = 0;
  for (unsigned bit = 1; bit < 256; bit <<= 1) {
    RemoteAccessRecord r = only(static_cast<uint8_t>(bit));
    EXPECT_EQ(accessFlags(r), bit) << "one field per bit";
    EXPECT_NE(r, RemoteAccessRecord{});
    all |= accessFlags(r);
  }
  EXPECT_EQ(all, 0xFFu);
}

TEST(WireRecords, RemoteAccessRoundTripWithEveryFlagCombination) {
  ByteRanges strided;
  strided.addStrided(64, 8, 32, 3);
  for (const ByteRanges &offsets : {ByteRanges(), ByteRanges(16, 8), strided}) {
    for (unsigned flags = 0; flags < 256; ++flags) {
      SCOPED_TRACE(flags);
      RemoteAccessRecord record = remoteAccess(static_cast<uint8_t>(flags), offsets);
      expectRoundTrip(record, Tag::Access);
      // The flag byte follows the tag, the sequence, the thread, the segment and the context.
      std::vector<std::byte> bytes = encoded(record);
      std::size_t at =
          sizeof(Tag) + sizeof(Sequence) + sizeof(ThreadId) + sizeof(SegmentId) + sizeof(ContextId);
      EXPECT_EQ(static_cast<unsigned>(bytes.at(at)), flags);
    }
  }
}

TEST(WireRecords, CompletionNoticeRoundTripWithEveryFlagCombination) {
  for (bool reads : {false, true}) {
    for (bool writes : {false, true}) {
      expectRoundTrip(CompletionNotice{5, 12, reads, writes, 0, 4, 3, 13}, Tag::Complete);
      expectRoundTrip(CompletionNotice{kAnyContext, 0, reads, writes, 9, 2, 0, 10}, Tag::Complete);
    }
  }
}

TEST(WireRecords, NotifyRoundTrip) {
  expectRoundTrip(NotifyRecord{0xABCD, 1, 5, 2, 10, 11, 12, {}}, Tag::Notify);
  expectRoundTrip(NotifyRecord{7, 0, kAnyContext, 0, 0, 0, 3, {}}, Tag::Notify);
  expectRoundTrip(NotifyRecord{7, 0, kAnyContext, 0, 0, 0, 3, {1, 2}}, Tag::Notify);
}

TEST(WireRecords, EpochClockRoundTrip) {
  expectRoundTrip(EpochClockRecord{4, VectorClock(std::vector<Epoch>{1, 2, 3, 4})},
                  Tag::EpochClock);
  // Components of threads other than the initial ones travel too (3.6).
  VectorClock threads(std::vector<Epoch>{1, 2});
  threads.set(ClockSlot{1, 3}, 9);
  threads.set(ClockSlot{0, 2}, 7);
  expectRoundTrip(EpochClockRecord{5, threads}, Tag::EpochClock);
}

TEST(WireRecords, AckRoundTrip) {
  expectRoundTrip(AckRecord{6, 0, {}}, Tag::Ack);
  expectRoundTrip(AckRecord{6, 2, {3, 8, 21}}, Tag::Ack);
}

TEST(WireRecords, UnknownTagThrows) {
  for (uint8_t tag : {0, 8, 255}) {
    std::vector<std::byte> bytes{static_cast<std::byte>(tag)};
    WireReader in(bytes);
    EXPECT_THROW(readTag(in), WireError);
  }
}

TEST(WireRecords, RecordsFollowEachOtherInOneBatch) {
  std::vector<std::byte> bytes;
  WireWriter out(bytes);
  encode(out, location());
  encode(out, AckRecord{1, 0, {2}});
  WireReader in(bytes);
  ASSERT_EQ(readTag(in), Tag::Location);
  LocationRecord first;
  decode(in, first);
  EXPECT_EQ(first, location());
  ASSERT_EQ(readTag(in), Tag::Ack);
  AckRecord second;
  decode(in, second);
  EXPECT_EQ(second, (AckRecord{1, 0, {2}}));
  EXPECT_TRUE(in.done());
}

} // namespace
} // namespace rmarace::wire
