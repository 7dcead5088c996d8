/* Output and placement helpers of GASPI_Ext.h: gaspi_printf(_to), the CPU affinity mask, the
 * NUMA socket (the physical package of a CPU, from sysfs) and binding to a socket. */
#define _GNU_SOURCE
#include "internal.h"

#include <sched.h>
#include <stdarg.h>
#include <stdio.h>

enum { LINE_MAX_BYTES = 1024, PATH_BYTES = 128, NO_SOCKET = -1 };

/* "[rank] text" on stdout; before init without a rank. */
static void print_line(const char *fmt, va_list args) {
  char text[LINE_MAX_BYTES];
  vsnprintf(text, sizeof text, fmt, args);
  if (gaspii_state.initialized)
    printf("[%u] %s", (unsigned)gaspii_state.rank, text);
  else
    printf("%s", text);
  fflush(stdout);
}

#pragma weak gaspi_printf = pgaspi_printf
void pgaspi_printf(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  print_line(fmt, args);
  va_end(args);
}

/* Only rank `rank` prints. */
#pragma weak gaspi_printf_to = pgaspi_printf_to
void pgaspi_printf_to(gaspi_rank_t rank, const char *fmt, ...) {
  if (!gaspii_state.initialized || gaspii_state.rank != rank) return;
  va_list args;
  va_start(args, fmt);
  print_line(fmt, args);
  va_end(args);
}

/* No pgaspi_ version in GPI-2. */
void gaspi_print_affinity_mask(void) {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) return;
  char mask[CPU_SETSIZE + 1];
  int last = 0;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(cpu, &set)) last = cpu;
  for (int cpu = 0; cpu <= last; ++cpu) mask[cpu] = CPU_ISSET(cpu, &set) ? '1' : '0';
  mask[last + 1] = '\0';
  if (gaspii_state.initialized)
    printf("%u: affinity mask (cpu 0 first): %s\n", (unsigned)gaspii_state.rank, mask);
  else
    printf("affinity mask (cpu 0 first): %s\n", mask);
  fflush(stdout);
}

/* Physical package of `cpu`, NO_SOCKET when sysfs does not say. */
static int socket_of(int cpu) {
  char path[PATH_BYTES];
  snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/topology/physical_package_id", cpu);
  FILE *file = fopen(path, "r");
  if (!file) return NO_SOCKET;
  int socket = NO_SOCKET;
  if (fscanf(file, "%d", &socket) != 1) socket = NO_SOCKET;
  fclose(file);
  return socket;
}

#pragma weak gaspi_numa_socket = pgaspi_numa_socket
gaspi_return_t pgaspi_numa_socket(gaspi_uchar *const socket) {
  static const char routine[] = "gaspi_numa_socket";
  GASPII_TRY(gaspii_check_pointer(routine, socket, "socket"));
  int cpu = sched_getcpu();
  int found = cpu < 0 ? NO_SOCKET : socket_of(cpu);
  if (found < 0) return gaspii_error(routine, GASPI_ERROR, "the socket of cpu %d is unknown", cpu);
  *socket = (gaspi_uchar)found;
  return GASPI_SUCCESS;
}

/* Binds the process to every CPU of package `socket`. */
#pragma weak gaspi_set_socket_affinity = pgaspi_set_socket_affinity
gaspi_return_t pgaspi_set_socket_affinity(const gaspi_uchar socket) {
  static const char routine[] = "gaspi_set_socket_affinity";
  cpu_set_t set;
  CPU_ZERO(&set);
  int count = 0;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
    int package = socket_of(cpu);
    if (package == NO_SOCKET && cpu > 0) break; /* CPUs are numbered densely */
    if (package == socket) {
      CPU_SET(cpu, &set);
      ++count;
    }
  }
  if (count == 0) return gaspii_error(routine, GASPI_ERROR, "no CPU on socket %u", socket);
  if (sched_setaffinity(0, sizeof set, &set) != 0)
    return gaspii_error(routine, GASPI_ERROR, "sched_setaffinity failed");
  return GASPI_SUCCESS;
}
