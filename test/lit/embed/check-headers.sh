#!/usr/bin/env bash
# Compiles each installed gemm-opt header on its own: every header must include
# what it uses. Usage: check-headers.sh <install-prefix> <llvm-include-dir>
set -euo pipefail
prefix=$1 llvm_include=$2
count=0
while IFS= read -r header; do
  rel=${header#"$prefix/include/"}
  echo "#include \"$rel\"" |
    c++ -std=c++17 -fsyntax-only -fno-exceptions -x c++ - \
      -I"$prefix/include" -isystem "$llvm_include" ||
    { echo "check-headers: $rel does not compile on its own" >&2; exit 1; }
  count=$((count + 1))
done < <(find "$prefix/include/gemm-opt" -name '*.h' | sort)
echo "check-headers: $count headers compile on their own"
