#!/usr/bin/env bash
# Plain sanity check of the labelled suite: every test must compile warning-free with the
# compiler wrapper of its model, run without any tool, exit 0 and finish within LIMIT seconds.
# A test that fails here is broken as a test, whatever a race detector says about it.
#
# The model of a test is the directory above its category (suite/MODEL/CATEGORY/test.c):
#   mpi    compiled with MPICC, run with "MPIRUN -np N"
#   shmem  compiled with SHMEMCC, run with "SHMEMRUN -np N" (the project's shmem-mpi library)
#   gaspi  compiled with GASPICC, run with "GASPIRUN -np N" (the project's gaspi-mpi library,
#          libGPI2 with GPI-2's ABI)
#
# usage: suite/check-plain.sh [DIR|FILE...]      (default: the mpi/ folder next to this script)
# environment: MPICC (default mpicc.openmpi), MPIRUN (default mpirun),
#              SHMEMCC, SHMEMRUN (default shmemcc and shmemrun from the build/bin of this
#              repository, else from PATH; note that /usr/bin/shmemcc is OpenMPI's OpenSHMEM 1.4,
#              which lacks most of what the shmem tests use),
#              GASPICC, GASPIRUN (default gaspicc and gaspirun from the build/bin of this
#              repository, else from PATH),
#              LIMIT (default 2 s), HANG (default 20 s: a run is killed after this long)
set -u

here=$(cd "$(dirname "$0")" && pwd)
cc=${MPICC:-mpicc.openmpi}
run=${MPIRUN:-mpirun}
repo_bin="$here/../build/bin"
if [ -n "${SHMEMCC:-}" ]; then
    shmem_cc=$SHMEMCC
elif [ -x "$repo_bin/shmemcc" ]; then
    shmem_cc="$repo_bin/shmemcc"
else
    shmem_cc=shmemcc
fi
if [ -n "${SHMEMRUN:-}" ]; then
    shmem_run=$SHMEMRUN
elif [ -x "$repo_bin/shmemrun" ]; then
    shmem_run="$repo_bin/shmemrun"
else
    shmem_run=shmemrun
fi
if [ -n "${GASPICC:-}" ]; then
    gaspi_cc=$GASPICC
elif [ -x "$repo_bin/gaspicc" ]; then
    gaspi_cc="$repo_bin/gaspicc"
else
    gaspi_cc=gaspicc
fi
if [ -n "${GASPIRUN:-}" ]; then
    gaspi_run=$GASPIRUN
elif [ -x "$repo_bin/gaspirun" ]; then
    gaspi_run="$repo_bin/gaspirun"
else
    gaspi_run=gaspirun
fi
limit=${LIMIT:-2}
hang=${HANG:-20}

# OpenMPI on this kind of machine: running as root, more ranks than cores, and one-sided
# components that work for every window flavour.
export OMPI_ALLOW_RUN_AS_ROOT=${OMPI_ALLOW_RUN_AS_ROOT:-1}
export OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=${OMPI_ALLOW_RUN_AS_ROOT_CONFIRM:-1}
export OMPI_MCA_rmaps_base_oversubscribe=${OMPI_MCA_rmaps_base_oversubscribe:-1}
export OMPI_MCA_osc=${OMPI_MCA_osc:-ucx,sm}
# Oversubscribed hybrid tests: waiting OpenMP threads sleep rather than spin.
export OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-passive}

if [ $# -eq 0 ]; then
    set -- "$here/mpi"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

pass=0
fail=0
while IFS= read -r src; do
    stem=${src%.c}
    companions=()
    for c in "$stem".*.c; do
        [ -e "$c" ] && companions+=("$c")
    done
    nprocs=$(grep -m1 '"NPROCS"' "$src" | tr -dc '0-9')
    model=$(basename "$(dirname "$(dirname "$src")")")
    if [ "$model" = shmem ]; then
        tcc=$shmem_cc
        trun=$shmem_run
    elif [ "$model" = gaspi ]; then
        tcc=$gaspi_cc
        trun=$gaspi_run
    else
        tcc=$cc
        trun=$run
    fi
    exe="$work/$model-$(basename "$stem")"
    # Hybrid tests: OpenMP and pthreads when they use them (as rmarace-bench does).
    threads=()
    grep -qE '#pragma omp|<omp\.h>' "$src" && threads+=(-fopenmp)
    grep -q 'pthread' "$src" && threads+=(-pthread)
    if ! out=$("$tcc" -Wall -Wextra -Werror -g "${threads[@]}" -o "$exe" "$src" "${companions[@]}" 2>&1); then
        echo "FAIL (compile) $src"
        echo "$out" | sed 's/^/    /'
        fail=$((fail + 1))
        continue
    fi
    start=$(date +%s%N)
    out=$(cd "$work" && timeout -k 2 "$hang" "$trun" -np "$nprocs" "$exe" 2>&1 </dev/null)
    rc=$?
    ms=$(( ($(date +%s%N) - start) / 1000000 ))
    if [ $rc -ne 0 ]; then
        echo "FAIL (exit $rc after ${ms} ms) $src"
        echo "$out" | tail -n 5 | sed 's/^/    /'
        fail=$((fail + 1))
    elif [ "$ms" -gt $((limit * 1000)) ]; then
        echo "FAIL (slow: ${ms} ms) $src"
        fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
done < <(find "$@" -type f -name '*.c' ! -name '*.helper.c' -exec grep -l 'RACE LABELS BEGIN' {} + | sort)

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
