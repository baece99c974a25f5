#!/usr/bin/env bash
# Checks that the tracked files speak of the project, not of how its work was
# organised: docs, comments, tests and scripts describe what the code does and
# why, and history belongs in git log. Prints file:line:text for every
# reference to a unit of work (the word stop or issue followed by a number,
# with or without a hyphen or #, or a stop or session named by its place in
# the sequence: this, the previous, the next ...) and exits 1 if there is
# one, 0 otherwise. bench/results/ (generated output) and this script are not
# checked. The timing model's issue terms (an LDS, VMEM, VALU, SALU, scalar,
# other or dual issue count or share) are not references; write a count
# after the verb in words ("issues eight loads") so that it is not taken for
# one.
# Usage: scripts/check-project-language.sh (from anywhere in the work tree)
set -euo pipefail
case "${1:-}" in -h|--help) sed -n '2,12p' "$0"; exit 0 ;; esac
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"
self=scripts/check-project-language.sh
# A unit of work named by its number, or by its place in the sequence.
numbered='(stops?|issues?)[ -]?#?[0-9]'
relative='(this|that|same|previous|next|last|earlier|later) (stop|session)s?'
pattern="(^|[^[:alnum:]_])($numbered|$relative([^[:alnum:]_]|$))"
# git grep exits 1 when nothing matches; only 2 and above are errors.
matches=$(git grep -nIiE -e "$pattern" -- . ':!bench/results' ":!$self") ||
  [ $? -eq 1 ] || { echo "$self: git grep failed" >&2; exit 2; }
# Drop the timing model's issue terms, then keep the lines that still match.
found=$(printf '%s\n' "$matches" | awk -v numbered="$numbered" \
  -v relative="$relative" '
  $0 == "" { next }
  {
    match($0, /^[^:]*:[0-9]+:/)
    text = tolower(substr($0, RLENGTH + 1))
    gsub(/(lds|vmem|valu|salu|scalar|other|dual) issue [0-9]/, "", text)
    if (text ~ ("(^|[^a-z0-9_])" numbered) ||
        text ~ ("(^|[^a-z0-9_])" relative "([^a-z0-9_]|$)"))
      print
  }')
if [ -n "$found" ]; then
  printf '%s\n' "$found"
  echo "$self: $(printf '%s\n' "$found" | wc -l | tr -d ' ') line(s) refer to" \
    "how the work was organised; say what the code does and why instead" >&2
  exit 1
fi
echo "$self: no references to how the work was organised"
