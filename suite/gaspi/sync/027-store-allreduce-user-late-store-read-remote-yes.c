/* RACE LABELS BEGIN
{
  "RACE_KIND": "remote",
  "ACCESS_SET": ["store", "rma read"],
  "RACE_PAIR": ["STORE@49", "gaspi_read@53"],
  "NPROCS": 2,
  "DESCRIPTION": "Rank 1 stores to seg[0] after gaspi_allreduce_user, while rank 0 reads seg[0] of rank 1 after it: both follow the collective and are unordered."
}
RACE LABELS END */
#include <GASPI.h>
#include <stdio.h>

static gaspi_return_t int_max(gaspi_pointer_t const a, gaspi_pointer_t const b, gaspi_pointer_t const r,
                              gaspi_reduce_state_t const state, const gaspi_number_t num,
                              const gaspi_size_t element_size, const gaspi_timeout_t timeout)
{
    const int *x = a, *y = b;
    int *z = r;
    (void)state;
    (void)element_size;
    (void)timeout;
    for (gaspi_number_t i = 0; i < num; i++)
        z[i] = x[i] > y[i] ? x[i] : y[i];
    return GASPI_SUCCESS;
}

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
    int in = rank, max = 0;
    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    gaspi_allreduce_user(&in, &max, 1, sizeof(int), int_max, NULL, GASPI_GROUP_ALL, GASPI_BLOCK);
    if (rank == 1) {
        // CONFLICT
        seg[0] = 7;
    }
    if (rank == 0) {
        // CONFLICT
        gaspi_read(0, 512, 1, 0, 0, sizeof(int), 0, GASPI_BLOCK);
        gaspi_wait(0, GASPI_BLOCK);
        printf("read %d, max rank %d\n", seg[128], max);
    }

    gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
    gaspi_segment_delete(0);
    gaspi_proc_term(GASPI_BLOCK);
    return 0;
}
