#!/usr/bin/python3
"""The built-in choice against a gemm-tune table.

    bench/tuning/compare.py [TABLE.json] [--margin PCT] [--markdown FILE]
                            [--shapes-file CORPUS.json]

For each entry of the table (default: bench/tuning/rx7900xtx.json) prints the
table's configuration, its predicted time, the time of the shape compiled
without options (the built-in heuristic's choice, `default_ms`, which
gemm-tune predicts in the same run) and how much faster the table's choice
is. A summary counts the shapes where the heuristic is within --margin
percent (default 2) of the table, and the geometric mean of the ratios: the
choice's regret, if the table's candidates include the best one. With
--shapes-file naming a held-out corpus (bench/shapes/models.json,
random.json), the summary is also given per half, tuning and evaluation. All
times are predictions of the calibrated timing model, not measurements.
Exit code 0, or 2 on a table it cannot read.
"""
import argparse
import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def shape_key(s):
    return (s["m"], s["n"], s["k"], s.get("batch", 1), bool(s.get("transpose_a")),
            bool(s.get("transpose_b")))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("table", nargs="?",
                    default=os.path.join(HERE, "rx7900xtx.json"))
    ap.add_argument("--margin", type=float, default=2.0)
    ap.add_argument("--markdown", help="also write the table as Markdown")
    ap.add_argument("--shapes-file", help="a corpus whose shapes carry "
                    "\"half\": summaries per half too")
    args = ap.parse_args()
    try:
        doc = json.load(open(args.table))
        if doc.get("format") != "gemm-opt-tuning-1":
            raise ValueError("format is not gemm-opt-tuning-1")
        entries = doc["entries"]
    except (OSError, ValueError, KeyError) as e:
        print(f"compare.py: cannot read {args.table}: {e}", file=sys.stderr)
        return 2
    halves = {}
    if args.shapes_file:
        try:
            for s in json.load(open(args.shapes_file))["shapes"]:
                halves[shape_key(s)] = s.get("half")
        except (OSError, ValueError, KeyError) as e:
            print(f"compare.py: cannot read {args.shapes_file}: {e}", file=sys.stderr)
            return 2
    rows, ratios = [], []
    by_half = {}
    for e in entries:
        best, default = e.get("predicted_ms", 0), e.get("default_ms", 0)
        if not (best > 0 and default > 0):
            rows.append((e["shape"], e["options"], best, default, None))
            continue
        ratio = default / best
        ratios.append(ratio)
        rows.append((e["shape"], e["options"], best, default, ratio))
        half = halves.get(shape_key(e))
        if half:
            by_half.setdefault(half, []).append(ratio)
    within = sum(r <= 1 + args.margin / 100 for r in ratios)
    lines = ["| shape | table's options | table ms | built-in ms | built-in / table |",
             "|---|---|---:|---:|---:|"]
    for shape, options, best, default, ratio in rows:
        lines.append(f"| {shape} | `{options}` | {best:.4f} | "
                     + (f"{default:.4f} | {ratio:.3f} |" if ratio else "- | - |"))
    geo = math.exp(sum(map(math.log, ratios)) / len(ratios)) if ratios else 0
    summary = (f"{len(ratios)} shapes: the built-in choice is within "
               f"{args.margin:g} % of the table's on {within}; the table's "
               f"choices are {geo:.3f}x as fast on geometric mean, at most "
               f"{max(ratios, default=0):.2f}x (predictions of the calibrated "
               f"timing model at {doc.get('clock_ghz')} GHz, not measurements)")
    for half in ("tune", "eval"):
        if half in by_half:
            rs = by_half[half]
            summary += (f"; {half} half: {len(rs)} shapes, regret "
                        f"{math.exp(sum(map(math.log, rs)) / len(rs)):.3f}x on "
                        f"geometric mean, at most {max(rs):.2f}x")
    print("\n".join(lines))
    print()
    print(summary)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write("# The built-in choice against gemm-tune's table\n\n"
                    f"Table: `{os.path.relpath(args.table, os.path.dirname(os.path.abspath(args.markdown)))}`. "
                    "Command: `bench/tuning/compare.py --markdown "
                    "bench/tuning/compare.md`.\n\n" + summary + ".\n\n"
                    + "\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
