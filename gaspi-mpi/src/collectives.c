/* Collectives on committed groups: gaspi_barrier (MPI_Ibarrier), gaspi_allreduce
 * (MPI_Iallreduce) and gaspi_allreduce_user (MPI_Iallgather of every member's operands, then a
 * fold with the user's operation in group rank order, so every member computes the same result).
 * The operands are copied into buffers of the group and the MPI request stays in the group: a
 * call that returns GASPI_TIMEOUT is finished by the next call of the same kind. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

#pragma weak gaspi_barrier = pgaspi_barrier
gaspi_return_t pgaspi_barrier(const gaspi_group_t group, const gaspi_timeout_t timeout_ms) {
  static const char routine[] = "gaspi_barrier";
  GASPII_TRY(gaspii_enter(routine));
  struct gaspii_group *members = NULL;
  GASPII_TRY(gaspii_member_group(routine, group, &members));
  gaspii_lock();
  if (members->barrier == MPI_REQUEST_NULL) MPI_Ibarrier(members->comm, &members->barrier);
  gaspii_unlock();
  return gaspii_wait_request(&members->barrier, timeout_ms);
}

static const size_t datatype_sizes[] = {
    [GASPI_TYPE_INT] = sizeof(int),     [GASPI_TYPE_UINT] = sizeof(unsigned int),
    [GASPI_TYPE_FLOAT] = sizeof(float), [GASPI_TYPE_DOUBLE] = sizeof(double),
    [GASPI_TYPE_LONG] = sizeof(long),   [GASPI_TYPE_ULONG] = sizeof(unsigned long),
};

/* Open MPI's predefined handles are not constant expressions: looked up at run time. */
static MPI_Datatype mpi_datatype(gaspi_datatype_t datatype) {
  switch (datatype) {
  case GASPI_TYPE_INT:
    return MPI_INT;
  case GASPI_TYPE_UINT:
    return MPI_UNSIGNED;
  case GASPI_TYPE_FLOAT:
    return MPI_FLOAT;
  case GASPI_TYPE_DOUBLE:
    return MPI_DOUBLE;
  case GASPI_TYPE_LONG:
    return MPI_LONG;
  case GASPI_TYPE_ULONG:
    return MPI_UNSIGNED_LONG;
  }
  return MPI_DATATYPE_NULL;
}

static MPI_Op mpi_operation(gaspi_operation_t operation) {
  switch (operation) {
  case GASPI_OP_MIN:
    return MPI_MIN;
  case GASPI_OP_MAX:
    return MPI_MAX;
  case GASPI_OP_SUM:
    return MPI_SUM;
  }
  return MPI_OP_NULL;
}

/* Grows the group's two reduction buffers to `bytes` each; call with the lock held. */
static gaspi_return_t reserve(const char *routine, struct gaspii_group *group, gaspi_size_t bytes) {
  if (group->reduce_capacity >= bytes) return GASPI_SUCCESS;
  void *send = realloc(group->reduce_send, bytes);
  if (send) group->reduce_send = send;
  void *result = send ? realloc(group->reduce_result, bytes) : NULL;
  if (result) group->reduce_result = result;
  if (!send || !result)
    return gaspii_error(routine, GASPI_ERR_MEMALLOC, "no memory for %lu bytes", bytes);
  group->reduce_capacity = bytes;
  return GASPI_SUCCESS;
}

/* GASPI_SUCCESS: start a new reduction of `kind`; GASPI_TIMEOUT: one of this kind is pending,
 * continue waiting for it; GASPI_ERR_ACTIVE_COLL: one of the other kind is pending. Call with the
 * lock held. */
static gaspi_return_t begin_reduce(const char *routine, struct gaspii_group *group,
                                   enum gaspii_collective_kind kind) {
  if (group->reduce == MPI_REQUEST_NULL) return GASPI_SUCCESS;
  if (group->reduce_kind != kind)
    return gaspii_error(routine, GASPI_ERR_ACTIVE_COLL,
                        "another kind of allreduce timed out on this group and is not finished");
  return GASPI_TIMEOUT; /* pending: continue waiting */
}

#pragma weak gaspi_allreduce = pgaspi_allreduce
gaspi_return_t pgaspi_allreduce(const gaspi_pointer_t buffer_send,
                                gaspi_pointer_t const buffer_receive, const gaspi_number_t num,
                                const gaspi_operation_t operation, const gaspi_datatype_t datatype,
                                const gaspi_group_t group, const gaspi_timeout_t timeout_ms) {
  static const char routine[] = "gaspi_allreduce";
  GASPII_TRY(gaspii_enter(routine));
  GASPII_TRY(gaspii_check_pointer(routine, buffer_send, "buffer_send"));
  GASPII_TRY(gaspii_check_pointer(routine, buffer_receive, "buffer_receive"));
  if (num == 0 || num > gaspii_state.config.allreduce_elem_max)
    return gaspii_error(routine, GASPI_ERR_INV_NUM, "num %u not in [1, allreduce_elem_max %u]", num,
                        gaspii_state.config.allreduce_elem_max);
  if (mpi_operation(operation) == MPI_OP_NULL)
    return gaspii_error(routine, GASPI_ERROR, "unknown operation %d", (int)operation);
  if (mpi_datatype(datatype) == MPI_DATATYPE_NULL)
    return gaspii_error(routine, GASPI_ERROR, "unknown datatype %d", (int)datatype);
  struct gaspii_group *members = NULL;
  GASPII_TRY(gaspii_member_group(routine, group, &members));
  gaspii_lock();
  gaspi_return_t result = begin_reduce(routine, members, GASPII_COLL_ALLREDUCE);
  if (result == GASPI_SUCCESS) {
    gaspi_size_t bytes = (gaspi_size_t)num * datatype_sizes[datatype];
    result = reserve(routine, members, bytes);
    if (result == GASPI_SUCCESS) {
      memcpy(members->reduce_send, buffer_send, bytes);
      MPI_Iallreduce(members->reduce_send, members->reduce_result, (int)num, mpi_datatype(datatype),
                     mpi_operation(operation), members->comm, &members->reduce);
      members->reduce_kind = GASPII_COLL_ALLREDUCE;
      members->reduce_length = bytes;
    }
  }
  gaspii_unlock();
  if (result != GASPI_SUCCESS && result != GASPI_TIMEOUT) return result;
  GASPII_TRY(gaspii_wait_request(&members->reduce, timeout_ms));
  memcpy(buffer_receive, members->reduce_result, members->reduce_length);
  members->reduce_kind = GASPII_COLL_NONE;
  return GASPI_SUCCESS;
}

/* Folds the gathered operands of all members in group rank order into `result`. */
static gaspi_return_t fold(const char *gathered, gaspi_number_t members, gaspi_pointer_t result,
                           gaspi_number_t num, gaspi_size_t element_size,
                           gaspi_reduce_operation_t operation, gaspi_reduce_state_t state,
                           gaspi_timeout_t timeout_ms) {
  gaspi_size_t bytes = (gaspi_size_t)num * element_size;
  char accumulated[GASPII_ALLREDUCE_BUF_SIZE];
  char combined[GASPII_ALLREDUCE_BUF_SIZE];
  char operand[GASPII_ALLREDUCE_BUF_SIZE];
  memcpy(accumulated, gathered, bytes);
  for (gaspi_number_t m = 1; m < members; ++m) {
    memcpy(operand, gathered + m * bytes, bytes);
    GASPII_TRY(operation(accumulated, operand, combined, state, num, element_size, timeout_ms));
    memcpy(accumulated, combined, bytes);
  }
  memcpy(result, accumulated, bytes);
  return GASPI_SUCCESS;
}

#pragma weak gaspi_allreduce_user = pgaspi_allreduce_user
gaspi_return_t pgaspi_allreduce_user(const gaspi_pointer_t buffer_send,
                                     gaspi_pointer_t const buffer_receive, const gaspi_number_t num,
                                     const gaspi_size_t element_size,
                                     gaspi_reduce_operation_t const reduce_operation,
                                     gaspi_reduce_state_t const reduce_state,
                                     const gaspi_group_t group, const gaspi_timeout_t timeout_ms) {
  static const char routine[] = "gaspi_allreduce_user";
  GASPII_TRY(gaspii_enter(routine));
  GASPII_TRY(gaspii_check_pointer(routine, buffer_send, "buffer_send"));
  GASPII_TRY(gaspii_check_pointer(routine, buffer_receive, "buffer_receive"));
  GASPII_TRY(
      gaspii_check_pointer(routine, (const void *)(uintptr_t)reduce_operation, "reduce_operation"));
  gaspi_size_t limit = gaspii_state.config.allreduce_buf_size;
  if (num == 0 || element_size == 0 || element_size > limit || num > limit / element_size)
    return gaspii_error(routine, GASPI_ERR_INV_SIZE,
                        "num %u x element_size %lu not in [1, allreduce_buf_size %lu]", num,
                        element_size, limit);
  struct gaspii_group *members = NULL;
  GASPII_TRY(gaspii_member_group(routine, group, &members));
  gaspi_size_t bytes = (gaspi_size_t)num * element_size;
  gaspii_lock();
  gaspi_return_t result = begin_reduce(routine, members, GASPII_COLL_ALLREDUCE_USER);
  if (result == GASPI_SUCCESS) {
    result = reserve(routine, members, bytes * members->size);
    if (result == GASPI_SUCCESS) {
      memcpy(members->reduce_send, buffer_send, bytes);
      MPI_Iallgather(members->reduce_send, (int)bytes, MPI_BYTE, members->reduce_result, (int)bytes,
                     MPI_BYTE, members->comm, &members->reduce);
      members->reduce_kind = GASPII_COLL_ALLREDUCE_USER;
      members->reduce_length = bytes;
    }
  }
  gaspii_unlock();
  if (result != GASPI_SUCCESS && result != GASPI_TIMEOUT) return result;
  GASPII_TRY(gaspii_wait_request(&members->reduce, timeout_ms));
  members->reduce_kind = GASPII_COLL_NONE;
  return fold(members->reduce_result, members->size, buffer_receive, num, element_size,
              reduce_operation, reduce_state, timeout_ms);
}
