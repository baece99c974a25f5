#!/usr/bin/python3
"""What a fused epilogue costs, on the calibrated timing model.

    bench/epilogue.py [--build-dir DIR | --tool-dir DIR] [--out DIR]
                      [--artifacts DIR] [--target NAME] [--clock-ghz F]
                      [--timeout S]

For each shape it predicts, with `gemm-run --backend=sim` in one run:
  - the plain GEMM, C = A x B;
  - the GEMM with the epilogue fused into its store (bias + GELU, or bias +
    a residual add), as gemm-opt compiles it;
  - the unfused alternative: the plain GEMM, then the second kernel a
    framework launches, bench/kernels/epilogue.cl (clang-22 OpenCL, four
    floats per lane, in place on C), predicted by `emu-run --backend=sim`
    with the same product, CUs and clock.
The shapes: 4096^3 with bias + GELU, and BERT-large's FFN (hidden 1024,
intermediate 4096, PyTorch's N x K weights) at 512 and 4096 tokens: the
first layer with bias + GELU, the second with bias + GELU and with bias +
the residual add it has in the model. Beside them, the walkthrough's kernel
8 and gemm-opt's default kernel at 4096^3, predicted in the same run (the
bar every speed figure is read against). Every figure is a prediction of
the model, not a measurement.

Writes OUT/epilogue.md and OUT/epilogue.json and prints the table; the
programs, code objects and manifests go to --artifacts (default: a new
temporary directory, named at the end). Exit
code: 0 when everything was predicted, 1 when something failed, 2 on bad
usage.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "bench"))
import roofline  # noqa: E402
import targets  # noqa: E402

# name, m, n, k, transpose_b, epilogue ("gelu" or "residual").
SHAPES = [
    ("square-4096", 4096, 4096, 4096, False, "gelu"),
    ("bert-large-ffn1-512", 512, 4096, 1024, True, "gelu"),
    ("bert-large-ffn2-512", 512, 1024, 4096, True, "gelu"),
    ("bert-large-ffn2-512", 512, 1024, 4096, True, "residual"),
    ("bert-large-ffn1-4096", 4096, 4096, 1024, True, "gelu"),
    ("bert-large-ffn2-4096", 4096, 1024, 4096, True, "gelu"),
    ("bert-large-ffn2-4096", 4096, 1024, 4096, True, "residual"),
]

# GELU, tanh form, as the second kernel computes it.
GELU_BODY = """    %x = arith.addf %t, %bv : f32
    %x2 = arith.mulf %x, %x : f32
    %x3 = arith.mulf %x2, %x : f32
    %p = arith.mulf %x3, %k1 : f32
    %q = arith.addf %x, %p : f32
    %u = arith.mulf %q, %k0 : f32
    %th = math.tanh %u : f32
    %v = arith.addf %th, %one : f32
    %hx = arith.mulf %x, %half : f32
    %g = arith.mulf %hx, %v : f32
    linalg.yield %g : f32"""
RESIDUAL_BODY = """    %x = arith.addf %t, %bv : f32
    %y = arith.addf %x, %r : f32
    linalg.yield %y : f32"""


def mlir_for(m, n, k, transpose_b, epilogue):
    """The program: C = A x B, or with `epilogue` its fused form."""
    b_type = f"memref<{n}x{k}xf32>" if transpose_b else f"memref<{k}x{n}xf32>"
    maps = ("indexing_maps = [affine_map<(m, n, k) -> (m, k)>, "
            "affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] "
            if transpose_b else "")
    c_type = f"memref<{m}x{n}xf32>"
    args = f"%A: memref<{m}x{k}xf32>, %B: {b_type}, %C: {c_type}"
    if not epilogue:
        return (f"func.func @plain({args}) {{\n"
                "  %zero = arith.constant 0.0 : f32\n"
                f"  linalg.fill ins(%zero : f32) outs(%C : {c_type})\n"
                f"  linalg.matmul {maps}ins(%A, %B : memref<{m}x{k}xf32>, "
                f"{b_type}) outs(%C : {c_type})\n"
                "  return\n}\n")
    residual = epilogue == "residual"
    extra = f", %R: {c_type}" if residual else ""
    ins = "%T, %bias" + (", %R" if residual else "")
    ins_types = f"{c_type}, memref<{n}xf32>" + (f", {c_type}" if residual
                                                  else "")
    id_map = "affine_map<(i, j) -> (i, j)>"
    in_maps = [id_map, "affine_map<(i, j) -> (j)>"] + (
        [id_map] if residual else [])
    block_args = "%t: f32, %bv: f32" + (", %r: f32" if residual else "")
    return (f"func.func @fused({args}, %bias: memref<{n}xf32>{extra}) {{\n"
            "  %zero = arith.constant 0.0 : f32\n"
            "  %half = arith.constant 0.5 : f32\n"
            "  %one = arith.constant 1.0 : f32\n"
            "  %k0 = arith.constant 0.7978845608 : f32\n"
            "  %k1 = arith.constant 0.044715 : f32\n"
            f"  %T = memref.alloc() : {c_type}\n"
            f"  linalg.fill ins(%zero : f32) outs(%T : {c_type})\n"
            f"  linalg.matmul {maps}ins(%A, %B : memref<{m}x{k}xf32>, "
            f"{b_type}) outs(%T : {c_type})\n"
            f"  linalg.generic {{indexing_maps = [{', '.join(in_maps)}, "
            f"{id_map}], iterator_types = [\"parallel\", \"parallel\"]}}\n"
            f"      ins({ins} : {ins_types}) outs(%C : {c_type}) {{\n"
            f"  ^bb0({block_args}, %c: f32):\n"
            + (RESIDUAL_BODY if residual else GELU_BODY) + "\n  }\n"
            f"  memref.dealloc %T : {c_type}\n"
            "  return\n}\n")


def predict_gemm(name, text, tools, art, clock, target_name, deadline):
    base = os.path.join(art, name)
    with open(base + ".mlir", "w") as f:
        f.write(text)
    roofline.run([os.path.join(tools, "gemm-opt"), base + ".mlir",
                  f"--gemm-rdna3-pipeline=hsaco={base}.hsaco target="
                  f"{target_name}", "-o", os.devnull], deadline, "compile")
    p = roofline.run([os.path.join(tools, "gemm-run"), base + ".manifest.json",
                      "--backend=sim", "--json", f"--clock-ghz={clock}"],
                     deadline, "prediction")
    manifest = json.load(open(base + ".manifest.json"))
    sim = json.loads(p.stdout[p.stdout.index("{"):])
    return float(sim["milliseconds"]), manifest


def build_second_kernels(art, isa, deadline):
    """bench/kernels/epilogue.cl for the product's ISA: GELU and residual."""
    out = {}
    for kind, flags in (("gelu", []), ("residual", ["-DRESIDUAL"])):
        obj = os.path.join(art, f"epilogue-{kind}.o")
        hsaco = os.path.join(art, f"epilogue-{kind}.hsaco")
        roofline.run(["clang-22", "-x", "cl", "-cl-std=CL2.0", "-target",
                      "amdgcn-amd-amdhsa", f"-mcpu={isa}", "-nogpulib", "-O3",
                      "-I" + os.path.join(REPO, "examples", "opencl")] + flags
                     + ["-c", os.path.join(REPO, "bench", "kernels",
                                           "epilogue.cl"), "-o", obj],
                     deadline, "building the second kernel")
        roofline.run(["ld.lld-22", "-shared", obj, "-o", hsaco], deadline,
                     "linking the second kernel")
        out[kind] = hsaco
    return out


def predict_second(hsaco, m, n, tools, clock, target_name, units, deadline):
    """The second kernel over an M x N C: 64 lanes of 4 floats per group."""
    n4 = m * n // 4
    block = 256
    grid = (n4 + block - 1) // block
    p = roofline.run([os.path.join(tools, "emu-run"), hsaco,
                      "--kernel=epilogue", f"--grid={grid}", f"--block={block}",
                      f"--arg=f32[{m * n}]:rand=1", f"--arg=f32[{n}]:rand=2",
                      f"--arg=f32[{m * n}]:rand=3", f"--arg=u32:{n // 4}",
                      f"--arg=u32:{n4}", "--backend=sim", "--json",
                      f"--target={target_name}", f"--compute-units={units}",
                      f"--clock-ghz={clock}"], deadline,
                     "the second kernel's prediction")
    sim = json.loads(p.stdout[p.stdout.index("{"):])
    return float(sim["milliseconds"])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build-dir", default=os.path.join(REPO, "build"))
    ap.add_argument("--tool-dir", help="directory of gemm-opt, gemm-run and "
                    "emu-run (default: BUILD_DIR/bin)")
    ap.add_argument("--out", default=os.path.join(REPO, "bench", "results",
                                                  "epilogue"))
    ap.add_argument("--artifacts", help="directory for the programs, code "
                    "objects and manifests (default: a new temporary one)")
    ap.add_argument("--target", default=targets.DEFAULT)
    ap.add_argument("--clock-ghz", type=float,
                    help="default: the target's sustained clock")
    ap.add_argument("--timeout", type=float, default=3600,
                    help="seconds for the whole run (default 3600)")
    a = ap.parse_args()
    tools = a.tool_dir or os.path.join(a.build_dir, "bin")
    roofline.check_tools(ap, tools, ("gemm-opt", "gemm-run", "emu-run"))
    try:
        target = targets.load_target(os.path.join(tools, "gemm-run"), a.target)
    except ValueError as e:
        ap.error(f"--target: {e}")
    clock = a.clock_ghz or round(target["sustained_clock_ghz"], 3)
    units = target["compute_units"]
    art = a.artifacts or tempfile.mkdtemp(prefix="gemm-epilogue-")
    os.makedirs(art, exist_ok=True)
    deadline = time.time() + a.timeout
    rows, failed = [], False
    try:
        second = build_second_kernels(art, target["isa"], deadline)
    except roofline.Failure as e:
        print(f"epilogue: {e}", file=sys.stderr)
        return 1
    plain_cache = {}
    for name, m, n, k, tb, epilogue in SHAPES:
        row = {"name": name, "m": m, "n": n, "k": k, "transpose_b": tb,
               "epilogue": epilogue}
        try:
            key = (m, n, k, tb)
            if key not in plain_cache:
                plain_cache[key] = predict_gemm(
                    f"{name}-plain", mlir_for(m, n, k, tb, None), tools, art,
                    clock, a.target, deadline)[0]
            row["plain_ms"] = plain_cache[key]
            row["fused_ms"], manifest = predict_gemm(
                f"{name}-{epilogue}", mlir_for(m, n, k, tb, epilogue), tools,
                art, clock, a.target, deadline)
            row["kernel"] = roofline.kernel_kind(manifest, "")
            row["second_ms"] = predict_second(second[epilogue], m, n, tools,
                                              clock, a.target, units, deadline)
            row["unfused_ms"] = row["plain_ms"] + row["second_ms"]
            row["fused_over_plain"] = row["fused_ms"] / row["plain_ms"] - 1
            row["unfused_over_plain"] = row["unfused_ms"] / row["plain_ms"] - 1
            row["status"] = "ok"
        except roofline.Failure as e:
            row["status"], row["error"] = e.status, str(e)
            failed = True
        rows.append(row)
        print(f"epilogue: {name} {epilogue}: {row['status']}", file=sys.stderr)
    try:
        bar = roofline.predict_kernel8(
            os.path.join(tools, "gemm-opt"), os.path.join(tools, "gemm-run"),
            art, clock, max(deadline - time.time(), 1), a.target, target, [])
    except (roofline.Failure, ValueError) as e:
        bar = {"error": str(e)}
        failed = True

    lines = [
        f"# Fused epilogues (timing model, {target['product']}, {units} CUs at "
        f"{clock} GHz)", "",
        "Predicted by the calibrated timing model, not measured. *plain*: C = "
        "A x B; *fused*: the epilogue in the GEMM's store (gemm-opt); "
        "*unfused*: the plain GEMM, then bench/kernels/epilogue.cl in place "
        "on C (predicted by `emu-run --backend=sim` with the same figures). "
        "Overheads are over the plain GEMM.", "",
        "| shape (M x N x K) | epilogue | kernel | plain ms | fused ms | fused "
        "over plain | second kernel ms | unfused ms | unfused over plain |",
        "|---|---|---|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        shape = f"{r['name']} ({r['m']} x {r['n']} x {r['k']}" + (
            ", B^T)" if r["transpose_b"] else ")")
        epi = "bias + GELU" if r["epilogue"] == "gelu" else "bias + residual"
        if r["status"] != "ok":
            lines.append(f"| {shape} | {epi} | {r['status']}: {r['error']} "
                         "| | | | | | |")
            continue
        lines.append(
            f"| {shape} | {epi} | {r['kernel']} | {r['plain_ms']:.3f} | "
            f"{r['fused_ms']:.3f} | {100 * r['fused_over_plain']:+.1f} % | "
            f"{r['second_ms']:.3f} | {r['unfused_ms']:.3f} | "
            f"{100 * r['unfused_over_plain']:+.1f} % |")
    lines.append("")
    if "error" in bar:
        lines.append(f"The bar: kernel 8 was not predicted: {bar['error']}")
    else:
        lines.append(
            f"The bar, same run: the walkthrough's kernel 8 at 4096^3 "
            f"{bar['kernel8_ms']:.3f} ms, gemm-opt's default kernel "
            f"{bar['ours_ms']:.3f} ms ({bar['speedup']:.2f}x).")
    lines += ["", "Command: `" + " ".join(
        ["bench/epilogue.py"] + [x for x in sys.argv[1:]]) + "`"]
    os.makedirs(a.out, exist_ok=True)
    with open(os.path.join(a.out, "epilogue.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(os.path.join(a.out, "epilogue.json"), "w") as f:
        json.dump({"target": a.target, "clock_ghz": clock, "rows": rows,
                   "bar": bar}, f, indent=1)
    print("\n".join(lines))
    print(f"epilogue: artifacts in {art}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
