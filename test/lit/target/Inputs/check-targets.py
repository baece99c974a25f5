"""Checks each product of `gemm-run --list-targets --json` against the rules
its sources state (docs/targets.md) and prints "NAME: ok" or what is wrong:
AMD's peak is CUs x 256 flop x boost clock (within 1 %); the 1.5x register
file (192 KiB) on gfx1100, gfx1101 and gfx1151, 128 KiB on the others; 128
KiB of LDS per WGP, 32 KiB of L0 and 256 KiB of L1; the sustained clock the
XTX's ratio to its boost clock; a name and ISA each product has alone."""
import json
import sys

table = json.load(open(sys.argv[1]))
xtx = table[0]
ratio = xtx["sustained_clock_ghz"] / xtx["boost_clock_ghz"]
large_file = {"gfx1100", "gfx1101", "gfx1151"}
names = [t["name"] for t in table]
for t in table:
    wrong = []
    derived = t["compute_units"] * 256 * t["boost_clock_ghz"] / 1e3
    if abs(derived - t["peak_tflops"]) > 0.01 * t["peak_tflops"]:
        wrong.append(f"peak {t['peak_tflops']} vs {derived:.2f} derived")
    vgprs = (192 if t["isa"] in large_file else 128) * 1024
    if t["vgpr_file_bytes_per_simd"] != vgprs:
        wrong.append(f"VGPR file {t['vgpr_file_bytes_per_simd']}")
    if (t["lds_bytes_per_wgp"], t["l0_bytes_per_cu"],
            t["l1_bytes_per_array"]) != (131072, 32768, 262144):
        wrong.append("LDS, L0 or L1 size")
    if abs(t["sustained_clock_ghz"] - ratio * t["boost_clock_ghz"]) > 1e-9:
        wrong.append("sustained clock")
    if names.count(t["name"]) != 1 or not t["isa"].startswith("gfx11"):
        wrong.append("name or ISA")
    print(f"{t['name']}: " + ("wrong: " + "; ".join(wrong) if wrong else "ok"))
