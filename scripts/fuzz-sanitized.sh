#!/usr/bin/env bash
# Builds the five tools (gemm-opt, gemm-run, emu-run, gemm-tune, gemm-report)
# with AddressSanitizer and UBSan
# (-DGEMM_OPT_SANITIZE=address,undefined: our code only, Debian's LLVM/MLIR
# libraries are not instrumented) in a build directory of their own, then runs
# scripts/fuzz.py against them. Any ASan or UBSan report fails the case.
#
# Usage: scripts/fuzz-sanitized.sh [fuzz.py options]
#   e.g. scripts/fuzz-sanitized.sh --seed=1 --cases=10000 --jobs=2 --out-dir=/tmp/fuzz-asan
# Environment: ASAN_BUILD_DIR (default: <repo>/build-asan), JOBS (ninja jobs,
# default: nproc), ASAN_OPTIONS / UBSAN_OPTIONS (defaults below).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${ASAN_BUILD_DIR:-$repo/build-asan}
jobs=${JOBS:-$(nproc)}
case "${1:-}" in -h|--help) sed -n '2,11p' "$0"; exit 0 ;; esac

cmake -G Ninja -S "$repo" -B "$build_dir" -DCMAKE_BUILD_TYPE=Release \
  -DGEMM_OPT_SANITIZE=address,undefined
ninja -C "$build_dir" -j "$jobs" gemm-opt gemm-run emu-run gemm-tune gemm-report

# detect_leaks=0: leaks at exit (LLVM's and MLIR's global state, error exits)
#   are not memory errors; LeakSanitizer on these tools is not measured yet.
# hard_rss_limit_mb: an input that makes a tool allocate without bound ends as
#   an ASan report instead of taking the machine's memory.
# print_stacktrace / halt_on_error=0: every UBSan report, with its stack.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:hard_rss_limit_mb=6000:allocator_may_return_null=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=0}
exec python3 "$repo/scripts/fuzz.py" --tool-dir="$build_dir/bin" --sanitized "$@"
