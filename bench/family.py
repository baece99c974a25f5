#!/usr/bin/python3
"""The shape set's predicted % of roofline on each product of the RDNA3
family (docs/targets.md), side by side.

    bench/family.py [--targets NAME,...] [--out DIR] [--jobs N]
                    [--build-dir DIR] [--timeout SECONDS] [--from-results]

Runs bench/roofline.py --target NAME --out OUT/NAME for each product (N at a
time; about ten minutes each on one core), unless --from-results reads the
OUT/NAME/roofline.json of an earlier run, and writes OUT/family.md (and
OUT/family.png with python3-matplotlib): per product its CUs, peak and DRAM
bandwidth, the default 4096^3 kernel's predicted time beside the walkthrough's
kernel 8's (built for the product's ISA, predicted with the same figures and
clock), the geometric mean,
minimum and 10th-percentile shape of % of roofline, the shapes below 40 %
and at 70 % or more, and the lowest shapes with their kernels. Every time is
a prediction of the calibrated timing model, not a measurement.
Exit code: 0 when every product's run predicted every shape, 1 otherwise,
2 on bad usage.
"""

import argparse
import concurrent.futures
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "bench"))
import targets  # noqa: E402


def run_roofline(name, out, build_dir, timeout):
    log = os.path.join(out, name + ".log")
    with open(log, "w") as f:
        p = subprocess.run([sys.executable,
                            os.path.join(REPO, "bench", "roofline.py"),
                            "--target", name, "--build-dir", build_dir,
                            "--out", os.path.join(out, name), "--no-chart",
                            "--timeout", str(timeout)],
                           stdout=f, stderr=subprocess.STDOUT)
    return name, p.returncode


def predict_kernel8(target, work, build_dir, clock, built):
    """Kernel 8 at 4096^3 on `target`, in ms; `built` maps an ISA to the
    directory under `work` its walkthrough kernels were built in (filled
    here)."""
    isa = target["isa"]
    if isa not in built:
        d = os.path.join(work, "kernels-" + isa)
        subprocess.run([sys.executable,
                        os.path.join(REPO, "bench", "calibration",
                                     "make-manifests.py"), d, "--size", "4096",
                        "--build", "--isa", isa], check=True,
                       capture_output=True)
        built[isa] = d
    p = subprocess.run([os.path.join(build_dir, "bin", "gemm-run"),
                        os.path.join(built[isa], "k8.manifest.json"),
                        "--backend=sim", "--json", f"--target={target['name']}",
                        f"--clock-ghz={clock}"],
                       capture_output=True, text=True, check=True)
    return json.loads(p.stdout[p.stdout.index("{"):])["milliseconds"]


def summarise(target, doc):
    rows = [r for r in doc["rows"] if r["status"] == "ok"]
    pcts = sorted(r["pct_roofline"] for r in rows)
    square = next((r for r in rows if r["name"] == "square-4096-nn"), None)
    lowest = sorted(rows, key=lambda r: r["pct_roofline"])[:3]
    return {
        "name": target["name"], "product": target["product"],
        "isa": target["isa"], "cus": target["compute_units"],
        "peak": target["peak_tflops"], "dram": target["dram_gbps"],
        "clock": doc["clock_ghz"],
        "square_ms": square["predicted_ms"] if square else None,
        "square_tflops": square["tflops"] if square else None,
        "square_pct": square["pct_roofline"] if square else None,
        "geomean": math.exp(sum(math.log(p) for p in pcts) / len(pcts))
        if pcts else None,
        "p10": pcts[len(pcts) // 10] if pcts else None,
        "min": pcts[0] if pcts else None,
        "below_40": sum(p < 40 for p in pcts),
        "at_70": sum(p >= 70 for p in pcts),
        "predicted": len(rows), "shapes": len(doc["rows"]),
        "lowest": [(r["name"], r["pct_roofline"], r["kernel"])
                   for r in lowest],
    }


def markdown(rows):
    lines = [
        "| target | ISA | CUs | peak TFLOP/s | DRAM GB/s | clock GHz | "
        "4096^3 predicted | kernel 8 predicted | geomean | 10th pct | min | "
        "< 40 % | >= 70 % | lowest shapes |",
        "|---|---|---:|---:|---:|---:|---|---|---:|---:|---:|---:|---:|---|"]
    for r in rows:
        sq = (f"{r['square_ms']:.3f} ms, {r['square_tflops']:.1f} TFLOP/s "
              f"({r['square_pct']:.1f} %)" if r["square_ms"] else "-")
        low = "; ".join(f"{n} {p:.1f} % ({k})" for n, p, k in r["lowest"])
        k8 = (f"{r['k8_ms']:.3f} ms ({r['k8_ms'] / r['square_ms']:.3f}x "
              "ours)" if r.get("k8_ms") and r["square_ms"] else "-")
        lines.append(
            f"| {r['name']} | {r['isa']} | {r['cus']} | {r['peak']:g} | "
            f"{r['dram']:g} | {r['clock']:g} | {sq} | {k8} | "
            f"{r['geomean']:.1f} % | "
            f"{r['p10']:.1f} % | {r['min']:.1f} % | {r['below_40']} | "
            f"{r['at_70']} of {r['predicted']} | {low} |")
    return "\n".join(lines)


def chart(rows, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(9, 4))
    xs = range(len(rows))
    ax.bar([x - 0.2 for x in xs], [r["geomean"] for r in rows], 0.4,
           label="geometric mean")
    ax.bar([x + 0.2 for x in xs], [r["min"] for r in rows], 0.4,
           label="minimum")
    ax.axhline(70, color="grey", ls="--", lw=1)
    ax.axhline(40, color="grey", ls=":", lw=1)
    ax.set_xticks(list(xs))
    ax.set_xticklabels([r["name"] for r in rows], rotation=30, fontsize=8)
    ax.set_ylabel("% of the product's roofline")
    ax.set_title("Shape set, predicted % of roofline per product (timing "
                 "model, not measured)", fontsize=9)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--targets", help="comma-separated names (default: all)")
    ap.add_argument("--out", default=os.path.join(REPO, "bench", "results",
                                                  "family"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--build-dir", default=os.path.join(REPO, "build"))
    ap.add_argument("--timeout", type=int, default=900,
                    help="seconds per shape, compile and prediction (900: "
                    "the largest shapes take minutes when both cores are "
                    "busy)")
    ap.add_argument("--from-results", action="store_true",
                    help="read OUT/NAME/roofline.json instead of running")
    a = ap.parse_args()
    gemm_run = os.path.join(a.build_dir, "bin", "gemm-run")
    try:
        table = targets.load_targets(gemm_run)
    except (OSError, ValueError) as e:
        ap.error(str(e))
    names = a.targets.split(",") if a.targets else [t["name"] for t in table]
    by_name = {t["name"]: t for t in table}
    unknown = [n for n in names if n not in by_name]
    if unknown:
        ap.error("unknown targets: " + ", ".join(unknown))
    if a.jobs < 1:
        ap.error("--jobs must be at least 1")
    os.makedirs(a.out, exist_ok=True)
    failed = False
    if not a.from_results:
        with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
            for name, rc in pool.map(
                    lambda n: run_roofline(n, a.out, a.build_dir, a.timeout),
                    names):
                print(f"{name}: roofline.py exited with {rc}", flush=True)
                failed |= rc != 0
    rows, built = [], {}
    work = tempfile.mkdtemp(prefix="family-")
    for name in names:
        path = os.path.join(a.out, name, "roofline.json")
        try:
            doc = json.load(open(path))
        except (OSError, ValueError) as e:
            print(f"family.py: {path}: {e}", file=sys.stderr)
            failed = True
            continue
        if doc.get("target", targets.DEFAULT) != name:
            print(f"family.py: {path} is for {doc.get('target')}",
                  file=sys.stderr)
            failed = True
            continue
        row = summarise(by_name[name], doc)
        failed |= row["predicted"] != row["shapes"]
        try:
            row["k8_ms"] = predict_kernel8(by_name[name], work, a.build_dir,
                                           row["clock"], built)
        except (subprocess.CalledProcessError, ValueError, KeyError) as e:
            print(f"family.py: {name}: kernel 8: {e}", file=sys.stderr)
            row["k8_ms"] = None
            failed = True
        rows.append(row)
    shutil.rmtree(work, ignore_errors=True)
    text = ("Predicted % of each product's roofline over the shape set "
            "(bench/shapes/shapes.json), timing model at each product's "
            "sustained clock; not measurements. Command: `bench/family.py"
            + (f" --targets {a.targets}" if a.targets else "") + "`.\n\n"
            + markdown(rows) + "\n")
    print(text)
    with open(os.path.join(a.out, "family.md"), "w") as f:
        f.write(text)
    with open(os.path.join(a.out, "family.json"), "w") as f:
        json.dump({"format": "gemm-opt-family-1",
                   "prediction_not_measurement": True, "rows": rows}, f,
                  indent=1)
    try:
        chart(rows, os.path.join(a.out, "family.png"))
    except ImportError:
        print("family.py: no chart: apt-get install -y python3-matplotlib",
              file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
