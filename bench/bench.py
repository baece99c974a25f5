#!/usr/bin/python3
"""gemm-opt benchmark driver; run it through bench/run.sh (see its header).

For every kernel variant: compile a code object at the report size (default
4096) and at the check size (default 256), read the report size's figures from
`gemm-report --json`, run the check size once on the emulator
(`gemm-run --backend=emu`), and, when a HIP device exists, time the report size
with `gemm-run --backend=hip`. Then gemm-opt's compile time for the example.
Writes results.md, results.json and results.png (when matplotlib is there).
"""

import argparse
import datetime
import hashlib
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import targets  # noqa: E402

LLVM_BIN = "/usr/lib/llvm-22/bin"
CLANG_FLAGS = ["-x", "cl", "-cl-std=CL2.0", "-target", "amdgcn-amd-amdhsa",
               "-mcpu=gfx1100", "-mcumode", "-nogpulib", "-O3"]
CHART_PACKAGE = "python3-matplotlib"

# Each variant: id (file stem), label (table row), compiler, how to build it.
#   kind "clang":    source (repo-relative), kernel name, extra -D flags,
#                    workgroup size and tile (grid = N / tile per dimension).
#   kind "gemm-opt": pipeline options and extra gemm-opt flags.
VARIANTS = [
    {"id": "clang-naive", "label": "naive (OpenCL)", "compiler": "clang-22",
     "kind": "clang", "source": "bench/kernels/naive.cl", "kernel": "sgemm_naive",
     "defines": [], "workgroup": [16, 16, 1], "tile": [16, 16],
     "note": "one output per lane, 16x16 workgroups, no LDS"},
    {"id": "clang-k5", "label": "kernel 5 (OpenCL), launch bounds",
     "compiler": "clang-22", "kind": "clang",
     "source": "examples/opencl/sgemm_kernel5.cl", "kernel": "sgemm_kernel5",
     "defines": [], "workgroup": [128, 1, 1], "tile": [128, 128],
     "note": "walkthrough's kernel 5, reqd_work_group_size(128,1,1)"},
    {"id": "clang-k5-nolb", "label": "kernel 5 (OpenCL), no launch bounds",
     "compiler": "clang-22", "kind": "clang",
     "source": "examples/opencl/sgemm_kernel5.cl", "kernel": "sgemm_kernel5",
     "defines": ["-DLAUNCH_BOUNDS=0"], "workgroup": [128, 1, 1],
     "tile": [128, 128], "bounds_of": "clang-k5", "note": "-DLAUNCH_BOUNDS=0"},
    {"id": "gemm-opt-default", "label": "gemm-opt default (tiled, late pass on)",
     "compiler": "gemm-opt", "kind": "gemm-opt", "pipeline": "", "flags": [],
     "note": "RDNA3 kernel, prefetch=registers, buffer loads"},
    {"id": "gemm-opt-nolate", "label": "gemm-opt, late pass off",
     "compiler": "gemm-opt", "kind": "gemm-opt", "pipeline": "",
     "flags": ["--gemm-amdgpu-vopd=0"], "same_as": "gemm-opt-default",
     "note": "--gemm-amdgpu-vopd=0"},
    {"id": "gemm-opt-global", "label": "gemm-opt addressing=global",
     "compiler": "gemm-opt", "kind": "gemm-opt", "pipeline": "addressing=global",
     "flags": [], "optional": True,
     "note": "global_load with 64-bit VGPR addresses"},
    {"id": "gemm-opt-lds", "label": "gemm-opt prefetch=lds",
     "compiler": "gemm-opt", "kind": "gemm-opt", "pipeline": "prefetch=lds",
     "flags": [], "optional": True,
     "note": "two LDS stages, one barrier per K step"},
    {"id": "gemm-opt-simple", "label": "gemm-opt tile=false (simple)",
     "compiler": "gemm-opt", "kind": "gemm-opt", "pipeline": "tile=false",
     "flags": [], "note": "upstream lowering, one output per lane, 16x16"},
]


def log(msg):
    print(f"bench: {msg}", flush=True)


def run(cmd, cwd=None, check=True):
    """Runs cmd; returns (returncode, stdout, stderr, seconds)."""
    t0 = time.monotonic()
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True)
    dt = time.monotonic() - t0
    if check and p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited with {p.returncode}:\n"
                           f"{p.stdout[-2000:]}{p.stderr[-2000:]}")
    return p.returncode, p.stdout, p.stderr, dt


def mlir_for(size, repo, art):
    """The MLIR input for an N x N x N problem: the example when it exists."""
    example = os.path.join(repo, "examples", f"sgemm_{size}.mlir")
    if os.path.exists(example):
        return example
    path = os.path.join(art, f"sgemm_{size}.mlir")
    t = f"memref<{size}x{size}xf32>"
    with open(path, "w") as f:
        f.write(f"// C += A x B with {size}x{size} f32 matrices, row-major "
                f"(written by bench/bench.py).\n"
                f"func.func @sgemm(%A: {t}, %B: {t}, %C: {t}) {{\n"
                f"  linalg.matmul ins(%A, %B : {t}, {t}) outs(%C : {t})\n"
                f"  return\n}}\n")
    return path


def read_notes(hsaco):
    """Kernel metadata from the code object's note (llvm-readelf --notes)."""
    _, out, _, _ = run([os.path.join(LLVM_BIN, "llvm-readelf"), "--notes", hsaco])
    def field(name):
        m = re.search(r"\." + name + r":\s+(\d+)", out)
        return int(m.group(1)) if m else 0
    return {"kernarg_size": field("kernarg_segment_size"),
            "lds_bytes": field("group_segment_fixed_size"),
            "scratch_bytes": field("private_segment_fixed_size"),
            "vgpr_count": field("vgpr_count"), "sgpr_count": field("sgpr_count")}


def write_manifest(path, hsaco, v, size):
    """A gemm-opt-manifest-1 (docs/manifest.md) for a clang-built kernel."""
    notes = read_notes(hsaco)
    arg = lambda i, role: {"index": i, "role": role, "kind": "global_buffer",
                           "offset": 8 * i, "size": 8, "rows": size,
                           "cols": size, "ld": size}
    m = {"format": "gemm-opt-manifest-1",
         "code_object": os.path.basename(hsaco), "kernel": v["kernel"],
         "chip": "gfx1100", "code_object_version": 5,
         "problem": {"m": size, "n": size, "k": size, "element_type": "f32",
                     "accumulate": True},
         "args": [arg(0, "A"), arg(1, "B"), arg(2, "C")],
         "kernarg_size": notes["kernarg_size"], "workgroup_size": v["workgroup"],
         "grid": [size // v["tile"][1], size // v["tile"][0], 1],
         "lds_bytes": notes["lds_bytes"], "vgpr_count": notes["vgpr_count"],
         "sgpr_count": notes["sgpr_count"],
         "scratch_bytes": notes["scratch_bytes"]}
    with open(path, "w") as f:
        json.dump(m, f, indent=2)
        f.write("\n")


def compile_variant(v, size, ctx):
    """Compiles variant v for size; returns (hsaco, manifest, seconds, cmd)."""
    art = ctx["art"]
    stem = os.path.join(art, f"{v['id']}-{size}")
    hsaco, manifest = stem + ".hsaco", stem + ".manifest.json"
    if v["kind"] == "clang":
        obj = stem + ".o"
        cmd = ([os.path.join(LLVM_BIN, "clang")] + CLANG_FLAGS +
               [f"-DN={size}"] + v["defines"] +
               ["-I", os.path.join(ctx["repo"], "examples", "opencl"), "-c",
                os.path.join(ctx["repo"], v["source"]), "-o", obj])
        link = [os.path.join(LLVM_BIN, "ld.lld"), "-shared", obj, "-o", hsaco]
        _, _, _, t1 = run(cmd)
        _, _, _, t2 = run(link)
        write_manifest(manifest, hsaco, v, size)
        shown = (["clang"] + CLANG_FLAGS + [f"-DN={size}"] + v["defines"] +
                 ["-I", "examples/opencl", "-c", v["source"]] +
                 ["&&", "ld.lld", "-shared"])
        return hsaco, manifest, t1 + t2, " ".join(shown)
    opts = " ".join(x for x in [v["pipeline"], f"hsaco={hsaco}"] if x)
    cmd = ([ctx["gemm_opt"], mlir_for(size, ctx["repo"], art)] + v["flags"] +
           [f"--gemm-rdna3-pipeline={opts}", "-o", os.devnull])
    _, _, _, t = run(cmd)
    shown_opts = " ".join(x for x in [v["pipeline"], "hsaco=..."] if x)
    shown = (["build/bin/gemm-opt", os.path.relpath(cmd[1], ctx["repo"])
              if cmd[1].startswith(ctx["repo"]) else f"sgemm_{size}.mlir"] +
             v["flags"] + [f'--gemm-rdna3-pipeline="{shown_opts}"'])
    return hsaco, manifest, t, " ".join(shown)


def option_supported(v, ctx):
    """Whether gemm-opt accepts an optional variant's pipeline options (a
    small compile); None when it does, else gemm-opt's message."""
    size = 128
    probe = os.path.join(ctx["art"], f"probe-{v['id']}.hsaco")
    rc, out, err, _ = run([ctx["gemm_opt"], mlir_for(size, ctx["repo"], ctx["art"])] +
                          v["flags"] +
                          [f"--gemm-rdna3-pipeline={v['pipeline']} hsaco={probe}",
                           "-o", os.devnull], check=False)
    for f in (probe, probe[:-len(".hsaco")] + ".manifest.json"):
        if os.path.exists(f):
            os.remove(f)
    return None if rc == 0 else (err or out).strip().splitlines()[0][:200]


def report(hsaco, ctx):
    """The figures of `gemm-report --json` for the code object's kernel."""
    _, out, _, _ = run([ctx["gemm_report"], hsaco, "--json"])
    k = json.loads(out)["kernels"][0]
    res, loop = k.get("resources") or {}, k.get("loop") or {}
    lc, bm = loop.get("counts") or k["counts"], loop.get("bank_model") or {}
    est = loop.get("estimate") or {}
    occ = res.get("occupancy") or {}
    return {
        "kernel": k["name"], "vgprs": res.get("vgprs"), "sgprs": res.get("sgprs"),
        "lds_bytes": res.get("lds_bytes"), "scratch_bytes": res.get("scratch_bytes"),
        "vgpr_spills": res.get("vgpr_spills"),
        "workgroup_size": res.get("workgroup_size"),
        "workgroup_size_required": res.get("workgroup_size_required"),
        "occupancy_waves_per_simd": occ.get("waves_per_simd"),
        "occupancy_limiter": occ.get("limiter"),
        "loop_found": bool(loop) and not loop.get("whole_input"),
        "loop_pick": loop.get("pick"),
        "loop_fmas": lc["fmas"], "loop_vopd_fmas": lc["vopd_fmas"],
        "loop_vopd_fma_share": lc["vopd_fma_share"],
        "vopd_checked": k["vopd"]["checked"],
        "vopd_violations": len(k["vopd"]["violations"]),
        "bank_conflicting": bm.get("conflicting"),
        "bank_stall_cycles": bm.get("stall_cycles"),
        "loop_lds_loads": lc["lds_loads"], "loop_lds_load_bytes": lc["lds_load_bytes"],
        "loop_global_loads": lc["global_loads"],
        "loop_global_stores": lc["global_stores"], "loop_barriers": lc["barriers"],
        "model_cycles_per_iteration": est.get("cycles_per_iteration"),
        "model_bound": est.get("bound"),
        "ceiling_tflops": est.get("tflops_ceiling"),
    }


def emu_check(manifest, ctx):
    rc, out, err, dt = run([ctx["gemm_run"], manifest, "--backend=emu"], check=False)
    status = {0: "PASS", 1: "FAIL"}.get(rc, "ERROR")
    last = (out + err).strip().splitlines()
    m = re.search(r"max error / tolerance: (\S+)", out)
    return {"status": status, "exit_code": rc, "seconds": round(dt, 3),
            "max_error_over_tolerance": float(m.group(1)) if m else None,
            "detail": None if rc == 0 else (last[-1] if last else "")}


def hip_run(manifest, ctx):
    rc, out, err, _ = run([ctx["gemm_run"], manifest, "--backend=hip"], check=False)
    if rc == 3:
        return {"status": "no GPU"}
    t = re.search(r"avg ([\d.]+) ms, best ([\d.]+) ms", out)
    f = re.search(r"TFLOP/s: avg ([\d.]+), best ([\d.]+)", out)
    return {"status": {0: "PASS", 1: "FAIL"}.get(rc, "ERROR"), "exit_code": rc,
            "avg_ms": float(t.group(1)) if t else None,
            "best_ms": float(t.group(2)) if t else None,
            "avg_tflops": float(f.group(1)) if f else None,
            "best_tflops": float(f.group(2)) if f else None,
            "device_line": out.splitlines()[0] if out else None}


def valu_mix(hsaco):
    """'8 v_mul_f32, 8 v_add_f32' in the code object (llvm-objdump)."""
    _, out, _, _ = run([os.path.join(LLVM_BIN, "llvm-objdump"), "-d", hsaco])
    n = lambda op: len(re.findall(r"^\s+" + op + r"\b", out, re.M))
    return ", ".join(f"{n(op + '(_e32|_e64)?')} {op}" for op in ("v_mul_f32", "v_add_f32"))


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def machine_info(repo):
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            m = re.search(r"model name\s*:\s*(.*)", f.read())
            if m:
                cpu = m.group(1).strip()
    except OSError:
        pass
    def git(*a):
        p = subprocess.run(["git", "-C", repo] + list(a), stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, text=True)
        return p.stdout.strip() if p.returncode == 0 else None
    clang_v = subprocess.run([os.path.join(LLVM_BIN, "clang"), "--version"],
                             stdout=subprocess.PIPE, text=True).stdout.splitlines()
    return {"host": platform.node(), "os": platform.platform(), "cpu": cpu,
            "cores": os.cpu_count(),
            "date_utc": datetime.datetime.now(datetime.timezone.utc)
                        .strftime("%Y-%m-%d %H:%M:%S UTC"),
            "commit": git("rev-parse", "HEAD"),
            "commit_describe": git("describe", "--always", "--dirty"),
            "clang": clang_v[0] if clang_v else None}


# ---------------------------------------------------------------- output ---

def fmt(x, spec="{}", none="-"):
    return none if x is None else spec.format(x)


def card(t):
    """The product with its CUs and boost clock, for captions."""
    return (f"the {t['product']} ({t['compute_units']} CUs, "
            f"{t['boost_clock_ghz']:g} GHz")


def markdown(res):
    s, c = res["config"], res["compile_time"]
    t = res["target"]
    rows = res["rows"]
    head = ["#", "kernel", "compiler", "VGPRs", "SGPRs", "LDS B", "scratch B",
            "occupancy (waves/SIMD)", "loop FMAs", "% FMAs in VOPD",
            "VOPD rule violations", "bank conflicts (stall cycles)",
            "LDS loads/iter", "global loads/iter", "model cycles/iter",
            "ceiling TFLOP/s", f"emu N={s['check_size']}",
            f"measured ms (N={s['size']})", "measured TFLOP/s"]
    lines = ["| " + " | ".join(head) + " |",
             "|" + "|".join("---:" if i >= 3 else "---" for i in range(len(head))) + "|"]
    notes = []
    for i, r in enumerate(rows, 1):
        tag = str(i)
        for n in r.get("notes", []):
            notes.append(f"- Row {i}, {n}")
        if r["status"] == "not implemented yet":
            lines.append("| " + " | ".join(
                [tag, r["label"], r["compiler"], "not implemented yet"] +
                ["-"] * (len(head) - 4)) + " |")
            continue
        if r["status"] != "ok":
            lines.append("| " + " | ".join(
                [tag, r["label"], r["compiler"], f"ERROR: {r['error']}"] +
                ["-"] * (len(head) - 4)) + " |")
            continue
        g = r["report"]
        lim = (g["occupancy_limiter"] or "").split(" (")[0]
        occ = fmt(g["occupancy_waves_per_simd"]) + (f" ({lim})" if lim else "")
        hip = r["hip"]
        if hip["status"] == "no GPU":
            ms = tf = "no GPU"
        else:
            ms = fmt(hip.get("avg_ms"), "{:.3f}") + ("" if hip["status"] == "PASS"
                                                    else f" ({hip['status']})")
            tf = fmt(hip.get("avg_tflops"), "{:.2f}")
        lines.append("| " + " | ".join([
            tag, r["label"], r["compiler"], fmt(g["vgprs"]), fmt(g["sgprs"]),
            fmt(g["lds_bytes"]), fmt(g["scratch_bytes"]), occ,
            fmt(g["loop_fmas"]),
            fmt(100 * g["loop_vopd_fma_share"], "{:.1f}") if g["loop_fmas"] else "-",
            f"{g['vopd_violations']} of {g['vopd_checked']}",
            f"{fmt(g['bank_conflicting'])} ({fmt(g['bank_stall_cycles'])})",
            fmt(g["loop_lds_loads"]), fmt(g["loop_global_loads"]),
            fmt(g["model_cycles_per_iteration"], "{:.0f}"),
            fmt(g["ceiling_tflops"], "{:.1f}") if g["loop_fmas"] else "n/a (no FMAs)",
            r["emu"]["status"], ms, tf]) + " |")
    m = res["machine"]
    gpu = res["hip"]
    out = [f"# gemm-opt benchmark: {s['size']}^3 SGEMM (C += A x B, f32), gfx1100",
           "",
           f"Machine: {m['host']}, {m['cpu']}, {m['cores']} cores, {m['os']}. "
           f"Date: {m['date_utc']}. Commit: `{m['commit_describe']}` "
           f"({m['commit']}). Compilers: {m['clang']}; gemm-opt from `{s['build_dir']}`. "
           f"GPU: {gpu}." + (" Quick mode (`--quick`)." if s["quick"] else ""),
           "", *lines, ""]
    if c:
        out += [f"gemm-opt compile time, `{c['command']}`: **median "
                f"{c['median_s']:.3f} s** over {c['runs']} run(s) "
                f"(min {c['min_s']:.3f} s, max {c['max_s']:.3f} s), MEASURED wall clock "
                f"on this machine's CPU, process start to exit.", ""]
    out += ["**Legend.**", "",
            "- **MODEL ESTIMATE** (not a measurement): *model cycles/iter*, "
            "from gemm-report's documented issue model (docs/report.md, "
            "\"Cycle estimate\"), and *ceiling TFLOP/s*, the throughput those "
            f"issue cycles allow on {card(t)}, peak {t['peak_tflops']:g} "
            "TFLOP/s): a ceiling, not a prediction (no latency or wave "
            "scheduling; `gemm-run --backend=sim` predicts); also *bank conflicts* (gemm-report's bank model: "
            "VALU instructions using one VGPR bank more than twice, and the stall "
            "cycles charged). The model has no memory latency, bandwidth or "
            "barrier-wait term, so it flatters memory-bound kernels (naive) most.",
            f"- **STATIC** (read off the code object by gemm-report, N={s['size']}): "
            "VGPRs, SGPRs, LDS, scratch, occupancy (and its limiter); per iteration "
            "of the steady-state loop (the innermost loop with the most FMAs, "
            "or one iteration of the loop around it with the inner loop times "
            "its trip count; docs/report.md): FMAs, "
            "% of them in VOPD, VOPD rule violations (of the loop's v_dual_*, "
            "including the gfx11 parity hazard), LDS and global loads. An "
            "iteration covers different work in each kernel (see *loop FMAs*): "
            "compare rows by ceiling TFLOP/s, not cycles/iter.",
            f"- **MEASURED**: *emu N={s['check_size']}*: `gemm-run --backend=emu`, "
            f"the same kernel compiled at N={s['check_size']}, verified against a "
            "double-precision CPU reference. *measured ms / TFLOP/s*: `gemm-run "
            f"--backend=hip` at N={s['size']} (HIP events, mean of 20 launches), "
            "or \"no GPU\" when it finds no HIP device (exit code 3). The compile "
            "time above is measured too (wall clock). Emulator wall time is not GPU time and is not reported.",
            "- clang-22 rows: stock `/usr/lib/llvm-22/bin/clang "
            + " ".join(CLANG_FLAGS) + " -I examples/opencl -DN=... -c` + "
            "`ld.lld -shared`, no plugin. gemm-opt rows: `build/bin/gemm-opt "
            f"{res['compile_time']['command'].split()[1]} "
            "[flags] --gemm-rdna3-pipeline=\"[options] hsaco=...\"`.",
            ""]
    if notes:
        out += ["**Notes.**", "", *notes, ""]
    return "\n".join(out)


def chart(res, path):
    """results.png; returns None, or why there is no chart."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    rows = [r for r in res["rows"] if r["status"] == "ok"]
    labels = [f"{i}. {r['label']}" for i, r in enumerate(res["rows"], 1)
              if r["status"] == "ok"]
    model = [r["report"]["ceiling_tflops"] or 0 for r in rows]
    meas = [r["hip"].get("avg_tflops") for r in rows]
    vopd = [100 * r["report"]["loop_vopd_fma_share"] for r in rows]
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(13, 0.55 * len(rows) + 2.2),
                                   gridspec_kw={"width_ratios": [3, 2]})
    y = list(range(len(rows)))
    h = 0.38
    ax1.barh([i - h / 2 for i in y], model, h, color="#9ecae1", hatch="//",
             edgecolor="#3182bd", label="CEILING (gemm-report issue model)")
    if any(m is not None for m in meas):
        ax1.barh([i + h / 2 for i in y], [m or 0 for m in meas], h,
                 color="#e6550d", label="MEASURED (gemm-run, HIP)")
    else:
        for i in y:
            ax1.text(0.3, i + h / 2, "measured: no GPU", va="center", fontsize=7,
                     color="#636363")
    t = res["target"]
    ax1.axvline(t["peak_tflops"], color="grey", ls="--", lw=1)
    ax1.text(t["peak_tflops"] - 0.4, -0.55, f"peak {t['peak_tflops']:g}",
             fontsize=7, color="grey", ha="right", va="center")
    fmas = [r["report"]["loop_fmas"] for r in rows]
    for i, m, f in zip(y, model, fmas):
        ax1.text(m + 0.4, i - h / 2, f"{m:.1f}" if f else "n/a (no FMAs)",
                 va="center", fontsize=7)
    ax1.set_yticks(y)
    ax1.set_yticklabels(labels, fontsize=8)
    ax1.invert_yaxis()
    ax1.set_xlabel(f"TFLOP/s on {card(t)})")
    ax1.set_xlim(0, 70)
    ax1.legend(fontsize=7, loc="lower right")
    s = res["config"]
    ax1.set_title(f"SGEMM {s['size']}^3, gfx1100: TFLOP/s ceiling vs measured",
                  fontsize=9)
    ax2.barh(y, vopd, 0.6, color="#31a354")
    for i, v, f in zip(y, vopd, fmas):
        ax2.text(v + 1, i, f"{v:.0f} %" if f else "no FMAs", va="center", fontsize=7)
    ax2.set_yticks(y)
    ax2.set_yticklabels([])
    ax2.invert_yaxis()
    ax2.set_xlim(0, 110)
    ax2.set_xlabel("% of the loop's FMAs issued as VOPD (static)")
    ax2.set_title("VOPD dual issue (gemm-report)", fontsize=9)
    m = res["machine"]
    fig.text(0.01, 0.01, f"{m['date_utc']}, commit {m['commit_describe']}; "
             "hatched = ceiling from gemm-report's issue model (docs/report.md), "
             "not a prediction or a measurement",
             fontsize=6, color="#636363")
    fig.tight_layout(rect=(0, 0.03, 1, 1))
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return None


# ------------------------------------------------------------------ main ---

def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repo", required=True)
    ap.add_argument("--build-dir", required=True)
    ap.add_argument("--out", default=None)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--no-chart", action="store_true")
    ap.add_argument("--size", type=int, default=None)
    ap.add_argument("--check-size", type=int, default=None)
    ap.add_argument("--compile-runs", type=int, default=None)
    a = ap.parse_args()
    t_start = time.monotonic()
    repo = os.path.abspath(a.repo)
    build = os.path.abspath(a.build_dir)
    out = os.path.abspath(a.out or os.path.join(repo, "bench", "results"))
    size = a.size or (256 if a.quick else 4096)
    check = a.check_size or 256
    runs = a.compile_runs or (1 if a.quick else 5)
    for n in (size, check):
        if n <= 0 or n % 128:
            ap.error(f"sizes must be positive multiples of 128, got {n}")
    if re.search(r"[\s,=\"'{}]", out):
        ap.error(f"the results folder '{out}' must not contain spaces, commas, "
                 "quotes, '=' or braces (it goes into a pass option)")
    art = os.path.join(out, "artifacts")
    # Only what this script writes: the artifacts of an earlier run and its
    # outputs, so that nothing stale survives (e.g. a chart from a run that had
    # matplotlib).
    shutil.rmtree(art, ignore_errors=True)
    for f in ("results.md", "results.json", "results.png"):
        if os.path.exists(os.path.join(out, f)):
            os.remove(os.path.join(out, f))
    os.makedirs(art, exist_ok=True)
    ctx = {"repo": repo, "art": art,
           "gemm_opt": os.path.join(build, "bin", "gemm-opt"),
           "gemm_report": os.path.join(build, "bin", "gemm-report"),
           "gemm_run": os.path.join(build, "bin", "gemm-run")}
    for tool in ("gemm_opt", "gemm_report", "gemm_run"):
        if not os.access(ctx[tool], os.X_OK):
            sys.exit(f"bench: {ctx[tool]} is missing; build the tree first")
    for tool in ("clang", "ld.lld", "llvm-readelf", "llvm-objdump"):
        if not os.access(os.path.join(LLVM_BIN, tool), os.X_OK):
            sys.exit(f"bench: {LLVM_BIN}/{tool} is missing (Debian packages "
                     "clang-22, lld-22, llvm-22)")
    chart_note = None
    if not a.no_chart:
        # matplotlib's cache goes with the results, not into $HOME.
        os.environ.setdefault("MPLCONFIGDIR", os.path.join(art, "matplotlib"))
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            chart_note = (f"matplotlib is not installed for /usr/bin/python3, so "
                          f"there is no results.png; install it with: "
                          f"apt-get install -y {CHART_PACKAGE}")
        except Exception as e:  # a broken install: say so, go on
            chart_note = (f"matplotlib for /usr/bin/python3 does not load ({e}), so "
                          f"there is no results.png; reinstall it with: "
                          f"apt-get install --reinstall -y {CHART_PACKAGE}")
        if chart_note:
            log(chart_note)

    log(f"report size N={size}, emulator check size N={check}, output {out}")
    rows, hip_state, ok = [], None, True
    for v in VARIANTS:
        r = {"id": v["id"], "label": v["label"], "compiler": v["compiler"],
             "variant_note": v["note"], "status": "ok"}
        rows.append(r)
        if v.get("optional"):
            why = option_supported(v, ctx)
            if why is not None:
                r["status"] = "not implemented yet"
                r.setdefault("notes", []).append(f"{v['label']}: not implemented yet (gemm-opt: "
                                  f"{why}); no figures.")
                log(f"{v['id']}: not implemented yet")
                continue
        try:
            hsaco, manifest, secs, shown = compile_variant(v, size, ctx)
            r.update(command=shown, code_object=os.path.relpath(hsaco, out),
                     compile_seconds=round(secs, 3), sha256=sha256(hsaco))
            r["report"] = report(hsaco, ctx)
            if check == size:
                chk_manifest = manifest
            else:
                _, chk_manifest, _, _ = compile_variant(v, check, ctx)
            r["emu"] = emu_check(chk_manifest, ctx)
            if hip_state is None:
                rc = run([ctx["gemm_run"], chk_manifest, "--backend=hip",
                          "--repeat=0"], check=False)[0]
                hip_state = "no GPU" if rc == 3 else "HIP device"
            r["hip"] = hip_run(manifest, ctx) if hip_state != "no GPU" else {"status": "no GPU"}
            if r["emu"]["status"] != "PASS":
                ok = False
            log(f"{v['id']}: {r['report']['vgprs']} VGPRs, ceiling "
                f"{r['report']['ceiling_tflops']:.1f} TFLOP/s, emu {r['emu']['status']}"
                f", hip {r['hip']['status']}")
        except Exception as e:  # a broken variant is a row, not a crash
            r["status"] = "error"
            r["error"] = str(e).splitlines()[0][:160]
            ok = False
            log(f"{v['id']}: ERROR {e}")
    by_id = {r["id"]: r for r in rows}
    for v in VARIANTS:
        r, base = by_id[v["id"]], by_id.get(v.get("same_as", ""))
        if base is None or r["status"] != "ok" or base["status"] != "ok":
            continue
        same = r["sha256"] == base["sha256"]
        r["identical_to"] = base["id"] if same else None
        r.setdefault("notes", []).append(
            f"{r['label']}: the code object is byte-identical to row "
            f"{rows.index(base) + 1}'s: the late pass found nothing to "
            f"change in this kernel." if same else
            f"{r['label']}: differs from row {rows.index(base) + 1}: "
            f"the late pass recolours the loop's VGPRs so that every FMA "
            f"pairs into a VOPD that keeps the gfx11 parity rule, and repairs "
            f"the other VOPDs that break it, and places the LDS values the "
            f"FMAs read so that each FMA reads one source from VGPR banks 0-1 "
            f"and one from banks 2-3 (64-bit LDS loads instead of 128-bit). "
            f"Compare % in VOPD, the violations and the bank conflicts.")

    for r in rows:
        if r["status"] == "ok" and not r["report"]["loop_fmas"]:
            mix = valu_mix(os.path.join(out, r["code_object"]))
            r.setdefault("notes", []).append(
                f"{r['label']}: its loop has no FMA: the kernel multiplies and adds "
                f"separately (the code object has {mix} and no FMA)"
                + (f", and its loop stores {r['report']['loop_global_stores']} times "
                   "to global memory per iteration (C is read and written at every "
                   "k)" if r["report"]["loop_global_stores"] else "")
                + ". gemm-report counts "
                "FMAs only, so it has no TFLOP/s ceiling (n/a, not 0).")

    for v, r in zip(VARIANTS, rows):
        if r["status"] != "ok":
            continue
        g, lanes = r["report"], v.get("workgroup")
        if lanes and not g["workgroup_size_required"]:
            launched = lanes[0] * lanes[1] * lanes[2]
            r.setdefault("notes", []).append(
                f"{r['label']}: without reqd_work_group_size the metadata only "
                f"bounds the workgroup (max flat size {g['workgroup_size']} lanes); "
                f"gemm-report computes the occupancy for that, "
                f"{g['occupancy_waves_per_simd']} waves/SIMD. The bench launches "
                f"{launched} lanes"
                + (f", like row {rows.index(by_id[v['bounds_of']]) + 1}, whose "
                   f"occupancy figure applies at the same VGPR count"
                   if v.get("bounds_of") in by_id else "") + ".")
        if g["loop_pick"] == "inner iteration":
            r.setdefault("notes", []).append(
                f"{r['label']}: gemm-report's steady-state loop is the inner k loop "
                f"({g['loop_fmas']} FMAs per iteration: clang keeps it rolled, and "
                f"gemm-report could not read its trip count); the K-slice's global "
                f"loads, LDS stores and barriers lie outside it, so the loop figures "
                f"and the ceiling leave them out and flatter this kernel against the "
                f"gemm-opt rows, whose loop is a whole K-slice.")

    # gemm-opt compile time of the example, default pipeline.
    mlir = mlir_for(size, repo, art)
    ct_hsaco = os.path.join(art, f"compile-time-{size}.hsaco")
    cmd = [ctx["gemm_opt"], mlir, f"--gemm-rdna3-pipeline=hsaco={ct_hsaco}",
           "-o", os.devnull]
    times = [run(cmd)[3] for _ in range(runs)]
    shown_mlir = os.path.relpath(mlir, repo) if mlir.startswith(repo + os.sep) else os.path.basename(mlir)
    compile_time = {"command": f"build/bin/gemm-opt {shown_mlir} "
                               f"--gemm-rdna3-pipeline=\"hsaco=...\"",
                    "runs": runs, "seconds": [round(t, 4) for t in times],
                    "median_s": statistics.median(times), "min_s": min(times),
                    "max_s": max(times), "kind": "MEASURED wall clock"}
    log(f"gemm-opt compile time: median {compile_time['median_s']:.3f} s of {runs}")

    res = {"format": "gemm-opt-bench-1",
           "target": targets.load_target(ctx["gemm_run"], targets.DEFAULT),
           "config": {"size": size, "check_size": check, "quick": a.quick,
                      "build_dir": build, "compile_runs": runs},
           "machine": machine_info(repo), "hip": hip_state or "no GPU",
           "legend": {
               "model_estimate": ["model_cycles_per_iteration", "ceiling_tflops",
                                  "bank_conflicting", "bank_stall_cycles"],
               "static": ["vgprs", "sgprs", "lds_bytes", "scratch_bytes",
                          "occupancy_waves_per_simd", "loop_fmas",
                          "loop_vopd_fma_share", "vopd_violations",
                          "loop_lds_loads", "loop_global_loads"],
               "measured": ["emu.status", "hip.avg_ms", "hip.avg_tflops",
                            "compile_time"]},
           "rows": rows, "compile_time": compile_time}
    md = markdown(res)
    png = os.path.join(out, "results.png")
    if a.no_chart:
        chart_note = "chart skipped (--no-chart)"
    elif chart_note is None:
        try:
            chart(res, png)
        except Exception as e:  # the table and JSON matter more than the chart
            chart_note = f"drawing results.png failed: {type(e).__name__}: {e}"
    if chart_note:
        md += f"\nNo chart: {chart_note}.\n"
    else:
        md += "\n![chart](results.png)\n"
    res["chart"] = None if chart_note else "results.png"
    res["chart_note"] = chart_note
    res["bench_seconds"] = round(time.monotonic() - t_start, 1)
    with open(os.path.join(out, "results.json"), "w") as f:
        json.dump(res, f, indent=2)
        f.write("\n")
    with open(os.path.join(out, "results.md"), "w") as f:
        f.write(md)
    print(md)
    log(f"wrote {out}/results.md, results.json"
        + ("" if chart_note else ", results.png")
        + f" in {res['bench_seconds']} s")
    if chart_note and not a.no_chart:
        log(chart_note)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
