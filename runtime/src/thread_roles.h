// What each thread of the process runs, as its thread library describes it (an OpenMP thread of
// a parallel region, an OpenMP task, a thread made by pthread_create), for the reports. Roles are
// interned: a call site or plain-access site is interned once per role it runs in, so the role
// travels with the site's location to other processes. Guarded by the engine lock.
#pragma once

#include "rmarace/runtime/threads.h"

#include <cstdint>
#include <map>
#include <tuple>
#include <vector>

namespace rmarace::rt {

class ThreadRoles {
public:
  using RoleId = uint32_t;
  static constexpr RoleId kNoRole = 0;

  void assign(ThreadId thread, const ThreadRole &role);
  RoleId idOf(ThreadId thread) const {
    return thread < byThread_.size() ? byThread_[thread] : kNoRole;
  }
  const ThreadRole &role(RoleId id) const { return roles_[id]; }

private:
  std::vector<ThreadRole> roles_{ThreadRole{}};
  std::map<std::tuple<const char *, int, const char *, const void *>, RoleId> index_;
  std::vector<RoleId> byThread_;
};

} // namespace rmarace::rt
