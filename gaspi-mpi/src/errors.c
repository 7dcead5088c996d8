/* Error texts (gaspi_print_error, gaspi_error_str) and the debug messages of argument errors.
 * GPI-2's release library checks nothing and its debug library checks and prints; gaspi-mpi
 * always checks and prints only when GASPI_MPI_DEBUG=1. */
#include "internal.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MESSAGE_MAX = 512 };

static const char *const error_texts[] = {
    [GASPI_SUCCESS] = "Success",
    [GASPI_TIMEOUT] = "Timeout",
    [GASPI_ERR_EMFILE] = "Too many open files",
    [GASPI_ERR_ENV] = "Incorrect environment",
    [GASPI_ERR_SN_PORT] = "Service network port not available",
    [GASPI_ERR_CONFIG] = "Invalid configuration",
    [GASPI_ERR_NOINIT] = "GASPI not initialized",
    [GASPI_ERR_INITED] = "GASPI already initialized",
    [GASPI_ERR_NULLPTR] = "NULL pointer",
    [GASPI_ERR_INV_SEGSIZE] = "Invalid segment size",
    [GASPI_ERR_INV_SEG] = "Invalid segment",
    [GASPI_ERR_INV_GROUP] = "Invalid group",
    [GASPI_ERR_INV_RANK] = "Invalid rank",
    [GASPI_ERR_INV_QUEUE] = "Invalid queue",
    [GASPI_ERR_INV_LOC_OFF] = "Invalid local offset",
    [GASPI_ERR_INV_REM_OFF] = "Invalid remote offset",
    [GASPI_ERR_INV_COMMSIZE] = "Invalid size for communication",
    [GASPI_ERR_INV_NOTIF_VAL] = "Invalid notification value (must be > 0)",
    [GASPI_ERR_INV_NOTIF_ID] = "Invalid notification id",
    [GASPI_ERR_INV_NUM] = "Invalid number",
    [GASPI_ERR_INV_SIZE] = "Invalid size",
    [GASPI_ERR_MANY_SEG] = "Too many segments",
    [GASPI_ERR_MANY_GRP] = "Too many groups",
    [GASPI_QUEUE_FULL] = "Queue is full",
    [GASPI_ERR_UNALIGN_OFF] = "Unaligned offset (must be 8-byte aligned)",
    [GASPI_ERR_ACTIVE_COLL] = "Another collective is active",
    [GASPI_ERR_DEVICE] = "Device error",
    [GASPI_ERR_SN] = "Service network error",
    [GASPI_ERR_MEMALLOC] = "Memory allocation failed",
};
static const char general_error[] = "General error";
static const char unknown_error[] = "Unknown error";

const char *gaspii_error_text(gaspi_return_t code) {
  if (code == GASPI_ERROR) return general_error;
  if (code < 0 || (size_t)code >= sizeof error_texts / sizeof error_texts[0]) return unknown_error;
  return error_texts[code] ? error_texts[code] : unknown_error;
}

static int debug_enabled;
static pthread_once_t debug_once = PTHREAD_ONCE_INIT;

static void read_debug_setting(void) {
  const char *value = getenv("GASPI_MPI_DEBUG");
  debug_enabled = value && strcmp(value, "1") == 0;
}

int gaspii_debug(void) {
  pthread_once(&debug_once, read_debug_setting);
  return debug_enabled;
}

gaspi_return_t gaspii_error(const char *routine, gaspi_return_t code, const char *format, ...) {
  if (!gaspii_debug()) return code;
  char message[MESSAGE_MAX];
  va_list args;
  va_start(args, format);
  vsnprintf(message, sizeof message, format, args);
  va_end(args);
  if (gaspii_state.initialized)
    fprintf(stderr, "[Rank %4u]: Error %d (%s) in %s: %s\n", (unsigned)gaspii_state.rank, (int)code,
            gaspii_error_text(code), routine, message);
  else
    fprintf(stderr, "[Rank    ?]: Error %d (%s) in %s: %s\n", (int)code, gaspii_error_text(code),
            routine, message);
  return code;
}

#pragma weak gaspi_print_error = pgaspi_print_error
gaspi_return_t pgaspi_print_error(gaspi_return_t error_code, gaspi_string_t *error_message) {
  if (!error_message)
    return gaspii_error("gaspi_print_error", GASPI_ERR_NULLPTR, "error_message is NULL");
  const char *text = gaspii_error_text(error_code);
  size_t length = strlen(text) + 1;
  *error_message = malloc(length);
  if (!*error_message) return GASPI_ERR_MEMALLOC;
  memcpy(*error_message, text, length);
  return GASPI_SUCCESS;
}

#pragma weak gaspi_error_str = pgaspi_error_str
gaspi_string_t pgaspi_error_str(gaspi_return_t error_code) {
  /* The texts are constant; gaspi_string_t is char * for GPI-2 compatibility. */
  return (gaspi_string_t)(uintptr_t)gaspii_error_text(error_code);
}
