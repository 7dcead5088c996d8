// pthreads: creation and join, mutexes, condition variables, barriers and semaphores order the
// events of the threads that use them. Read-write locks are not intercepted: UCX takes one in its
// memory hooks, inside malloc, where waiting for the engine (which allocates) would deadlock. Each
// wrapper calls the next definition (the C library's) and tells the engine what the call ordered:
// an unlock releases to the mutex, a lock acquires from it, and so on.
#include "engine.h"
#include "rmarace/runtime/threads.h"

#include <dlfcn.h>
#include <map>
#include <mutex>
#include <optional>
#include <pthread.h>
#include <semaphore.h>

namespace rmarace::threads {
namespace {

template <class F> F next(const char *name) {
  return reinterpret_cast<F>(dlsym(RTLD_NEXT, name));
}
#define RMARACE_NEXT(name) static const auto real = next<decltype(&name)>(#name)

// Engine numbers of the threads created here, for their join. Guarded by its own lock: the
// wrappers run outside the engine lock. Never destroyed: threads are joined during exit too.
struct Created {
  std::mutex lock;
  std::map<pthread_t, ThreadId> threads;
};
Created &created() {
  static Created *instance = new Created;
  return *instance;
}

struct Start {
  void *(*routine)(void *);
  void *argument;
  ThreadId thread;
  bool library; // created by a library call (e.g. a progress thread of MPI)
};

void *startThread(void *raw) {
  Start start = *static_cast<Start *>(raw);
  delete static_cast<Start *>(raw);
  if (start.library)
    rt::adoptLibraryThread();
  else
    rt::adoptThread(start.thread);
  return start.routine(start.argument);
}

// The calling thread acquires from / releases to a synchronisation object of the thread library.
void acquire(const char *call, const void *returnAddress, uint64_t object) {
  onEngine(call, returnAddress, [&](Process &p, LocationHandle site) { p.acquire(object, site); });
}
void release(const char *call, const void *returnAddress, uint64_t object) {
  onEngine(call, returnAddress, [&](Process &p, LocationHandle site) { p.release(object, site); });
}

} // namespace
} // namespace rmarace::threads

using namespace rmarace::threads;
using rmarace::LocationHandle;
using rmarace::Process;

extern "C" {

int pthread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*routine)(void *),
                   void *argument) {
  RMARACE_NEXT(pthread_create);
  if (rmarace::rt::insideInterceptedCall())
    return real(thread, attr, startThread, new Start{routine, argument, 0, true});
  rmarace::ThreadId child = rmarace::rt::reserveThread();
  const void *caller = __builtin_return_address(0);
  onEngine("pthread_create", caller, [&](Process &p, LocationHandle site) {
    p.threadCreated(child, site);
    rmarace::rt::describeThread(child, {"thread", -1, "created by pthread_create at", caller});
  });
  int rc = real(thread, attr, startThread, new Start{routine, argument, child, false});
  if (rc == 0) {
    std::lock_guard<std::mutex> guard(created().lock);
    created().threads[*thread] = child;
  }
  return rc;
}

int pthread_join(pthread_t thread, void **result) {
  RMARACE_NEXT(pthread_join);
  int rc = real(thread, result);
  if (rc != 0) return rc;
  std::optional<rmarace::ThreadId> child;
  {
    std::lock_guard<std::mutex> guard(created().lock);
    if (auto it = created().threads.find(thread); it != created().threads.end()) {
      child = it->second;
      created().threads.erase(it);
    }
  }
  if (child)
    onEngine("pthread_join", __builtin_return_address(0),
             [&](Process &p, LocationHandle site) { p.threadJoined(*child, site); });
  return rc;
}

int pthread_mutex_lock(pthread_mutex_t *mutex) {
  RMARACE_NEXT(pthread_mutex_lock);
  int rc = real(mutex);
  if (rc == 0)
    acquire("pthread_mutex_lock", __builtin_return_address(0), object(ObjectKind::Mutex, mutex));
  return rc;
}

int pthread_mutex_trylock(pthread_mutex_t *mutex) {
  RMARACE_NEXT(pthread_mutex_trylock);
  int rc = real(mutex);
  if (rc == 0)
    acquire("pthread_mutex_trylock", __builtin_return_address(0), object(ObjectKind::Mutex, mutex));
  return rc;
}

int pthread_mutex_unlock(pthread_mutex_t *mutex) {
  RMARACE_NEXT(pthread_mutex_unlock);
  release("pthread_mutex_unlock", __builtin_return_address(0), object(ObjectKind::Mutex, mutex));
  return real(mutex);
}

// A waiter learns what the signaller did before signalling, and what the mutex protected.
int pthread_cond_wait(pthread_cond_t *cond, pthread_mutex_t *mutex) {
  RMARACE_NEXT(pthread_cond_wait);
  release("pthread_cond_wait", __builtin_return_address(0), object(ObjectKind::Mutex, mutex));
  int rc = real(cond, mutex);
  onEngine("pthread_cond_wait", __builtin_return_address(0), [&](Process &p, LocationHandle site) {
    p.acquire(object(ObjectKind::Mutex, cond), site);
    p.acquire(object(ObjectKind::Mutex, mutex), site);
  });
  return rc;
}

int pthread_cond_timedwait(pthread_cond_t *cond, pthread_mutex_t *mutex,
                           const struct timespec *deadline) {
  RMARACE_NEXT(pthread_cond_timedwait);
  release("pthread_cond_timedwait", __builtin_return_address(0), object(ObjectKind::Mutex, mutex));
  int rc = real(cond, mutex, deadline);
  onEngine("pthread_cond_timedwait", __builtin_return_address(0),
           [&](Process &p, LocationHandle site) {
             if (rc == 0) p.acquire(object(ObjectKind::Mutex, cond), site);
             p.acquire(object(ObjectKind::Mutex, mutex), site);
           });
  return rc;
}

int pthread_cond_signal(pthread_cond_t *cond) {
  RMARACE_NEXT(pthread_cond_signal);
  release("pthread_cond_signal", __builtin_return_address(0), object(ObjectKind::Mutex, cond));
  return real(cond);
}

int pthread_cond_broadcast(pthread_cond_t *cond) {
  RMARACE_NEXT(pthread_cond_broadcast);
  release("pthread_cond_broadcast", __builtin_return_address(0), object(ObjectKind::Mutex, cond));
  return real(cond);
}

int pthread_barrier_wait(pthread_barrier_t *barrier) {
  RMARACE_NEXT(pthread_barrier_wait);
  release("pthread_barrier_wait", __builtin_return_address(0),
          object(ObjectKind::Barrier, barrier));
  int rc = real(barrier);
  onEngine("pthread_barrier_wait", __builtin_return_address(0),
           [&](Process &p, LocationHandle site) {
             p.acquire(object(ObjectKind::Barrier, barrier), site);
           });
  return rc;
}

int sem_post(sem_t *semaphore) {
  RMARACE_NEXT(sem_post);
  release("sem_post", __builtin_return_address(0), object(ObjectKind::Mutex, semaphore));
  return real(semaphore);
}

int sem_wait(sem_t *semaphore) {
  RMARACE_NEXT(sem_wait);
  int rc = real(semaphore);
  if (rc == 0)
    acquire("sem_wait", __builtin_return_address(0), object(ObjectKind::Mutex, semaphore));
  return rc;
}

} // extern "C"
