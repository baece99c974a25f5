#!/usr/bin/python3
"""Predicted speeds from the calibrated timing model, in one run.

    bench/predict.py [--build-dir DIR] [--out DIR] [--size N] [--clock-ghz F]
                     [--compute-units C] [--target NAME] [--no-chart]
    bench/predict.py --chart-from OUT/predict.json [--out OUT]

Predicts, with `gemm-run --backend=sim` at one clock (default: the clock the
walkthrough's times were measured at, bench/calibration/measured.json):
  - the walkthrough's kernels 1-8 (bench/calibration/kernels, built with
    clang-22 / llvm-mc-22), next to the times measured on an RX 7900 XTX;
  - gemm-opt's kernels: the default pipeline and its variants (prefetch
    none / registers / lds, the late VOPD pass off).
With --target (docs/targets.md) both are built for that product's ISA and
predicted with its figures at its sustained clock; the walkthrough's
measurements, taken on an RX 7900 XTX, are then not compared.
Writes OUT/predict.md, OUT/predict.json and OUT/predict.png (when
python3-matplotlib is installed) and prints the table. Every gemm-opt figure
is a model prediction, not a measurement: kernel 8's prediction is the bar to
read it against. Exit code: 0 when everything was predicted, 1 when a kernel
failed to build or predict, 2 on bad usage.
"""

import argparse
import json
import os
import subprocess
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CAL = os.path.join(REPO, "bench", "calibration")
sys.path.insert(0, os.path.join(REPO, "bench"))
import targets  # noqa: E402
sys.path.insert(0, CAL)
# Which kernels are judged, as calibrate.py has it.
from calibrate import JUDGED_1_2, JUDGED_3_8, KERNELS as WALKTHROUGH, SHOWN_ONLY
# Our kernels: label, gemm-rdna3-pipeline options, extra gemm-opt flags.
# The first is the default; the "without" rows take its scheduling steps away
# one at a time (the tail split, the batched waits, the tiling order), the last
# of them being the kernel without any of the three.
OURS = [
    ("gemm-opt default (prefetch=registers, tail split)", "", []),
    ("  without the tail split (split-tail=1)", "split-tail=1", []),
    ("  without batched waits either (split-tail=1 batch-waits=false)",
     "split-tail=1 batch-waits=false", []),
    ("  without the tiling order either (split-tail=1 scheduler=llvm "
     "batch-waits=false)", "split-tail=1 scheduler=llvm batch-waits=false",
     []),
    ("  with wave priorities (wave-priorities=true)", "wave-priorities=true",
     []),
    ("gemm-opt prefetch=none", "prefetch=none", []),
    ("gemm-opt prefetch=lds", "prefetch=lds", []),
    ("gemm-opt default, late pass off", "", ["--gemm-amdgpu-vopd=0"]),
]


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode:
        raise RuntimeError(f"{' '.join(cmd)} exited with {p.returncode}:\n"
                           f"{(p.stderr or p.stdout).strip()}")
    return p.stdout


def predict(gemm_run, manifest, clock, units, target=targets.DEFAULT):
    cmd = [gemm_run, manifest, "--backend=sim", "--json",
           f"--clock-ghz={clock}", f"--target={target}"]
    if units:
        cmd.append(f"--compute-units={units}")
    t0 = time.time()
    out = run(cmd)
    sim = json.loads(out[out.index("{"):])
    lost = sorted(sim["lost_cycles"].items(), key=lambda kv: -kv[1])
    simd = max(1, sim["simd_cycles"])
    return {"ms": sim["milliseconds"], "tflops": sim["tflops"],
            "valu_busy": sim["valu_issue_cycles"] / simd,
            "vopd_share": sim["vopd_instructions"] /
                          max(1, sim["valu_instructions"]),
            "top_losses": [(k, v / simd) for k, v in lost[:3] if v],
            "waves_per_simd": sim["occupancy"]["waves_per_simd"],
            "seconds": time.time() - t0}


def chart(rows, size, clock, out, product="RX 7900 XTX"):
    """OUT/predict.png: measured and predicted TFLOP/s per kernel."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("predict: no chart (apt-get install -y python3-matplotlib; or "
              "/usr/bin/python3 bench/predict.py --chart-from "
              "OUT/predict.json)", file=sys.stderr)
        return
    fig, ax = plt.subplots(figsize=(10, 5))
    names = [r["id"] or r["kernel"] for r in rows]
    pred = [r["tflops"] for r in rows]
    meas = [2 * size ** 3 / (r["measured_ms"] * 1e-3) / 1e12
            if r["measured_ms"] else 0 for r in rows]
    xs = range(len(rows))
    ax.bar([x - 0.2 for x in xs], meas, 0.4, label="measured (walkthrough)")
    ax.bar([x + 0.2 for x in xs], pred, 0.4, label="predicted (model)")
    ax.set_xticks(list(xs))
    ax.set_xticklabels(names, rotation=30, ha="right", fontsize=8)
    ax.set_ylabel("TFLOP/s")
    ax.set_title(f"{size}^3 SGEMM, {product} at {clock} GHz: "
                 "predictions of the timing model")
    ax.legend()
    fig.tight_layout()
    fig.savefig(os.path.join(out, "predict.png"), dpi=100)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build-dir", default=os.path.join(REPO, "build"))
    ap.add_argument("--out", default=os.path.join(REPO, "bench", "results"))
    ap.add_argument("--size", type=int, default=4096)
    ap.add_argument("--clock-ghz", type=float,
                    help="default: the measurement's clock (measured.json)")
    ap.add_argument("--compute-units", type=int,
                    help="default: the target's (docs/targets.md)")
    ap.add_argument("--target", default=targets.DEFAULT,
                    help=f"the product predicted (default {targets.DEFAULT}, "
                    "the card of the walkthrough's measurements)")
    ap.add_argument("--no-chart", action="store_true")
    ap.add_argument("--chart-from", metavar="PREDICT.json",
                    help="only draw OUT/predict.png from an earlier run's "
                         "predict.json (for a Python with matplotlib)")
    a = ap.parse_args()
    if a.chart_from:
        doc = json.load(open(a.chart_from))
        chart(doc["rows"], doc["size"], doc["clock_ghz"], a.out,
              doc.get("product", "RX 7900 XTX"))
        return 0
    if a.size <= 0 or a.size % 128:
        ap.error("--size must be a positive multiple of 128")
    measured = json.load(open(os.path.join(CAL, "measured.json")))
    gemm_run = os.path.join(a.build_dir, "bin", "gemm-run")
    gemm_opt = os.path.join(a.build_dir, "bin", "gemm-opt")
    try:
        target = targets.load_target(gemm_run, a.target)
    except (OSError, ValueError) as e:
        ap.error(f"--target: {e}")
    # The walkthrough's times were measured on the default product, at the
    # clock measured.json gives (its sustained clock).
    on_card = a.target == targets.DEFAULT
    clock = a.clock_ghz or (measured["conditions"]["clock_ghz"] if on_card
                            else round(target["sustained_clock_ghz"], 3))
    units = a.compute_units or target["compute_units"]
    art = os.path.join(a.out, "predict-artifacts")
    os.makedirs(art, exist_ok=True)

    rows, failed = [], False
    try:
        run([sys.executable, os.path.join(CAL, "make-manifests.py"), art,
             "--size", str(a.size), "--build", "--isa", target["isa"]])
    except RuntimeError as e:
        print(f"predict: walkthrough kernels: {e}", file=sys.stderr)
        return 1
    for k in WALKTHROUGH:
        man = os.path.join(art, k + ".manifest.json")
        try:
            p = predict(gemm_run, man, clock, a.compute_units, a.target)
        except RuntimeError as e:
            print(f"predict: {k}: {e}", file=sys.stderr)
            failed = True
            continue
        m = measured[k]["ms"] if a.size == 4096 and on_card else None
        label = f"walkthrough {k}" + (" (clang-22 build, not judged)"
                                      if k in SHOWN_ONLY else "")
        rows.append(dict(p, kernel=label, id=k,
                         description=measured[k]["description"],
                         measured_ms=m,
                         error=(p["ms"] - m) / m if m else None))
        print(f"{k}: {p['ms']:.3f} ms", flush=True)

    mlir = os.path.join(art, f"sgemm_{a.size}.mlir")
    t = f"memref<{a.size}x{a.size}xf32>"
    with open(mlir, "w") as f:
        f.write(f"func.func @sgemm(%A: {t}, %B: {t}, %C: {t}) {{\n"
                f"  linalg.matmul ins(%A, %B : {t}, {t}) outs(%C : {t})\n"
                f"  return\n}}\n")
    for i, (label, pipeline, flags) in enumerate(OURS):
        hsaco = os.path.join(art, f"ours-{i}.hsaco")
        opts = " ".join(x for x in [pipeline, f"hsaco={hsaco}",
                                    f"target={a.target}"] if x)
        try:
            run([gemm_opt, mlir] + flags +
                [f"--gemm-rdna3-pipeline={opts}", "-o", os.devnull])
            p = predict(gemm_run, hsaco[:-len(".hsaco")] + ".manifest.json",
                        clock, a.compute_units, a.target)
        except RuntimeError as e:
            print(f"predict: {label}: {e}", file=sys.stderr)
            failed = True
            continue
        rows.append(dict(p, kernel=label, id=None, description=" ".join(
            flags + ([f'--gemm-rdna3-pipeline="{pipeline}"'] if pipeline
                     else [])), measured_ms=None, error=None))
        print(f"{label}: {p['ms']:.3f} ms", flush=True)

    errs = [abs(r["error"]) for r in rows if r["error"] is not None]
    mae38 = [abs(r["error"]) for r in rows if r["error"] is not None and
             r.get("id") in JUDGED_3_8]
    mae12 = [abs(r["error"]) for r in rows if r["error"] is not None and
             r.get("id") in JUDGED_1_2]
    pct = lambda v, d="{:+.1f} %": d.format(100 * v) if v is not None else "-"
    lines = [
        f"# Predicted SGEMM times, {a.size}^3 f32, {target['isa']}",
        "",
        f"**A calibrated model's predictions, not measurements** (`gemm-run "
        f"--backend=sim`, docs/timing-model.md): {target['product']}, "
        f"{units} CUs at {clock} GHz ("
        + ("the clock of the walkthrough's measurements). *Measured* is the "
           "walkthrough's time on the card" if on_card else
           "its sustained clock, docs/targets.md); the walkthrough's kernels "
           f"built for {target['isa']}. Their measured times are the RX 7900 "
           "XTX's and are not compared here")
        + "; gemm-opt's kernels were never run on one.",
        "",
        "| kernel | measured ms | predicted ms | error | predicted TFLOP/s "
        "| VALU busy | VOPD share | waves/SIMD | largest losses |",
        "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        losses = ", ".join(f"{k} {100 * v:.0f} %" for k, v in r["top_losses"])
        lines.append(
            f"| {r['kernel']} | "
            f"{r['measured_ms'] if r['measured_ms'] else '-'} | "
            f"{r['ms']:.3f} | {pct(r['error'])} | {r['tflops']:.1f} | "
            f"{100 * r['valu_busy']:.1f} % | {100 * r['vopd_share']:.1f} % | "
            f"{r['waves_per_simd']} | {losses} |")
    k8 = next((r for r in rows if r.get("id") == "k8"), None)
    ours = next((r for r in rows if r["kernel"] == OURS[0][0]), None)
    if k8 and ours:
        lines += ["", f"gemm-opt's default against kernel 8, both predicted in "
                  f"this run: {k8['ms'] / ours['ms']:.3f}x kernel 8's speed "
                  f"({ours['ms']:.3f} against {k8['ms']:.3f} ms)."]
    if errs:
        lines += ["", f"Mean absolute error: kernels 3-8 "
                  f"{100 * sum(mae38) / max(1, len(mae38)):.1f} %, kernels 1-2 "
                  f"{100 * sum(mae12) / max(1, len(mae12)):.1f} %."]
    lines += ["", f"Command: `bench/predict.py --size {a.size}"
              + (f" --target {a.target}" if not on_card else "")
              + (f" --compute-units {a.compute_units}" if a.compute_units else "")
              + "`"]
    text = "\n".join(lines) + "\n"
    print(text)
    with open(os.path.join(a.out, "predict.md"), "w") as f:
        f.write(text)
    with open(os.path.join(a.out, "predict.json"), "w") as f:
        json.dump({"size": a.size, "clock_ghz": clock, "target": a.target,
                   "product": target["product"],
                   "compute_units": units, "rows": rows}, f,
                  indent=1)

    if not a.no_chart:
        chart(rows, a.size, clock, a.out, target["product"])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
