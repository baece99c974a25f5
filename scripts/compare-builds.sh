#!/usr/bin/env bash
# Compares two gemm-opt builds, to check that a refactor leaves the code objects
# bit-identical. Compiles the same inputs with both and compares, per compile,
# the exit code, stderr, code object, manifest and lowered IR:
#  - examples/sgemm_4096.mlir under 12 pipeline configurations;
#  - every .mlir split input (//--- x.mlir) of the lit tests holding a linalg
#    op, examples/sgemm_256.mlir and fuzz.py's base programs, each with the
#    default tile and with bm=64 bn=64.
# Usage: scripts/compare-builds.sh OLD_GEMM_OPT NEW_GEMM_OPT [WORK_DIR]
# Prints one line per difference and a summary; exits 1 if any differs.
set -euo pipefail
case "${1:-}" in -h|--help|"") sed -n '2,10p' "$0"; exit 0 ;; esac
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
old=$(realpath "$1"); new=$(realpath "$2")
work=${3:-$(mktemp -d)}
mkdir -p "$work/in"
python3 - "$repo" "$work/in" <<'PY'
import glob, importlib.util, os, re, sys
repo, out = sys.argv[1], sys.argv[2]
for f in glob.glob(os.path.join(repo, "test/lit/**/*.test"), recursive=True):
    parts = re.split(r"^//--- (\S+)\n", open(f).read(), flags=re.M)
    for i in range(1, len(parts), 2):
        if parts[i].endswith(".mlir") and "linalg" in parts[i + 1]:
            name = os.path.basename(f).replace(".", "_") + "__" + parts[i]
            open(os.path.join(out, name), "w").write(parts[i + 1])
spec = importlib.util.spec_from_file_location("fuzz", os.path.join(repo, "scripts/fuzz.py"))
fuzz = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fuzz)
for name, text in fuzz.BASE_PROGRAMS.items():
    open(os.path.join(out, "base_%s.mlir" % name), "w").write(text if isinstance(text, str) else text[0])
PY
cp "$repo/examples/sgemm_256.mlir" "$work/in/"

same=0; different=0; n=0
compile() { # tag input options
  local tag=$1 input=$2 opts=$3
  n=$((n + 1))
  for side in old new; do
    local bin=${!side} dir="$work/$side"
    mkdir -p "$dir"
    (cd "$dir" && { timeout 300 "$bin" "$input" --gemm-rdna3-pipeline="$opts hsaco=$tag.hsaco" \
        -o "$tag.out.mlir" 2> "$tag.err" && echo 0 > "$tag.rc" || echo $? > "$tag.rc"; })
  done
  local ok=1
  for f in rc err out.mlir hsaco manifest.json; do
    if [ -e "$work/old/$tag.$f" ] || [ -e "$work/new/$tag.$f" ]; then
      cmp -s "$work/old/$tag.$f" "$work/new/$tag.$f" || ok=0
    fi
  done
  if [ $ok = 1 ]; then same=$((same + 1)); else different=$((different + 1)); echo "DIFFERENT: $input '$opts'"; fi
}
i=0
for opts in "" "addressing=global" "bk=4" "bk=16 pad=8 addressing=global" "pad=0" \
    "prefetch=lds" "prefetch=none" "prefetch=registers" "bm=64 bn=64" "bm=128 bn=64" \
    "prefetch=lds addressing=global" "opt-level=2"; do
  i=$((i + 1)); compile "big$i" "$repo/examples/sgemm_4096.mlir" "$opts"
done
for input in "$work"/in/*.mlir; do
  i=$((i + 1)); compile "c$i" "$input" ""
  i=$((i + 1)); compile "c$i" "$input" "bm=64 bn=64"
done
echo "compare-builds: $n compiles, $same identical, $different different (files in $work)"
[ "$different" = 0 ]
