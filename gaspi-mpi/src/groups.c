/* Groups. A group collects ranks locally (create, add); gaspi_group_commit, collective over the
 * members, sorts them and builds an MPI communicator with MPI_Comm_create_group on the library's
 * world communicator, so a group's rank order is ascending GASPI rank. GASPI_GROUP_ALL (group 0)
 * is built and committed by gaspi_proc_init. Committed groups cannot change. */
#include "internal.h"

#include <stdlib.h>

/* Tags of MPI_Comm_create_group: one per group id, so that different groups built at the same
 * time cannot be confused. */
enum { COMMIT_TAG_BASE = 1000 };

static void reset(struct gaspii_group *group) {
  group->in_use = 0;
  group->committed = 0;
  group->size = 0;
  group->comm = MPI_COMM_NULL;
  group->my_index = -1;
  group->barrier = MPI_REQUEST_NULL;
  group->reduce = MPI_REQUEST_NULL;
  group->reduce_kind = GASPII_COLL_NONE;
  group->reduce_send = NULL;
  group->reduce_result = NULL;
  group->reduce_capacity = 0;
  group->reduce_length = 0;
}

static void release(struct gaspii_group *group) {
  if (group->comm != MPI_COMM_NULL) MPI_Comm_free(&group->comm);
  free(group->ranks);
  free(group->reduce_send);
  free(group->reduce_result);
  group->ranks = NULL;
  reset(group);
}

void gaspii_groups_init(void) {
  gaspi_number_t max = gaspii_state.config.group_max;
  gaspii_state.groups = calloc(max, sizeof(struct gaspii_group));
  for (gaspi_number_t g = 0; g < max; ++g) reset(&gaspii_state.groups[g]);
  struct gaspii_group *all = &gaspii_state.groups[GASPI_GROUP_ALL];
  all->in_use = 1;
  all->ranks = calloc(gaspii_state.nprocs, sizeof(gaspi_rank_t));
  for (gaspi_rank_t r = 0; r < gaspii_state.nprocs; ++r) all->ranks[r] = r;
  all->size = gaspii_state.nprocs;
  MPI_Comm_dup(gaspii_state.world, &all->comm);
  all->my_index = gaspii_state.rank;
  all->committed = 1;
}

void gaspii_groups_finalize(void) {
  for (gaspi_number_t g = 0; g < gaspii_state.config.group_max; ++g)
    if (gaspii_state.groups[g].in_use) release(&gaspii_state.groups[g]);
  free(gaspii_state.groups);
  gaspii_state.groups = NULL;
}

/* The existing group `id`; call with the lock held. */
static gaspi_return_t existing(const char *routine, gaspi_group_t id, struct gaspii_group **group) {
  if (id >= gaspii_state.config.group_max || !gaspii_state.groups[id].in_use)
    return gaspii_error(routine, GASPI_ERR_INV_GROUP, "group %u does not exist", id);
  *group = &gaspii_state.groups[id];
  return GASPI_SUCCESS;
}

static int index_of(const struct gaspii_group *group, gaspi_rank_t rank) {
  for (gaspi_number_t i = 0; i < group->size; ++i)
    if (group->ranks[i] == rank) return (int)i;
  return -1;
}

gaspi_return_t gaspii_member_group(const char *routine, gaspi_group_t id,
                                   struct gaspii_group **found) {
  gaspii_lock();
  struct gaspii_group *group = NULL;
  gaspi_return_t result = existing(routine, id, &group);
  gaspii_unlock();
  if (result != GASPI_SUCCESS) return result;
  if (!group->committed)
    return gaspii_error(routine, GASPI_ERR_INV_GROUP, "group %u is not committed", id);
  if (group->my_index < 0)
    return gaspii_error(routine, GASPI_ERR_INV_GROUP, "rank %u is not a member of group %u",
                        gaspii_state.rank, id);
  *found = group;
  return GASPI_SUCCESS;
}

gaspi_return_t gaspii_group_sync(const char *routine, gaspi_group_t id) {
  struct gaspii_group *group = NULL;
  GASPII_TRY(gaspii_member_group(routine, id, &group));
  MPI_Request request;
  MPI_Ibarrier(group->comm, &request);
  return gaspii_wait_request(&request, GASPI_BLOCK);
}

#pragma weak gaspi_group_create = pgaspi_group_create
gaspi_return_t pgaspi_group_create(gaspi_group_t *const group) {
  static const char routine[] = "gaspi_group_create";
  GASPII_TRY(gaspii_enter(routine));
  GASPII_TRY(gaspii_check_pointer(routine, group, "group"));
  gaspi_return_t result = GASPI_ERR_MANY_GRP;
  gaspii_lock();
  for (gaspi_number_t g = 0; g < gaspii_state.config.group_max; ++g) {
    struct gaspii_group *candidate = &gaspii_state.groups[g];
    if (candidate->in_use) continue;
    candidate->ranks = calloc(gaspii_state.nprocs, sizeof(gaspi_rank_t));
    if (!candidate->ranks) {
      result = GASPI_ERR_MEMALLOC;
      break;
    }
    candidate->in_use = 1;
    *group = (gaspi_group_t)g;
    result = GASPI_SUCCESS;
    break;
  }
  gaspii_unlock();
  if (result != GASPI_SUCCESS)
    return gaspii_error(routine, result, "no free group among %u", gaspii_state.config.group_max);
  return result;
}

#pragma weak gaspi_group_add = pgaspi_group_add
gaspi_return_t pgaspi_group_add(const gaspi_group_t group, const gaspi_rank_t rank) {
  static const char routine[] = "gaspi_group_add";
  GASPII_TRY(gaspii_enter(routine));
  GASPII_TRY(gaspii_check_rank(routine, rank));
  gaspii_lock();
  struct gaspii_group *found = NULL;
  gaspi_return_t result = existing(routine, group, &found);
  if (result == GASPI_SUCCESS && found->committed)
    result = gaspii_error(routine, GASPI_ERR_INV_GROUP, "group %u is committed", group);
  if (result == GASPI_SUCCESS && index_of(found, rank) >= 0)
    result =
        gaspii_error(routine, GASPI_ERR_INV_RANK, "rank %u is already in group %u", rank, group);
  if (result == GASPI_SUCCESS) found->ranks[found->size++] = rank;
  gaspii_unlock();
  return result;
}

static int compare_ranks(const void *a, const void *b) {
  gaspi_rank_t left = *(const gaspi_rank_t *)a;
  gaspi_rank_t right = *(const gaspi_rank_t *)b;
  return (left > right) - (left < right);
}

/* Collective over the members; the communicator is built outside the library lock. */
#pragma weak gaspi_group_commit = pgaspi_group_commit
gaspi_return_t pgaspi_group_commit(const gaspi_group_t group, const gaspi_timeout_t timeout_ms) {
  static const char routine[] = "gaspi_group_commit";
  (void)timeout_ms; /* MPI_Comm_create_group blocks */
  GASPII_TRY(gaspii_enter(routine));
  gaspii_lock();
  struct gaspii_group *found = NULL;
  gaspi_return_t result = existing(routine, group, &found);
  int committed = result == GASPI_SUCCESS && found->committed;
  int member = result == GASPI_SUCCESS && index_of(found, gaspii_state.rank) >= 0;
  gaspi_number_t size = result == GASPI_SUCCESS ? found->size : 0;
  int *members = NULL;
  if (result == GASPI_SUCCESS && !committed && member) {
    qsort(found->ranks, size, sizeof(gaspi_rank_t), compare_ranks);
    members = malloc(size * sizeof(int));
    if (members)
      for (gaspi_number_t i = 0; i < size; ++i) members[i] = found->ranks[i];
  }
  gaspii_unlock();
  if (result != GASPI_SUCCESS || committed) return result;
  if (!member)
    return gaspii_error(routine, GASPI_ERR_INV_GROUP, "rank %u is not a member of group %u",
                        gaspii_state.rank, group);
  if (!members) return gaspii_error(routine, GASPI_ERR_MEMALLOC, "no memory for %u ranks", size);
  MPI_Group world_group;
  MPI_Group members_group;
  MPI_Comm comm;
  MPI_Comm_group(gaspii_state.world, &world_group);
  MPI_Group_incl(world_group, (int)size, members, &members_group);
  MPI_Comm_create_group(gaspii_state.world, members_group, COMMIT_TAG_BASE + group, &comm);
  MPI_Group_free(&members_group);
  MPI_Group_free(&world_group);
  free(members);
  int my_index = 0;
  MPI_Comm_rank(comm, &my_index);
  gaspii_lock();
  found->comm = comm;
  found->my_index = my_index;
  found->committed = 1;
  gaspii_unlock();
  return GASPI_SUCCESS;
}

#pragma weak gaspi_group_delete = pgaspi_group_delete
gaspi_return_t pgaspi_group_delete(const gaspi_group_t group) {
  static const char routine[] = "gaspi_group_delete";
  GASPII_TRY(gaspii_enter(routine));
  if (group == GASPI_GROUP_ALL)
    return gaspii_error(routine, GASPI_ERR_INV_GROUP, "GASPI_GROUP_ALL cannot be deleted");
  gaspii_lock();
  struct gaspii_group *found = NULL;
  gaspi_return_t result = existing(routine, group, &found);
  if (result == GASPI_SUCCESS &&
      (found->barrier != MPI_REQUEST_NULL || found->reduce != MPI_REQUEST_NULL))
    result = gaspii_error(routine, GASPI_ERR_ACTIVE_COLL,
                          "group %u has a collective that timed out and was not finished", group);
  if (result == GASPI_SUCCESS) release(found);
  gaspii_unlock();
  return result;
}

#pragma weak gaspi_group_num = pgaspi_group_num
gaspi_return_t pgaspi_group_num(gaspi_number_t *const group_num) {
  static const char routine[] = "gaspi_group_num";
  GASPII_TRY(gaspii_enter(routine));
  GASPII_TRY(gaspii_check_pointer(routine, group_num, "group_num"));
  gaspi_number_t count = 0;
  gaspii_lock();
  for (gaspi_number_t g = 0; g < gaspii_state.config.group_max; ++g)
    count += gaspii_state.groups[g].in_use ? 1 : 0;
  gaspii_unlock();
  *group_num = count;
  return GASPI_SUCCESS;
}

#pragma weak gaspi_group_size = pgaspi_group_size
gaspi_return_t pgaspi_group_size(const gaspi_group_t group, gaspi_number_t *const group_size) {
  static const char routine[] = "gaspi_group_size";
  GASPII_TRY(gaspii_enter(routine));
  GASPII_TRY(gaspii_check_pointer(routine, group_size, "group_size"));
  gaspii_lock();
  struct gaspii_group *found = NULL;
  gaspi_return_t result = existing(routine, group, &found);
  if (result == GASPI_SUCCESS) *group_size = found->size;
  gaspii_unlock();
  return result;
}

#pragma weak gaspi_group_ranks = pgaspi_group_ranks
gaspi_return_t pgaspi_group_ranks(const gaspi_group_t group, gaspi_rank_t *const group_ranks) {
  static const char routine[] = "gaspi_group_ranks";
  GASPII_TRY(gaspii_enter(routine));
  GASPII_TRY(gaspii_check_pointer(routine, group_ranks, "group_ranks"));
  gaspii_lock();
  struct gaspii_group *found = NULL;
  gaspi_return_t result = existing(routine, group, &found);
  if (result == GASPI_SUCCESS)
    for (gaspi_number_t i = 0; i < found->size; ++i) group_ranks[i] = found->ranks[i];
  gaspii_unlock();
  return result;
}
