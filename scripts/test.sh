#!/usr/bin/env bash
# Builds rmarace (warnings are errors) and runs every test suite.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${RMARACE_BUILD_DIR:-$root/build}
"$root/scripts/build.sh" -DRMARACE_WERROR=ON
ctest --test-dir "$build" --output-on-failure -j "$(nproc)"
