#!/usr/bin/python3
"""Draws the waves of one SIMD over a window of cycles, from the timing model.

    gemm-run K.manifest.json --backend=sim --sim-timeline=T.json \\
        [--sim-timeline-cycles=N]
    bench/timeline.py T.json OUT.png [--title TEXT] [--cycles C]

One row per wave of SIMD 0, one mark per instruction it issued, coloured by
unit (VOPD, other VALU, LDS, vector memory, scalar, branch, other); the gaps
are the cycles the wave waited. The window starts when the unit's first
workgroup ends (steady state). A picture of a model's prediction, not a
measurement. Needs python3-matplotlib. Exit code 0, or 2 on bad input.
"""
import argparse
import json
import sys

COLOURS = {"vopd": "#1f77b4", "valu": "#9ecae1", "lds": "#2ca02c",
           "vmem": "#d62728", "smem": "#ff7f0e", "salu": "#7f7f7f",
           "branch": "#9467bd", "other": "#c7c7c7"}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("timeline")
    ap.add_argument("png")
    ap.add_argument("--title", default="")
    ap.add_argument("--cycles", type=int,
                    help="draw only the first C cycles of the window")
    a = ap.parse_args()
    try:
        t = json.load(open(a.timeline))
        if t.get("format") != "gemm-sim-timeline-1":
            raise ValueError("not a gemm-run --sim-timeline file")
        issues = t["issues"]
    except (OSError, ValueError, KeyError) as e:
        print(f"timeline.py: {a.timeline}: {e}", file=sys.stderr)
        return 2
    if not issues:
        print(f"timeline.py: {a.timeline}: no instruction in the window",
              file=sys.stderr)
        return 2
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("timeline.py: needs python3-matplotlib "
              "(apt-get install -y python3-matplotlib)", file=sys.stderr)
        return 2
    start = t["from_cycle"]
    if a.cycles:
        issues = [i for i in issues if i[0] - start < a.cycles]
    waves = sorted({i[1] for i in issues})
    row = {w: k for k, w in enumerate(waves)}
    fig, ax = plt.subplots(figsize=(14, 0.45 * len(waves) + 1.5))
    for unit, colour in COLOURS.items():
        xs = [i[0] - start for i in issues if i[2] == unit]
        ys = [row[i[1]] for i in issues if i[2] == unit]
        if xs:
            ax.scatter(xs, ys, marker="|", s=120, c=colour, label=unit,
                       linewidths=1)
    ax.set_yticks(range(len(waves)))
    ax.set_yticklabels([f"wave {w}" for w in waves])
    ax.invert_yaxis()
    ax.set_xlabel(f"cycle (from {start}, the first workgroup's end)")
    ax.set_title(a.title or "SIMD 0 (timing model prediction)")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.18), ncol=8,
              fontsize=8)
    fig.tight_layout()
    fig.savefig(a.png, dpi=100)
    busy = len({i[0] for i in issues if i[2] in ("vopd", "valu")})
    span = max(i[0] for i in issues) - start + 1
    print(f"timeline.py: wrote {a.png}: {len(waves)} waves, {len(issues)} "
          f"instructions over {span} cycles, VALU issued in {busy} "
          f"({100 * busy / span:.1f} %)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
