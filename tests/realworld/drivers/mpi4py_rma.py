"""A small mpi4py driver (python3-mpi4py): MPI.Win put, get and accumulate with fence epochs,
passive-target lock/unlock (exclusive and shared), lock_all with flush, and get_accumulate /
fetch_and_op / compare_and_swap on windows from Win.Create and Win.Allocate. Buffers are
array.array objects (no numpy needed). Rank 0 prints results that do not depend on timing.

Run: rmarace-run --preload -np 2 python3 mpi4py_rma.py"""

from array import array

from mpi4py import MPI

comm = MPI.COMM_WORLD
rank = comm.Get_rank()
size = comm.Get_size()
right = (rank + 1) % size
left = (rank - 1) % size
N = 16


def show(label, value):
    values = comm.gather(value, root=0)
    if rank == 0:
        print(f"{label:24s} {values}")


# 1. Win.Create over an array.array; put to the right neighbour in a fence epoch, get from the left
mem = array("i", [0] * N)
win = MPI.Win.Create(mem, disp_unit=mem.itemsize, comm=comm)
src = array("i", [rank * 100 + i for i in range(N)])
win.Fence()
win.Put([src, MPI.INT], right)
win.Fence()
show("fence put", sum(mem))
got = array("i", [0] * N)
win.Fence()
win.Get([got, MPI.INT], left, target=(0, N, MPI.INT))
win.Fence()
show("fence get", sum(got))

# 2. accumulate from everybody into rank 0 (same datatype and op: atomic per element)
win.Fence()
one = array("i", [rank + 1] * N)
win.Accumulate([one, MPI.INT], 0, op=MPI.SUM)
win.Fence()
show("fence accumulate", sum(mem) if rank == 0 else 0)
win.Free()

# 3. Win.Allocate, passive target: exclusive lock for a put, shared lock for a get
wa = MPI.Win.Allocate(N * 8, disp_unit=8, comm=comm)
buf = wa.tomemory()
local = memoryview(buf).cast("B").cast("d")
wa.Lock(rank, MPI.LOCK_EXCLUSIVE)
for i in range(N):
    local[i] = 0.0
wa.Unlock(rank)
comm.Barrier()
data = array("d", [rank + 0.25 * i for i in range(N)])
wa.Lock(right, MPI.LOCK_EXCLUSIVE)
wa.Put([data, MPI.DOUBLE], right)
wa.Unlock(right)
comm.Barrier()
wa.Lock(rank, MPI.LOCK_SHARED)
mine = sum(local[i] for i in range(N))
wa.Unlock(rank)
show("lock put", mine)
back = array("d", [0.0] * N)
wa.Lock(left, MPI.LOCK_SHARED)
wa.Get([back, MPI.DOUBLE], left)
wa.Unlock(left)
show("lock get", sum(back))
comm.Barrier()

# 4. lock_all: accumulate and fetch_and_op into rank 0 with flushes
wa.Lock_all()
inc = array("d", [1.0] * N)
wa.Accumulate([inc, MPI.DOUBLE], 0, op=MPI.SUM)
wa.Flush(0)
old = array("d", [0.0])
one_d = array("d", [1.0])
wa.Fetch_and_op([one_d, MPI.DOUBLE], [old, MPI.DOUBLE], 0, target_disp=N - 1, op=MPI.SUM)
wa.Flush(0)
wa.Unlock_all()
comm.Barrier()
if rank == 0:
    wa.Lock(0, MPI.LOCK_SHARED)
    total = sum(local[i] for i in range(N))
    wa.Unlock(0)
else:
    total = 0.0
show("lock_all accumulate", total)
wa.Free()

# 5. get_accumulate and compare_and_swap on a counter at rank 0
cnt = MPI.Win.Allocate(8, disp_unit=8, comm=comm)
cmem = memoryview(cnt.tomemory()).cast("B").cast("q")
cnt.Lock(rank, MPI.LOCK_EXCLUSIVE)
cmem[0] = 0
cnt.Unlock(rank)
comm.Barrier()
fetched = []
for _ in range(3):
    res = array("q", [0])
    cnt.Lock(0, MPI.LOCK_SHARED)
    cnt.Get_accumulate([array("q", [1]), MPI.INT64_T], [res, MPI.INT64_T], 0, op=MPI.SUM)
    cnt.Unlock(0)
    fetched.append(res[0])
comm.Barrier()
swapped = 0
while True:
    cur = array("q", [0])
    cnt.Lock(0, MPI.LOCK_SHARED)
    cnt.Fetch_and_op([array("q", [0]), MPI.INT64_T], [cur, MPI.INT64_T], 0, op=MPI.NO_OP)
    cnt.Unlock(0)
    res = array("q", [0])
    cnt.Lock(0, MPI.LOCK_SHARED)
    cnt.Compare_and_swap([array("q", [cur[0] + 10]), MPI.INT64_T],
                         [array("q", [cur[0]]), MPI.INT64_T], [res, MPI.INT64_T], 0)
    cnt.Unlock(0)
    if res[0] == cur[0]:
        swapped += 1
        break
comm.Barrier()
final = array("q", [0])
cnt.Lock(0, MPI.LOCK_SHARED)
cnt.Get([final, MPI.INT64_T], 0)
cnt.Unlock(0)
all_fetched = comm.gather(sum(fetched), root=0)
if rank == 0:
    print(f"{'counter':24s} final={final[0]} fetched_sum={sum(all_fetched)}")
show("cas successes", swapped)
cnt.Free()
