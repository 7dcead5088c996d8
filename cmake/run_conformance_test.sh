#!/bin/sh
# Runs one conformance test: run_conformance_test.sh LAUNCHER NPROCS EXIT_CODE EXPECTED_STDERR PROGRAM.
# Passes when the program exits with EXIT_CODE and, if EXPECTED_STDERR is not empty, its
# standard error contains that text.
launcher=$1 nprocs=$2 expected_code=$3 expected_stderr=$4 program=$5
errors=$(mktemp)
trap 'rm -f "$errors"' EXIT
"$launcher" -np "$nprocs" "$program" 2>"$errors"
code=$?
cat "$errors" >&2
if [ "$code" -ne "$expected_code" ]; then
  echo "run_test: $program exited with $code, expected $expected_code" >&2
  exit 1
fi
if [ -n "$expected_stderr" ] && ! grep -qF -- "$expected_stderr" "$errors"; then
  echo "run_test: standard error lacks \"$expected_stderr\"" >&2
  exit 1
fi
exit 0
