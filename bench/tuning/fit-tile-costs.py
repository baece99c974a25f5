#!/usr/bin/env python3
"""Fit the tiled kernel's cost constants (lib/Passes/TiledEstimate.cpp) to a
gemm-tune table of unsplit tiles.

The table (bench/tuning/tile-costs-rx7900xtx.json) holds, per shape, the
timing model's prediction for each tile with split-tail=1. A tile whose
bm x bn exceeds the matrix is left out (the compiler gives such a matmul the
simple kernel). Per tile and layout of B, the busiest CU's cycles are

    W * workgroupCycles + K * stepCycles * pace(W, overlappedWorkgroups)

with W = ceil(workgroups / CUs) and pace(a, b) = (a^p + b^p)^(1/p), a
smooth maximum: W workgroups pace the loop by the CU's issue rate, the
overlap by one workgroup's latency, and near the crossing both show.
overlappedWorkgroups is searched on a grid of 0.1 from 1 (at least one
workgroup); the other two are least squares on relative error. The
estimate then meets the busiest CU's cycles on DRAM (its workgroups' share
of A and B once and C read and written, at one CU's share of the target's
DRAM rate, from `gemm-run --list-targets`) in a second smooth maximum of
exponent --dram-blend (default 6; 0 leaves the term out). The constants are
fitted without that term: fitted with it (by Gauss-Newton), the 64 x 64
tile of 2 x 1 waves costs 7 % less a K step and wins the estimate at 4096^3,
a grid of more tiles than any here, where the timing model has it 1.10
times slower than 128 x 128; on these shapes the two fits rank the tiles
alike (a mean tau of 0.835 either way). The exponent p (--blend, default 3; 0 is the
plain maximum) was chosen on the same shapes: over the prefetch=registers
rows, p = 2, 3, 4 and 6 give a mean tau of 0.830, 0.832, 0.815 and 0.810
and a regret of 1.0117, 1.0115, 1.0136 and 1.0139; the maximum 0.816 and
1.0121. Prints the
constants as TiledEstimate.cpp lists them, with each fit's error, and the
estimate's Kendall tau and choice regret over the tiles of each shape.

    bench/tuning/fit-tile-costs.py bench/tuning/tile-costs-rx7900xtx.json \
        bench/tuning/prefetch-lds-rx7900xtx.json

A candidate's `prefetch=` (registers when it names none) and
`wave-priorities=` (false when it names none) are part of its tile: the
second table gives the rows with prefetch=lds, a third those with raised
wave priorities.

The table was made by gemm-tune with the four tiles as candidates, each with
split-tail=1 (bench/tuning/README.md gives the command).

--folds N also ranks the tiles of each of N folds of the shapes (drawn by
--seed) by constants fitted on the other folds only: the form's rank
correlation on shapes its constants never saw, which the figures over all
the shapes overstate.

--correction multiplies each row's issue estimate by exp(c . f), c fitted per
row by least squares (ridge 0.01 per shape) on the log error, f the shape's
correction_features; the rows printed stay the three constants (the
compiler has no correction: bench/tuning/README.md, "Where the tau-b is
lost", says why).

--exposed fits a fourth constant per tile, cycles of the grid that no
workgroup overlaps (issue = exposed + W * workgroupCycles + ...); the built-in
rows have none (bench/tuning/README.md, "Short K over several rounds", says
why).

SHAPES: the shapes of the tuning sets (bench/shapes/shapes.json and the
tuning halves of random.json and models.json) with M, N >= 64, K >= 32, at
least 2^24 multiply-adds and at most 400 tiles of 128 x 128.
"""
import argparse
import json
import math
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
import targets  # noqa: E402


def solve(rows, ys, weights, ridge=0.0):
    """Weighted least squares by the normal equations; `ridge` is added to
    the diagonal of every column but the first."""
    n = len(rows[0])
    a = [[0.0] * n for _ in range(n)]
    b = [0.0] * n
    for row, y, w in zip(rows, ys, weights):
        for i in range(n):
            b[i] += w * row[i] * y
            for j in range(n):
                a[i][j] += w * row[i] * row[j]
    for i in range(1, n):
        a[i][i] += ridge
    for i in range(n):
        pivot = max(range(i, n), key=lambda r: abs(a[r][i]))
        a[i], a[pivot] = a[pivot], a[i]
        b[i], b[pivot] = b[pivot], b[i]
        for r in range(n):
            if r != i:
                f = a[r][i] / a[i][i]
                for j in range(n):
                    a[r][j] -= f * a[i][j]
                b[r] -= f * b[i]
    return [b[i] / a[i][i] for i in range(n)]


def pace(a, b, p):
    """The smooth maximum (a^p + b^p)^(1/p), the plain maximum for p = 0
    (TiledEstimate.cpp): of the K loop's two paces, and of the kernel's
    issue and DRAM cycles."""
    if p == 0:
        return max(a, b)
    return (a ** p + b ** p) ** (1 / p)


def kendall(xs, ys):
    agree = disagree = 0
    for i in range(len(xs)):
        for j in range(i + 1, len(xs)):
            s = (xs[i] - xs[j]) * (ys[i] - ys[j])
            agree += s > 0
            disagree += s < 0
    return (agree - disagree) / max(1, agree + disagree)


def correction_features(p, issue):
    """What --correction regresses a row's log error on: a constant, the
    DRAM's cycles over the issue estimate, A stored K x M, the share of the
    busiest CU's rounds the grid fills, and W, 1 / W and K."""
    return [1.0, math.log(p["dram"] / issue), float(p["transpose_a"]),
            p["fill"], math.log(p["w"]), 1 / p["w"], math.log(p["k"])]


def issue_cycles(fit_of_tile, p, a):
    e, s, o, x = fit_of_tile[:4]
    return x + p["w"] * e + p["k"] * s * pace(p["w"], o, a.blend)


def fit(points, a):
    """Per tile: (workgroupCycles, stepCycles, overlappedWorkgroups, exposed
    cycles, shapes, mean squared relative error)."""
    fits = {}
    for tile in set(p["tile"] for p in points):
        mine = [p for p in points if p["tile"] == tile]
        best = None
        for tenths in range(10, 60):
            overlap = tenths / 10
            rows = [[p["w"], p["k"] * pace(p["w"], overlap, a.blend)]
                    for p in mine]
            coef = solve(rows, [p["cycles"] for p in mine],
                         [p["cycles"] ** -2 for p in mine]) + [0.0]
            if a.exposed:
                exposed_rows = [r + [1] for r in rows]
                with_exposed = solve(exposed_rows,
                                     [p["cycles"] for p in mine],
                                     [p["cycles"] ** -2 for p in mine])
                # A negative exposed cost has no meaning: keep it at 0.
                if with_exposed[2] >= 0:
                    rows, coef = exposed_rows, with_exposed
            rows = [r + [1] if len(r) == 2 else r for r in rows]
            err = sum((sum(c * x for c, x in zip(coef, r)) / p["cycles"] - 1) ** 2
                      for r, p in zip(rows, mine)) / len(mine)
            if best is None or err < best[0]:
                best = (err, overlap, coef)
        err, overlap, coef = best
        fits[tile] = (coef[0], coef[1], overlap, coef[2], len(mine), err)
        if a.correction:
            # Ridge (0.01 per shape) keeps a feature the row's shapes do not
            # vary (A stored K x M in none) at 0.
            issues = [issue_cycles(fits[tile], p, a) for p in mine]
            fits[tile] += (solve(
                [correction_features(p, i) for p, i in zip(mine, issues)],
                [math.log(p["cycles"] / i) for p, i in zip(mine, issues)],
                [1.0] * len(mine), ridge=0.01 * len(mine)),)
    return fits


def rank(points, fits, a):
    """The estimate's Kendall tau with the model over the tiles of each
    shape, and the regret of the tile it ranks first."""
    def estimate(p):
        issue = issue_cycles(fits[p["tile"]], p, a)
        if a.correction:
            issue *= math.exp(sum(c * f for c, f in zip(
                fits[p["tile"]][6], correction_features(p, issue))))
        # The same smooth maximum with the DRAM's cycles (TiledEstimate.cpp).
        return pace(issue, p["dram"], a.dram_blend) if a.dram_blend else issue

    by_shape = {}
    for p in points:
        by_shape.setdefault(p["shape"], []).append(p)
    taus, regrets = [], []
    for mine in by_shape.values():
        if len(mine) < 2:
            continue
        taus.append(kendall([estimate(p) for p in mine],
                            [p["cycles"] for p in mine]))
        chosen = min(mine, key=estimate)["cycles"]
        regrets.append(chosen / min(p["cycles"] for p in mine))
    return taus, regrets


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("tables", nargs="+", metavar="table",
                    help="gemm-tune's table of unsplit tiles (several: of the "
                         "same target, clock and CUs)")
    ap.add_argument("--blend", type=float, default=3,
                    help="exponent p of the smooth maximum (default 3; 0: "
                         "the plain maximum)")
    ap.add_argument("--prefetch", help="only the rows of this prefetch")
    ap.add_argument("--dram-blend", type=float, default=6,
                    help="exponent of the smooth maximum of the issue and "
                         "DRAM cycles in the estimate (default 6; 0: no "
                         "DRAM term)")
    ap.add_argument("--gemm-run", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..", "build",
        "bin", "gemm-run"), help="the gemm-run whose target table gives "
        "the DRAM's rate (default: build/bin/gemm-run)")
    ap.add_argument("--folds", type=int, default=0,
                    help="also rank each of this many folds of the shapes "
                         "by the constants fitted on the others (at least 2; "
                         "default: none)")
    ap.add_argument("--seed", type=int, default=1,
                    help="seed of the shuffle that draws the folds "
                         "(default 1)")
    ap.add_argument("--correction", action="store_true",
                    help="multiply each row's issue estimate by exp of a "
                         "linear fit of its log error on features of the "
                         "shape (correction_features); the rows printed are "
                         "the three constants, the ranking uses the "
                         "correction")
    ap.add_argument("--exposed", action="store_true",
                    help="fit a fourth constant per tile, the cycles of the "
                         "grid that no workgroup overlaps (kept at 0 where "
                         "the fit makes it negative)")
    a = ap.parse_args()
    if a.folds == 1 or a.folds < 0:
        ap.error(f"--folds={a.folds}: give at least 2 folds, or 0 for none")
    points = []
    for path in a.tables:
        table = json.load(open(path))
        units = table["compute_units"]
        hz = table["clock_ghz"] * 1e9
        target = targets.load_target(a.gemm_run, table["target"])
        bytes_per_cycle_per_cu = (target["dram_gbps"] * 1e9 / hz /
                                  target["compute_units"])
        for e in table["entries"]:
            for c in e["candidates"]:
                o = dict(x.split("=") for x in c["options"].split())
                bm, bn = int(o["bm"]), int(o["bn"])
                if e["m"] < bm or e["n"] < bn:
                    continue
                if a.prefetch and o.get("prefetch", "registers") != a.prefetch:
                    continue
                tiles = (math.ceil(e["m"] / bm) * math.ceil(e["n"] / bn) *
                         e["batch"])
                # The busiest CU's share of A and B once and C read and
                # written, at one CU's share of the DRAM's rate.
                nbytes = 4 * e["batch"] * (e["m"] * e["k"] + e["k"] * e["n"]
                                           + 2 * e["m"] * e["n"])
                busiest = nbytes * math.ceil(tiles / units) / tiles
                points.append({
                    "dram": busiest / bytes_per_cycle_per_cu,
                    "shape": e["shape"],
                    "tile": (bm, bn, int(o.get("waves-m", 4)),
                             int(o.get("waves-n", 1)), e["transpose_b"],
                             o.get("prefetch", "registers"),
                             o.get("wave-priorities", "false") == "true"),
                    "w": math.ceil(tiles / units), "k": e["k"],
                    "fill": tiles / units / math.ceil(tiles / units),
                    "transpose_a": e["transpose_a"],
                    "cycles": c["predicted_ms"] * 1e-3 * hz})
    fits = fit(points, a)
    print("    // bm, bn, wavesM, wavesN, transposeB, prefetch, "
          "wavePriorities,")
    print("    //     workgroupCycles, stepCycles, overlappedWorkgroups")
    for tile in sorted(fits, reverse=True):
        e, s, overlap, x, count, err = fits[tile][:6]
        bm, bn, wm, wn, tb, prefetch, raised = tile
        print(f"    {{{bm}, {bn}, {wm}, {wn}, {str(tb).lower()}, "
              f"k{prefetch.capitalize()}, "
              f"{'kRaised' if raised else 'kFlat'}, "
              f"{e:.0f}, {s:.1f}, {overlap:.1f}"
              + (f", {x:.0f}" if a.exposed else "") + "}, "
              f"// {count} shapes, rms error {math.sqrt(err):.3f}")
    taus, regrets = rank(points, fits, a)
    print(f"over the tiles of {len(taus)} shapes: mean Kendall tau "
          f"{sum(taus) / len(taus):.3f}, geometric-mean regret of the choice "
          f"{math.exp(sum(map(math.log, regrets)) / len(regrets)):.4f}, "
          f"worst {max(regrets):.3f}")
    if a.folds > 1:
        # Each fold's shapes ranked by the constants fitted on the others.
        shapes = sorted(set(p["shape"] for p in points))
        random.Random(a.seed).shuffle(shapes)
        taus, regrets = [], []
        for fold in range(a.folds):
            held_out = set(shapes[fold::a.folds])
            fitted = fit([p for p in points if p["shape"] not in held_out], a)
            fold_taus, fold_regrets = rank(
                [p for p in points if p["shape"] in held_out
                 and p["tile"] in fitted], fitted, a)
            taus += fold_taus
            regrets += fold_regrets
        print(f"held out in {a.folds} folds of shapes (seed {a.seed}): mean "
              f"Kendall tau {sum(taus) / len(taus):.3f} over {len(taus)} "
              f"shapes, geometric-mean regret of the choice "
              f"{math.exp(sum(map(math.log, regrets)) / len(regrets)):.4f}, "
              f"worst {max(regrets):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
