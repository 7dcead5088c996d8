/* GASPI scalar types and the typed constants, with the widths of GPI-2 v1.6.0 (gaspi-mpi: GASPI
 * over MPI-3 RMA). Programs include GASPI.h, which includes this header. */
#ifndef GASPI_TYPES_H
#define GASPI_TYPES_H

#ifdef __cplusplus
extern "C" {
#endif

typedef char gaspi_char;
typedef unsigned char gaspi_uchar;
typedef short gaspi_short;
typedef unsigned short gaspi_ushort;
typedef int gaspi_int;
typedef unsigned int gaspi_uint;
typedef long gaspi_long;
typedef unsigned long gaspi_ulong;
typedef float gaspi_float;
typedef double gaspi_double;

typedef unsigned long gaspi_timeout_t; /* milliseconds */
typedef unsigned short gaspi_rank_t;
typedef unsigned char gaspi_group_t;
typedef unsigned int gaspi_number_t;
typedef void *gaspi_pointer_t;
typedef void *gaspi_reduce_state_t;
typedef unsigned char gaspi_queue_id_t;
typedef unsigned long gaspi_size_t; /* bytes */
typedef unsigned char gaspi_segment_id_t;
typedef unsigned long gaspi_offset_t; /* bytes from the start of a segment */
typedef unsigned long gaspi_atomic_value_t;
typedef float gaspi_time_t; /* milliseconds */
typedef unsigned long gaspi_cycles_t;
/* unsigned short up to GPI-2 v1.5.1; unsigned int from v1.6.0 (the binary ABI used here). */
typedef unsigned int gaspi_notification_id_t;
typedef unsigned int gaspi_notification_t; /* 0 = not set */
typedef unsigned int gaspi_statistic_counter_t;
typedef char *gaspi_string_t;
typedef int gaspi_memory_description_t;

/* GPI-2 declares these as static objects, not macros: each translation unit has its own copy and
 * they cannot appear in #if. */
#if defined(__GNUC__)
#define GASPI_MPI_UNUSED_CONST __attribute__((unused))
#else
#define GASPI_MPI_UNUSED_CONST
#endif
static const gaspi_group_t GASPI_GROUP_ALL GASPI_MPI_UNUSED_CONST = 0;
static const gaspi_timeout_t GASPI_BLOCK GASPI_MPI_UNUSED_CONST = 0xffffffffffffffffUL;
static const gaspi_timeout_t GASPI_TEST GASPI_MPI_UNUSED_CONST = 0x0UL;

#ifdef __cplusplus
}
#endif

#endif /* GASPI_TYPES_H */
