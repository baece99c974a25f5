#!/usr/bin/env python3
"""Launch manifests for the walkthrough's RDNA3 SGEMM kernels (calibration suite).

    make-manifests.py OUTDIR [--size N] [--build]

With --build, first builds the code objects into OUTDIR with the vendored
kernels/build.sh (clang-22, llvm-mc-22, ld.lld-22). Then writes
OUTDIR/kN.manifest.json (docs/manifest.md) for k1, k2, k3, k4, k5, k6, k6ref,
k7 and k8, each for an N x N x N row-major problem, C = alpha A x B + beta C as
the kernel computes it, so that `gemm-run OUTDIR/kN.manifest.json` runs and
verifies it.

The launch configuration of each kernel (grid, workgroup, argument order and
roles) is what the walkthrough's launch code passes (kernelN_*.cpp, main.cpp);
the argument layout, kernel name, register counts and LDS size come from the
code object's metadata note (llvm-readelf --notes) and are checked against it.

A kernel that cannot compute an N x N x N problem (N not a multiple of its
tile; k8 hard-codes N = 4096) gets no manifest, and a line on stderr says why.
bench/calibration/measured.json holds the times the walkthrough measured
(kernels/README.md): N = 4096 on an RX 7900 XTX, alpha = 1, beta = 0, the best
of 16 launches, GFLOP/s = (2 N^3 + 3 N^2) / time (main.cpp).

Exit codes: 0 when every manifest the size allows was written, 1 when a code
object is missing or disagrees with what the sources say, 2 on bad usage.
"""

import argparse
import json
import os
import re
import subprocess
import sys

LLVM_BIN = "/usr/lib/llvm-22/bin"
HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS_DIR = os.path.join(HERE, "kernels")

# Explicit arguments in kernarg order, by role (docs/manifest.md): the matrices
# A, B, C (8-byte pointers), the sizes m, n, k (4-byte int) and the factors
# alpha, beta (4-byte f32). Kernels 3-8 take one N for all three sizes.
ARGS_N_ALPHA_BETA = ["A", "B", "C", "n", "alpha", "beta"]

# From the launch code: kernelN_*.cpp (hipLaunchKernelGGL or
# hipModuleLaunchKernel) called by main.cpp's test_sgemm.
KERNELS = [
    # kernel1_naive(A, B, C, int M, int K, int N, float alpha, float beta),
    # dim3(16, 16) lanes, dim3(N / 16, N / 16) workgroups.
    {"id": "k1", "source": "kernel1_naive.cpp",
     "args": ["A", "B", "C", "m", "k", "n", "alpha", "beta"],
     "workgroup": [16, 16, 1], "tile": 16},
    # kernel2_lds(A, B, C, int N): no alpha or beta, C = A x B. dim3(32, 32)
    # lanes, dim3(N / 32, N / 32) workgroups.
    {"id": "k2", "source": "kernel2_lds.cpp",
     "args": ["A", "B", "C", "n"], "alpha": 1.0, "beta": 0.0,
     "workgroup": [32, 32, 1], "tile": 32},
    # kernel3_registers(a, b, c, int N, float alpha, float beta): 256 lanes,
    # 128 x 128 tiles.
    {"id": "k3", "source": "kernel3_registers.cpp",
     "args": ARGS_N_ALPHA_BETA, "workgroup": [256, 1, 1], "tile": 128},
    # kernel4_gmem_db<1>, same arguments, 256 lanes.
    {"id": "k4", "source": "kernel4_gmem_df.cpp",
     "args": ARGS_N_ALPHA_BETA, "workgroup": [256, 1, 1], "tile": 128},
    # kernel5_lds_optim<1>, same arguments, 128 lanes.
    {"id": "k5", "source": "kernel5_lds_optim.cpp",
     "args": ARGS_N_ALPHA_BETA, "workgroup": [128, 1, 1], "tile": 128},
    # Hand ISA, symbol "kernel", launched by hipModuleLaunchKernel with
    # {&d_a, &d_b, &d_c, &N, &alpha, &beta}, N / 128 x N / 128 x 1 workgroups
    # of 128 x 1 x 1 lanes.
    {"id": "k6", "source": "kernel6_valu_optim.s",
     "args": ARGS_N_ALPHA_BETA, "workgroup": [128, 1, 1], "tile": 128},
    # The HIP compiler's output for kernel 5, launched like kernel 6. Its
    # prefetch runs while kId < N - 1 (s_add_i32 s7, s4, -1), not N - BK as
    # in kernel5_lds_optim.cpp, so the last K step also loads the 8 rows
    # after B's end, and the last row of A 8 columns past its end; kernel 6
    # has s4 - 8. That data is never used: the manifest gives A 8 and B
    # 8 x N elements of slack (NaN, so a use would fail the check).
    {"id": "k6ref", "source": "kernel6_valu_optim_reference.s",
     "args": ARGS_N_ALPHA_BETA, "workgroup": [128, 1, 1], "tile": 128,
     "slack": {"A": lambda n: 8, "B": lambda n: 8 * n}},
    {"id": "k7", "source": "kernel7_unroll.s",
     "args": ARGS_N_ALPHA_BETA, "workgroup": [128, 1, 1], "tile": 128},
    # Kernel 8's global load addresses are immediates for N = 4096 (row
    # strides 0x4000 bytes for B, 16 rows = 0x40000 bytes for A, and
    # blockIdx.y << 19 for A's 128-row tile); only its epilogue reads N.
    {"id": "k8", "source": "kernel8_batched_gmem.s",
     "args": ARGS_N_ALPHA_BETA, "workgroup": [128, 1, 1], "tile": 128,
     "only_size": 4096},
]


def fail(msg, code=1):
    print(f"make-manifests: error: {msg}", file=sys.stderr)
    sys.exit(code)


def read_notes(hsaco):
    """The one kernel of the code object's AMDGPU metadata note."""
    tool = os.path.join(LLVM_BIN, "llvm-readelf")
    p = subprocess.run([tool, "--notes", hsaco], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        fail(f"{tool} --notes {hsaco}: {p.stderr.strip()}")
    # The note is YAML: kernels are "  - .key: value" items (keys at column
    # 4), their arguments "      - .key: value" items (keys at column 8).
    kernels = []
    for line in p.stdout.splitlines():
        m = re.match(r"^( *)(- )?\.(\w+):\s*(.*?)\s*$", line)
        if not m:
            continue
        col = len(m.group(1)) + (2 if m.group(2) else 0)
        key, value = m.group(3), m.group(4)
        if col == 4:
            if m.group(2):
                kernels.append({"args": []})
            if kernels and key != "args":
                kernels[-1][key] = value
        elif col == 8 and kernels:
            if m.group(2):
                kernels[-1]["args"].append({})
            if kernels[-1]["args"]:
                kernels[-1]["args"][-1][key] = value
    if len(kernels) != 1:
        fail(f"{hsaco}: expected one kernel in the metadata note, found "
             f"{len(kernels)}")
    k = kernels[0]
    integer = lambda key: int(k.get(key, "0"))
    return {"name": k.get("name", ""),
            "args": [{"offset": int(a["offset"]), "size": int(a["size"]),
                      "kind": a["value_kind"]} for a in k["args"]],
            "kernarg_size": integer("kernarg_segment_size"),
            "lds_bytes": integer("group_segment_fixed_size"),
            "scratch_bytes": integer("private_segment_fixed_size"),
            "vgpr_count": integer("vgpr_count"),
            "sgpr_count": integer("sgpr_count"),
            "max_workgroup": integer("max_flat_workgroup_size"),
            "wavefront_size": integer("wavefront_size")}


def manifest(k, notes, size, isa):
    """The manifest of kernel k for size, checked against its notes."""
    hsaco = f"{k['id']}.hsaco"
    explicit = [a for a in notes["args"] if not a["kind"].startswith("hidden_")]
    if len(explicit) != len(k["args"]):
        fail(f"{hsaco}: the metadata has {len(explicit)} explicit arguments, "
             f"{k['source']} takes {len(k['args'])}")
    args = []
    for i, (role, a) in enumerate(zip(k["args"], explicit)):
        matrix = role in ("A", "B", "C")
        want = ("global_buffer", 8) if matrix else ("by_value", 4)
        if (a["kind"], a["size"]) != want:
            fail(f"{hsaco}: argument {i} ({role}) is a {a['size']}-byte "
                 f"{a['kind']} in the metadata, expected a {want[1]}-byte "
                 f"{want[0]}")
        arg = {"index": i, "role": role, "kind": a["kind"],
               "offset": a["offset"], "size": a["size"]}
        if matrix:
            arg.update(rows=size, cols=size, ld=size)
            slack = k.get("slack", {}).get(role)
            if slack:
                arg.update(slack=slack(size))
        args.append(arg)
    lanes = k["workgroup"][0] * k["workgroup"][1] * k["workgroup"][2]
    if notes["max_workgroup"] and lanes > notes["max_workgroup"]:
        fail(f"{hsaco}: {lanes} lanes per workgroup, more than the metadata's "
             f"max_flat_workgroup_size {notes['max_workgroup']}")
    if notes["wavefront_size"] not in (0, 32):
        fail(f"{hsaco}: wavefront size {notes['wavefront_size']}, expected 32")
    problem = {"m": size, "n": size, "k": size, "batch": 1,
               "transpose_a": False, "transpose_b": False,
               "element_type": "f32"}
    if "alpha" in k:
        # Compiled in (kernel 2 ignores alpha and beta: C = A x B).
        problem.update(alpha=k["alpha"], beta=k["beta"])
    problem["accumulate"] = False
    tiles = size // k["tile"]
    return {"format": "gemm-opt-manifest-1", "code_object": hsaco,
            "kernel": notes["name"], "chip": isa,
            "code_object_version": 5, "problem": problem, "args": args,
            "kernarg_size": notes["kernarg_size"],
            "workgroup_size": k["workgroup"], "grid": [tiles, tiles, 1],
            "lds_bytes": notes["lds_bytes"],
            "vgpr_count": notes["vgpr_count"],
            "sgpr_count": notes["sgpr_count"],
            "scratch_bytes": notes["scratch_bytes"]}


def main():
    ap = argparse.ArgumentParser(
        description="Write gemm-run launch manifests for the calibration "
                    "kernels (bench/calibration/kernels).")
    ap.add_argument("outdir", metavar="OUTDIR",
                    help="directory of the code objects kN.hsaco; the "
                         "manifests go there too")
    ap.add_argument("--size", type=int, default=4096, metavar="N",
                    help="N of the N x N x N problem (default 4096)")
    ap.add_argument("--build", action="store_true",
                    help="first build the code objects into OUTDIR with "
                         "kernels/build.sh")
    ap.add_argument("--isa", default="gfx1100",
                    help="the gfx11 ISA to build for (default gfx1100, the "
                         "card the times were measured on)")
    opts = ap.parse_args()
    if opts.size <= 0:
        ap.error("--size must be positive")
    os.environ["PATH"] = LLVM_BIN + os.pathsep + os.environ.get("PATH", "")
    if opts.build:
        p = subprocess.run(["bash", os.path.join(KERNELS_DIR, "build.sh"),
                            os.path.abspath(opts.outdir)],
                           env=dict(os.environ, ISA=opts.isa))
        if p.returncode != 0:
            fail(f"kernels/build.sh exited with {p.returncode}")
    for k in KERNELS:
        if k.get("only_size", opts.size) != opts.size:
            print(f"make-manifests: {k['id']}: skipped, its ISA is written "
                  f"for N = {k['only_size']} only", file=sys.stderr)
            continue
        if opts.size % k["tile"]:
            print(f"make-manifests: {k['id']}: skipped, N = {opts.size} is "
                  f"not a multiple of its {k['tile']} x {k['tile']} tile",
                  file=sys.stderr)
            continue
        hsaco = os.path.join(opts.outdir, f"{k['id']}.hsaco")
        if not os.path.exists(hsaco):
            fail(f"{hsaco} does not exist (build it with --build)")
        m = manifest(k, read_notes(hsaco), opts.size, opts.isa)
        path = os.path.join(opts.outdir, f"{k['id']}.manifest.json")
        with open(path, "w") as f:
            json.dump(m, f, indent=2)
            f.write("\n")
        print(f"make-manifests: wrote {path}", flush=True)


if __name__ == "__main__":
    main()
