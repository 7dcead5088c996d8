/* RACE LABELS BEGIN
{
  "RACE_KIND": "none",
  "ACCESS_SET": ["rma write", "load"],
  "RACE_PAIR": [],
  "NPROCS": 2,
  "DESCRIPTION": "Segment 0 is a static array made a segment with gaspi_segment_use; rank 1 loads userbuf[0] after the notification of rank 0's gaspi_write_notify."
}
RACE LABELS END */
#include <GASPI.h>
#include <stdio.h>

static int userbuf[256]; /* becomes segment 0: userbuf[0..127] data, userbuf[128..] local buffers */

int main(void)
{
    gaspi_rank_t rank, nprocs;

    gaspi_proc_init(GASPI_BLOCK);
    gaspi_proc_rank(&rank);
    gaspi_proc_num(&nprocs);
    if (nprocs != 2) {
        if (rank == 0)
            fprintf(stderr, "this test needs 2 processes\n");
        gaspi_proc_term(GASPI_BLOCK);
        return 1;
    }
    gaspi_segment_use(0, userbuf, sizeof(userbuf), GASPI_GROUP_ALL, GASPI_BLOCK, 0);
    gaspi_notification_id_t id;
    gaspi_notification_t old;
    userbuf[128] = 1337;
    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    if (rank == 0) {
        gaspi_write_notify(0, 512, 1, 0, 0, sizeof(int), 0, 1, 0, GASPI_BLOCK);
        gaspi_wait(0, GASPI_BLOCK);
    }
    if (rank == 1) {
        gaspi_notify_waitsome(0, 0, 1, &id, GASPI_BLOCK);
        gaspi_notify_reset(0, id, &old);
        printf("data = %d\n", userbuf[0]);
    }

    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    gaspi_segment_delete(0);
    gaspi_proc_term(GASPI_BLOCK);
    return 0;
}
