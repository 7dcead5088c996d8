#include "symbolizer.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace rmarace::rt {

namespace {

constexpr std::size_t kFunctionBytes = 512;
constexpr std::size_t kPlaceBytes = 1024;

std::string chomp(const char *line) {
  std::string s(line);
  if (!s.empty() && s.back() == '\n') s.pop_back();
  return s;
}

// A request to a coprocess that has died must not kill the program with SIGPIPE: the signal is
// blocked on this thread while writing, and a pending one is consumed.
class PipeSignalHeld {
public:
  PipeSignalHeld() {
    sigemptyset(&pipe_);
    sigaddset(&pipe_, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_, &old_);
  }
  ~PipeSignalHeld() {
    timespec none{};
    while (sigtimedwait(&pipe_, nullptr, &none) == SIGPIPE) {
    }
    pthread_sigmask(SIG_SETMASK, &old_, nullptr);
  }
  PipeSignalHeld(const PipeSignalHeld &) = delete;
  PipeSignalHeld &operator=(const PipeSignalHeld &) = delete;

private:
  sigset_t pipe_{}, old_{};
};

} // namespace

Symbolizer::~Symbolizer() {
  for (auto &[module, c] : modules_) stop(c);
}

void Symbolizer::stop(Coprocess &c) {
  if (c.requests) std::fclose(c.requests);
  if (c.answers) std::fclose(c.answers);
  if (c.pid > 0) waitpid(c.pid, nullptr, 0);
  c = Coprocess{};
}

Symbolizer::Coprocess *Symbolizer::coprocess(const std::string &module) {
  auto [it, added] = modules_.try_emplace(module);
  Coprocess &c = it->second;
  if (!added) return c.pid > 0 ? &c : nullptr;
  int toChild[2], fromChild[2];
  if (pipe2(toChild, O_CLOEXEC) != 0) return nullptr;
  if (pipe2(fromChild, O_CLOEXEC) != 0) {
    close(toChild[0]);
    close(toChild[1]);
    return nullptr;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, toChild[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, fromChild[1], STDOUT_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  const char *argv[] = {"addr2line", "-f", "-C", "-e", module.c_str(), nullptr};
  pid_t pid = -1;
  int rc =
      posix_spawnp(&pid, "addr2line", &actions, nullptr, const_cast<char *const *>(argv), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(toChild[0]);
  close(fromChild[1]);
  if (rc != 0) {
    close(toChild[1]);
    close(fromChild[0]);
    return nullptr;
  }
  c.pid = pid;
  c.requests = fdopen(toChild[1], "w");
  c.answers = fdopen(fromChild[0], "r");
  if (!c.requests || !c.answers) {
    stop(c);
    return nullptr;
  }
  return &c;
}

bool Symbolizer::lookup(const std::string &module, uintptr_t address, std::string &function,
                        std::string &place) {
  Coprocess *c = coprocess(module);
  if (!c) return false;
  char functionLine[kFunctionBytes] = {0}, placeLine[kPlaceBytes] = {0};
  {
    PipeSignalHeld held;
    if (std::fprintf(c->requests, "0x%lx\n", static_cast<unsigned long>(address)) < 0 ||
        std::fflush(c->requests) != 0) {
      stop(*c);
      return false;
    }
  }
  if (!std::fgets(functionLine, sizeof functionLine, c->answers) ||
      !std::fgets(placeLine, sizeof placeLine, c->answers)) {
    stop(*c);
    return false;
  }
  function = chomp(functionLine);
  place = chomp(placeLine);
  return true;
}

} // namespace rmarace::rt
