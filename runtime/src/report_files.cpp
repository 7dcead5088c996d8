// The command is found relative to this library (lib/../bin/rmarace-report in the build tree,
// lib/rmarace/../../bin/rmarace-report in an install prefix) and started with an argument vector,
// never through a shell.
#include "report_files.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <dlfcn.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char **environ;

namespace rmarace::rt {

namespace {

// Where rmarace-report lies relative to this library's directory: the build tree, an install.
constexpr const char *kReportCommandPaths[] = {"/../bin/rmarace-report",
                                               "/../../bin/rmarace-report"};

std::string reportCommand() {
  Dl_info info{};
  if (!dladdr(reinterpret_cast<const void *>(&writeReportFiles), &info) || !info.dli_fname)
    return {};
  std::string library = info.dli_fname;
  std::size_t slash = library.rfind('/');
  std::string dir = slash == std::string::npos ? std::string(".") : library.substr(0, slash);
  for (const char *relative : kReportCommandPaths) {
    std::string command = dir + relative;
    if (access(command.c_str(), X_OK) == 0) return command;
  }
  return dir + kReportCommandPaths[0]; // named in the warning when it is missing
}

// The environment without LD_PRELOAD: the command must not load the runtime again.
std::vector<char *> childEnvironment() {
  std::vector<char *> env;
  for (char **e = environ; e && *e; ++e) {
    if (std::strncmp(*e, "LD_PRELOAD=", std::strlen("LD_PRELOAD=")) != 0) env.push_back(*e);
  }
  env.push_back(nullptr);
  return env;
}

// Runs the command and waits for it; returns what went wrong, empty when it succeeded.
std::string runReport(const std::string &command, const char *format, const std::string &output,
                      const std::string &logPath, uint64_t logStart) {
  std::string args[] = {command,
                        std::string("--format=") + format,
                        "--output=" + output,
                        "--from-byte=" + std::to_string(logStart),
                        "--",
                        logPath};
  std::vector<char *> argv;
  for (std::string &arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  std::vector<char *> env = childEnvironment();
  pid_t pid;
  int error = posix_spawn(&pid, command.c_str(), nullptr, nullptr, argv.data(), env.data());
  if (error) return "cannot run " + command + ": " + std::strerror(error);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR)
      return std::string("waiting for rmarace-report failed: ") + std::strerror(errno);
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return {};
  if (WIFEXITED(status))
    return "rmarace-report exited with code " + std::to_string(WEXITSTATUS(status));
  return "rmarace-report was killed by signal " + std::to_string(WTERMSIG(status));
}

} // namespace

uint64_t logSize(const std::string &logPath) {
  struct stat st {};
  return ::stat(logPath.c_str(), &st) == 0 ? static_cast<uint64_t>(st.st_size) : 0;
}

void writeReportFiles(const Options &options, const std::string &logPath, uint64_t logStart) {
  const struct {
    const char *format;
    const std::string &path;
  } reports[] = {{"html", options.reportHtml}, {"sarif", options.reportSarif}};
  std::string command;
  for (const auto &report : reports) {
    if (report.path.empty()) continue;
    if (command.empty()) command = reportCommand();
    std::string error = command.empty()
                            ? "cannot locate the runtime library to find rmarace-report"
                            : runReport(command, report.format, report.path, logPath, logStart);
    if (!error.empty()) {
      std::fprintf(stderr, "rmarace: warning: the %s report %s was not written: %s\n",
                   report.format, report.path.c_str(), error.c_str());
    }
  }
}

} // namespace rmarace::rt
