"""Compiles C += A x B for a seeded set of M x N x K shapes with gemm-opt's
RDNA3 pipeline and verifies each code object on the emulator with gemm-run
against the CPU reference.

Usage: any-shape.py WORKDIR [--seed=S] [--random=R] [--max=X] [--options=O]...

The set is a fixed list of corner shapes (1, primes, the tile minus and plus
one, K below two K steps, tall and skinny, a shifted edge tile in both
dimensions with a K tail) followed by R random shapes with sides up to X,
drawn with seed S. Each --options value is a gemm-rdna3-pipeline option
string; every shape runs with each. Prints one line per run: the shape, the
options, "tiled" or "simple" (which kernel the pipeline built), and PASS or
FAIL; exits 1 if any run fails.
"""
import os
import random
import subprocess
import sys

CORNERS = [
    (1, 1, 1),
    (1, 300, 17),  # a single row: simple lowering
    (300, 1, 17),  # a single column
    (127, 127, 7),  # the tile minus one, K below one step
    (129, 129, 16),  # the tile plus one, exactly two K steps
    (129, 131, 17),  # plus one K in the tail
    (131, 137, 139),  # primes
    (256, 256, 15),  # K below two K steps
    (384, 256, 127),  # full tiles, K tail of 7
    (1021, 130, 33),  # tall and skinny, both edges
    (130, 1021, 33),  # short and wide
    (200, 300, 77),  # shifted tile in both dimensions, K tail
]


def main():
    workdir = sys.argv[1]
    seed, count, largest, option_sets = 1, 8, 400, []
    for arg in sys.argv[2:]:
        name, _, value = arg.partition("=")
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
    option_sets = option_sets or [""]
    rng = random.Random(seed)
    shapes = CORNERS + [
        tuple(rng.randint(1, largest) for _ in range(3)) for _ in range(count)
    ]
    os.makedirs(workdir, exist_ok=True)
    failures = 0
    for options in option_sets:
        for index, (m, n, k) in enumerate(shapes):
            stem = os.path.join(workdir, f"s{index}")
            with open(stem + ".mlir", "w") as f:
                f.write(
                    f"func.func @sgemm(%A: memref<{m}x{k}xf32>, "
                    f"%B: memref<{k}x{n}xf32>, %C: memref<{m}x{n}xf32>) {{\n"
                    f"  linalg.matmul ins(%A, %B : memref<{m}x{k}xf32>, "
                    f"memref<{k}x{n}xf32>) outs(%C : memref<{m}x{n}xf32>)\n"
                    f"  return\n}}\n")
            compile_run = subprocess.run(
                ["gemm-opt", stem + ".mlir",
                 f"--gemm-rdna3-pipeline={options} hsaco={stem}.hsaco",
                 "-o", os.devnull],
                capture_output=True, text=True)
            kind = "simple" if "not tiled" in compile_run.stderr else "tiled"
            if compile_run.returncode != 0:
                verdict = "FAIL (compile: " + compile_run.stderr.strip() + ")"
            else:
                run = subprocess.run(
                    ["gemm-run", stem + ".manifest.json", "--backend=emu",
                     f"--seed={seed + index}"],
                    capture_output=True, text=True)
                verdict = "PASS" if run.returncode == 0 else (
                    "FAIL (run: " + (run.stdout + run.stderr).strip() + ")")
            failures += not verdict.startswith("PASS")
            print(f"{m}x{n}x{k} [{options or 'defaults'}] {kind} {verdict}",
                  flush=True)
            for suffix in (".hsaco", ".manifest.json", ".mlir"):
                if os.path.exists(stem + suffix):
                    os.remove(stem + suffix)
    print(f"{failures} failure(s)")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
