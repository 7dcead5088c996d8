/* Time: gaspi_time_get (milliseconds since gaspi_proc_init), gaspi_time_ticks (the CPU's time
 * stamp counter on x86-64, nanoseconds elsewhere), gaspi_cpu_frequency (ticks per microsecond,
 * measured once, so that ticks / frequency gives microseconds) and gaspi_delay (a spin-wait
 * hint). */
#define _POSIX_C_SOURCE 200809L
#include "internal.h"

#include <time.h>

static const double CALIBRATION_MS = 10.0;
static const double NS_PER_US = 1e3;
static const double NS_PER_MS = 1e6;

static double start_ms; /* gaspi_now at gaspi_proc_init */

void gaspii_time_init(void) {
  start_ms = gaspii_now_ms();
}

static gaspi_cycles_t ticks(void) {
#if defined(__x86_64__) || defined(__i386__)
  return (gaspi_cycles_t)__builtin_ia32_rdtsc();
#else
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (gaspi_cycles_t)now.tv_sec * 1000000000UL + (gaspi_cycles_t)now.tv_nsec;
#endif
}

#pragma weak gaspi_time_ticks = pgaspi_time_ticks
gaspi_return_t pgaspi_time_ticks(gaspi_cycles_t *const ticks_out) {
  GASPII_TRY(gaspii_check_pointer("gaspi_time_ticks", ticks_out, "ticks"));
  *ticks_out = ticks();
  return GASPI_SUCCESS;
}

#pragma weak gaspi_time_get = pgaspi_time_get
gaspi_return_t pgaspi_time_get(gaspi_time_t *const wtime) {
  GASPII_TRY(gaspii_check_pointer("gaspi_time_get", wtime, "wtime"));
  *wtime = (gaspi_time_t)(gaspii_now_ms() - start_ms);
  return GASPI_SUCCESS;
}

/* Ticks per microsecond over a short busy interval. */
static float measure_frequency(void) {
  struct timespec begin;
  struct timespec end;
  clock_gettime(CLOCK_MONOTONIC, &begin);
  gaspi_cycles_t first = ticks();
  double elapsed_ns = 0;
  do {
    clock_gettime(CLOCK_MONOTONIC, &end);
    elapsed_ns = (double)(end.tv_sec - begin.tv_sec) * 1e9 + (double)(end.tv_nsec - begin.tv_nsec);
  } while (elapsed_ns < CALIBRATION_MS * NS_PER_MS);
  gaspi_cycles_t last = ticks();
  return (float)((double)(last - first) / (elapsed_ns / NS_PER_US));
}

#pragma weak gaspi_cpu_frequency = pgaspi_cpu_frequency
gaspi_return_t pgaspi_cpu_frequency(gaspi_float *const cpu_mhz) {
  GASPII_TRY(gaspii_check_pointer("gaspi_cpu_frequency", cpu_mhz, "cpu_mhz"));
  static float measured; /* 0 until measured; threads that race measure the same */
  float mhz = 0.0f;
  __atomic_load(&measured, &mhz, __ATOMIC_RELAXED);
  if (mhz == 0.0f) {
    mhz = measure_frequency();
    __atomic_store(&measured, &mhz, __ATOMIC_RELAXED);
  }
  *cpu_mhz = mhz;
  return GASPI_SUCCESS;
}

void gaspii_cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#else
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
}

/* No pgaspi_ version in GPI-2. */
void gaspi_delay(void) {
  gaspii_cpu_relax();
}
