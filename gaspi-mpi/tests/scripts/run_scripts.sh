#!/bin/sh
# Builds hello.c with gaspicc and runs it with gaspirun on 2 processes:
#   run_scripts.sh BIN_DIR HELLO_C
bin=$1 source=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bin/gaspicc" -Wall -Wextra -Werror "$source" -o "$work/hello" || exit 1
exec "$bin/gaspirun" -np 2 "$work/hello"
