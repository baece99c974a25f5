"""Checks the steady-state K loop of a gemm-opt code object against the
figures the fast pipeline promises, from `gemm-report --json`.

Usage: check-kernel-shape.py REPORT.json BK MAX_BARRIERS [MAX_OTHER_VALU]
                             [--baseline=REPORT.json] [--min-vopd-share=S]
                             [--lds-load-bits=N] [--max-bank-stalls=N]
MAX_OTHER_VALU bounds the loop's VALU instructions that are neither FMAs nor
VOPD: with addressing=buffer no address arithmetic is left there.
--baseline names the report of the same kernel without the late pass: the
pass may add at most 8 VGPRs, or more only while the waves per SIMD the VGPRs
allow stay the same (gemm-report's occupancy "by_vgprs").
--min-vopd-share replaces "all FMAs in VOPD" by "at least S of them", for a
configuration where the late pass is known to fall short (say why where it is
used).
--lds-load-bits is the width of every LDS load in the loop: 128 as the
pipeline emits them, 64 once the late pass's bank plan has split them (its
default), or "mixed" where the bank plan split only some of them.
--max-bank-stalls bounds the stall cycles of gemm-report's bank model.
Prints one line per check and exits 1 if any fails.
"""
import json
import sys

baseline = None
min_vopd_share = None
lds_load_bits = 64
max_bank_stalls = None
args = []
for arg in sys.argv[1:]:
    if arg.startswith("--baseline="):
        baseline = json.load(open(arg.split("=", 1)[1]))["kernels"][0]
    elif arg.startswith("--min-vopd-share="):
        min_vopd_share = float(arg.split("=", 1)[1])
    elif arg.startswith("--lds-load-bits="):
        value = arg.split("=", 1)[1]
        lds_load_bits = None if value == "mixed" else int(value)
    elif arg.startswith("--max-bank-stalls="):
        max_bank_stalls = int(arg.split("=", 1)[1])
    else:
        args.append(arg)
sys.argv[1:] = args
report = json.load(open(sys.argv[1]))
bk = int(sys.argv[2])
max_barriers = int(sys.argv[3])
kernel = report["kernels"][0]
loop = kernel["loop"]["counts"]
res = kernel["resources"]

checks = [
    ("no scratch", res["scratch_bytes"] == 0, res["scratch_bytes"]),
    ("VGPRs <= 240 (6 waves per SIMD)", res["vgprs"] <= 240, res["vgprs"]),
    ("128 FMAs per K step and lane", loop["fmas"] == 128 * bk, loop["fmas"] / bk),
    ("<= 192 LDS bytes per K step and lane",
     loop["lds_load_bytes"] <= 192 * bk, loop["lds_load_bytes"] / bk),
    (f"only {lds_load_bits}-bit LDS loads",
     loop["lds_load_bytes"] * 8 == lds_load_bits * loop["lds_loads"],
     loop["lds_load_bytes"] / max(loop["lds_loads"], 1))
    if lds_load_bits else
    ("64- and 128-bit LDS loads",
     64 * loop["lds_loads"] < loop["lds_load_bytes"] * 8 < 128 * loop["lds_loads"],
     loop["lds_load_bytes"] / max(loop["lds_loads"], 1)),
    ("<= 16 global loads per K slice", loop["global_loads"] <= 16,
     loop["global_loads"]),
    (f"<= {max_barriers} barriers per K slice",
     loop["barriers"] <= max_barriers, loop["barriers"]),
    ("all FMAs in VOPD", loop["vopd_fmas"] == loop["fmas"],
     loop["vopd_fma_share"]) if min_vopd_share is None else
    (f"VOPD share >= {min_vopd_share}",
     loop["vopd_fmas"] >= min_vopd_share * loop["fmas"],
     loop["vopd_fma_share"]),
    ("no VOPD rule violation", not kernel["vopd"]["violations"],
     len(kernel["vopd"]["violations"])),
]
if len(sys.argv) > 4:
    limit = int(sys.argv[4])
    checks.append((f"<= {limit} other VALU per K slice",
                   loop["other_valu"] <= limit, loop["other_valu"]))
if max_bank_stalls is not None:
    stalls = kernel["loop"]["bank_model"]["stall_cycles"]
    checks.append((f"<= {max_bank_stalls} bank stall cycles (model)",
                   stalls <= max_bank_stalls, stalls))


def waves_by_vgprs(report):
    return report["resources"]["occupancy"]["by_vgprs"]


if baseline:
    before = baseline["resources"]["vgprs"]
    checks.append(("<= 8 VGPRs above the kernel without the late pass, or "
                   "its waves per SIMD kept",
                   res["vgprs"] <= before + 8 or
                   waves_by_vgprs(kernel) >= waves_by_vgprs(baseline),
                   f"{before} -> {res['vgprs']}"))
failed = False
for name, ok, value in checks:
    print(f"{'ok  ' if ok else 'FAIL'} {name}: {value}")
    failed |= not ok
sys.exit(1 if failed else 0)
