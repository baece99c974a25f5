#!/usr/bin/python3
"""Runs every GEMM shape of the shape set on the RDNA3 emulator against the
CPU reference, with the kernel configuration the shape gets at full size.

    bench/verify-shapes.py [--tool-dir DIR | --build-dir DIR]
                           [--shapes-file FILE] [--shapes NAME,... | --quick]
                           [--max-gflop G] [--out DIR] [--timeout S]
                           [--target NAME] [--update]

Each shape is compiled with gemm-opt's default options, for --target
(docs/targets.md; default rx7900xtx). Up to --max-gflop
(2 batch M N K / 1e9; default 34, under a minute on one core) it runs at full
size. A larger shape runs at a reduced size that takes the same code paths:
gemm-select-config's choice for the full size (its #gemm.config: kernel,
tile, split of the grid's tail) is passed as options to the compile of the
reduced shape, which keeps M and N (so the edges and the grid's tail) and
cuts K to a few K steps of the tile (keeping K's remainder, so the K tail),
and then, if still too large, the batch to 2. Skinny-kernel shapes always
run at full size: their K parts depend on K (and they stay under 17 GFLOP).

Prints one line per shape (PASS or FAIL, the kernel, full or reduced size,
the emulator's wall time) and writes OUT/verify-shapes.md and .json (with
--update, keeping the rows there of the shapes not run now). Exit
code: 0 when every shape passed, 1 when one did not, 2 on bad usage.
"""

import argparse
import json
import os
import subprocess
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "bench"))
import roofline  # noqa: E402  (the shape set and its MLIR)

# #gemm.config fields and the pipeline options that set them.
CONFIG_OPTIONS = {
    "bm": "bm", "bn": "bn", "bk": "bk", "waves_m": "waves-m",
    "waves_n": "waves-n", "pad": "pad", "unroll": "unroll",
    "prefetch": "prefetch", "addressing": "addressing",
    "batch_waits": "batch-waits", "wave_priorities": "wave-priorities",
    "split_tail": "split-tail", "compute_units": "compute-units",
    "kernel": "kernel",
}


def full_size_config(gemm_opt, mlir_path, target):
    """gemm-select-config's #gemm.config for the shape, as a dict."""
    p = subprocess.run([gemm_opt, mlir_path, "--gemm-specialize-generic",
                        "--gemm-check-input",
                        f"--gemm-select-config=target={target}"],
                       capture_output=True, text=True)
    if p.returncode:
        raise RuntimeError("gemm-select-config failed: " + p.stderr.strip())
    start = p.stdout.find("#gemm.config<")
    if start < 0:
        raise RuntimeError("no #gemm.config in gemm-select-config's output")
    # Its fields, split at the commas outside a nested attribute (the
    # skinny kernel's plan = <...>).
    fields, depth, field = [], 0, ""
    for c in p.stdout[start + len("#gemm.config<"):]:
        if c == ">" and depth == 0:
            break
        depth += {"<": 1, ">": -1}.get(c, 0)
        if c == "," and depth == 0:
            fields.append(field)
            field = ""
        else:
            field += c
    fields.append(field)
    config = {"kernel": "tiled", "split_tail": "1"}
    for field in fields:
        key, value = (x.strip() for x in field.split("=", 1))
        config[key] = value.strip('"')
    return config


def reduced_shape(s, config, max_flop):
    """A copy of shape s with fewer K steps (and batches) and the same code
    paths, and the options that give it the full size's configuration."""
    r = dict(s)
    bk = int(config["bk"])
    split = int(config.get("split_tail", "1"))
    # Whole steps for each split part (the split needs K a multiple of bk);
    # else 16 steps and K's remainder, for the K tail.
    k = bk * 4 * split if split > 1 else bk * 16 + s["k"] % bk
    r["k"] = min(s["k"], k)
    if 2.0 * r["batch"] * r["m"] * r["n"] * r["k"] > max_flop:
        r["batch"] = min(r["batch"], 2)
    options = " ".join(f"{CONFIG_OPTIONS[key]}={value}"
                       for key, value in config.items()
                       if key in CONFIG_OPTIONS)
    return r, options


def verify(s, tools, work, max_flop, timeout, target):
    gemm_opt = os.path.join(tools, "gemm-opt")
    gemm_run = os.path.join(tools, "gemm-run")
    base = os.path.join(work, s["name"])
    with open(base + ".mlir", "w") as f:
        f.write(roofline.mlir_for(s))
    flop = 2.0 * s["batch"] * s["m"] * s["n"] * s["k"]
    config = full_size_config(gemm_opt, base + ".mlir", target)
    run_shape, options, size = s, "", "full"
    if flop > max_flop and config["kernel"] != "skinny":
        run_shape, options = reduced_shape(s, config, max_flop)
        size = f"K={run_shape['k']}" + (
            f" batch={run_shape['batch']}"
            if run_shape["batch"] != s["batch"] else "")
        with open(base + ".mlir", "w") as f:
            f.write(roofline.mlir_for(run_shape))
    p = subprocess.run(
        [gemm_opt, base + ".mlir",
         f"--gemm-rdna3-pipeline=hsaco={base}.hsaco target={target} "
         + options, "-o", os.devnull],
        capture_output=True, text=True, timeout=timeout)
    if p.returncode:
        return {"status": "FAIL", "size": size, "kernel": config["kernel"],
                "detail": "compile: " + p.stderr.strip()[-300:]}
    start = time.time()
    try:
        p = subprocess.run([gemm_run, base + ".manifest.json", "--backend=emu",
                            "--memory-limit=8G"],
                           capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"status": "FAIL", "size": size, "kernel": config["kernel"],
                "detail": f"emulator ran past {timeout} s"}
    seconds = time.time() - start
    ok = p.returncode == 0 and "PASS" in p.stdout
    result = {"status": "PASS" if ok else "FAIL", "size": size,
              "kernel": config["kernel"]
              + (f" split_tail={config['split_tail']}"
                 if config.get("split_tail", "1") != "1" else "")
              # A skinny plan that runs in WGP mode prints wgp_mode = true.
              + (" wgp_mode" if "wgp_mode = true" in config.get("plan", "")
                 else ""),
              "seconds": round(seconds, 1)}
    if not ok:
        result["detail"] = (p.stdout + p.stderr).strip()[-300:]
    for suffix in (".hsaco", ".manifest.json"):
        if os.path.exists(base + suffix):
            os.remove(base + suffix)
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tool-dir", help="directory of gemm-opt and gemm-run "
                    "(default: BUILD_DIR/bin)")
    ap.add_argument("--build-dir", default=os.path.join(REPO, "build"))
    ap.add_argument("--shapes-file", default=roofline.SHAPES)
    sel = ap.add_mutually_exclusive_group()
    sel.add_argument("--shapes", help="comma-separated shape names")
    sel.add_argument("--quick", action="store_true",
                     help="only the shapes marked \"quick\"")
    ap.add_argument("--max-gflop", type=float, default=34.0,
                    help="largest shape run at full size (default 34)")
    ap.add_argument("--out", default=os.path.join(REPO, "bench", "results"))
    ap.add_argument("--update", action="store_true",
                    help="keep the rows of OUT/verify-shapes.json for the "
                         "shapes not run now (after a change that moves only "
                         "some shapes' configurations)")
    ap.add_argument("--timeout", type=float, default=600,
                    help="seconds per compile and per emulator run (600)")
    ap.add_argument("--target", default="rx7900xtx",
                    help="the product compiled for (docs/targets.md; "
                    "default rx7900xtx)")
    a = ap.parse_args()
    tools = a.tool_dir or os.path.join(a.build_dir, "bin")
    for tool in ("gemm-opt", "gemm-run"):
        if not os.access(os.path.join(tools, tool), os.X_OK):
            print(f"verify-shapes.py: no {tool} in {tools}", file=sys.stderr)
            return 2
    try:
        shapes = roofline.load_shapes(a.shapes_file)
    except (OSError, ValueError) as e:
        print(f"verify-shapes.py: {e}", file=sys.stderr)
        return 2
    if a.shapes:
        names = a.shapes.split(",")
        unknown = sorted(set(names) - {s["name"] for s in shapes})
        if unknown:
            print("verify-shapes.py: unknown shapes: " + ", ".join(unknown),
                  file=sys.stderr)
            return 2
        shapes = [s for s in shapes if s["name"] in names]
    elif a.quick:
        shapes = [s for s in shapes if s.get("quick")]
    work = os.path.join(a.out, "verify-artifacts")
    os.makedirs(work, exist_ok=True)
    rows, failures = [], 0
    for s in shapes:
        try:
            r = verify(s, tools, work, a.max_gflop * 1e9, a.timeout, a.target)
        except (RuntimeError, subprocess.TimeoutExpired) as e:
            r = {"status": "FAIL", "size": "", "kernel": "", "detail": str(e)}
        r["name"] = s["name"]
        rows.append(r)
        failures += r["status"] != "PASS"
        print(f"{s['name']} {r['status']} {r['kernel']} {r['size']}"
              + (f" {r['seconds']} s" if "seconds" in r else "")
              + (f" ({r['detail']})" if "detail" in r else ""), flush=True)
    print(f"{len(rows) - failures} of {len(rows)} shapes passed")
    if a.update and os.path.exists(os.path.join(a.out, "verify-shapes.json")):
        kept = json.load(open(os.path.join(a.out, "verify-shapes.json")))
        ran = {r["name"]: r for r in rows}
        rows = [ran.pop(r["name"], r) for r in kept["rows"]] + list(ran.values())
        failures = sum(r["status"] != "PASS" for r in rows)
    with open(os.path.join(a.out, "verify-shapes.json"), "w") as f:
        json.dump({"format": "gemm-opt-verify-shapes-1",
                   "max_gflop": a.max_gflop, "rows": rows}, f, indent=1)
    with open(os.path.join(a.out, "verify-shapes.md"), "w") as f:
        f.write("# Emulator verification of the shape set\n\n"
                "`bench/verify-shapes.py`: each shape compiled with the "
                "default options and run on the RDNA3 emulator against the "
                f"CPU reference; above {a.max_gflop:g} GFLOP at a reduced K "
                "(and batch) with the full size's configuration.\n\n"
                "| shape | result | kernel | size | emulator s |\n"
                "|---|---|---|---|---:|\n")
        for r in rows:
            f.write(f"| {r['name']} | {r['status']} | {r['kernel']} | "
                    f"{r['size']} | {r.get('seconds', '')} |\n")
        f.write(f"\n{len(rows) - failures} of {len(rows)} shapes passed.\n")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
