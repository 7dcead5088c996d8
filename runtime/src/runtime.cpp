#include "rmarace/runtime/runtime.h"

#include "page_map.h"
#include "reports.h"
#include "rmarace/core/report_format.h"
#include "symbolizer.h"
#include "thread_roles.h"
#include "thread_state.h"
#include "untracked_accesses.h"

#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <elf.h>
#include <fstream>
#include <mutex>
#include <unistd.h>

namespace rmarace::rt {

std::atomic<Runtime *> Runtime::instance_{nullptr};

namespace {
constexpr uint64_t kCallSiteBit = uint64_t{1} << 63;
} // namespace

void Runtime::retire() {
  std::lock_guard<EngineLock> guard(lock_);
  instance_.store(nullptr, std::memory_order_release);
  // The page map stays: other threads may be reading it in their inline filter right now. The
  // object stays too (see instance()); what it holds is released at exit.
}

Runtime::Runtime(Rank rank, Rank worldSize, Transport &transport) {
  std::vector<std::string> errors;
  const char *env = std::getenv("RMARACE_OPTIONS");
  options_ = Options::parse(env ? env : "", errors);
  for (const std::string &e : errors) {
    if (rank == 0) std::fprintf(stderr, "rmarace: error in RMARACE_OPTIONS: %s\n", e.c_str());
  }
  if (!errors.empty() && rank == 0) std::fputs(Options::help(), stderr);
  process_ = std::make_unique<Process>(rank, worldSize, *this);
  tracker_ = std::make_unique<Tracker>(*process_, transport);
  pageMap_ = std::make_unique<PageMap>();
  process_->setTrackingListener(pageMap_.get());
  Suppressions suppressions;
  if (!options_.suppressions.empty()) suppressions.load(options_.suppressions, configErrors_);
  reports_ = std::make_unique<ReportWriter>(options_, std::move(suppressions));
  symbolizer_ = std::make_unique<Symbolizer>();
  roles_ = std::make_unique<ThreadRoles>();
  untracked_ = std::make_unique<UntrackedAccesses>();
}

Runtime::~Runtime() {
  process_->setTrackingListener(nullptr);
}

LocationHandle Runtime::internSite(const char *call, const rmarace_location *marked,
                                   const void *returnAddress, uint32_t role) {
  // A marked site identifies the call; the return address is only a fallback.
  const void *where = marked ? nullptr : returnAddress;
  auto identity = reinterpret_cast<uintptr_t>(marked ? static_cast<const void *>(marked) : where);
  // Fibonacci hashing: markers lie a fixed stride apart, which low bits alone would map together.
  SiteMemo &memo = siteMemo_[(identity * kFibonacciMultiplier) >> (64 - kSiteMemoBits)];
  if (memo.handle != kNoLocation && memo.site.call == call && memo.site.marked == marked &&
      memo.site.returnAddress == where && memo.site.role == role)
    return memo.handle;
  auto key = std::make_tuple(call, static_cast<const void *>(marked), where, role);
  auto [it, inserted] = callSiteIndex_.try_emplace(key, callSites_.size());
  if (inserted) callSites_.push_back({call, marked, where, role});
  memo = {{call, marked, where, role}, kCallSiteBit | it->second};
  return memo.handle;
}

LocationHandle Runtime::callSite(const char *call, const rmarace_location *marked,
                                 const void *returnAddress) {
  return internSite(call, marked, returnAddress, roles_->idOf(process_->thread()));
}

LocationHandle Runtime::accessSiteOf(const rmarace_location *loc, ThreadId thread) {
  uint32_t role = roles_->idOf(thread);
  if (role == ThreadRoles::kNoRole) return reinterpret_cast<LocationHandle>(loc);
  if (lastAccessSite_.loc != loc || lastAccessSite_.role != role)
    lastAccessSite_ = {loc, role, internSite(nullptr, loc, nullptr, role)};
  return lastAccessSite_.handle;
}

LocationHandle Runtime::accessSite(const rmarace_location *loc) {
  return accessSiteOf(loc, process_->thread());
}

void Runtime::untrackedAccesses(Address begin, Address end,
                                FunctionRef<void(const UntrackedAccess &)> visit) {
  untracked_->visit(begin, end, [&](const UntrackedAccess &logged) {
    UntrackedAccess access = logged;
    access.site =
        accessSiteOf(reinterpret_cast<const rmarace_location *>(logged.site), logged.thread);
    visit(access);
  });
}

void Runtime::publishEpoch() {
  untracked_->publish(process_->thread(), process_->epoch());
}

std::string Runtime::describeRole(uint32_t id) {
  const ThreadRole &role = roles_->role(id);
  if (!role.what) return {};
  std::string text = role.what;
  if (role.index >= 0) text += " " + std::to_string(role.index);
  if (role.relation && role.where)
    text += std::string(" ") + role.relation + " " + formatLocation(symbolize(role.where));
  return text;
}

namespace {
// The file of a loaded object as dladdr names it. The loader names libraries by path, but the
// main program of a process started by name from PATH as typed (`nwchem.openmpi`), which is no
// path to read it from: the kernel knows the real one.
std::string objectPath(const char *dlName) {
  if (std::strchr(dlName, '/')) return dlName;
  char exe[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0) return dlName;
  exe[n] = '\0';
  return exe;
}
// Whether an ELF object still has its full symbol table (.symtab, every function with its
// size): then addr2line names functions right even without debug information.
bool hasSymbolTable(std::ifstream &elf, const Elf64_Ehdr &header) {
  if (header.e_shentsize != sizeof(Elf64_Shdr)) return false;
  for (unsigned i = 0; i < header.e_shnum; ++i) {
    Elf64_Shdr section{};
    elf.seekg(static_cast<std::streamoff>(header.e_shoff + i * sizeof section));
    if (!elf.read(reinterpret_cast<char *>(&section), sizeof section)) return false;
    if (section.sh_type == SHT_SYMTAB) return true;
  }
  return false;
}
} // namespace

Location Runtime::symbolize(const void *returnAddress) {
  auto cached = symbolized_.find(returnAddress);
  if (cached != symbolized_.end()) return cached->second;
  Location loc;
  Dl_info info{};
  void *symbolEntry = nullptr;
  if (dladdr1(returnAddress, &info, &symbolEntry, RTLD_DL_SYMENT) && info.dli_fname) {
    const auto *symbol = static_cast<const Elf64_Sym *>(symbolEntry);
    // The nearest exported symbol below the address names the function only when the address
    // lies inside it: in a stripped program it is often another function (a static one's
    // neighbour, `_start`).
    auto inside = [&] {
      auto offset =
          reinterpret_cast<uintptr_t>(returnAddress) - reinterpret_cast<uintptr_t>(info.dli_saddr);
      return symbol && offset < symbol->st_size;
    };
    if (info.dli_sname && inside()) loc.function = info.dli_sname;
    // Shared objects and PIE executables are symbolised by offset, others by address.
    uintptr_t address = reinterpret_cast<uintptr_t>(returnAddress) - 1;
    std::string object = objectPath(info.dli_fname);
    std::ifstream elf(object, std::ios::binary);
    Elf64_Ehdr header{};
    bool readable = static_cast<bool>(elf.read(reinterpret_cast<char *>(&header), sizeof header));
    if (readable && header.e_type == ET_DYN) address -= reinterpret_cast<uintptr_t>(info.dli_fbase);
    bool fullSymbols = readable && hasSymbolTable(elf, header);
    std::string function, place;
    if (options_.symbolize && symbolizer_->lookup(object, address, function, place)) {
      std::size_t colon = place.rfind(':');
      bool hasLine = colon != std::string::npos && place.compare(0, 2, "??") != 0;
      if (hasLine) {
        loc.file = place.substr(0, colon);
        loc.line = static_cast<uint32_t>(std::strtoul(place.c_str() + colon + 1, nullptr, 10));
      }
      // In a stripped object addr2line, too, names the nearest exported symbol: its function
      // counts only with a source line there.
      if (function != "??" && (hasLine || fullSymbols)) loc.function = function;
    }
    if (loc.file.empty()) loc.file = object;
    loc.module = object;
  }
  symbolized_.emplace(returnAddress, loc);
  return loc;
}

// A location the instrumentation marked; its object file is the one that holds the marker.
Location Runtime::markedLocation(const rmarace_location *m) {
  Location loc;
  loc.file = m->file ? m->file : "";
  loc.function = m->function ? m->function : "";
  loc.line = m->line;
  loc.column = m->column;
  auto cached = markerModules_.find(m);
  if (cached == markerModules_.end()) {
    Dl_info info{};
    std::string module;
    if (dladdr(m, &info) && info.dli_fname) module = objectPath(info.dli_fname);
    cached = markerModules_.emplace(m, std::move(module)).first;
  }
  loc.module = cached->second;
  return loc;
}

Location Runtime::resolve(LocationHandle handle) {
  if (handle == kNoLocation) return {};
  if (handle & kCallSiteBit) {
    const CallSite &site = callSites_[handle & ~kCallSiteBit];
    Location loc;
    if (site.marked)
      loc = markedLocation(site.marked);
    else if (site.returnAddress)
      loc = symbolize(site.returnAddress);
    loc.call = site.call ? site.call : "";
    loc.context = describeRole(site.role);
    return loc;
  }
  return markedLocation(reinterpret_cast<const rmarace_location *>(handle));
}

void Runtime::reportConfigurationErrors() {
  if (process_->rank() == 0) {
    for (const std::string &message : configErrors_) {
      ErrorRecord error;
      error.kind = "bad-suppressions";
      error.message = "suppressions file " + message;
      reports_->error(error);
    }
  }
  configErrors_.clear();
}

void Runtime::reportRace(const RaceRecord &race) {
  reports_->race(race);
}
void Runtime::reportError(const ErrorRecord &error) {
  reports_->error(error);
}

} // namespace rmarace::rt
