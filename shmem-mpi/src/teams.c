/* OpenSHMEM 1.5 teams (9.4.2 to 9.4.4): a team is an MPI communicator whose rank is the team PE
 * number, plus the table of the world PE numbers of its members. */
#include "team_part.h"

#include <pthread.h>
#include <stdlib.h>

/* The team PE number, the number of PEs and the world table of a team that does not exist yet. */
#define TEAM_UNSET (-1)
/* A PE number that is in no team (shmem_team_translate_pe). */
#define PE_NONE (-1)

#define PREDEFINED_TEAM                                                                            \
  {                                                                                                \
    .comm = MPI_COMM_NULL, .my_pe = TEAM_UNSET, .n_pes = TEAM_UNSET, .world_pes = NULL,            \
    .config = {.num_contexts = 0}, .config_mask = 0, .predefined = 1                               \
  }

static struct shmemi_team world_team = PREDEFINED_TEAM;
static struct shmemi_team shared_team = PREDEFINED_TEAM;
shmem_team_t SHMEM_TEAM_WORLD = (shmem_team_t)&world_team;
shmem_team_t SHMEM_TEAM_SHARED = (shmem_team_t)&shared_team;

/* Teams made by the split routines, newest first, so that shmem_finalize can free them. */
struct team_node {
  struct shmemi_team team; /* first member: the handle points here */
  struct team_node *next;
};
static struct team_node *created_teams;
static pthread_mutex_t created_teams_lock = PTHREAD_MUTEX_INITIALIZER;

/* ---- Team records ------------------------------------------------------------------------- */

static int *world_pes_of(MPI_Comm comm, int n_pes) {
  int *team_pes = malloc((size_t)n_pes * sizeof *team_pes);
  int *world_pes = malloc((size_t)n_pes * sizeof *world_pes);
  if (!team_pes || !world_pes) shmemi_fatal("shmem_team", "out of memory for %d PEs", n_pes);
  for (int pe = 0; pe < n_pes; ++pe) team_pes[pe] = pe;
  MPI_Group team_group, world_group;
  MPI_Comm_group(comm, &team_group);
  MPI_Comm_group(shmemi_world_comm(), &world_group);
  MPI_Group_translate_ranks(team_group, n_pes, team_pes, world_group, world_pes);
  MPI_Group_free(&team_group);
  MPI_Group_free(&world_group);
  free(team_pes);
  return world_pes;
}

static void team_fill(struct shmemi_team *team, MPI_Comm comm) {
  team->comm = comm;
  MPI_Comm_rank(comm, &team->my_pe);
  MPI_Comm_size(comm, &team->n_pes);
  team->world_pes = world_pes_of(comm, team->n_pes);
}

static void team_release(struct shmemi_team *team) {
  if (team->comm != MPI_COMM_NULL) MPI_Comm_free(&team->comm);
  free(team->world_pes);
  team->world_pes = NULL;
  team->my_pe = TEAM_UNSET;
  team->n_pes = TEAM_UNSET;
}

static void team_configure(struct shmemi_team *team, const shmem_team_config_t *config,
                           long config_mask) {
  team->config.num_contexts = 0;
  team->config_mask = config ? config_mask : 0;
  if (config && (config_mask & SHMEM_TEAM_NUM_CONTEXTS))
    team->config.num_contexts = config->num_contexts;
}

static shmem_team_t team_register(MPI_Comm comm, const shmem_team_config_t *config,
                                  long config_mask) {
  struct team_node *node = calloc(1, sizeof *node);
  if (!node) shmemi_fatal("shmem_team_split", "out of memory");
  team_fill(&node->team, comm);
  team_configure(&node->team, config, config_mask);
  pthread_mutex_lock(&created_teams_lock);
  node->next = created_teams;
  created_teams = node;
  pthread_mutex_unlock(&created_teams_lock);
  return (shmem_team_t)&node->team;
}

/* Unlinks the node of `team`; NULL if the team was not made by a split. */
static struct team_node *team_unregister(const struct shmemi_team *team) {
  pthread_mutex_lock(&created_teams_lock);
  struct team_node **link = &created_teams;
  while (*link && &(*link)->team != team) link = &(*link)->next;
  struct team_node *node = *link;
  if (node) *link = node->next;
  pthread_mutex_unlock(&created_teams_lock);
  return node;
}

/* Collective over parent: the PEs with the same colour form a team numbered by key; colour
 * MPI_UNDEFINED gets SHMEM_TEAM_INVALID. */
static int team_split(const struct shmemi_team *parent, int color, int key,
                      const shmem_team_config_t *config, long config_mask, shmem_team_t *new_team) {
  MPI_Comm comm;
  *new_team = SHMEM_TEAM_INVALID;
  if (MPI_Comm_split(parent->comm, color, key, &comm) != MPI_SUCCESS) return SHMEMI_TEAM_ERROR;
  if (comm != MPI_COMM_NULL) *new_team = team_register(comm, config, config_mask);
  return 0;
}

/* ---- The contract with the core part (internal.h) ----------------------------------------- */

void shmemi_teams_init(void) {
  MPI_Comm world, shared;
  MPI_Comm_dup(shmemi_world_comm(), &world);
  MPI_Comm_set_name(world, "shmem-mpi SHMEM_TEAM_WORLD");
  team_fill(&world_team, world);
  MPI_Comm_split_type(world, MPI_COMM_TYPE_SHARED, world_team.my_pe, MPI_INFO_NULL, &shared);
  MPI_Comm_set_name(shared, "shmem-mpi SHMEM_TEAM_SHARED");
  team_fill(&shared_team, shared);
}

void shmemi_teams_finalize(void) {
  pthread_mutex_lock(&created_teams_lock);
  struct team_node *node = created_teams;
  created_teams = NULL;
  pthread_mutex_unlock(&created_teams_lock);
  while (node) {
    struct team_node *next = node->next;
    team_release(&node->team);
    free(node);
    node = next;
  }
  shmemi_active_sets_finalize();
  team_release(&shared_team);
  team_release(&world_team);
}

struct shmemi_team *shmemi_team(shmem_team_t team) {
  struct shmemi_team *record = (struct shmemi_team *)team;
  return record && record->comm != MPI_COMM_NULL ? record : NULL;
}

int shmemi_team_world_pe(shmem_team_t team, int pe) {
  const struct shmemi_team *record = shmemi_team(team);
  if (!record || pe < 0 || pe >= record->n_pes) return PE_NONE;
  return record->world_pes[pe];
}

/* ---- Queries ------------------------------------------------------------------------------ */

int pshmem_team_my_pe(shmem_team_t team) {
  const struct shmemi_team *record = shmemi_team(team);
  return record ? record->my_pe : TEAM_UNSET;
}
SHMEMI_WEAK_ALIAS(shmem_team_my_pe);

int pshmem_team_n_pes(shmem_team_t team) {
  const struct shmemi_team *record = shmemi_team(team);
  return record ? record->n_pes : TEAM_UNSET;
}
SHMEMI_WEAK_ALIAS(shmem_team_n_pes);

int pshmem_team_get_config(shmem_team_t team, long config_mask, shmem_team_config_t *config) {
  const struct shmemi_team *record = shmemi_team(team);
  if (!record || !config) return SHMEMI_TEAM_ERROR;
  if (config_mask & SHMEM_TEAM_NUM_CONTEXTS) config->num_contexts = record->config.num_contexts;
  return 0;
}
SHMEMI_WEAK_ALIAS(shmem_team_get_config);

int pshmem_team_translate_pe(shmem_team_t src_team, int src_pe, shmem_team_t dest_team) {
  int world_pe = shmemi_team_world_pe(src_team, src_pe);
  const struct shmemi_team *dest = shmemi_team(dest_team);
  if (world_pe < 0 || !dest) return PE_NONE;
  for (int pe = 0; pe < dest->n_pes; ++pe)
    if (dest->world_pes[pe] == world_pe) return pe;
  return PE_NONE;
}
SHMEMI_WEAK_ALIAS(shmem_team_translate_pe);

/* ---- Creation and destruction ------------------------------------------------------------- */

/* Whether start + i * stride, i < size, are distinct PEs of a team of n_pes PEs. The stride is
 * irrelevant for a single PE; otherwise it must be positive (members in parent order). */
static int strided_set_valid(int n_pes, int start, int stride, int size) {
  if (start < 0 || start >= n_pes || size < 1 || size > n_pes) return 0;
  if (size == 1) return 1;
  return stride >= 1 && start + (long long)(size - 1) * stride < n_pes;
}

static int strided_set_member(int pe, int start, int stride, int size) {
  int offset = pe - start;
  if (offset < 0) return 0;
  if (size == 1) return offset == 0;
  return offset % stride == 0 && offset / stride < size;
}

int pshmem_team_split_strided(shmem_team_t parent_team, int start, int stride, int size,
                              const shmem_team_config_t *config, long config_mask,
                              shmem_team_t *new_team) {
  const struct shmemi_team *parent = shmemi_team(parent_team);
  if (!new_team) return SHMEMI_TEAM_ERROR;
  *new_team = SHMEM_TEAM_INVALID;
  if (!parent || !strided_set_valid(parent->n_pes, start, stride, size)) return SHMEMI_TEAM_ERROR;
  int member = strided_set_member(parent->my_pe, start, stride, size);
  return team_split(parent, member ? 0 : MPI_UNDEFINED, parent->my_pe, config, config_mask,
                    new_team);
}
SHMEMI_WEAK_ALIAS(shmem_team_split_strided);

/* Parent PE p is (x, y) = (p mod xrange, p div xrange); the x-axis team of p holds the PEs of its
 * row (same y, numbered by x), the y-axis team those of its column (same x, numbered by y). */
int pshmem_team_split_2d(shmem_team_t parent_team, int xrange,
                         const shmem_team_config_t *xaxis_config, long xaxis_mask,
                         shmem_team_t *xaxis_team, const shmem_team_config_t *yaxis_config,
                         long yaxis_mask, shmem_team_t *yaxis_team) {
  const struct shmemi_team *parent = shmemi_team(parent_team);
  if (!xaxis_team || !yaxis_team) return SHMEMI_TEAM_ERROR;
  *xaxis_team = *yaxis_team = SHMEM_TEAM_INVALID;
  if (!parent || xrange < 1) return SHMEMI_TEAM_ERROR;
  if (xrange > parent->n_pes) xrange = parent->n_pes;
  int x = parent->my_pe % xrange, y = parent->my_pe / xrange;
  int rc = team_split(parent, y, x, xaxis_config, xaxis_mask, xaxis_team);
  if (team_split(parent, x, y, yaxis_config, yaxis_mask, yaxis_team) != 0) rc = SHMEMI_TEAM_ERROR;
  return rc;
}
SHMEMI_WEAK_ALIAS(shmem_team_split_2d);

/* SHMEM_TEAM_INVALID and the predefined teams (undefined behaviour) are left alone. */
void pshmem_team_destroy(shmem_team_t team) {
  struct shmemi_team *record = shmemi_team(team);
  if (!record || record->predefined) return;
  shmemi_ctx_destroy_team_contexts(team);
  struct team_node *node = team_unregister(record);
  team_release(record);
  free(node);
}
SHMEMI_WEAK_ALIAS(shmem_team_destroy);

/* ---- Synchronisation ---------------------------------------------------------------------- */

/* Waits for every member; completes no RMA or AMO (9.9.2). */
int pshmem_team_sync(shmem_team_t team) {
  const struct shmemi_team *record = shmemi_team(team);
  if (!record) return SHMEMI_TEAM_ERROR;
  return MPI_Barrier(record->comm) == MPI_SUCCESS ? 0 : SHMEMI_TEAM_ERROR;
}
SHMEMI_WEAK_ALIAS(shmem_team_sync);
