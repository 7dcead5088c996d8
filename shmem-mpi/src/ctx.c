/* Communication contexts (OpenSHMEM 1.5 section 9.4.1). Every context shares the library's
 * windows; a context records its team (PE numbers on a team context are team-relative). */
#include "core.h"

#include <pthread.h>
#include <stdlib.h>

static struct shmemi_ctx default_ctx = {{0}, SHMEM_TEAM_INVALID, 0, NULL};
shmem_ctx_t SHMEM_CTX_DEFAULT = (shmem_ctx_t)&default_ctx;

/* The contexts created and not yet destroyed (for shmem_team_destroy and finalize). */
static struct shmemi_ctx *contexts;
static pthread_mutex_t contexts_lock = PTHREAD_MUTEX_INITIALIZER;

static struct shmemi_ctx *create(shmem_team_t team, long options) {
  struct shmemi_ctx *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  c->team = team == SHMEM_TEAM_WORLD ? SHMEM_TEAM_INVALID : team;
  c->options = options;
  pthread_mutex_lock(&contexts_lock);
  c->next = contexts;
  contexts = c;
  pthread_mutex_unlock(&contexts_lock);
  return c;
}

/* Unlinks `c` from the list; 0 if it is not there (not created here or already destroyed). */
static int unlink_ctx(struct shmemi_ctx *c) {
  int found = 0;
  pthread_mutex_lock(&contexts_lock);
  for (struct shmemi_ctx **p = &contexts; *p; p = &(*p)->next) {
    if (*p == c) {
      *p = c->next;
      found = 1;
      break;
    }
  }
  pthread_mutex_unlock(&contexts_lock);
  return found;
}

int pshmem_ctx_create(long options, shmem_ctx_t *ctx) {
  shmemi_require_init("shmem_ctx_create");
  struct shmemi_ctx *c = create(SHMEM_TEAM_INVALID, options);
  *ctx = c ? (shmem_ctx_t)c : SHMEM_CTX_INVALID;
  return c ? 0 : 1;
}
SHMEMI_ALIAS(shmem_ctx_create)

int pshmem_team_create_ctx(shmem_team_t team, long options, shmem_ctx_t *ctx) {
  shmemi_require_init("shmem_team_create_ctx");
  struct shmemi_ctx *c = NULL;
  if (team == SHMEM_TEAM_WORLD || shmemi_team(team)) c = create(team, options);
  *ctx = c ? (shmem_ctx_t)c : SHMEM_CTX_INVALID;
  return c ? 0 : 1;
}
SHMEMI_ALIAS(shmem_team_create_ctx)

void pshmem_ctx_destroy(shmem_ctx_t ctx) {
  if (ctx == SHMEM_CTX_INVALID) return;
  if (ctx == SHMEM_CTX_DEFAULT)
    shmemi_fatal("shmem_ctx_destroy", "cannot destroy SHMEM_CTX_DEFAULT");
  shmemi_quiet_all();
  struct shmemi_ctx *c = (struct shmemi_ctx *)ctx;
  if (!unlink_ctx(c)) shmemi_fatal("shmem_ctx_destroy", "%p is not a live context", (void *)ctx);
  free(c);
}
SHMEMI_ALIAS(shmem_ctx_destroy)

int pshmem_ctx_get_team(shmem_ctx_t ctx, shmem_team_t *team) {
  if (ctx == SHMEM_CTX_INVALID) {
    *team = SHMEM_TEAM_INVALID;
    return 1;
  }
  const struct shmemi_ctx *c = (const struct shmemi_ctx *)ctx;
  *team = c->team == SHMEM_TEAM_INVALID ? SHMEM_TEAM_WORLD : c->team;
  return 0;
}
SHMEMI_ALIAS(shmem_ctx_get_team)

void shmemi_ctx_destroy_team_contexts(shmem_team_t team) {
  pthread_mutex_lock(&contexts_lock);
  for (struct shmemi_ctx **p = &contexts; *p;) {
    struct shmemi_ctx *c = *p;
    if (c->team == team && team != SHMEM_TEAM_INVALID && !(c->options & SHMEM_CTX_PRIVATE)) {
      *p = c->next;
      free(c);
    } else {
      p = &c->next;
    }
  }
  pthread_mutex_unlock(&contexts_lock);
}

void shmemi_ctx_finalize(void) {
  pthread_mutex_lock(&contexts_lock);
  while (contexts) {
    struct shmemi_ctx *c = contexts;
    contexts = c->next;
    free(c);
  }
  pthread_mutex_unlock(&contexts_lock);
}
