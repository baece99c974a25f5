#!/usr/bin/python3
"""Predicted % of roofline over a set of GEMM shapes.

    bench/roofline.py [--tool-dir DIR | --build-dir DIR] [--shapes-file FILE]
                      [--shapes NAME,... | --quick] [--half tune|eval]
                      [-j JOBS] [--out DIR]
                      [--target NAME] [--clock-ghz F] [--timeout S]
                      [--before FILE.json] [--no-kernel8]
                      [--no-chart] [--update]

For each shape of bench/shapes/shapes.json (or the named ones, or the shapes
marked "quick"), writes a func with one static linalg.matmul (or
linalg.batch_matmul), the transposes as indexing_maps, compiles it with
`gemm-opt --gemm-rdna3-pipeline="hsaco=..."` (default options: the compiler
chooses, for --target), predicts its time with `gemm-run --backend=sim` and
sets it against that product's roofline (docs/targets.md):

    limit = max(2 batch M N K / peak FP32 rate,
                4 batch (M K + K N + 2 M N) bytes / DRAM bandwidth)

(C is read and written: linalg.matmul accumulates). % of roofline is
limit / predicted time. Every time is a prediction of the calibrated timing
model, not a measurement. On a held-out corpus (bench/shapes/models.json,
random.json) the summary is given per half, tuning and evaluation, with the
shapes bound by launch latency apart: geometric mean, 10th percentile and
minimum. Beside the shapes, the walkthrough's kernel 8 (its hand-written
ISA, bench/calibration/kernels) and gemm-opt's default kernel are predicted at
4096^3 in the same run, with the same tools, clock and target: the bar every
figure here is read against. Writes OUT/roofline.md, OUT/roofline.json and
OUT/roofline.png (with python3-matplotlib; --before draws a previous
roofline.json beside this run) and prints the table. A failed compile or
prediction, or one over --timeout seconds, is a row that says so. With
--update, only the shapes named by --shapes are predicted again: the other
rows of OUT/roofline.json (same target and clock) are kept, and the report
names the run each kept row comes from (its command and tools).
Exit code: 0 when every shape was predicted, 1 when one was not, 2 on bad
usage.
"""

import argparse
import concurrent.futures
import datetime
import hashlib
import json
import math
import os
import shutil
import subprocess
import sys
import threading
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "bench"))
import targets  # noqa: E402
sys.path.insert(0, os.path.join(REPO, "bench", "tuning"))
import regret  # noqa: E402

SHAPES = os.path.join(REPO, "bench", "shapes", "shapes.json")
FORMAT = "gemm-opt-roofline-1"


def load_shapes(path):
    doc = json.load(open(path))
    if doc.get("format") != "gemm-opt-shapes-1":
        raise ValueError(f"{path}: format is not gemm-opt-shapes-1")
    seen = set()
    for s in doc["shapes"]:
        for key in ("name", "m", "n", "k", "source"):
            if key not in s:
                raise ValueError(f"{path}: a shape has no '{key}': {s}")
        s.setdefault("batch", 1)
        s.setdefault("transpose_a", False)
        s.setdefault("transpose_b", False)
        if s["name"] in seen:
            raise ValueError(f"{path}: two shapes are named {s['name']}")
        seen.add(s["name"])
        if min(s["m"], s["n"], s["k"], s["batch"]) < 1:
            raise ValueError(f"{path}: {s['name']}: sizes must be >= 1")
    return doc["shapes"]


def mlir_for(s):
    """The func: one static matmul, transposes as indexing_maps."""
    m, n, k, b = s["m"], s["n"], s["k"], s["batch"]
    ta, tb = s["transpose_a"], s["transpose_b"]
    lead, dims, bd = ((f"{b}x", "(b, m, n, k)", "b, ") if b > 1
                      else ("", "(m, n, k)", ""))
    a_shape = f"{k}x{m}" if ta else f"{m}x{k}"
    b_shape = f"{n}x{k}" if tb else f"{k}x{n}"
    ta_t = f"memref<{lead}{a_shape}xf32>"
    tb_t = f"memref<{lead}{b_shape}xf32>"
    tc_t = f"memref<{lead}{m}x{n}xf32>"
    amap = f"affine_map<{dims} -> ({bd}{'k, m' if ta else 'm, k'})>"
    bmap = f"affine_map<{dims} -> ({bd}{'n, k' if tb else 'k, n'})>"
    cmap = f"affine_map<{dims} -> ({bd}m, n)>"
    op = "linalg.batch_matmul" if b > 1 else "linalg.matmul"
    return (f"func.func @sgemm(%A: {ta_t}, %B: {tb_t}, %C: {tc_t}) {{\n"
            f"  {op} indexing_maps = [{amap}, {bmap}, {cmap}]\n"
            f"      ins(%A, %B : {ta_t}, {tb_t}) outs(%C : {tc_t})\n"
            f"  return\n}}\n")


def roofline(s, target):
    m, n, k, b = s["m"], s["n"], s["k"], s["batch"]
    flops = 2.0 * b * m * n * k
    nbytes = 4.0 * b * (m * k + k * n + 2 * m * n)
    t_c = flops / (target["peak_tflops"] * 1e12)
    t_m = nbytes / (target["dram_gbps"] * 1e9)
    return {"flops": flops, "bytes": nbytes, "limit_ms": 1e3 * max(t_c, t_m),
            "bound": "compute" if t_c >= t_m else "memory"}


class Failure(Exception):
    def __init__(self, status, message):
        super().__init__(message)
        self.status = status


def run(cmd, deadline, what):
    left = deadline - time.time()
    if left <= 0:
        raise Failure("timeout", f"{what}: no time left")
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=left)
    except subprocess.TimeoutExpired:
        raise Failure("timeout", f"{what} ran past the time limit")
    if p.returncode:
        msg = (p.stderr or p.stdout).strip().splitlines()
        raise Failure(f"{what} failed",
                      f"{what} exited with {p.returncode}: "
                      + (" / ".join(msg[-3:]) if msg else "no output"))
    return p


def kernel_kind(manifest, remarks):
    """The tiled RDNA3 kernel or the simple fallback, from the manifest."""
    kernels = manifest.get("kernels") or [manifest]
    first = kernels[0]
    if "skinny" in first.get("kernel", ""):
        return "skinny"
    simple = ("not tiled for RDNA3" in remarks or
              "simple" in first.get("kernel", "") or
              (first.get("lds_bytes", 0) == 0 and
               first.get("workgroup_size") == [16, 16, 1]))
    kind = "simple" if simple else "tiled"
    if manifest.get("then"):
        kind += " + tail sum"
    return kind


def predict_shape(s, gemm_opt, gemm_run, art, clock, timeout, options="",
                  target=targets.DEFAULT):
    deadline = time.time() + timeout
    base = os.path.join(art, s["name"])
    with open(base + ".mlir", "w") as f:
        f.write(mlir_for(s))
    p = run([gemm_opt, base + ".mlir",
             f"--gemm-rdna3-pipeline=hsaco={base}.hsaco"
             + (f" target={target}" if target != targets.DEFAULT else "")
             + (" " + options if options else ""), "-o", os.devnull],
            deadline, "compile")
    remarks = " ".join(l.split("remark: ", 1)[1] for l in
                       p.stderr.splitlines() if "remark: " in l)
    manifest = json.load(open(base + ".manifest.json"))
    kind = kernel_kind(manifest, remarks)
    p = run([gemm_run, base + ".manifest.json", "--backend=sim", "--json",
             f"--clock-ghz={clock}"], deadline, "prediction")
    out = p.stdout
    try:
        sim = json.loads(out[out.index("{"):])
        ms = float(sim["milliseconds"])
    except (ValueError, KeyError) as e:
        raise Failure("prediction failed", f"unreadable gemm-run output: {e}")
    if not ms > 0:
        raise Failure("prediction failed", f"predicted {ms} ms")
    return {"kernel": kind, "remarks": remarks, "predicted_ms": ms,
            "grid": manifest.get("grid"), "vgprs": manifest.get("vgpr_count"),
            "extrapolated": sim.get("grid", {}).get("extrapolated")}


def predict_kernel8(gemm_opt, gemm_run, art, clock, timeout, target_name,
                    target, rows):
    """The bar: the walkthrough's kernel 8 and gemm-opt's default kernel at
    4096^3 (kernel 8 hard-codes N = 4096), both predicted here. Kernel 8
    computes C = A x B with beta = 0 (it writes C without reading it); the
    roofline below charges both the accumulate's bytes, which at 4096^3 is
    compute-bound either way."""
    cal = os.path.join(REPO, "bench", "calibration")
    walk = os.path.join(art, "walkthrough")
    os.makedirs(walk, exist_ok=True)
    deadline = time.time() + timeout
    run([sys.executable, os.path.join(cal, "make-manifests.py"), walk,
         "--size", "4096", "--build", "--isa", target["isa"]], deadline,
        "building the walkthrough's kernels")
    p = run([gemm_run, os.path.join(walk, "k8.manifest.json"), "--backend=sim",
             "--json", f"--clock-ghz={clock}", f"--target={target_name}"],
            deadline, "kernel 8's prediction")
    sim = json.loads(p.stdout[p.stdout.index("{"):])
    shape = {"name": "bar-4096x4096x4096-nn", "m": 4096, "n": 4096,
             "k": 4096, "batch": 1, "transpose_a": False,
             "transpose_b": False}
    limit = roofline(shape, target)["limit_ms"]
    # The shape set's own 4096^3 row when it has one, predicted already.
    same = [r for r in rows if r["status"] == "ok" and
            all(r[k] == shape[k] for k in ("m", "n", "k", "batch",
                                           "transpose_a", "transpose_b"))]
    ours = same[0] if same else predict_shape(
        shape, gemm_opt, gemm_run, art, clock, timeout, "", target_name)
    k8_ms = float(sim["milliseconds"])
    return {"kernel8_ms": k8_ms, "kernel8_pct": 100 * limit / k8_ms,
            "ours_ms": ours["predicted_ms"],
            "ours_pct": 100 * limit / ours["predicted_ms"],
            "speedup": k8_ms / ours["predicted_ms"]}


def check_tools(ap, tools, names):
    """Stops with a usage error naming the first of `names` that is not an
    executable in `tools`."""
    for t in names:
        if not os.access(os.path.join(tools, t), os.X_OK):
            ap.error(f"{os.path.join(tools, t)} not found (build the project, "
                     "or pass --tool-dir)")


def snapshot_tools(tools, dest):
    """Copies gemm-opt and gemm-run to dest, so that a rebuild of the tool
    directory during the run cannot mix two compilers, and says where they
    came from: the source tree's commit (and whether it had uncommitted
    changes, when the tools live in a git work tree) and each file's sha256."""
    os.makedirs(dest, exist_ok=True)
    info = {"tool_dir": os.path.abspath(tools), "files": {}}
    for name in ("gemm-opt", "gemm-run"):
        src = os.path.join(tools, name)
        dst = os.path.join(dest, name)
        shutil.copy2(src, dst)
        with open(dst, "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()
        info["files"][name] = {
            "sha256": digest,
            "mtime": datetime.datetime.fromtimestamp(
                os.path.getmtime(dst), datetime.timezone.utc).isoformat(
                    timespec="seconds")}
    git = lambda *args: subprocess.run(
        ["git", "-C", tools] + list(args), capture_output=True, text=True)
    try:
        head = git("rev-parse", "--short", "HEAD")
        if head.returncode == 0:
            info["commit"] = head.stdout.strip()
            info["dirty"] = bool(git("status", "--porcelain",
                                     "--untracked-files=no").stdout.strip())
    except OSError:
        pass
    return info


def tools_line(info):
    where = info["tool_dir"]
    if "commit" in info:
        where += (f" (its tree at {info['commit']}"
                  + (", with uncommitted changes" if info["dirty"] else "")
                  + ")")
    return (f"{where}; gemm-opt sha256 "
            f"{info['files']['gemm-opt']['sha256'][:12]} "
            f"({info['files']['gemm-opt']['mtime']}), gemm-run "
            f"{info['files']['gemm-run']['sha256'][:12]}")


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def layout(r):
    return ("T" if r["transpose_a"] else "N") + ("T" if r["transpose_b"] else "N")


def percentile(xs, q):
    """The q-th percentile (0..100) of xs, nearest rank."""
    if not xs:
        return None
    xs = sorted(xs)
    return xs[max(0, math.ceil(q / 100 * len(xs)) - 1)]


def summary(rows):
    ok = [r for r in rows if r["status"] == "ok"]
    pcts = [r["pct_roofline"] for r in ok]
    return {"shapes": len(rows), "predicted": len(ok),
            "geomean_pct": geomean(pcts),
            "p10_pct": percentile(pcts, 10),
            "geomean_capped_pct": geomean([min(p, 100.0) for p in pcts]),
            "min_pct": min(pcts) if pcts else None,
            "min_shape": min(ok, key=lambda r: r["pct_roofline"])["name"]
            if ok else None,
            "below_40": sum(1 for p in pcts if p < 40),
            "at_least_70": sum(1 for p in pcts if p >= 70),
            "above_100": sum(1 for p in pcts if p > 100),
            "failed": sum(1 for r in rows if r["status"] not in
                          ("ok", "timeout")),
            "timeouts": sum(1 for r in rows if r["status"] == "timeout")}


def group_summaries(rows):
    """Summaries per half of a held-out corpus (bench/shapes/README.md):
    each half's shapes bound by launch latency ("small") apart."""
    groups = {}
    for half in ("tune", "eval"):
        mine = [r for r in rows if r.get("half") == half]
        if mine:
            groups[half] = summary([r for r in mine if not r.get("small")])
            small = [r for r in mine if r.get("small")]
            if small:
                groups[half + "-small"] = summary(small)
    return groups


def summary_line(sm):
    if sm["predicted"]:
        head = (f"geometric mean {sm['geomean_pct']:.1f} % of roofline, "
                f"10th percentile {sm['p10_pct']:.1f} %, "
                f"minimum {sm['min_pct']:.1f} % ({sm['min_shape']}), "
                f"{sm['below_40']} below 40 %, {sm['at_least_70']} at 70 % "
                f"or more, {sm['above_100']} above 100 % (geometric mean with "
                f"those at 100 %: {sm['geomean_capped_pct']:.1f} %)")
    else:
        head = "no shape predicted"
    return (f"{sm['predicted']} of {sm['shapes']} shapes predicted: {head}; "
            f"failed: {sm['failed']}, timeouts: {sm['timeouts']}")


def add_regret(rows, groups, sweep, gemm_tune):
    """Each row the sweep table covers gets the choice's regret (this run's
    prediction over the fastest of the table's candidates and itself) and
    the estimate's tau-b over the candidates; each group of `groups`, their
    summary. Returns the summary over all rows covered (None: none is)."""
    entries = {regret.shape_key(e): e for e in sweep["entries"]}
    covered = [(r, entries[regret.shape_key(r)]) for r in rows
               if r["status"] == "ok" and regret.shape_key(r) in entries]
    estimates = regret.list_estimates(
        gemm_tune, dict(sweep, entries=[e for _, e in covered]))
    measured = {}
    for r, e in covered:
        measured[id(r)] = regret.measure_entry(e, estimates[e["shape"]],
                                               r["predicted_ms"])
        r["regret"], r["estimate_tau"] = measured[id(r)][:2]
    for g in groups:
        half, small = g.split("-")[0], g.endswith("-small")
        mine = [measured[id(r)] for r in rows if id(r) in measured
                and r.get("half") == half and bool(r.get("small")) == small]
        if mine:
            groups[g].update(regret.summarize(mine))
    return regret.summarize(list(measured.values())) if measured else None


def regret_line(gsm, table):
    tau = ("no shape with two estimated candidates" if gsm["tau_mean"] is None
           else f"mean {gsm['tau_mean']:.3f} over {gsm['tau_shapes']} shapes, "
           f"{gsm['candidates_estimated']} of {gsm['candidates_predicted']} "
           "candidates estimated")
    return (f"Against every candidate of {table} on {gsm['regret_shapes']} of "
            f"its shapes: the choice's regret {gsm['regret_geomean']:.4f}x on "
            f"geometric mean (worst {gsm['regret_worst']:.3f}x, above 1.05x on "
            f"{gsm['regret_above_1_05']}); Kendall tau-b of the compiler's "
            f"estimate with the model: {tau}.")


def chart(rows, before, path, title):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    prev = {}
    if before:
        prev = {r["name"]: r for r in before["rows"]}
    n = len(rows)
    fig, ax = plt.subplots(figsize=(11, 1.5 + 0.19 * n))
    ys = list(range(n))
    h = 0.4 if prev else 0.8
    val = lambda r: r["pct_roofline"] if r and r["status"] == "ok" else 0
    if prev:
        ax.barh([y - h / 2 for y in ys], [val(prev.get(r["name"])) for r in rows],
                h, color="#bbbbbb")
    colors = ["#c0392b" if r["status"] != "ok" else
              ("#2e86c1" if r["kernel"].startswith("tiled") else
               "#27ae60" if r["kernel"].startswith("skinny") else "#e67e22")
              for r in rows]
    ax.barh([y + (h / 2 if prev else 0) for y in ys], [val(r) for r in rows],
            h, color=colors)
    for y, r in zip(ys, rows):
        if r["status"] == "ok":
            ax.text(r["pct_roofline"] + 0.5, y + (h / 2 if prev else 0),
                    f"{r['pct_roofline']:.0f}", va="center", fontsize=5)
        else:
            ax.text(1, y + (h / 2 if prev else 0), r["status"], va="center",
                    fontsize=6, color="#c0392b")
    for x, style in ((40, ":"), (70, "--"), (100, "-")):
        ax.axvline(x, color="black", linestyle=style, linewidth=0.7)
    ax.set_yticks(ys)
    ax.set_yticklabels([r["name"] for r in rows], fontsize=6)
    ax.invert_yaxis()
    ax.set_xlabel("% of roofline (predicted: calibrated timing model, "
                  "not measured)")
    ax.set_title(title, fontsize=9)
    from matplotlib.patches import Patch
    handles = [Patch(color="#2e86c1", label="tiled kernel"),
               Patch(color="#27ae60", label="skinny kernel"),
               Patch(color="#e67e22", label="simple kernel")]
    if prev:
        handles.insert(0, Patch(color="#bbbbbb",
                                label=before.get("label") or "before"))
    ax.legend(handles=handles, loc="lower right", fontsize=7)
    ax.margins(y=0.005)
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def chart_title(clock, sm, product="RX 7900 XTX"):
    short = (f"geomean {sm['geomean_pct']:.1f} %, minimum "
             f"{sm['min_pct']:.1f} %, {sm['below_40']} below 40 %, "
             if sm["predicted"] else "") + (
             f"{sm['predicted']} of {sm['shapes']} predicted, "
             f"failed {sm['failed']}, timeouts {sm['timeouts']}")
    return (f"Predicted % of roofline per GEMM shape, {product} at "
            f"{clock} GHz (timing model, not measured)\n{short} "
            f"(lines: 40 %, 70 %, 100 %)")


def redraw_chart(path, before_path, out):
    """--chart-from: the chart of a finished run, and its JSON's chart
    fields updated."""
    with open(path) as f:
        run_json = json.load(f)
    before = json.load(open(before_path)) if before_path else None
    chart(run_json["rows"], before, os.path.join(out, "roofline.png"),
          chart_title(run_json["clock_ghz"], run_json["summary"],
                      run_json.get("product", "RX 7900 XTX")))
    run_json["chart"], run_json["chart_note"] = "roofline.png", None
    with open(path, "w") as f:
        json.dump(run_json, f, indent=1)
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tool-dir", help="directory of gemm-opt and gemm-run "
                    "(default: BUILD_DIR/bin)")
    ap.add_argument("--build-dir", default=os.path.join(REPO, "build"))
    ap.add_argument("--shapes-file", default=SHAPES)
    sel = ap.add_mutually_exclusive_group()
    sel.add_argument("--shapes", help="comma-separated shape names")
    sel.add_argument("--quick", action="store_true",
                     help="only the shapes marked \"quick\"")
    ap.add_argument("--out", default=os.path.join(REPO, "bench", "results"))
    ap.add_argument("--target", default=targets.DEFAULT,
                    help="the product compiled for, whose peak and bandwidth "
                    "make the roofline (docs/targets.md; default "
                    f"{targets.DEFAULT})")
    ap.add_argument("--clock-ghz", type=float,
                    help="default: the target's sustained clock (the RX 7900 "
                    "XTX's is the walkthrough's measurement clock)")
    ap.add_argument("--timeout", type=float, default=300,
                    help="seconds per shape, compile and prediction (300)")
    ap.add_argument("--before", help="a previous roofline.json to draw "
                    "beside this run")
    ap.add_argument("--label", default=None,
                    help="what to call this run in a later --before chart")
    ap.add_argument("--no-kernel8", action="store_true",
                    help="do not predict the walkthrough's kernel 8 and "
                    "gemm-opt's 4096^3 kernel beside the shapes")
    ap.add_argument("--no-chart", action="store_true")
    ap.add_argument("--chart-from", metavar="ROOFLINE.json",
                    help="only draw OUT/roofline.png from this run's JSON "
                    "(with --before), e.g. where the run had no matplotlib")
    ap.add_argument("--half", choices=("tune", "eval"),
                    help="only the shapes of this half of a held-out corpus "
                    "(bench/shapes/models.json, random.json)")
    ap.add_argument("-j", "--jobs", type=int, default=1,
                    help="shapes compiled and predicted at once (default 1)")
    ap.add_argument("--sweep", metavar="TABLE.json",
                    help="a sweep of every candidate on these shapes "
                    "(bench/tune-sweep.py or gemm-tune without --prefilter, "
                    "same target and clock): each half then reports the "
                    "choice's regret against the fastest candidate and the "
                    "Kendall tau of the compiler's estimate with the model "
                    "(bench/tuning/regret.py), over the shapes the table has")
    ap.add_argument("--update", action="store_true",
                    help="predict only the --shapes named and keep the other "
                    "rows of OUT/roofline.json, whose run the report names")
    ap.add_argument("--pipeline-options", default="",
                    help="more gemm-rdna3-pipeline options for every shape, "
                    "space-separated (e.g. 'kernel=skinny'); default: none, "
                    "the compiler chooses")
    a = ap.parse_args()
    if a.chart_from:
        return redraw_chart(a.chart_from, a.before, a.out)

    try:
        shapes = load_shapes(a.shapes_file)
    except (OSError, ValueError, KeyError) as e:
        ap.error(str(e))
    if a.shapes:
        want = [x for x in a.shapes.split(",") if x]
        byname = {s["name"]: s for s in shapes}
        missing = [x for x in want if x not in byname]
        if missing:
            ap.error(f"no such shape: {', '.join(missing)}")
        shapes = [byname[x] for x in want]
    elif a.quick:
        shapes = [s for s in shapes if s.get("quick")]
    if a.half:
        shapes = [s for s in shapes if s.get("half") == a.half]
        if not shapes:
            ap.error(f"{a.shapes_file} has no shape in half '{a.half}'")
    if a.jobs < 1:
        ap.error("--jobs must be at least 1")
    previous = None
    if a.update:
        if not a.shapes:
            ap.error("--update needs --shapes: the shapes to predict again")
        if a.pipeline_options:
            ap.error("--update keeps rows of the default options: no "
                     "--pipeline-options")
        path = os.path.join(a.out, "roofline.json")
        try:
            previous = json.load(open(path))
            if previous.get("format") != FORMAT:
                raise ValueError(f"format is not {FORMAT}")
        except (OSError, ValueError) as e:
            ap.error(f"--update: {path}: {e}")
        kept = {r["name"] for r in previous["rows"]}
        missing = [s["name"] for s in shapes if s["name"] not in kept]
        if missing:
            ap.error(f"--update: {path} has no row of {', '.join(missing)}")
    before = None
    if a.before:
        try:
            before = json.load(open(a.before))
            if before.get("format") != FORMAT:
                raise ValueError(f"format is not {FORMAT}")
        except (OSError, ValueError) as e:
            ap.error(f"--before {a.before}: {e}")
    if a.timeout <= 0:
        ap.error("--timeout must be positive")
    tools = a.tool_dir or os.path.join(a.build_dir, "bin")
    check_tools(ap, tools, ("gemm-opt", "gemm-run"))
    try:
        target = targets.load_target(os.path.join(tools, "gemm-run"), a.target)
    except ValueError as e:
        ap.error(f"--target: {e}")
    clock = a.clock_ghz or round(target["sustained_clock_ghz"], 3)
    if previous and (previous.get("target") != a.target
                     or abs(previous.get("clock_ghz", 0) - clock) > 1e-6):
        ap.error(f"--update: {a.out}/roofline.json is for target "
                 f"{previous.get('target')} at {previous.get('clock_ghz')} "
                 f"GHz, not {a.target} at {clock} GHz")
    sweep = None
    if a.sweep:
        check_tools(ap, tools, ("gemm-tune",))
        try:
            sweep = regret.load_table(a.sweep)
        except ValueError as e:
            ap.error(f"--sweep: {e}")
        if sweep.get("target") != a.target or (
                sweep.get("clock_ghz") and abs(sweep["clock_ghz"] - clock)
                > 1e-6):
            ap.error(f"--sweep: {a.sweep} is for target {sweep.get('target')} "
                     f"at {sweep.get('clock_ghz')} GHz, not {a.target} at "
                     f"{clock} GHz")
    product, units = target["product"], target["compute_units"]
    peak, dram = target["peak_tflops"], target["dram_gbps"]
    # The model's rate at this clock over the product's stated peak.
    model_peak = peak * clock / target["boost_clock_ghz"]
    art = os.path.join(a.out, "roofline-artifacts")
    os.makedirs(art, exist_ok=True)
    tool_info = snapshot_tools(tools, os.path.join(art, "tools"))
    gemm_opt = os.path.join(art, "tools", "gemm-opt")
    gemm_run = os.path.join(art, "tools", "gemm-run")

    t_start = time.time()
    done = [0]
    lock = threading.Lock()

    def one(s):
        r = {k: s[k] for k in ("name", "m", "n", "k", "batch", "transpose_a",
                               "transpose_b", "source")}
        for k in ("half", "small"):
            if k in s:
                r[k] = s[k]
        r.update(roofline(s, target))
        t0 = time.time()
        try:
            r.update(predict_shape(s, gemm_opt, gemm_run, art, clock, a.timeout,
                                   a.pipeline_options, a.target))
            r["status"] = "ok"
            r["tflops"] = r["flops"] / (r["predicted_ms"] * 1e-3) / 1e12
            r["pct_roofline"] = 100 * r["limit_ms"] / r["predicted_ms"]
            msg = (f"{r['predicted_ms']:.4f} ms, {r['pct_roofline']:.1f} % "
                   f"of roofline ({r['kernel']})")
        except Failure as e:
            r.update(status=e.status, error=str(e), kernel="-")
            msg = f"{e.status}: {e}"
        except OSError as e:
            r.update(status="failed", error=str(e), kernel="-")
            msg = f"failed: {e}"
        r["seconds"] = time.time() - t0
        with lock:
            done[0] += 1
            print(f"[{done[0]}/{len(shapes)}] {s['name']}: {msg} "
                  f"[{r['seconds']:.1f} s]", flush=True)
        return r

    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
        rows = list(pool.map(one, shapes))
    earlier = []
    if previous:
        # The earlier run's rows, in its order, with this run's in place of
        # the shapes named; the runs each kept row comes from.
        now = {r["name"]: r for r in rows}
        rows = [now.get(r["name"], r) for r in previous["rows"]]
        earlier = previous.get("earlier", []) + [
            {k: previous.get(k) for k in ("command", "commit", "tools")}]
    bar = None
    if not a.no_kernel8:
        try:
            # With --pipeline-options the shapes' rows are not the default
            # kernel's: none is reused.
            bar = predict_kernel8(gemm_opt, gemm_run, art, clock, a.timeout,
                                  a.target, target,
                                  [] if a.pipeline_options else rows)
            bar["status"] = "ok"
        except (Failure, OSError, ValueError, KeyError) as e:
            bar = {"status": "failed", "error": str(e)}
            print(f"roofline: kernel 8: {e}", file=sys.stderr)
    total = time.time() - t_start
    sm = summary(rows)
    groups = group_summaries(rows)
    if sweep:
        try:
            covered = add_regret(rows, groups, sweep,
                                 os.path.join(tools, "gemm-tune"))
        except (OSError, ValueError) as e:
            ap.error(f"--sweep: {e}")
        if covered is None:
            ap.error(f"--sweep: {a.sweep} has none of the shapes predicted")
        sm.update(covered)

    rel = lambda p: (os.path.relpath(p, REPO) if os.path.abspath(p)
                     .startswith(REPO + os.sep) else p)
    shapes_file = rel(a.shapes_file)
    cmd = "bench/roofline.py" + (" --quick" if a.quick else "") + (
        f" --target {a.target}" if a.target != targets.DEFAULT else "") + (
        f" --shapes {a.shapes}" if a.shapes else "") + (
        f" --shapes-file {shapes_file}" if os.path.abspath(a.shapes_file)
        != SHAPES else "") + (
        f" --clock-ghz {a.clock_ghz}" if a.clock_ghz else "") + (
        f" --half {a.half}" if a.half else "") + (
        f" --sweep {rel(a.sweep)}" if a.sweep else "") + (
        f" --timeout {a.timeout:g}" if a.timeout != 300 else "") + (
        " --update" if a.update else "")
    try:
        commit = subprocess.run(["git", "-C", REPO, "rev-parse", "--short",
                                 "HEAD"], capture_output=True,
                                text=True).stdout.strip() or "unknown"
    except OSError:
        commit = "unknown"
    lines = [
        f"# Predicted % of roofline per GEMM shape, f32, {target['isa']}",
        "",
        f"**Predictions of the calibrated timing model, not measurements** "
        f"(`gemm-run --backend=sim`, docs/timing-model.md): {product} "
        f"(target {a.target}), {units} CUs at {clock} GHz (its sustained clock "
        f"under a GEMM, docs/targets.md). No "
        f"kernel here was run on a card. Shapes: {shapes_file} "
        f"(sources in its `source` fields and bench/shapes/README.md). Each "
        f"shape is compiled with gemm-opt's default options. At "
        f"{clock} GHz the model's f32 peak is "
        f"{model_peak:.1f} TFLOP/s, so a compute-bound shape "
        f"reaches at most {100 * model_peak / peak:.1f} % of the "
        f"roofline below ({peak:g} TFLOP/s is the card's peak at its boost "
        f"clock, {target['boost_clock_ghz']:g} GHz).",
        "",
        f"Roofline limit = max(2 batch M N K / {peak:g} TFLOP/s, 4 batch (MK + "
        f"KN + 2MN) bytes / {dram:g} GB/s) (the card's f32 peak and memory "
        "bandwidth; C "
        "is read and written); % of roofline = limit / predicted time. "
        "Layout: N = plain, T = transposed (A stored K x M, B stored N x K). "
        "Kernel: *tiled* is the RDNA3 kernel (+ *tail sum* when part of its "
        "grid is split in K and a second kernel adds the parts), *simple* the "
        "one-output-per-lane fallback.",
        "",
        "| # | shape | source | M | N | K | batch | layout | kernel | bound "
        "| predicted ms | predicted TFLOP/s | roofline ms | % of roofline |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for i, r in enumerate(rows, 1):
        src = r["source"].split(" (")[0].split(",")[0].split(";")[0]
        if r["status"] == "ok":
            tail = (f"{r['predicted_ms']:.4f} | {r['tflops']:.2f} | "
                    f"{r['limit_ms']:.4f} | {r['pct_roofline']:.1f} % |")
        else:
            tail = (f"**{r['status']}** | - | {r['limit_ms']:.4f} | - |")
        lines.append(f"| {i} | {r['name']} | {src} | {r['m']} | {r['n']} | "
                     f"{r['k']} | {r['batch']} | {layout(r)} | {r['kernel']} | "
                     f"{r['bound']} | {tail}")
    lines += ["", f"**Summary (predicted):** {summary_line(sm)}."]
    if sm.get("regret_shapes"):
        lines[-1] += " " + regret_line(sm, a.sweep)
    names = {"tune": "tuning half", "eval": "evaluation half",
             "tune-small": "tuning half, bound by launch latency",
             "eval-small": "evaluation half, bound by launch latency"}
    for g, gsm in groups.items():
        lines += ["", f"**{names[g].capitalize()} (predicted):** "
                  f"{summary_line(gsm)}."]
        if gsm.get("regret_shapes"):
            lines[-1] += " " + regret_line(gsm, a.sweep)
    if sm["above_100"]:
        lines += ["", "Above 100 %: the model predicts a shape faster than "
                  "the DRAM roofline. The timing model sends stores to the L2 "
                  "and fetches each line from DRAM once when the caches keep "
                  "what concurrent workgroups share (docs/timing-model.md, "
                  "Global memory), and the card's Infinity Cache can "
                  "hold such a shape's data; read these rows as the model's "
                  "limits, not as beating the roofline."]
    if bar and bar["status"] == "ok":
        lines += ["", f"**The bar (predicted in this run, same tools, target "
                  f"and clock):** the walkthrough's kernel 8 (hand-written "
                  f"ISA) at 4096^3 {bar['kernel8_ms']:.3f} ms, "
                  f"{bar['kernel8_pct']:.1f} % of roofline; gemm-opt's "
                  f"default kernel at 4096^3 {bar['ours_ms']:.3f} ms, "
                  f"{bar['ours_pct']:.1f} % ({bar['speedup']:.3f}x kernel "
                  f"8's speed)."]
    elif bar:
        lines += ["", f"The bar: kernel 8 was not predicted: {bar['error']}"]
    fails = [r for r in rows if r["status"] != "ok"]
    if fails:
        lines += ["", "Not predicted:", ""] + [
            f"- {r['name']}: {r['status']}: {r['error']}" for r in fails]
    worst = sorted((r for r in rows if r["status"] == "ok"),
                   key=lambda r: r["pct_roofline"])[:10]
    if worst:
        lines += ["", "Lowest: " + ", ".join(
            f"{r['name']} {r['pct_roofline']:.1f} %" for r in worst) + "."]
    lines += ["", f"Command: `{cmd}` (commit {commit}, "
              f"{datetime.date.today().isoformat()}, {total:.0f} s, {a.jobs} "
              f"job(s)). Tools: {tools_line(tool_info)}."]
    for run in reversed(earlier):
        lines += ["", f"The rows of the shapes it did not name were kept "
                  f"from: `{run['command']}` (commit {run['commit']}). Tools: "
                  f"{tools_line(run['tools'])}."]
    text = "\n".join(lines) + "\n"
    print(text)
    with open(os.path.join(a.out, "roofline.md"), "w") as f:
        f.write(text)

    chart_file, chart_note = None, None
    if not a.no_chart:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            chart_note = "no chart: apt-get install -y python3-matplotlib"
            print(f"roofline: {chart_note}", file=sys.stderr)
        else:
            chart(rows, before, os.path.join(a.out, "roofline.png"),
                  chart_title(clock, sm, product))
            chart_file = "roofline.png"
    with open(os.path.join(a.out, "roofline.json"), "w") as f:
        default_label = (f"gemm-opt {tool_info['files']['gemm-opt']['sha256'][:12]}"
                         + (f" (tree {tool_info['commit']}"
                            + (" + changes" if tool_info["dirty"] else "") + ")"
                            if "commit" in tool_info else ""))
        json.dump({"format": FORMAT, "label": a.label or default_label,
                   "prediction_not_measurement": True,
                   "target": a.target, "product": product,
                   "clock_ghz": clock, "compute_units": units,
                   "peak_tflops": peak,
                   "peak_gb_s": dram, "commit": commit,
                   "command": cmd, "tools": tool_info, "seconds": total,
                   "summary": sm, "groups": groups, "kernel8": bar,
                   "earlier": earlier,
                   "chart": chart_file, "chart_note": chart_note,
                   "rows": rows}, f, indent=1)
    return 1 if fails or (bar and bar["status"] != "ok") else 0


if __name__ == "__main__":
    sys.exit(main())
