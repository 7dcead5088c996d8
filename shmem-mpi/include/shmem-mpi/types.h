/* OpenSHMEM 1.5 types, handles, constants and the type tables of the typed routines
 * (OpenSHMEM 1.5 sections 9.1, 9.4 and the tables of 9.5, 9.6, 9.8, 9.9, 9.10). Values the
 * specification leaves open follow Sandia OpenSHMEM 1.5 so that tools see the common ABI. */
#ifndef SHMEM_MPI_TYPES_H
#define SHMEM_MPI_TYPES_H

#include <stddef.h>
#include <stdint.h>

#define SHMEM_MAJOR_VERSION 1
#define SHMEM_MINOR_VERSION 5
#define SHMEM_MAX_NAME_LEN 256
#define SHMEM_VENDOR_STRING "shmem-mpi: OpenSHMEM 1.5 over MPI-3 RMA"

/* Thread levels (9.2). */
#define SHMEM_THREAD_SINGLE 0
#define SHMEM_THREAD_FUNNELED 1
#define SHMEM_THREAD_SERIALIZED 2
#define SHMEM_THREAD_MULTIPLE 3

/* Comparison operators of the point-to-point synchronisation routines (9.10). */
#define SHMEM_CMP_EQ 1
#define SHMEM_CMP_NE 2
#define SHMEM_CMP_GT 3
#define SHMEM_CMP_GE 4
#define SHMEM_CMP_LT 5
#define SHMEM_CMP_LE 6

/* Signal operators (9.7.3). */
#define SHMEM_SIGNAL_SET 0
#define SHMEM_SIGNAL_ADD 1

/* Context options (9.4.1). */
#define SHMEM_CTX_SERIALIZED (1L << 0)
#define SHMEM_CTX_PRIVATE (1L << 1)
#define SHMEM_CTX_NOSTORE (1L << 2)

/* Team configuration mask bits (9.4.3). */
#define SHMEM_TEAM_NUM_CONTEXTS (1L << 0)

/* Memory allocation hints (9.3.3). */
#define SHMEM_MALLOC_ATOMICS_REMOTE (1L << 0)
#define SHMEM_MALLOC_SIGNAL_REMOTE (1L << 1)

/* Deprecated active-set collective constants (9.9, deprecated in 1.5). */
#define SHMEM_SYNC_VALUE 0L
#define SHMEM_SYNC_SIZE 4
#define SHMEM_BCAST_SYNC_SIZE SHMEM_SYNC_SIZE
#define SHMEM_BARRIER_SYNC_SIZE SHMEM_SYNC_SIZE
#define SHMEM_REDUCE_SYNC_SIZE SHMEM_SYNC_SIZE
#define SHMEM_COLLECT_SYNC_SIZE SHMEM_SYNC_SIZE
#define SHMEM_ALLTOALL_SYNC_SIZE SHMEM_SYNC_SIZE
#define SHMEM_ALLTOALLS_SYNC_SIZE SHMEM_SYNC_SIZE
#define SHMEM_REDUCE_MIN_WRKDATA_SIZE 1
#define _SHMEM_SYNC_VALUE SHMEM_SYNC_VALUE
#define _SHMEM_BCAST_SYNC_SIZE SHMEM_BCAST_SYNC_SIZE
#define _SHMEM_BARRIER_SYNC_SIZE SHMEM_BARRIER_SYNC_SIZE
#define _SHMEM_REDUCE_SYNC_SIZE SHMEM_REDUCE_SYNC_SIZE
#define _SHMEM_COLLECT_SYNC_SIZE SHMEM_COLLECT_SYNC_SIZE
#define _SHMEM_REDUCE_MIN_WRKDATA_SIZE SHMEM_REDUCE_MIN_WRKDATA_SIZE

#ifdef __cplusplus
extern "C" {
#endif

typedef struct shmem_impl_ctx_t {
  int dummy;
} *shmem_ctx_t;
typedef struct shmem_impl_team_t {
  int dummy;
} *shmem_team_t;
typedef struct {
  int num_contexts;
} shmem_team_config_t;

extern shmem_ctx_t SHMEM_CTX_DEFAULT;
extern shmem_team_t SHMEM_TEAM_WORLD;
extern shmem_team_t SHMEM_TEAM_SHARED;
#define SHMEM_CTX_INVALID ((shmem_ctx_t)0)
#define SHMEM_TEAM_INVALID ((shmem_team_t)0)

#ifdef __cplusplus
}
#endif

/* ---- Type tables: X(TYPE, TYPENAME) ------------------------------------------------------- */

/* Standard RMA types (Table 5 of 9.5). */
#define SHMEM_MPI_RMA_TYPES(X)                                                                     \
  X(float, float)                                                                                  \
  X(double, double)                                                                                \
  X(long double, longdouble)                                                                       \
  X(char, char)                                                                                    \
  X(signed char, schar)                                                                            \
  X(short, short)                                                                                  \
  X(int, int)                                                                                      \
  X(long, long)                                                                                    \
  X(long long, longlong)                                                                           \
  X(unsigned char, uchar)                                                                          \
  X(unsigned short, ushort)                                                                        \
  X(unsigned int, uint)                                                                            \
  X(unsigned long, ulong)                                                                          \
  X(unsigned long long, ulonglong)                                                                 \
  X(int8_t, int8)                                                                                  \
  X(int16_t, int16)                                                                                \
  X(int32_t, int32)                                                                                \
  X(int64_t, int64)                                                                                \
  X(uint8_t, uint8)                                                                                \
  X(uint16_t, uint16)                                                                              \
  X(uint32_t, uint32)                                                                              \
  X(uint64_t, uint64)                                                                              \
  X(size_t, size)                                                                                  \
  X(ptrdiff_t, ptrdiff)

/* Standard AMO types (Table 6 of 9.8): also the types of the point-to-point synchronisation
 * routines (9.10). */
#define SHMEM_MPI_AMO_STANDARD_TYPES(X)                                                            \
  X(int, int)                                                                                      \
  X(long, long)                                                                                    \
  X(long long, longlong)                                                                           \
  X(unsigned int, uint)                                                                            \
  X(unsigned long, ulong)                                                                          \
  X(unsigned long long, ulonglong)                                                                 \
  X(int32_t, int32)                                                                                \
  X(int64_t, int64)                                                                                \
  X(uint32_t, uint32)                                                                              \
  X(uint64_t, uint64)                                                                              \
  X(size_t, size)                                                                                  \
  X(ptrdiff_t, ptrdiff)

/* Extended AMO types: the standard ones plus float and double (fetch, set, swap). */
#define SHMEM_MPI_AMO_EXTENDED_TYPES(X)                                                            \
  SHMEM_MPI_AMO_STANDARD_TYPES(X)                                                                  \
  X(float, float)                                                                                  \
  X(double, double)

/* Bitwise AMO types (Table 7 of 9.8). */
#define SHMEM_MPI_AMO_BITWISE_TYPES(X)                                                             \
  X(unsigned int, uint)                                                                            \
  X(unsigned long, ulong)                                                                          \
  X(unsigned long long, ulonglong)                                                                 \
  X(int32_t, int32)                                                                                \
  X(int64_t, int64)                                                                                \
  X(uint32_t, uint32)                                                                              \
  X(uint64_t, uint64)

/* Deprecated short and unsigned short variants of the point-to-point synchronisation routines. */
#define SHMEM_MPI_SYNC_DEPRECATED_TYPES(X)                                                         \
  X(short, short)                                                                                  \
  X(unsigned short, ushort)

/* Sizes of the sized RMA routines (shmem_putSIZE, ...): X(SIZE in bits). */
#define SHMEM_MPI_SIZES(X) X(8) X(16) X(32) X(64) X(128)

/* Team reductions (Table 10 of 9.9.7): AND, OR, XOR types. */
#define SHMEM_MPI_REDUCE_BITWISE_TYPES(X)                                                          \
  X(unsigned char, uchar)                                                                          \
  X(unsigned short, ushort)                                                                        \
  X(unsigned int, uint)                                                                            \
  X(unsigned long, ulong)                                                                          \
  X(unsigned long long, ulonglong)                                                                 \
  X(int8_t, int8)                                                                                  \
  X(int16_t, int16)                                                                                \
  X(int32_t, int32)                                                                                \
  X(int64_t, int64)                                                                                \
  X(uint8_t, uint8)                                                                                \
  X(uint16_t, uint16)                                                                              \
  X(uint32_t, uint32)                                                                              \
  X(uint64_t, uint64)                                                                              \
  X(size_t, size)

/* MAX and MIN types: the bitwise ones plus signed and floating types. */
#define SHMEM_MPI_REDUCE_MINMAX_TYPES(X)                                                           \
  SHMEM_MPI_REDUCE_BITWISE_TYPES(X)                                                                \
  X(char, char)                                                                                    \
  X(signed char, schar)                                                                            \
  X(short, short)                                                                                  \
  X(int, int)                                                                                      \
  X(long, long)                                                                                    \
  X(long long, longlong)                                                                           \
  X(ptrdiff_t, ptrdiff)                                                                            \
  X(float, float)                                                                                  \
  X(double, double)                                                                                \
  X(long double, longdouble)

/* SUM and PROD types: the MAX/MIN ones plus the complex types. */
#define SHMEM_MPI_REDUCE_ARITH_TYPES(X)                                                            \
  SHMEM_MPI_REDUCE_MINMAX_TYPES(X)                                                                 \
  X(double _Complex, complexd)                                                                     \
  X(float _Complex, complexf)

/* Deprecated active-set reductions (shmem_TYPENAME_OP_to_all). */
#define SHMEM_MPI_TO_ALL_BITWISE_TYPES(X)                                                          \
  X(short, short)                                                                                  \
  X(int, int)                                                                                      \
  X(long, long)                                                                                    \
  X(long long, longlong)
#define SHMEM_MPI_TO_ALL_MINMAX_TYPES(X)                                                           \
  SHMEM_MPI_TO_ALL_BITWISE_TYPES(X)                                                                \
  X(float, float)                                                                                  \
  X(double, double)                                                                                \
  X(long double, longdouble)
#define SHMEM_MPI_TO_ALL_ARITH_TYPES(X)                                                            \
  SHMEM_MPI_TO_ALL_MINMAX_TYPES(X)                                                                 \
  X(double _Complex, complexd)                                                                     \
  X(float _Complex, complexf)

#endif /* SHMEM_MPI_TYPES_H */
