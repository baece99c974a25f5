#!/usr/bin/env python3
"""How good the compiler's own choice and its cost estimate are, measured on
a sweep of every candidate.

Reads a table that bench/tune-sweep.py or gemm-tune wrote without --prefilter
(each entry holds the timing model's prediction for every candidate and for
the compiler's own choice, `default_ms`), asks `gemm-tune --list-candidates`
for the compiler's estimate of each candidate on the same shapes and target,
and prints:

- the regret of the choice on each shape: the predicted time of the
  compiler's own choice over the fastest prediction of any candidate or of
  the choice itself (1.0: the choice was the fastest), and its geometric
  mean and worst case over the table;
- Kendall's tau-b between the estimate and the prediction over the
  candidates of each shape that have an estimate (candidates the estimate
  does not cover, such as tiles outside its cost table, are counted and left
  out), and its mean over the shapes with at least two such candidates.

With --pairs it also prints the pairs of candidates of a shape by how far
apart the model has them (the slower's time over the faster's): how many the
estimate orders as the model does, against it, or ties. Pairs the model has
within a few per cent of each other are where an estimate of a few per cent
error loses its tau.

Every time here is a prediction of the calibrated timing model, not a
measurement. Usage:

    bench/tuning/regret.py TABLE.json [--rows] [--pairs] \
        [--gemm-tune build/bin/gemm-tune]
"""

import argparse
import json
import math
import pathlib
import subprocess
import sys


def kendall_tau_b(xs, ys):
    """Kendall's tau-b of two equally long sequences; None without pairs that
    differ in both."""
    concordant = discordant = tied_x = tied_y = 0
    for i in range(len(xs)):
        for j in range(i + 1, len(xs)):
            dx = xs[j] - xs[i]
            dy = ys[j] - ys[i]
            if dx == 0 and dy == 0:
                continue
            if dx == 0:
                tied_x += 1
            elif dy == 0:
                tied_y += 1
            elif (dx > 0) == (dy > 0):
                concordant += 1
            else:
                discordant += 1
    denominator = math.sqrt(
        (concordant + discordant + tied_x) * (concordant + discordant + tied_y)
    )
    if denominator == 0:
        return None
    return (concordant - discordant) / denominator


def list_estimates(gemm_tune, table):
    """gemm-tune --list-candidates for the table's shapes, candidates and
    target: {shape: {options: estimated_cycles or None}}."""
    command = [gemm_tune, "--list-candidates", f"--target={table['target']}"]
    if table.get("compute_units"):
        command.append(f"--compute-units={table['compute_units']}")
    # Each shape with the candidates its entry holds: gemm-tune refuses an
    # explicit candidate a shape cannot take.
    estimates = {}
    for entry in table["entries"]:
        options = [c["options"] for c in entry["candidates"]]
        result = subprocess.run(
            command + [f"--candidate={o}" for o in options] + [entry["shape"]],
            capture_output=True,
            text=True,
        )
        if result.returncode != 0:
            raise ValueError(
                f"gemm-tune --list-candidates failed for {entry['shape']}: "
                f"{result.stderr.strip()}")
        listed = json.loads(result.stdout)["shapes"][0]["candidates"]
        estimates[entry["shape"]] = {
            c["options"]: c["estimated_cycles"] for c in listed
        }
    return estimates


def shape_key(entry):
    """What identifies a problem in a table entry or a roofline row."""
    return (entry["m"], entry["n"], entry["k"], entry.get("batch", 1),
            bool(entry["transpose_a"]), bool(entry["transpose_b"]))


def predictions(entry):
    """{options: the model's prediction} of an entry's predicted candidates."""
    return {
        c["options"]: c["predicted_ms"]
        for c in entry["candidates"]
        if c.get("predicted_ms") is not None
    }


def estimated_pairs(predicted, estimates):
    """(estimate, prediction) of each predicted candidate with an estimate."""
    return [(estimates[o], t) for o, t in predicted.items()
            if estimates.get(o) is not None]


def measure_entry(entry, estimates, chosen_ms=None):
    """The choice's regret on one table entry, and the tau-b of the estimate
    with the model over its candidates that have one: (regret, tau or None,
    candidates with an estimate, candidates predicted). `chosen_ms` is the
    compiler's choice's prediction (default: the entry's default_ms)."""
    predicted = predictions(entry)
    chosen = entry["default_ms"] if chosen_ms is None else chosen_ms
    regret = chosen / min(list(predicted.values()) + [chosen])
    pairs = estimated_pairs(predicted, estimates)
    tau = None
    if len(pairs) >= 2:
        tau = kendall_tau_b([p[0] for p in pairs], [p[1] for p in pairs])
    return regret, tau, len(pairs), len(predicted)


# The bounds of the model's gaps --pairs groups pairs by: below 2 %, 2 to
# 5 %, 5 to 10 % and 10 % or more.
PAIR_GAPS = (0.02, 0.05, 0.10)


def pair_outcomes(entry, estimates):
    """Each pair of an entry's candidates that have an estimate and differing
    predictions: (the model's gap, the slower's time over the faster's minus
    1; "with", "against" or "tied" for the estimate's order)."""
    pairs = estimated_pairs(predictions(entry), estimates)
    outcomes = []
    for i, (estimate_i, time_i) in enumerate(pairs):
        for estimate_j, time_j in pairs[i + 1:]:
            if time_i == time_j:
                continue
            gap = max(time_i, time_j) / min(time_i, time_j) - 1
            if estimate_i == estimate_j:
                outcome = "tied"
            elif (estimate_i < estimate_j) == (time_i < time_j):
                outcome = "with"
            else:
                outcome = "against"
            outcomes.append((gap, outcome))
    return outcomes


def pair_table(outcomes):
    """Markdown rows of the outcomes grouped by the model's gap."""
    bounds = (0,) + PAIR_GAPS + (math.inf,)
    rows = ["| the model's gap | pairs | ordered as the model | against it "
            "| tied by the estimate |", "|---|---:|---:|---:|---:|"]
    for low, high in zip(bounds, bounds[1:]):
        mine = [o for gap, o in outcomes if low <= gap < high]
        name = (f"below {high:.0%}" if low == 0 else
                f"{low:.0%} or more" if high == math.inf else
                f"{low:.0%} to {high:.0%}")
        rows.append(f"| {name} | {len(mine)} | {mine.count('with')} | "
                    f"{mine.count('against')} | {mine.count('tied')} |")
    return "\n".join(rows).replace("%", " %")


def summarize(measured):
    """Geometric-mean and worst regret and mean tau-b of measure_entry's
    results."""
    regrets = [m[0] for m in measured]
    taus = [m[1] for m in measured if m[1] is not None]
    return {
        "regret_shapes": len(regrets),
        "regret_geomean": math.exp(sum(map(math.log, regrets)) / len(regrets))
        if regrets else None,
        "regret_worst": max(regrets) if regrets else None,
        "regret_above_1_05": sum(r > 1.05 for r in regrets),
        "tau_shapes": len(taus),
        "tau_mean": sum(taus) / len(taus) if taus else None,
        "candidates_estimated": sum(m[2] for m in measured),
        "candidates_predicted": sum(m[3] for m in measured),
    }


def load_table(path):
    """A gemm-tune table with at least one entry; ValueError otherwise."""
    try:
        table = json.loads(pathlib.Path(path).read_text())
    except (OSError, json.JSONDecodeError) as error:
        raise ValueError(f"cannot read {path}: {error}")
    if not isinstance(table, dict) or not table.get("entries"):
        raise ValueError(f"{path} has no entries")
    return table


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("table", help="a sweep of every candidate (JSON)")
    parser.add_argument(
        "--gemm-tune",
        default=str(pathlib.Path(__file__).resolve().parents[2]
                    / "build/bin/gemm-tune"),
        help="the gemm-tune that lists the estimates (default: "
        "build/bin/gemm-tune)",
    )
    parser.add_argument("--rows", action="store_true",
                        help="print a row per shape")
    parser.add_argument("--pairs", action="store_true",
                        help="print the pairs of candidates by how far apart "
                        "the model has them, and how the estimate orders "
                        "them")
    args = parser.parse_args()
    try:
        table = load_table(args.table)
    except ValueError as error:
        sys.exit(f"regret.py: {error}")
    try:
        estimates = list_estimates(args.gemm_tune, table)
    except (OSError, ValueError) as error:
        sys.exit(f"regret.py: {error}")
    measured = [measure_entry(e, estimates[e["shape"]])
                for e in table["entries"]]
    if args.rows:
        print("| shape | regret | tau-b | candidates estimated |")
        print("|---|---|---|---|")
        for entry, (regret, tau, estimated, count) in zip(table["entries"],
                                                          measured):
            tau_text = "-" if tau is None else f"{tau:.2f}"
            print(f"| {entry['shape']} | {regret:.3f} | {tau_text} | "
                  f"{estimated} of {count} |")
        print()
    sm = summarize(measured)
    print(f"table: {args.table} (target {table['target']}, timing-model "
          "predictions)")
    print(f"shapes: {sm['regret_shapes']}")
    print(f"regret of the choice: geometric mean {sm['regret_geomean']:.4f}, "
          f"worst {sm['regret_worst']:.3f}, above 1.05 on "
          f"{sm['regret_above_1_05']} shapes")
    if sm["tau_mean"] is not None:
        print(f"Kendall tau-b of the estimate with the model: mean "
              f"{sm['tau_mean']:.3f} over {sm['tau_shapes']} shapes; "
              f"{sm['candidates_estimated']} of {sm['candidates_predicted']} "
              "candidate predictions have an estimate")
    else:
        print("Kendall tau-b: no shape has two candidates with an estimate")
    if args.pairs:
        print()
        print(pair_table([o for e in table["entries"]
                          for o in pair_outcomes(e, estimates[e["shape"]])]))


if __name__ == "__main__":
    main()
