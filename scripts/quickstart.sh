#!/usr/bin/env bash
# Installs the dependencies, builds rmarace and shows a race report on a bundled MPI example.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${RMARACE_BUILD_DIR:-$root/build}
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo
echo "rmarace: compiling examples/race_example.c (the dissertation's Fig. 5.14) with rmarace-cc"
"$build/bin/rmarace-cc" -O2 "$root/examples/race_example.c" -o "$work/race_example"
echo "rmarace: running it on 2 ranks with rmarace-run"
status=0
(cd "$work" && "$build/bin/rmarace-run" -np 2 ./race_example) || status=$?
if ((status == 66)); then
  echo "rmarace: the race was found (exit code 66 means races were reported)"
  exit 0
fi
echo "rmarace: unexpected exit code $status" >&2
exit 1
