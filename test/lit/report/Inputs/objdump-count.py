"""Counts the loop of a gemm-report --json report again from llvm-objdump.

Usage: objdump-count.py <llvm-objdump> <code-object> <report.json>
Reads the loop's address range from the report, counts instructions, FMAs
(v_fmac/v_fma/v_fmamk/v_fmaak_f32 and the FMA halves of v_dual_*), VOPD FMAs,
v_dual_* and ds_load_* in llvm-objdump's listing of that range, each inner
loop's instructions times the trip count the report read, and compares.
Exit 0 and "agree: ..." when every count matches, 1 otherwise.
"""
import json
import re
import subprocess
import sys

objdump, code_object, report_path = sys.argv[1:4]
with open(report_path) as f:
    kernel = json.load(f)["kernels"][0]
loop = kernel["loop"]
listing = subprocess.run([objdump, "-d", "--mcpu=gfx1100", code_object],
                         check=True, capture_output=True, text=True).stdout

fma = re.compile(r"^v_(dual_)?fma(c|mk|ak)?_f32(_e32|_e64)?$")
mine = {"instructions": 0, "fmas": 0, "vopd_fmas": 0, "vopd": 0, "lds_loads": 0}
for line in listing.splitlines():
    m = re.search(r"//\s*([0-9A-Fa-f]+):", line)
    if not m:
        continue
    address = int(m.group(1), 16)
    if not loop["begin"] <= address <= loop["end"]:
        continue
    weight = 1
    for inner in loop["inner_loops"]:
        if inner["begin"] <= address <= inner["end"]:
            weight *= inner["trip_count"]
    text = line.split("//")[0].strip()
    mine["instructions"] += weight
    halves = [h.split()[0] for h in text.split("::")]
    fmas = sum(1 for h in halves if fma.match(h))
    mine["fmas"] += weight * fmas
    if halves[0].startswith("v_dual_"):
        mine["vopd"] += weight
        mine["vopd_fmas"] += weight * fmas
    if halves[0].startswith("ds_load"):
        mine["lds_loads"] += weight

theirs = {key: loop["counts"][key] for key in mine}
if mine != theirs:
    print("mismatch: llvm-objdump %s, gemm-report %s" % (mine, theirs))
    sys.exit(1)
print("agree: %d instructions, %d FMAs (%d in VOPD), %d v_dual, %d ds_load"
      % (mine["instructions"], mine["fmas"], mine["vopd_fmas"], mine["vopd"],
         mine["lds_loads"]))
