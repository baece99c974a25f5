#!/usr/bin/python3
"""The weight on the skinny kernel's estimate that gives the least regret of
the choice between the skinny and the tiled kernel.

Usage: bench/tuning/fit-skinny-weight.py TABLE [--gemm-tune PATH]
                                          [--listed-weight W]

TABLE is a gemm-tune table whose candidates are `kernel=skinny` and the tiles
of the cost table unsplit (bench/tuning/skinny-or-tiled-rx7900xtx.json). For
each shape the choice is made as gemm-select-config makes it between the
kernels: the skinny kernel when its plan's estimate times the weight is under
the estimate of the tile the cost table ranks first; the tiled kernel then
takes that tile's predicted time. Prints, per weight, the geometric mean and
the worst of the chosen time over the faster of the two. The estimates are
`gemm-tune --list-candidates`'s, whose skinny figure already carries the
compiler's weight (--listed-weight, kSkinnyEstimateScale in
lib/Passes/KernelChoice.h).
"""
import argparse
import json
import math
import os
import subprocess
import sys

WEIGHTS = (1.0, 1.2, 1.4, 1.5, 1.6, 1.8, 2.0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("table")
    ap.add_argument("--gemm-tune", default=os.path.join(
        os.path.dirname(__file__), "..", "..", "build", "bin", "gemm-tune"))
    ap.add_argument("--listed-weight", type=float, default=1.6)
    a = ap.parse_args()
    try:
        table = json.load(open(a.table))
        entries = table["entries"]
        candidates = [c["options"] for c in entries[0]["candidates"]]
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
    estimates = {s["shape"]: {c["options"]: c.get("estimated_cycles")
                              for c in s["candidates"]}
                 for s in json.loads(p.stdout)["shapes"]}
    shapes = []
    for e in entries:
        times = {c["options"]: c.get("predicted_ms") for c in e["candidates"]}
        est = estimates[e["shape"]]
        tiles = [(est[o], times[o]) for o in candidates
                 if o != "kernel=skinny" and est.get(o) and times.get(o)]
        if not tiles or not times.get("kernel=skinny") or \
                not est.get("kernel=skinny"):
            continue
        tile_estimate, tile_ms = min(tiles)
        shapes.append((est["kernel=skinny"] / a.listed_weight,
                       times["kernel=skinny"], tile_estimate, tile_ms))
    print(f"{len(shapes)} shapes with both kernels timed and estimated")
    for w in WEIGHTS:
        regret = [(skinny_ms if w * skinny_estimate < tile_estimate
                   else tile_ms) / min(skinny_ms, tile_ms)
                  for skinny_estimate, skinny_ms, tile_estimate, tile_ms
                  in shapes]
        mean = math.exp(sum(map(math.log, regret)) / len(regret))
        print(f"weight {w}: regret {mean:.4f}x geometric mean, "
              f"worst {max(regret):.3f}x")


if __name__ == "__main__":
    main()
