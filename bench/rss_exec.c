/* rss_exec OUTFILE PROGRAM [ARGS...]
 *
 * Runs PROGRAM as a child, appends the child's peak resident set size (ru_maxrss, KiB) as one
 * line to OUTFILE and exits with the child's status. bench/run has mpirun start it on every rank,
 * so peak memory is measured the same way for every build without help from the application. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile pid_t child;

/* mpirun stops a failing job with signals to the processes it started: pass them on. */
static void forward(int sig) {
  kill(child, sig);
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s OUTFILE PROGRAM [ARGS...]\n", argv[0]);
    return 2;
  }
  child = fork();
  if (child < 0) {
    perror("rss_exec: fork");
    return 127;
  }
  if (child == 0) {
    execvp(argv[2], argv + 2);
    fprintf(stderr, "rss_exec: %s: %s\n", argv[2], strerror(errno));
    _exit(127);
  }
  struct sigaction sa = {.sa_handler = forward};
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGHUP, &sa, NULL);

  int status;
  struct rusage ru;
  while (wait4(child, &status, 0, &ru) < 0) {
    if (errno != EINTR) {
      perror("rss_exec: wait4");
      return 127;
    }
  }
  /* One short O_APPEND write per rank: lines of concurrent ranks do not interleave. */
  char line[32];
  int len = snprintf(line, sizeof line, "%ld\n", ru.ru_maxrss);
  int fd = open(argv[1], O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0 || write(fd, line, (size_t)len) != len) {
    fprintf(stderr, "rss_exec: %s: %s\n", argv[1], strerror(errno));
    return 127;
  }
  close(fd);
  return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
}
