#!/usr/bin/python3
"""Fit the skinny kernel's weighted estimate: the weights on its issue bound,
per kind of plan, and the cycles of each sum of C its epilogue stores; and
print the regret of the choice between the skinny and the tiled kernel they
give.

Usage: bench/tuning/fit-skinny-weight.py TABLE... [--gemm-tune PATH]

Each TABLE is a gemm-tune table of one target whose candidates include
`kernel=skinny` and tiles of the cost table
(bench/tuning/skinny-or-tiled-rx7900xtx.json); a shape in several tables
counts once, from the first. `gemm-tune --list-candidates` gives the skinny
plan's bounds, unweighted: its issue (`skinny_issue_cycles`), its bytes
(`skinny_memory_cycles`) and the sums of C its busiest unit's workgroups
store, per CU (`skinny_epilogue_sums`). The estimate is

    max(weight * (issue + cycles_per_sum * sums), memory)

(estimateWeightedSkinnyCycles in lib/Passes/SkinnyPlan.cpp). For each
cycles_per_sum of a grid of 0.05, each kind of plan (Y in VGPRs, in SGPRs,
staged in LDS) takes the weight of a grid of 0.01 with the least squared log
ratio of the timing model's time to the estimate over its shapes; the
cycles_per_sum with the least sum over the kinds is the fit.

Prints the fit, the root mean square of the log ratio per kind and over
all shapes, with the compiler's constants and with the fit, and the regret
of the choice made as gemm-select-config makes it: the skinny kernel when
its estimate is under the estimate of the tile the cost table ranks first;
the tiled kernel then takes that tile's predicted time. The regret is the
chosen time over the faster of the two, its geometric mean and worst case.
"""
import argparse
import json
import math
import os
import subprocess
import sys

KINDS = ("vgpr_y", "scalar_y", "stage_y")
WEIGHTS = tuple(w / 100 for w in range(100, 251))
CYCLES_PER_SUM = tuple(c / 20 for c in range(0, 61))


def plan_kind(plan):
    if plan["scalar_y"]:
        return "scalar_y"
    return "stage_y" if plan["stage_y"] else "vgpr_y"


def geomean(values):
    return math.exp(sum(map(math.log, values)) / len(values))


def estimate(s, weight, cycles_per_sum):
    return max(weight * (s["issue"] + cycles_per_sum * s["sums"]),
               s["memory"])


def fit(shapes):
    """(cycles_per_sum, {kind: weight}) of least squared log ratio over
    `shapes` (dicts of kind, issue, memory, sums and the model's cycles)."""
    def squared(mine, weight, cycles_per_sum):
        return sum(math.log(s["cycles"] / estimate(s, weight, cycles_per_sum))
                   ** 2 for s in mine)

    by_kind = {k: [s for s in shapes if s["kind"] == k] for k in KINDS}
    best = None
    for c in CYCLES_PER_SUM:
        weights = {k: min(WEIGHTS, key=lambda w: squared(mine, w, c))
                   for k, mine in by_kind.items() if mine}
        total = sum(squared(by_kind[k], w, c) for k, w in weights.items())
        if best is None or total < best[0]:
            best = (total, c, weights)
    return best[1], best[2]


def load_shapes(path, gemm_tune, seen):
    try:
        table = json.load(open(path))
        entries = table["entries"]
        hz = table["clock_ghz"] * 1e9
    except (OSError, ValueError, KeyError, TypeError) as e:
        sys.exit(f"fit-skinny-weight: {path}: not a gemm-tune table ({e})")
    if not any(c.get("options") == "kernel=skinny"
               for e in entries for c in e.get("candidates", [])):
        sys.exit(f"fit-skinny-weight: {path} has no kernel=skinny candidate")
    shapes = []
    for e in entries:
        options = [c["options"] for c in e["candidates"]]
        if "kernel=skinny" not in options or e["shape"] in seen:
            continue
        cmd = [gemm_tune, "--list-candidates", f"--target={table['target']}",
               f"--compute-units={table['compute_units']}"]
        cmd += [f"--candidate={o}" for o in options] + [e["shape"]]
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode:
            sys.exit(f"fit-skinny-weight: gemm-tune failed on {e['shape']}: "
                     f"{p.stderr.strip()}")
        mine = {c["options"]: c
                for c in json.loads(p.stdout)["shapes"][0]["candidates"]}
        times = {c["options"]: c.get("predicted_ms") for c in e["candidates"]}
        skinny = mine.get("kernel=skinny")
        tiles = [(mine[o]["estimated_cycles"], times[o]) for o in options
                 if o != "kernel=skinny" and mine.get(o)
                 and mine[o]["estimated_cycles"] and times.get(o)]
        if not tiles or not times.get("kernel=skinny") or not skinny or \
                "skinny_issue_cycles" not in skinny:
            continue
        seen.add(e["shape"])
        tile_estimate, tile_ms = min(tiles)
        shapes.append({
            "shape": e["shape"], "kind": plan_kind(skinny["skinny_plan"]),
            "issue": skinny["skinny_issue_cycles"],
            "memory": skinny["skinny_memory_cycles"],
            "sums": skinny["skinny_epilogue_sums"],
            "listed": skinny["estimated_cycles"],
            "cycles": times["kernel=skinny"] * 1e-3 * hz,
            "skinny_ms": times["kernel=skinny"],
            "tile_estimate": tile_estimate, "tile_ms": tile_ms})
    return shapes


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("tables", nargs="+")
    ap.add_argument("--gemm-tune", default=os.path.join(
        os.path.dirname(__file__), "..", "..", "build", "bin", "gemm-tune"))
    a = ap.parse_args()
    seen = set()
    shapes = [s for t in a.tables for s in load_shapes(t, a.gemm_tune, seen)]
    if not shapes:
        sys.exit("fit-skinny-weight: no shape has both kernels timed")
    print(f"{len(shapes)} shapes with both kernels timed and estimated")

    by_kind = {k: [s for s in shapes if s["kind"] == k] for k in KINDS}
    cycles_per_sum, weights = fit(shapes)

    def regret(chosen_estimate):
        values = [(s["skinny_ms"] if chosen_estimate(s) < s["tile_estimate"]
                   else s["tile_ms"]) / min(s["skinny_ms"], s["tile_ms"])
                  for s in shapes]
        return geomean(values), max(values)

    def log_rms(estimate_of, mine):
        return math.sqrt(sum(math.log(s["cycles"] / estimate_of(s)) ** 2
                             for s in mine) / len(mine))

    fitted = lambda s: estimate(s, weights[s["kind"]], cycles_per_sum)
    print(f"cycles per sum of C: {cycles_per_sum:.2f}")
    for kind, mine in by_kind.items():
        if mine:
            print(f"{kind}: {len(mine)} shapes, weight {weights[kind]:.2f}, "
                  f"root mean square of the log ratio "
                  f"{log_rms(fitted, mine):.3f}")
    for name, estimate_of in (("the compiler's estimate",
                               lambda s: s["listed"]),
                              ("the fitted estimate", fitted)):
        mean, worst = regret(estimate_of)
        print(f"{name}: log ratio root mean square "
              f"{log_rms(estimate_of, shapes):.3f}, regret {mean:.4f}x "
              f"geometric mean, worst {worst:.3f}x")


if __name__ == "__main__":
    main()
