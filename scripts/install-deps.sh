#!/usr/bin/env bash
# Installs everything rmarace needs to build, test and run on Debian 12 (run as root).
set -euo pipefail
packages=(
  build-essential cmake ninja-build python3 git
  clang-14 llvm-14-dev lld-14 libclang-rt-14-dev libomp-14-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  openmpi-bin libopenmpi-dev
  mpich libmpich-dev
  python3-jinja2 python3-jsonschema chromium
  gfortran dpkg-dev
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "rmarace: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
