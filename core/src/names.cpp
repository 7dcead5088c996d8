#include "rmarace/core/events.h"
#include "rmarace/core/types.h"

namespace rmarace {

const char *accessKindName(AccessKind k) {
  switch (k) {
  case AccessKind::Load:
    return "load";
  case AccessKind::Store:
    return "store";
  case AccessKind::BufferRead:
    return "local buffer read";
  case AccessKind::BufferWrite:
    return "local buffer write";
  case AccessKind::RemoteRead:
    return "remote read";
  case AccessKind::RemoteWrite:
    return "remote write";
  }
  return "?";
}

const char *basicTypeName(BasicType t) {
  static const char *const names[] = {"none",
                                      "char",
                                      "short",
                                      "int",
                                      "long",
                                      "long long",
                                      "unsigned char",
                                      "unsigned short",
                                      "unsigned",
                                      "unsigned long",
                                      "unsigned long long",
                                      "float",
                                      "double",
                                      "long double",
                                      "int8",
                                      "int16",
                                      "int32",
                                      "int64",
                                      "uint8",
                                      "uint16",
                                      "uint32",
                                      "uint64",
                                      "byte",
                                      "other"};
  auto i = static_cast<std::size_t>(t);
  return i < sizeof(names) / sizeof(names[0]) ? names[i] : "?";
}

const char *atomicOpName(AtomicOp op) {
  static const char *const names[] = {
      "none", "no-op", "replace", "sum",  "prod", "max",  "min",
      "band", "bor",   "bxor",    "land", "lor",  "lxor", "compare-and-swap",
      "swap", "other"};
  auto i = static_cast<std::size_t>(op);
  return i < sizeof(names) / sizeof(names[0]) ? names[i] : "?";
}

const char *raceKindName(RaceKind k) {
  return k == RaceKind::LocalBuffer ? "local buffer" : "remote";
}

const char *completionKindName(CompletionKind k) {
  switch (k) {
  case CompletionKind::CollectiveFlush:
    return "collective flush";
  case CompletionKind::LocalFlush:
    return "local flush";
  case CompletionKind::RemoteFlush:
    return "remote flush";
  case CompletionKind::LocalComplete:
    return "local complete";
  case CompletionKind::Fence:
    return "fence";
  }
  return "?";
}

bool Completion::appliesTo(Rank target, ContextId ctx) const {
  bool targetMatches = targets.empty();
  for (Rank t : targets) targetMatches = targetMatches || t == target;
  return targetMatches && (context == kAnyContext || context == ctx);
}

} // namespace rmarace
