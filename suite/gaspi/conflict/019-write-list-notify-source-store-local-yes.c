/* RACE LABELS BEGIN
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["local buffer read", "store"],
  "RACE_PAIR": ["gaspi_write_list_notify@40", "STORE@42"],
  "NPROCS": 2,
  "DESCRIPTION": "Rank 0 overwrites the first source of a pending gaspi_write_list_notify before gaspi_wait; rank 1 loads the data only after the notification (race-free at the target)."
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
    if (nprocs != 2) {
        if (rank == 0)
            fprintf(stderr, "this test needs 2 processes\n");
        gaspi_proc_term(GASPI_BLOCK);
        return 1;
    }
    gaspi_segment_create(0, 1024, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED);
    gaspi_pointer_t ptr;
    gaspi_segment_ptr(0, &ptr);
    int *seg = (int *)ptr; /* seg[0..127]: data accessed remotely, seg[128..]: local buffers */
    gaspi_segment_id_t seg_local[2] = {0, 0}, seg_remote[2] = {0, 0};
    gaspi_offset_t off_local[2] = {512, 520}, off_remote[2] = {0, 8};
    gaspi_size_t sizes[2] = {sizeof(int), sizeof(int)};
    gaspi_notification_id_t id;
    gaspi_notification_t old;
    seg[128] = 42;
    seg[130] = 43;
    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    if (rank == 0) {
        // CONFLICT
        gaspi_write_list_notify(2, seg_local, off_local, 1, seg_remote, off_remote, sizes, 0, 0, 1, 0, GASPI_BLOCK);
        // CONFLICT
        seg[128] = 1337;
        gaspi_wait(0, GASPI_BLOCK);
    }
    if (rank == 1) {
        gaspi_notify_waitsome(0, 0, 1, &id, GASPI_BLOCK);
        gaspi_notify_reset(0, id, &old);
        printf("data = %d %d\n", seg[0], seg[2]);
    }

    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    gaspi_segment_delete(0);
    gaspi_proc_term(GASPI_BLOCK);
    return 0;
}
