#!/usr/bin/python3
"""A prefiltered sweep's table against the full sweep's.

    bench/tuning/compare-prefilter.py FULL.json PREFILTERED.json

Both are gemm-tune tables of the same shapes, target, clock and CUs: FULL
from a sweep of every candidate, PREFILTERED from `--prefilter=N`
(gemm-tune or bench/tune-sweep.py). Prints each shape whose entry differs,
with the full sweep's choice, the prefiltered one and how much slower it is,
then a summary: how many entries differ, how often the prefilter dropped the
full sweep's winner, the worst and the geometric-mean ratio of the
prefiltered choice's time to the best. All times are predictions of the
calibrated timing model, not measurements. Exit code 0, or 2 on tables it
cannot compare.
"""
import json
import math
import sys


def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            table = json.load(f)
        return table, {e["shape"]: e for e in table["entries"]}
    except (OSError, ValueError, KeyError, TypeError) as e:
        sys.exit(f"compare-prefilter: error: {path}: {e}")


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 2
    full, full_entries = load(sys.argv[1])
    pre, pre_entries = load(sys.argv[2])
    for key in ("target", "clock_ghz", "compute_units"):
        if full.get(key) != pre.get(key):
            print(f"compare-prefilter: error: the tables differ in {key}",
                  file=sys.stderr)
            return 2
    if set(full_entries) != set(pre_entries):
        print("compare-prefilter: error: the tables have different shapes",
              file=sys.stderr)
        return 2
    differ = dropped = 0
    ratios = []
    print("shape | full sweep's choice | prefiltered choice | slower by")
    for shape, f in full_entries.items():
        p = pre_entries[shape]
        ratio = p["predicted_ms"] / f["predicted_ms"]
        ratios.append(ratio)
        kept = {c["options"] for c in p["candidates"]}
        dropped += f["options"] not in kept
        if f["options"] != p["options"] or ratio != 1:
            differ += 1
            print(f"{shape} | {f['options']} | {p['options']} | "
                  f"{100 * (ratio - 1):.2f} %")
    n = len(ratios)
    geo = math.exp(sum(map(math.log, ratios)) / n)
    print(f"{differ} of {n} entries differ ({100 * differ / n:.1f} %); the "
          f"prefilter dropped the full sweep's winner on {dropped}; worst "
          f"{max(ratios):.4f}x the best, geometric mean {geo:.4f}x "
          "(predictions of the calibrated timing model)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
