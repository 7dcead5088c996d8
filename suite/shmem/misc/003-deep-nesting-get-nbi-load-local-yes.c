/* RACE LABELS BEGIN
{
  "RACE_KIND": "local",
  "ACCESS_SET": ["local buffer write", "load"],
  "RACE_PAIR": ["LOAD@18", "shmem_int_get_nbi@40"],
  "NPROCS": 2,
  "DESCRIPTION": "The destination of shmem_int_get_nbi is loaded five calls deep before shmem_quiet."
}
RACE LABELS END */
#include <shmem.h>
#include <stdio.h>

static int x[4];

static void level5(const int *p)
{
    // CONFLICT
    printf("value = %d\n", *p);
}

static void level4(const int *p) { level5(p); }
static void level3(const int *p) { level4(p); }
static void level2(const int *p) { level3(p); }
static void level1(const int *p) { level2(p); }

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    if (shmem_n_pes() != 2) {
        if (me == 0)
            fprintf(stderr, "this test needs 2 processes\n");
        shmem_finalize();
        return 1;
    }
    int buf[2] = {1, 2};
    shmem_barrier_all();
    if (me == 0) {
        // CONFLICT
        shmem_int_get_nbi(&buf[0], &x[0], 1, 1);
        level1(&buf[0]);
        shmem_quiet();
    }
    shmem_barrier_all();
    (void)buf;

    shmem_finalize();
    return 0;
}
