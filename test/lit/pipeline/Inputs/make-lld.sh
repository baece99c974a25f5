#!/usr/bin/env bash
# Usage: make-lld.sh TOOLKIT LOG [REAL-LLD]
# Writes TOOLKIT/llvm/bin/ld.lld, a linker that appends its own path to LOG and
# then runs REAL-LLD, or fails without it. "{uid}" in TOOLKIT becomes the
# current user id (the name of the temporary toolkit gemm-opt used to reuse).
set -euo pipefail
toolkit=${1//\{uid\}/$(id -u)}
mkdir -p "$toolkit/llvm/bin"
lld="$toolkit/llvm/bin/ld.lld"
{
  echo '#!/bin/sh'
  echo "echo \"\$0\" >> '$2'"
  if [ $# -ge 3 ]; then echo "exec '$3' \"\$@\""; else echo 'exit 1'; fi
} > "$lld"
chmod +x "$lld"
