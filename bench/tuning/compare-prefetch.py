#!/usr/bin/python3
"""How much `prefetch=lds` changes each tile's predicted time, per layout of B.

Usage: bench/tuning/compare-prefetch.py REGISTERS_TABLE LDS_TABLE

Both are gemm-tune tables of the same shapes: REGISTERS_TABLE with tiles
unsplit (`bm=.. bn=.. [waves-m=.. waves-n=..] [prefetch=registers]
split-tail=1`, as bench/tuning/tile-costs-rx7900xtx.json), LDS_TABLE with the same options plus
`prefetch=lds` (bench/tuning/prefetch-lds-rx7900xtx.json). For each tile of
LDS_TABLE and each layout of B, prints over the shapes both tables predict:
the geometric mean of the time with `prefetch=lds` over the time without,
its range, and how many shapes are more than 2 % faster or slower. Every
time is a prediction of the calibrated timing model.
"""
import argparse
import json
import math
import sys


def load(path):
    try:
        table = json.load(open(path))
        return {e["shape"]: e for e in table["entries"]}
    except (OSError, ValueError, KeyError, TypeError) as e:
        sys.exit(f"compare-prefetch: {path}: not a gemm-tune table ({e})")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("registers_table")
    ap.add_argument("lds_table")
    a = ap.parse_args()
    registers, lds = load(a.registers_table), load(a.lds_table)
    ratios = {}
    for shape, entry in lds.items():
        if shape not in registers:
            continue
        # A tile of REGISTERS_TABLE may name its prefetch=registers.
        base = {c["options"].replace(" prefetch=registers", ""):
                c.get("predicted_ms")
                for c in registers[shape]["candidates"]}
        for c in entry["candidates"]:
            tile = c["options"].replace(" prefetch=lds", "")
            if c.get("predicted_ms") and base.get(tile):
                key = (tile.replace(" split-tail=1", ""),
                       "N x K" if entry["transpose_b"] else "K x N")
                ratios.setdefault(key, []).append(c["predicted_ms"] / base[tile])
    if not ratios:
        sys.exit("compare-prefetch: no shape and tile predicted in both tables")
    for (tile, layout), values in sorted(ratios.items()):
        mean = math.exp(sum(map(math.log, values)) / len(values))
        print(f"{tile}, B stored {layout}: {len(values)} shapes, prefetch=lds "
              f"{mean:.3f}x the time on geometric mean ({min(values):.3f}x to "
              f"{max(values):.3f}x), {sum(v < 0.98 for v in values)} more than "
              f"2 % faster, {sum(v > 1.02 for v in values)} more than 2 % slower")


if __name__ == "__main__":
    main()
