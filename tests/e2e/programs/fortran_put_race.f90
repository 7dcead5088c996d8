! Both ranks put into the same element of rank 0's window in one fence epoch: a race between MPI
! calls, which rmarace-run --preload finds in a Fortran program (MPICH's Fortran bindings call the
! C MPI_* functions; tests/e2e/test_fortran_e2e.py).
program fortran_put_race
  use mpi
  implicit none
  integer :: rank, value, ierror
  integer :: window_memory(1)
  integer :: win
  integer(kind=MPI_ADDRESS_KIND) :: window_size, displacement

  call MPI_Init(ierror)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierror)
  window_memory(1) = 0
  window_size = 4
  call MPI_Win_create(window_memory, window_size, 4, MPI_INFO_NULL, MPI_COMM_WORLD, win, ierror)
  value = rank + 1
  displacement = 0
  call MPI_Win_fence(0, win, ierror)
  call MPI_Put(value, 1, MPI_INTEGER, 0, displacement, 1, MPI_INTEGER, win, ierror)
  call MPI_Win_fence(0, win, ierror)
  if (rank == 0) print '(a, i0)', 'window_memory(1) is ', window_memory(1)
  call MPI_Win_free(win, ierror)
  call MPI_Finalize(ierror)
end program fortran_put_race
