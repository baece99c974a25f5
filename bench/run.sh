#!/usr/bin/env bash
# gemm-opt benchmark: stock clang-22 on OpenCL reference kernels side by side
# with gemm-opt's pipeline variants, in one run. For each code object: the
# figures of gemm-report (resources, occupancy, loop mix, VOPD, bank model, its
# MODEL ESTIMATE of cycles and TFLOP/s ceiling), an emulator correctness run at
# a small size, and measured time/TFLOP/s when a HIP device exists.
# Also gemm-opt's compile time for the example (median of 5 runs).
#
# Usage: bench/run.sh [--build-dir DIR] [--out DIR] [--quick] [--no-chart]
#                     [--size N] [--check-size N] [--compile-runs R]
#   --build-dir DIR   built gemm-opt tree (default: <repo>/build; built with
#                     scripts/setup.sh --no-example when it has no bin/gemm-opt)
#   --out DIR         results folder (default: <repo>/bench/results); writes
#                     results.md, results.json, results.png and artifacts/
#   --quick           N=256 for everything, 1 compile-time run (for the lit test)
#   --no-chart        do not draw results.png
#   --size N          problem size of the report and the HIP timing (default 4096)
#   --check-size N    problem size of the emulator correctness run (default 256)
#   --compile-runs R  gemm-opt compile-time runs, median reported (default 5)
#
# Needs /usr/bin/python3 (Debian's); the chart needs python3-matplotlib
# (apt-get install -y python3-matplotlib). Without it everything else is
# still produced, and the script says so. Exit code: 0 when every kernel
# compiled and passed on the emulator, 1 otherwise, 2 on bad usage.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=$repo/build
args=()
while (($#)); do
  case "$1" in
    --build-dir) build_dir=${2:?--build-dir needs a directory}; shift 2 ;;
    --build-dir=*) build_dir=${1#*=}; shift ;;
    -h|--help) sed -n '2,24p' "$0"; exit 0 ;;
    *) args+=("$1"); shift ;;
  esac
done

py=/usr/bin/python3
if [ ! -x "$py" ]; then
  echo "bench/run.sh: $py not found; install Debian's python3 (apt-get install -y python3)" >&2
  exit 2
fi

if [ ! -x "$build_dir/bin/gemm-opt" ] || [ ! -x "$build_dir/bin/gemm-report" ] ||
   [ ! -x "$build_dir/bin/gemm-run" ]; then
  echo "bench/run.sh: no built tree in $build_dir; building it with scripts/setup.sh --no-example"
  BUILD_DIR=$build_dir "$repo/scripts/setup.sh" --no-example
fi

exec "$py" "$repo/bench/bench.py" --repo "$repo" --build-dir "$build_dir" ${args[@]+"${args[@]}"}
