/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["rma atomic write", "rma write"],
  "RACE_PAIR": ["gaspi_atomic_fetch_add@38", "gaspi_write@45"],
  "NPROCS": 3,
  "DESCRIPTION": "Rank 0 notifies rank 2 first and adds to word[0] of rank 1 afterwards; rank 2 writes word[0] of rank 1 after observing the notification, which does not order it after the atomic."
}
RACE LABELS END */
#include <GASPI.h>
#include <stdio.h>

int main(void)
{
    gaspi_rank_t rank, nprocs;

    gaspi_proc_init(GASPI_BLOCK);
    gaspi_proc_rank(&rank);
    gaspi_proc_num(&nprocs);
    if (nprocs != 3) {
        if (rank == 0)
            fprintf(stderr, "this test needs 3 processes\n");
        gaspi_proc_term(GASPI_BLOCK);
        return 1;
    }
    gaspi_segment_create(0, 1024, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED);
    gaspi_pointer_t ptr;
    gaspi_segment_ptr(0, &ptr);
    gaspi_atomic_value_t *word = (gaspi_atomic_value_t *)ptr; /* word[0..63]: data, word[64..]: local buffers */
    gaspi_atomic_value_t val_old = 0;
    gaspi_notification_id_t id;
    gaspi_notification_t old;
    word[64] = 7;
    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    if (rank == 0) {
        gaspi_notify(0, 2, 0, 1, 0, GASPI_BLOCK);
        // CONFLICT
        gaspi_atomic_fetch_add(0, 0, 1, 1, &val_old, GASPI_BLOCK);
        gaspi_wait(0, GASPI_BLOCK);
    }
    if (rank == 2) {
        gaspi_notify_waitsome(0, 0, 1, &id, GASPI_BLOCK);
        gaspi_notify_reset(0, id, &old);
        // CONFLICT
        gaspi_write(0, 512, 1, 0, 0, sizeof(gaspi_atomic_value_t), 0, GASPI_BLOCK);
        gaspi_wait(0, GASPI_BLOCK);
    }

    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    gaspi_segment_delete(0);
    gaspi_proc_term(GASPI_BLOCK);
    return 0;
}
