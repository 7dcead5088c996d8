#include "rmarace/core/report_format.h"

#include <cstdio>
#include <sstream>

namespace rmarace {

namespace {

std::string capitalized(std::string s) {
  if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
  return s;
}

std::string describeAccess(const AccessRecord &a) {
  std::ostringstream out;
  std::string what = accessKindName(a.kind);
  if (a.direct) what = a.kind == AccessKind::RemoteWrite ? "direct store" : "direct load";
  if (a.atomicOp != AtomicOp::None) what = "atomic " + what;
  if (a.languageAtomic) what = "C/C++ atomic " + what;
  out << capitalized(what) << " of " << a.size << (a.size == 1 ? " byte" : " bytes");
  if (!a.location.call.empty()) out << " by " << a.location.call;
  out << (isRemote(a.kind) ? " from rank " : " at rank ") << a.rank;
  if (a.thread != kInitialThread) out << ", thread " << a.thread;
  if (!a.location.context.empty()) out << " (" << a.location.context << ")";
  out << ": " << formatLocation(a.location);
  if (!a.location.function.empty()) out << " (in " << a.location.function << ")";
  if (a.atomicOp != AtomicOp::None)
    out << " [" << atomicOpName(a.atomicOp) << ", " << basicTypeName(a.atomicType) << "]";
  return out.str();
}

std::string describeEvent(const Location &l, const char *ifMissing) {
  if (l.file.empty() && l.call.empty()) return ifMissing;
  std::string s = l.call.empty() ? std::string("the event") : l.call;
  return s + " at " + formatLocation(l);
}

std::string jsonEscape(const std::string &s) {
  std::string out;
  for (char c : s) {
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\t':
      out += "\\t";
      break;
    default:
      if (static_cast<unsigned char>(c) < 0x20) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", c);
        out += buf;
      } else {
        out += c;
      }
    }
  }
  return out;
}

std::string jsonLocation(const Location &l) {
  std::ostringstream out;
  out << "{\"file\":\"" << jsonEscape(l.file) << "\",\"line\":" << l.line << ",\"function\":\""
      << jsonEscape(l.function) << "\",\"call\":\"" << jsonEscape(l.call) << "\"";
  if (!l.context.empty()) out << ",\"context\":\"" << jsonEscape(l.context) << "\"";
  if (!l.module.empty()) out << ",\"module\":\"" << jsonEscape(l.module) << "\"";
  out << "}";
  return out.str();
}

std::string jsonAccess(const AccessRecord &a) {
  std::ostringstream out;
  out << "{\"rank\":" << a.rank << ",\"thread\":" << a.thread << ",\"access\":\""
      << accessKindName(a.kind) << "\",\"size\":" << a.size << ",\"atomic_op\":\""
      << atomicOpName(a.atomicOp) << "\",\"atomic_type\":\"" << basicTypeName(a.atomicType)
      << "\",\"language_atomic\":" << (a.languageAtomic ? "true" : "false")
      << ",\"direct\":" << (a.direct ? "true" : "false")
      << ",\"location\":" << jsonLocation(a.location) << "}";
  return out.str();
}

// Why two accesses of which at least one is atomic still race (2.3.4): the rule their
// atomicity does not meet. Empty when neither is atomic (a plain conflict needs no rule).
std::string atomicityReason(const AccessRecord &a, const AccessRecord &b) {
  bool aAtomic = a.atomicOp != AtomicOp::None, bAtomic = b.atomicOp != AtomicOp::None;
  if (!aAtomic && !bAtomic) return {};
  std::ostringstream out;
  if (aAtomic != bAtomic) {
    const AccessRecord &plain = aAtomic ? b : a;
    out << "an atomic operation is atomic only with respect to other atomic operations, and the "
        << (plain.languageAtomic ? "C/C++ atomic " : "") << accessKindName(plain.kind)
        << " is not one";
  } else if (a.atomicType != b.atomicType) {
    out << "atomic operations on different basic datatypes (" << basicTypeName(a.atomicType)
        << " and " << basicTypeName(b.atomicType)
        << ") are neither atomic nor ordered with respect to each other";
  } else if (a.atomicOp != b.atomicOp && a.atomicOp != AtomicOp::NoOp &&
             b.atomicOp != AtomicOp::NoOp) {
    out << "atomic operations are atomic with respect to each other only when they apply the "
           "same operation or one only reads, not "
        << atomicOpName(a.atomicOp) << " and " << atomicOpName(b.atomicOp)
        << ", and no ordering of one origin applies";
  } else {
    out << "the atomic operations' elements do not coincide where they overlap (atomicity holds "
           "per element of the basic datatype)";
  }
  return out.str();
}

std::string headline(const RaceRecord &race) {
  std::ostringstream where;
  if (race.outsideSegments)
    where << " at address 0x" << std::hex << race.offsetBegin;
  else
    where << " offset " << race.offsetBegin;
  return std::string("data race (") + raceKindName(race.kind) + ") on rank " +
         std::to_string(race.memoryRank) + ", " + race.memoryName + where.str();
}

} // namespace

std::string formatLocation(const Location &l) {
  if (l.file.empty()) return "<unknown location>";
  return l.file + ":" + std::to_string(l.line);
}

std::string formatRaceBrief(const RaceRecord &race, const std::string &indent) {
  return headline(race) + "\n" + indent + describeAccess(race.later) + "\n" + indent +
         describeAccess(race.earlier) + "\n";
}

std::string formatRaceText(const RaceRecord &race, std::size_t count) {
  std::ostringstream out;
  out << "==================\n"
      << "WARNING: rmarace: " << headline(race);
  if (count > 1) out << " (" << count << " occurrences)";
  out << "\n  " << describeAccess(race.later) << "\n  " << describeAccess(race.earlier) << "\n";
  std::string why = atomicityReason(race.earlier, race.later);
  if (!why.empty()) out << "  Why: " << why << "\n";
  if (race.region) {
    const AccessRecord &rma =
        isRemote(race.later.kind) || isBuffer(race.later.kind) ? race.later : race.earlier;
    std::string call =
        !rma.location.call.empty() ? rma.location.call
        : rma.direct
            ? std::string(rma.kind == AccessKind::RemoteWrite ? "direct store" : "direct load")
            : "RMA access";
    out << "  Concurrent region of the " << call << " at rank " << race.memoryRank << ": from "
        << (race.region->beginForgotten ? std::string("a synchronisation call too far back to name")
                                        : describeEvent(race.region->begin, "program start"))
        << " to "
        << (race.region->ended ? describeEvent(race.region->end, "program end")
                               : std::string("program end (never completed)"))
        << "\n";
  }
  out << "==================\n";
  return out.str();
}

std::string formatRaceJson(const RaceRecord &race, std::size_t count) {
  std::ostringstream out;
  out << "{\"type\":\"race\",\"kind\":\"" << raceKindName(race.kind)
      << "\",\"memory_rank\":" << race.memoryRank << ",\"memory\":\"" << jsonEscape(race.memoryName)
      << "\",\"offset\":" << race.offsetBegin << ",\"count\":" << count
      << ",\"first\":" << jsonAccess(race.earlier) << ",\"second\":" << jsonAccess(race.later);
  std::string why = atomicityReason(race.earlier, race.later);
  if (!why.empty()) out << ",\"why\":\"" << jsonEscape(why) << "\"";
  if (race.region) {
    out << ",\"region\":{\"begin\":" << jsonLocation(race.region->begin)
        << ",\"end\":" << jsonLocation(race.region->end)
        << ",\"ended\":" << (race.region->ended ? "true" : "false");
    if (race.region->beginForgotten) out << ",\"begin_forgotten\":true";
    out << "}";
  }
  out << "}";
  return out.str();
}

std::string formatErrorText(const ErrorRecord &e) {
  std::ostringstream out;
  out << "rmarace: error on rank " << e.rank << ": " << e.message;
  if (!e.location.file.empty()) {
    out << " (";
    if (!e.location.call.empty()) out << e.location.call << " at ";
    out << formatLocation(e.location) << ")";
  }
  out << "\n";
  return out.str();
}

std::string formatErrorJson(const ErrorRecord &e) {
  std::ostringstream out;
  out << "{\"type\":\"error\",\"kind\":\"" << jsonEscape(e.kind) << "\",\"rank\":" << e.rank
      << ",\"message\":\"" << jsonEscape(e.message)
      << "\",\"location\":" << jsonLocation(e.location) << "}";
  return out.str();
}

} // namespace rmarace
