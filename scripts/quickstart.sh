#!/usr/bin/env bash
# Installs the dependencies, builds rmarace and shows race reports on the bundled MPI,
# OpenSHMEM and GASPI examples.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(realpath -m -- "${RMARACE_BUILD_DIR:-$root/build}")
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Runs one example with rmarace-run on 2 ranks; races make it exit with 66. With a third argument,
# rmarace-run also writes the HTML report of the run there.
show_race() {
  local source=$1 what=$2 html=${3:-}
  echo
  echo "rmarace: compiling examples/$source ($what) with rmarace-cc"
  # Compiled in the scratch directory, the debug information names the source by its absolute
  # path, where the HTML report finds the lines around the race.
  (cd "$work" && "$build/bin/rmarace-cc" -O2 "$root/examples/$source" -o "${source%.c}")
  echo "rmarace: running it on 2 ranks with rmarace-run"
  local status=0
  (cd "$work" && "$build/bin/rmarace-run" ${html:+"--report-html=$html"} -np 2 "./${source%.c}") ||
    status=$?
  if ((status != 66)); then
    echo "rmarace: unexpected exit code $status" >&2
    exit 1
  fi
  echo "rmarace: the race was found (exit code 66 means races were reported)"
  if [[ -n $html ]]; then
    [[ -s $html ]] || { echo "rmarace: the HTML report $html was not written" >&2; exit 1; }
    echo "rmarace: the HTML report (source lines and a timeline of the race) is $html"
  fi
}
show_race race_example.c "MPI RMA, the dissertation's Fig. 5.14" "$build/rmarace-quickstart.html"
show_race shmem_race_example.c "OpenSHMEM 1.5, put-with-signal and a global"
show_race gaspi_race_example.c "GASPI (GPI-2 API), write_notify covers its own write only"
