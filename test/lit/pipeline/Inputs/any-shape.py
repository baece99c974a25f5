"""Compiles C += op(A) x op(B) for a seeded set of M x N x K shapes and
layouts with gemm-opt's RDNA3 pipeline and verifies each code object on the
emulator with gemm-run against the CPU reference.

Usage: any-shape.py WORKDIR [--seed=S] [--random=R] [--max=X] [--options=O]...

The set is a fixed list of corner cases (1, primes, the tile minus and plus
one, K below two K steps, tall and skinny, a shifted edge tile in both
dimensions with a K tail, each layout, padded leading dimensions, batches)
followed by R random ones with sides up to X, drawn with seed S. Each
--options value is a gemm-rdna3-pipeline option string; every case runs with
each. Prints one line per run: the shape, the layout, the options, "tiled",
"skinny" or "simple" (which kernel the pipeline built), and PASS or FAIL;
exits 1 if
any run fails.

A layout is a string of flags: "nn" (row-major A and B), "tn" (A stored
K x M), "nt" (B stored N x K) or "tt"; "+ld" pads every leading dimension
(lda = columns + 3, and so on); "bN" makes it a linalg.batch_matmul of N
(with a gap between the batches when padded); an epilogue "C=..." makes the
matmul write a zero-filled temporary T that a linalg.generic combines with
C: "C=aT+bC" with alpha and beta kernel arguments (run with alpha 1.5, beta
-0.75), "C=aT" with beta = 0 (C is not read), "C=2T+0.5C" with constants;
"dyn" makes every size dynamic (memref<?x?xf32>, with "+ld" strided<[?, 1]>
and, batched, strided<[?, ?, 1]>), given to gemm-run at run time; "gen"
writes the matmul as a linalg.generic with the loops ordered k, n, (b,) m
and the body's operands swapped, "con" as a linalg.contract.
"""
import os
import random
import subprocess
import sys

CORNERS = [
    (1, 1, 1, "nn"),
    (1, 300, 17, "tn"),  # a single row: simple lowering
    (300, 1, 17, "nt"),  # a single column
    (127, 127, 7, "tt"),  # the tile minus one, K below one step
    (129, 129, 16, "nn"),  # the tile plus one, exactly two K steps
    (129, 131, 17, "tn+ld"),  # plus one K in the tail
    (131, 137, 139, "nt"),  # primes
    (256, 256, 15, "tt"),  # K below two K steps
    (384, 256, 127, "nn+ld"),  # full tiles, K tail of 7
    (1021, 130, 33, "tn"),  # tall and skinny, both edges
    (130, 1021, 33, "nt+ld"),  # short and wide
    (200, 300, 77, "tt+ld"),  # shifted tile in both dimensions, K tail
    (131, 129, 19, "nn b3"),  # batches of edge tiles
    (40, 50, 9, "tt+ld b3"),  # a batch of small matrices
    (200, 300, 77, "nn C=aT+bC"),  # alpha and beta arguments
    (129, 140, 40, "tn+ld b3 C=aT"),  # beta = 0: C not read
    (50, 60, 70, "nt C=2T+0.5C"),  # constants, simple lowering
    (256, 128, 16, "tt C=aT+bC"),  # full tiles (skinny by default)
    (129, 131, 17, "tn+ld dyn"),  # sizes and leading dimensions at run time
    (40, 50, 9, "tt+ld b3 dyn"),  # a dynamic batch, smaller than one tile
    (60, 70, 33, "nn dyn C=aT+bC"),  # a dynamic temporary
    (256, 128, 16, "tt dyn C=aT"),  # dynamic full tiles, an empty K tail
    (200, 300, 77, "nt+ld b3 dyn C=aT+bC"),  # dynamic everything, tiled
    (300, 40, 100, "nn dyn"),  # N below one tile at run time: simple
    (131, 137, 139, "nt gen"),  # a linalg.generic, loops ordered k, n, m
    (200, 300, 77, "tt+ld b3 gen C=aT+bC"),  # a batched generic, epilogue
    (129, 131, 17, "tn+ld con dyn"),  # a linalg.contract, dynamic
    (256, 128, 16, "nt con"),  # linalg.contract (skinny by default)
    (200, 300, 77, "tn dyn gen C=aT"),  # a dynamic generic with an epilogue
    # The skinny kernel (M or N at most 32, or up to 256 for a small tiled
    # grid):
    (1000, 8, 1024, "nn"),  # lanes along K of A's rows, LDS sum of waves
    (2001, 4, 1028, "tn"),  # A stored K x M: 4 rows per lane, L edge
    (30, 1001, 200, "nn"),  # small M: 2 groups of 15 columns, L edge
    (20, 1000, 256, "nt b3 C=2T+0.5C"),  # B streamed along K, batch
    (513, 1, 36, "tt"),  # a matrix-vector product with a K rest
    (7, 300, 1000, "tn+ld C=aT+bC"),  # padded rows, alpha and beta
    (1024, 4, 16384, "nn C=aT+bC"),  # K parts and their sum kernel
    (1000, 8, 16384, "tn C=2T+0.5C"),  # K parts, A stored K x M, L edge
    (1003, 72, 200, "tn"),  # 8 rows in 2 chunks of 4 per lane, L edge
    (90, 997, 160, "nn+ld"),  # B streamed along N in chunks, both edges
    (999, 40, 260, "nn+ld"),  # B's K steps staged in LDS per wave, edges
    (1000, 64, 512, "nn C=aT+bC"),  # staged, a rest of steps not staged
    (63, 1, 1220, "nn+ld C=aT+bC"),  # 32 lanes along K of a row, a K rest
    (700, 3, 520, "nn"),  # 16 lanes along K of a row, L edge
    # B stored K x N with a small M: 32 lanes along N, A's values in SGPRs:
    (100, 1001, 516, "nn C=aT"),  # L edge, a K rest, C not read
    (60, 3001, 1204, "nn+ld C=aT+bC"),  # padded, alpha and beta
    (130, 999, 260, "tn b3"),  # A stored K x M too, a batch
    # K parts whose sum kernel splits an element index of C (under 2^16)
    # into row and column with true16 (16-bit) multiplies:
    (128, 300, 65536, "nn C=aT+bC"),
    # K not a multiple of 4: the last 1 to 3 K values in one more step of
    # one lane slot per workgroup, loaded as a vector of that many values:
    (1000, 8, 1023, "nn"),  # along A's rows, LDS sum of waves
    (2001, 4, 1029, "tn"),  # A stored K x M, L edge
    (20, 1000, 258, "nt b3 C=2T+0.5C"),  # B along K, a batch
    (999, 40, 262, "nn+ld"),  # B's steps staged in LDS, edges
    (100, 1001, 517, "nn C=aT"),  # A's values in SGPRs, C not read
    (63, 1, 1223, "nn+ld C=aT+bC"),  # 32 lanes along K of a row
    (1000, 8, 16387, "tn C=2T+0.5C"),  # in the last of the K parts
    (513, 1, 7, "tt"),  # one step and the tail
]


def matmul_ir(m, n, k, layout):
    """The func.func of one case."""
    trans_a, trans_b = layout[0] == "t", layout[1] == "t"
    pad = 3 if "+ld" in layout else 0
    batch = int(layout.split(" b")[1].split()[0]) if " b" in layout else 0
    dynamic = " dyn" in layout

    def memref(rows, cols):
        ld = cols + pad
        if dynamic:
            shape = "?x?x?" if batch else "?x?"
            strides = "?, ?, 1" if batch else "?, 1"
            return (f"memref<{shape}xf32" +
                    (f", strided<[{strides}]>>" if pad else ">"))
        if batch:
            layout = (f", strided<[{rows * ld + pad}, {ld}, 1]>"
                      if pad else "")
            return f"memref<{batch}x{rows}x{cols}xf32{layout}>"
        return f"memref<{rows}x{cols}xf32" + (
            f", strided<[{ld}, 1]>>" if pad else ">")

    a = memref(k, m) if trans_a else memref(m, k)
    b = memref(n, k) if trans_b else memref(k, n)
    c = memref(m, n)
    loops, prefix = ("(b, m, n, k)", "b, ") if batch else ("(m, n, k)", "")
    if " gen" in layout:  # the loops in another order than linalg.matmul's
        loops = "(k, n, b, m)" if batch else "(k, n, m)"
    maps = ", ".join(f"affine_map<{loops} -> ({prefix}{result})>" for result in (
        "k, m" if trans_a else "m, k", "n, k" if trans_b else "k, n", "m, n"))

    def matmul(out, out_type):
        if " gen" in layout:
            iterators = ", ".join('"reduction"' if loop == "k" else
                                  '"parallel"'
                                  for loop in loops.strip("()").split(", "))
            return (f"  linalg.generic {{indexing_maps = [{maps}], "
                    f"iterator_types = [{iterators}]}}\n"
                    f"      ins(%A, %B : {a}, {b}) outs({out} : {out_type}) {{\n"
                    f"  ^bb0(%a: f32, %b: f32, %acc: f32):\n"
                    f"    %p = arith.mulf %b, %a : f32\n"
                    f"    %s = arith.addf %p, %acc : f32\n"
                    f"    linalg.yield %s : f32\n  }}\n")
        op = ("linalg.contract" if " con" in layout else
              "linalg.batch_matmul" if batch else "linalg.matmul")
        return (f"  {op} indexing_maps = [{maps}]\n"
                f"      ins(%A, %B : {a}, {b}) outs({out} : {out_type})\n")

    epilogue = layout.partition("C=")[2]
    if not epilogue:
        return (f"func.func @sgemm(%A: {a}, %B: {b}, %C: {c}) {{\n"
                f"{matmul('%C', c)}"
                f"  return\n}}\n")
    # C = alpha T + beta C through a temporary T.
    t = f"memref<{batch}x{m}x{n}xf32>" if batch else f"memref<{m}x{n}xf32>"
    sizes = ""
    if dynamic:
        t = "memref<?x?x?xf32>" if batch else "memref<?x?xf32>"
        dims = range(3 if batch else 2)
        sizes = "".join(f"  %d{dim} = memref.dim %C, %c{dim} : {c}\n"
                        for dim in dims)
        sizes = ("".join(f"  %c{dim} = arith.constant {dim} : index\n"
                         for dim in dims) + sizes)
        sizes_list = ", ".join(f"%d{dim}" for dim in dims)
    args, body = "", {
        "aT+bC": ["%at = arith.mulf %alpha, %t : f32",
                  "%bc = arith.mulf %c, %beta : f32",
                  "%r = arith.addf %at, %bc : f32"],
        "aT": ["%r = arith.mulf %t, %alpha : f32"],
        "2T+0.5C": ["%two = arith.constant 2.0 : f32",
                    "%half = arith.constant 0.5 : f32",
                    "%at = arith.mulf %two, %t : f32",
                    "%bc = arith.mulf %half, %c : f32",
                    "%r = arith.addf %bc, %at : f32"],
    }[epilogue]
    if "alpha" in " ".join(body):
        args += ", %alpha: f32"
    if "beta" in " ".join(body):
        args += ", %beta: f32"
    elementwise = "(b, i, j)" if batch else "(i, j)"
    identity = f"affine_map<{elementwise} -> {elementwise}>"
    parallel = ", ".join(['"parallel"'] * (3 if batch else 2))
    lines = "\n".join("    " + line for line in body)
    return (f"func.func @sgemm(%A: {a}, %B: {b}, %C: {c}{args}) {{\n"
            f"  %zero = arith.constant 0.0 : f32\n"
            f"{sizes}"
            f"  %T = memref.alloc({sizes_list if dynamic else ''}) : {t}\n"
            f"  linalg.fill ins(%zero : f32) outs(%T : {t})\n"
            f"{matmul('%T', t)}"
            f"  linalg.generic {{indexing_maps = [{identity}, {identity}], "
            f"iterator_types = [{parallel}]}}\n"
            f"      ins(%T : {t}) outs(%C : {c}) {{\n"
            f"  ^bb0(%t: f32, %c: f32):\n{lines}\n"
            f"    linalg.yield %r : f32\n  }}\n"
            f"  memref.dealloc %T : {t}\n"
            f"  return\n}}\n")


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        return 0 if len(sys.argv) >= 2 else 2
    workdir = sys.argv[1]
    if workdir.startswith("-"):
        sys.exit(f"any-shape.py: the first argument is the work directory, "
                 f"not an option ({workdir}); see --help")
    seed, count, largest, option_sets = 1, 8, 400, []
    for arg in sys.argv[2:]:
        name, _, value = arg.partition("=")
        try:
            if name == "--seed":
                seed = int(value)
            elif name == "--random":
                count = int(value)
            elif name == "--max":
                largest = int(value)
            elif name == "--options":
                option_sets.append(value)
            else:
                sys.exit(f"any-shape.py: unknown argument {arg}")
        except ValueError:
            sys.exit(f"any-shape.py: {name} takes an integer, not '{value}'")
    if count < 0 or largest < 1:
        sys.exit("any-shape.py: --random must be >= 0 and --max >= 1")
    option_sets = option_sets or [""]
    rng = random.Random(seed)
    cases = CORNERS + [
        tuple(rng.randint(1, largest) for _ in range(3)) +
        (rng.choice(["nn", "tn", "nt", "tt"]) + rng.choice(["", "+ld"]) +
         rng.choice(["", "", "", " b3"]) + rng.choice(["", "", "", " dyn"]) +
         rng.choice(["", "", "", " gen", " con"]) +
         rng.choice(["", "", "", " C=aT+bC", " C=aT", " C=2T+0.5C"]),)
        for _ in range(count)
    ]
    os.makedirs(workdir, exist_ok=True)
    failures = 0
    for options in option_sets:
        for index, (m, n, k, layout) in enumerate(cases):
            stem = os.path.join(workdir, f"s{index}")
            with open(stem + ".mlir", "w") as f:
                f.write(matmul_ir(m, n, k, layout))
            compile_run = subprocess.run(
                ["gemm-opt", stem + ".mlir",
                 f"--gemm-rdna3-pipeline={options} hsaco={stem}.hsaco",
                 "-o", os.devnull],
                capture_output=True, text=True)
            kind = "simple" if "not tiled" in compile_run.stderr else "tiled"
            if os.path.exists(stem + ".manifest.json"):
                with open(stem + ".manifest.json") as f:
                    if "_skinny_kernel" in f.read():
                        kind = "skinny"
            if compile_run.returncode != 0:
                verdict = "FAIL (compile: " + compile_run.stderr.strip() + ")"
            else:
                factors = []
                if "C=aT" in layout:
                    factors.append("--alpha=1.5")
                if "C=aT+bC" in layout:
                    factors.append("--beta=-0.75")
                if " dyn" in layout:
                    pad = 3 if "+ld" in layout else 0
                    factors += [f"--m={m}", f"--n={n}", f"--k={k}"]
                    if " b" in layout:
                        factors.append("--batch=" +
                                       layout.split(" b")[1].split()[0])
                    if pad:
                        factors += [
                            f"--lda={(m if layout[0] == 't' else k) + pad}",
                            f"--ldb={(k if layout[1] == 't' else n) + pad}",
                            f"--ldc={n + pad}"]
                run = subprocess.run(
                    ["gemm-run", stem + ".manifest.json", "--backend=emu",
                     f"--seed={seed + index}"] + factors,
                    capture_output=True, text=True)
                verdict = "PASS" if run.returncode == 0 else (
                    "FAIL (run: " + (run.stdout + run.stderr).strip() + ")")
                # With dynamic sizes gemm-run picks the kernel.
                if "kernel: " in run.stdout:
                    kind = ("simple" if "_simple_kernel" in run.stdout else
                            "skinny" if "_skinny_kernel" in run.stdout else
                            "tiled")
            failures += not verdict.startswith("PASS")
            print(f"{m}x{n}x{k} {layout} [{options or 'defaults'}] {kind} "
                  f"{verdict}",
                  flush=True)
            for suffix in (".hsaco", ".manifest.json", ".mlir"):
                if os.path.exists(stem + suffix):
                    os.remove(stem + suffix)
    print(f"{failures} failure(s)")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    sys.exit(main())
