#!/usr/bin/env bash
# Runs gemm-opt's test suite on the build made by scripts/setup.sh: the lit
# suite (check-gemm-opt), then the GoogleTest unit tests under ctest
# (check-gemm-opt-unit; configured where GoogleTest is installed).
# Environment: BUILD_DIR (default: <repo>/build).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${BUILD_DIR:-$repo/build}
ninja -C "$build_dir" check-gemm-opt
if ninja -C "$build_dir" -t query check-gemm-opt-unit >/dev/null 2>&1; then
  ninja -C "$build_dir" check-gemm-opt-unit
else
  echo "test.sh: no unit tests in $build_dir (GoogleTest not found when" \
    "configured: install libgtest-dev and rerun scripts/setup.sh)" >&2
  exit 1
fi
