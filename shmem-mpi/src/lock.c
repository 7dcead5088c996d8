/* Distributed locks (OpenSHMEM 1.5 section 9.12): a ticket lock in the symmetric long on PE 0.
 * The upper half of the long counts the tickets taken, the lower half the ticket being served;
 * both start at 0 (an unlocked lock is 0, as the specification requires). Taking a ticket is one
 * atomic fetch-add, so waiters are served in order (fair). */
#include "core.h"

static const int lock_home_pe = 0;
enum { HALF_BITS = 32 };
static const unsigned long half_mask = 0xFFFFFFFFUL;
static const long ticket_increment = 1L << HALF_BITS;

_Static_assert(sizeof(long) == 2 * sizeof(uint32_t), "the ticket lock needs a 64-bit long");

static struct shmemi_remote lock_home(long *lock, const char *routine) {
  return shmemi_remote(SHMEM_CTX_DEFAULT, lock, sizeof *lock, lock_home_pe, routine);
}

static long fetch_add(const struct shmemi_remote *r, long value) {
  long result;
  MPI_Fetch_and_op(&value, &result, MPI_LONG, r->pe, r->disp, MPI_SUM, r->win);
  MPI_Win_flush(r->pe, r->win);
  return result;
}

static unsigned long next_ticket(long word) {
  return ((unsigned long)word >> HALF_BITS) & half_mask;
}
static unsigned long now_serving(long word) {
  return (unsigned long)word & half_mask;
}

void pshmem_set_lock(long *lock) {
  struct shmemi_remote home = lock_home(lock, "shmem_set_lock");
  unsigned long ticket = next_ticket(fetch_add(&home, ticket_increment));
  while (now_serving(fetch_add(&home, 0)) != ticket) shmemi_poll_pause();
  shmemi_sync_memory();
}
SHMEMI_ALIAS(shmem_set_lock)

void pshmem_clear_lock(long *lock) {
  struct shmemi_remote home = lock_home(lock, "shmem_clear_lock");
  shmemi_quiet_all();
  /* Serving wraps within the lower half: add 1, or subtract the half's range at its end. */
  long word = fetch_add(&home, 0);
  long step = now_serving(word) == half_mask ? -(long)half_mask : 1;
  fetch_add(&home, step);
}
SHMEMI_ALIAS(shmem_clear_lock)

int pshmem_test_lock(long *lock) {
  struct shmemi_remote home = lock_home(lock, "shmem_test_lock");
  long word = fetch_add(&home, 0);
  if (next_ticket(word) != now_serving(word)) return 1;
  long taken = (long)((unsigned long)word + (unsigned long)ticket_increment);
  long result;
  MPI_Compare_and_swap(&taken, &word, &result, MPI_LONG, home.pe, home.disp, home.win);
  MPI_Win_flush(home.pe, home.win);
  if (result != word) return 1;
  shmemi_sync_memory();
  return 0;
}
SHMEMI_ALIAS(shmem_test_lock)
