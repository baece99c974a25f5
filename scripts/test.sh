#!/usr/bin/env bash
# Runs gemm-opt's test suite on the build made by scripts/setup.sh: the lit
# suite (check-gemm-opt), then the GoogleTest unit tests under ctest
# (check-gemm-opt-unit; configured where GoogleTest is installed). With
# --full, then the longer sweeps: every shape of bench/shapes/shapes.json
# run on the emulator against the CPU reference (bench/verify-shapes.py,
# about 32 minutes on one core) and 1000 fuzz cases (scripts/fuzz.py).
# Environment: BUILD_DIR (default: <repo>/build).
set -euo pipefail
full=0
case "${1:-}" in
  --full) full=1 ;;
  "") ;;
  *)
    echo "usage: scripts/test.sh [--full]" >&2
    exit 2
    ;;
esac
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
if [ "$full" = 1 ]; then
  out=$(mktemp -d)
  python3 "$repo/bench/verify-shapes.py" --tool-dir "$build_dir/bin" \
    --out "$out/verify-shapes"
  python3 "$repo/scripts/fuzz.py" --seed=1 --cases=1000 --jobs=2 \
    --tool-dir "$build_dir/bin" --out-dir "$out/fuzz"
  echo "test.sh: the longer sweeps passed (their reports: $out)"
fi
