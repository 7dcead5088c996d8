#include "thread_roles.h"

#include "rmarace/runtime/runtime.h"

namespace rmarace::rt {

void ThreadRoles::assign(ThreadId thread, const ThreadRole &role) {
  RoleId id = kNoRole;
  if (role.what) {
    auto key = std::make_tuple(role.what, role.index, role.relation, role.where);
    auto [it, added] = index_.try_emplace(key, static_cast<RoleId>(roles_.size()));
    if (added) roles_.push_back(role);
    id = it->second;
  }
  if (thread >= byThread_.size()) byThread_.resize(thread + 1, kNoRole);
  byThread_[thread] = id;
}

void describeThread(ThreadId thread, const ThreadRole &role) {
  if (Runtime *runtime = Runtime::instance()) runtime->threadRoles().assign(thread, role);
}

ThreadRole roleOfThread(ThreadId thread) {
  Runtime *runtime = Runtime::instance();
  if (!runtime) return {};
  const ThreadRoles &roles = runtime->threadRoles();
  return roles.role(roles.idOf(thread));
}

} // namespace rmarace::rt
