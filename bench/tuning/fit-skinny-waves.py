#!/usr/bin/python3
"""The waves per CU that the skinny kernel's plan should aim for, per kind of
plan, read off a table of bench/tuning/sweep-skinny-waves.py.

Usage: bench/tuning/fit-skinny-waves.py TABLE

The plan search (lib/Passes/SkinnyPlan.cpp) gives a plan of W workgroups on a
GPU of C CUs ceil(T x C / W) waves, at least 1 and at most 8, where T is the
waves per CU it aims for. For each T of a grid, and separately for the plans
with Y in SGPRs (scalar_y) and the others, this prints the geometric mean and
the worst of the time with those waves over the fastest of the table's, and
the same for the waves the compiler gave when the table was made. Where the
kernel refuses T's waves (they get no time in the table), the most waves
below that it takes stand in, as the search's own limits have it.
"""
import argparse
import json
import math
import sys

WAVES_PER_CU = (2, 4, 6, 8, 10, 12, 16, 20, 24, 32, 48, 64)
MAX_WAVES = 8


def waves_for(target, workgroups, compute_units, times):
    waves = max(1, min(MAX_WAVES,
                       math.ceil(target * compute_units / workgroups)))
    while waves > 1 and times.get(waves) is None:
        waves -= 1
    return waves


def regret(rows, pick):
    ratios = []
    for row in rows:
        times = row["times"]
        waves = pick(row)
        if times.get(waves) is None:
            continue
        ratios.append(times[waves] / min(times.values()))
    if not ratios:
        return None
    return (math.exp(sum(map(math.log, ratios)) / len(ratios)), max(ratios),
            len(ratios))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("table")
    a = ap.parse_args()
    try:
        table = json.load(open(a.table))
        if table.get("format") != "gemm-opt-skinny-waves-1":
            raise ValueError("format is not gemm-opt-skinny-waves-1")
        units = int(table["compute_units"])
        rows = []
        for shape in table["shapes"]:
            times = {int(w): t for w, t in shape["predicted_ms"].items()
                     if t is not None}
            if times:
                rows.append({"times": times, "waves": int(shape["waves"]),
                             "workgroups": int(shape["workgroups"]),
                             "scalar_y": bool(shape["scalar_y"])})
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as e:
        sys.exit(f"fit-skinny-waves: {a.table}: not a skinny waves table "
                 f"({e})")
    print(f"{len(rows)} plans on {table.get('target')}, {units} CUs")
    for kind, scalar_y in (("Y in SGPRs", True), ("Y in VGPRs", False)):
        kept = [r for r in rows if r["scalar_y"] == scalar_y]
        if not kept:
            continue
        got = regret(kept, lambda r: r["waves"])
        print(f"{kind}: {len(kept)} plans; as compiled: regret "
              f"{got[0]:.4f}x geometric mean, worst {got[1]:.3f}x")
        for target in WAVES_PER_CU:
            got = regret(kept, lambda r: waves_for(
                target, r["workgroups"], units, r["times"]))
            print(f"  {target:2d} waves a CU: regret {got[0]:.4f}x geometric "
                  f"mean, worst {got[1]:.3f}x")


if __name__ == "__main__":
    main()
