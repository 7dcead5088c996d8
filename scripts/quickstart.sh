#!/usr/bin/env bash
# Installs the dependencies, builds rmarace and shows a race report on a bundled example.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh"
echo "rmarace: running the bundled example (the dissertation's Fig. 5.14 race)"
"$root/build/bin/rmarace-simulated-race"
