#!/usr/bin/python3
"""Fit the weights on the skinny kernel's estimate, per kind of plan, and the
regret of the choice between the skinny and the tiled kernel they give.

Usage: bench/tuning/fit-skinny-weight.py TABLE [--gemm-tune PATH]

TABLE is a gemm-tune table whose candidates are `kernel=skinny` and the tiles
of the cost table unsplit (bench/tuning/skinny-or-tiled-rx7900xtx.json).
`gemm-tune --list-candidates` gives each candidate's estimate, and for the
skinny kernel its plan and the weight the compiler puts on the plan's own
estimate (`estimate_weight`), which is divided out. The weight of a kind of
plan:

- Y in VGPRs and Y in SGPRs: the geometric mean of the timing model's time
  over the plan's own estimate, over the kind's shapes;
- Y staged in LDS, whose ratio spreads too far for one mean: the weight of
  WEIGHTS with the least regret of the choice over the kind's shapes (the
  smallest of a tie). Also printed: the least-squares fit of their ratio as
  1 + c * max(0, G - 4), G the plan's column groups (the workgroups that
  read each row of X).

Prints the fitted weights (getSkinnyEstimateWeight in
lib/Passes/SkinnyPlan.cpp lists them), the root mean square of the log ratio
with them and with one weight for every plan, and the regret of the choice
made as gemm-select-config makes it: the skinny kernel when its weighted
estimate is under the estimate of the tile the cost table ranks first; the
tiled kernel then takes that tile's predicted time. The regret is the chosen
time over the faster of the two, its geometric mean and worst case, with the
compiler's weights, the fitted ones and one weight for every plan.
"""
import argparse
import json
import math
import os
import subprocess
import sys

UNIFORM_WEIGHTS = (1.0, 1.2, 1.4, 1.5, 1.6, 1.8, 2.0)
# The weights a staged plan's is chosen from.
WEIGHTS = tuple(w / 10 for w in range(10, 21))
# Column groups up to which a staged plan's ratio stays near 1.
SHARED_COLUMN_GROUPS = 4


def plan_kind(plan):
    if plan["scalar_y"]:
        return "scalar_y"
    return "stage_y" if plan["stage_y"] else "vgpr_y"


def column_groups(entry, plan):
    return -(-min(entry["m"], entry["n"]) // plan["cols_per_group"])


def geomean(values):
    return math.exp(sum(map(math.log, values)) / len(values))


def fit_stage_slope(points):
    """c minimizing the squared log error of 1 + c * extra over (extra,
    ratio) points, on a grid of 0.001."""
    def error(c):
        return sum((math.log(1 + c * x) - math.log(r)) ** 2 for x, r in points)
    return min((i / 1000 for i in range(0, 1001)), key=error)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("table")
    ap.add_argument("--gemm-tune", default=os.path.join(
        os.path.dirname(__file__), "..", "..", "build", "bin", "gemm-tune"))
    a = ap.parse_args()
    try:
        table = json.load(open(a.table))
        entries = table["entries"]
        candidates = [c["options"] for c in entries[0]["candidates"]]
        hz = table["clock_ghz"] * 1e9
    except (OSError, ValueError, KeyError, TypeError, IndexError) as e:
        sys.exit(f"fit-skinny-weight: {a.table}: not a gemm-tune table ({e})")
    if "kernel=skinny" not in candidates:
        sys.exit(f"fit-skinny-weight: {a.table} has no kernel=skinny candidate")
    cmd = [a.gemm_tune, "--list-candidates", f"--target={table['target']}",
           f"--compute-units={table['compute_units']}"]
    cmd += [f"--candidate={c}" for c in candidates]
    cmd += [e["shape"] for e in entries]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode:
        sys.exit(f"fit-skinny-weight: gemm-tune failed: {p.stderr.strip()}")
    listed = {s["shape"]: {c["options"]: c for c in s["candidates"]}
              for s in json.loads(p.stdout)["shapes"]}
    shapes = []
    for e in entries:
        times = {c["options"]: c.get("predicted_ms") for c in e["candidates"]}
        mine = listed[e["shape"]]
        skinny = mine.get("kernel=skinny")
        tiles = [(mine[o]["estimated_cycles"], times[o]) for o in candidates
                 if o != "kernel=skinny" and mine.get(o)
                 and mine[o]["estimated_cycles"] and times.get(o)]
        if not tiles or not times.get("kernel=skinny") or not skinny or \
                not skinny["estimated_cycles"] or "skinny_plan" not in skinny:
            continue
        plan = skinny["skinny_plan"]
        tile_estimate, tile_ms = min(tiles)
        own = skinny["estimated_cycles"] / skinny["estimate_weight"]
        shapes.append({
            "kind": plan_kind(plan),
            "extra_groups": max(0, column_groups(e, plan) - SHARED_COLUMN_GROUPS),
            "own": own, "listed_weight": skinny["estimate_weight"],
            "ratio": times["kernel=skinny"] * 1e-3 * hz / own,
            "skinny_ms": times["kernel=skinny"],
            "tile_estimate": tile_estimate, "tile_ms": tile_ms})
    print(f"{len(shapes)} shapes with both kernels timed and estimated")

    def log_rms(weight, mine=None):
        mine = shapes if mine is None else mine
        return math.sqrt(sum(math.log(s["ratio"] / weight(s)) ** 2
                             for s in mine) / len(mine))

    def regret(weight, mine=None):
        values = [(s["skinny_ms"] if weight(s) * s["own"] < s["tile_estimate"]
                   else s["tile_ms"]) / min(s["skinny_ms"], s["tile_ms"])
                  for s in (shapes if mine is None else mine)]
        return geomean(values), max(values)

    fitted = {}
    for kind in ("vgpr_y", "scalar_y"):
        ratios = [s["ratio"] for s in shapes if s["kind"] == kind]
        if ratios:
            fitted[kind] = geomean(ratios)
    staged = [s for s in shapes if s["kind"] == "stage_y"]
    if staged:
        fitted["stage_y"] = min(
            WEIGHTS, key=lambda w: (regret(lambda s: w, staged)[0], w))

    def fitted_weight(s):
        return fitted[s["kind"]]

    for kind in ("vgpr_y", "scalar_y", "stage_y"):
        mine = [s for s in shapes if s["kind"] == kind]
        if not mine:
            continue
        how = ("least regret" if kind == "stage_y" else "geometric mean")
        print(f"{kind}: {len(mine)} shapes, weight {fitted[kind]:.2f} "
              f"({how}), root mean square of the log ratio about it "
              f"{log_rms(fitted_weight, mine):.3f}, regret "
              f"{regret(fitted_weight, mine)[0]:.4f}x")
    if staged:
        slope = fit_stage_slope([(s["extra_groups"], s["ratio"])
                                 for s in staged])
        print(f"stage_y ratio against column groups: 1 + {slope:.3f} x "
              f"(column groups - {SHARED_COLUMN_GROUPS}), root mean square "
              f"of the log ratio about it "
              f"{log_rms(lambda s: 1 + slope * s['extra_groups'], staged):.3f}")
    for name, weight in (("the compiler's weights", lambda s: s["listed_weight"]),
                         ("the fitted weights", fitted_weight)):
        mean, worst = regret(weight)
        print(f"{name}: log ratio root mean square {log_rms(weight):.3f}, "
              f"regret {mean:.4f}x geometric mean, worst {worst:.3f}x")
    for w in UNIFORM_WEIGHTS:
        mean, worst = regret(lambda s: w)
        print(f"weight {w} for every plan: log ratio root mean square "
              f"{log_rms(lambda s: w):.3f}, regret {mean:.4f}x geometric "
              f"mean, worst {worst:.3f}x")


if __name__ == "__main__":
    main()
