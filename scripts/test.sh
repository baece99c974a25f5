#!/usr/bin/env bash
# Runs gemm-opt's test suite (the lit suite, check-gemm-opt) on the build made
# by scripts/setup.sh. Environment: BUILD_DIR (default: <repo>/build).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${BUILD_DIR:-$repo/build}
ninja -C "$build_dir" check-gemm-opt
