#!/usr/bin/env bash
# Sets up and runs gemm-opt's main job on Debian 12:
#   1. installs the Debian packages it needs (skipped when present),
#   2. configures and builds with CMake + Ninja in ./build,
#   3. compiles examples/sgemm_4096.mlir to sgemm_4096.hsaco and
#      sgemm_4096.manifest.json in the current directory.
#
# Usage: scripts/setup.sh [--no-example]
# Environment: BUILD_DIR (default: <repo>/build), JOBS (default: nproc).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${BUILD_DIR:-$repo/build}
jobs=${JOBS:-$(nproc)}
run_example=1
for arg in "$@"; do
  case "$arg" in
    --no-example) run_example=0 ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) echo "setup.sh: unknown argument '$arg'" >&2; exit 2 ;;
  esac
done

packages=(llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools lld-22 clang-22
          libamdhip64-dev python3-matplotlib cmake ninja-build g++ python3
          libgtest-dev python3-distributed)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup.sh: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get install -y --no-install-recommends "${missing[@]}" ||
    { $sudo apt-get update && $sudo apt-get install -y --no-install-recommends "${missing[@]}"; }
fi

cmake -G Ninja -S "$repo" -B "$build_dir" -DCMAKE_BUILD_TYPE=Release
ninja -C "$build_dir" -j "$jobs"

if ((run_example)); then
  "$build_dir/bin/gemm-opt" "$repo/examples/sgemm_4096.mlir" \
    --gemm-rdna3-pipeline="hsaco=sgemm_4096.hsaco" -o sgemm_4096.lowered.mlir
  echo "setup.sh: wrote $(pwd)/sgemm_4096.hsaco and $(pwd)/sgemm_4096.manifest.json"
fi
