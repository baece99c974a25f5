#!/usr/bin/env python3
"""Seeded fuzzer for gemm-opt, gemm-run, emu-run, gemm-tune and gemm-report.

Each case is derived from (--seed, case index) alone, so any case can be rerun
on its own (`--case=I`). A case is one of five kinds:

  mlir      a mutated .mlir input (token/line deletion and duplication, boundary
            numbers, element types, shapes, spliced lines) compiled by gemm-opt
            with mutated --gemm-rdna3-pipeline options (tile sizes, opt-level,
            prefetch, hsaco/manifest/toolkit paths, ...) or a single gemm pass;
            when it compiles a small problem, gemm-run verifies the result on
            the emulator;
  manifest  a mutated launch manifest (field types, huge/negative numbers,
            missing and extra fields, deep nesting, code_object paths, text
            truncation) of a real compiled kernel, run by gemm-run --backend=emu,
            sometimes with extra command-line options;
  hsaco     a real code object with bit flips, byte overwrites, zeroed ranges or
            truncation, run through gemm-run (--code-object=) or emu-run;
  table     a mutated tuning table (fields, options out of range, deep nesting,
            NaN, truncation) read by gemm-opt's tuning-table= option, or a
            mutated shapes file or --merge table read by gemm-tune;
  files     a special file where a tool reads or writes one: a FIFO, /dev/zero,
            /dev/full, /dev/null, a directory, a symbolic link to a victim file
            or to an input of the run, a dangling link, the input itself.
The mlir kind also sets epilogue constants to NaN, infinities and -0.0, and
mixes static and dynamic extents that disagree.

Every case runs in its own directory. A case FAILS on:
  crash      death by a signal, an exit code >= 128, or "Stack dump",
             "LLVM ERROR", "Assertion", "terminate called" on stderr;
  sanitizer  an AddressSanitizer/LeakSanitizer/UBSan report on stderr;
  timeout    a command running longer than --timeout seconds;
  partial    an output file (the -o file, the code object, the manifest, a
             --dump-c file: anything new or changed in the case directory)
             left behind by a command that exited non-zero;
  bad-output gemm-opt exited 0 but its manifest is not valid JSON;
  mismatch   gemm-run exit 1 (verification FAIL) on a kernel gemm-opt compiled
             from an input it accepted (a miscompile);
  exit-code  an exit code outside the tool's contract (gemm-opt 0/1, gemm-run
             0/1/2 and 3 for --backend=hip, emu-run 0/2, gemm-tune 0/1/2,
             gemm-report 0/2), or exit 0 after writing to /dev/full;
  clobbered  a file the command must not change (an input, the file a
             symbolic link names) has changed, whatever the exit code;
  fuzzer     fuzz.py itself raised while making or judging the case (its
             bug: the other cases still run).
A failing case's directory is copied to --out-dir with a repro.sh, and a
one-line command to rerun it is printed. The summary table lists cases per
kind, exits by code and findings by kind; the exit status is 1 on any finding,
2 on a setup error.

Usage:
  python3 scripts/fuzz.py --seed=1 --cases=300 --jobs=2
  python3 scripts/fuzz.py --seed=1 --cases=10000 --jobs=2 --out-dir=/tmp/fuzz-out
  python3 scripts/fuzz.py --seed=1 --case=1234 -v      # rerun one case

Python 3 standard library only.
"""
import argparse
import collections
import concurrent.futures
import json
import os
import random
import re
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time
import traceback

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

CRASH_PATTERNS = ["Stack dump", "LLVM ERROR", "Assertion", "terminate called",
                  "PLEASE submit a bug report", "Segmentation fault"]
SANITIZER_PATTERNS = ["AddressSanitizer", "LeakSanitizer", "runtime error:",
                      "UndefinedBehaviorSanitizer", "ThreadSanitizer",
                      "MemorySanitizer"]

# Small programs compiled once at start-up: their code objects and manifests
# are the seeds of the manifest and hsaco kinds, their text seeds the mlir kind.
BASE_PROGRAMS = {
    "plain64": """func.func @sgemm(%A: memref<64x64xf32>, %B: memref<64x64xf32>,
                 %C: memref<64x64xf32>) {
  linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>)
                outs(%C : memref<64x64xf32>)
  return
}
""",
    "plain128": """func.func @sgemm(%A: memref<128x128xf32>, %B: memref<128x128xf32>,
                 %C: memref<128x128xf32>) {
  linalg.matmul ins(%A, %B : memref<128x128xf32>, memref<128x128xf32>)
                outs(%C : memref<128x128xf32>)
  return
}
""",
    "transposed": """func.func @sgemm(%A: memref<64x128xf32, strided<[136, 1]>>, %B: memref<128x64xf32>,
                 %C: memref<128x128xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>,
                                 affine_map<(m, n, k) -> (n, k)>,
                                 affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<64x128xf32, strided<[136, 1]>>, memref<128x64xf32>)
      outs(%C : memref<128x128xf32>)
  return
}
""",
    "batched": """func.func @sgemm(%A: memref<2x64x32xf32>, %B: memref<2x32x48xf32>,
                 %C: memref<2x64x48xf32>) {
  linalg.batch_matmul ins(%A, %B : memref<2x64x32xf32>, memref<2x32x48xf32>)
                      outs(%C : memref<2x64x48xf32>)
  return
}
""",
    "epilogue": """func.func @sgemm(%A: memref<128x64xf32>, %B: memref<64x128xf32>,
                 %C: memref<128x128xf32>, %alpha: f32, %beta: f32) {
  %zero = arith.constant 0.0 : f32
  %T = memref.alloc() : memref<128x128xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<128x128xf32>)
  linalg.matmul ins(%A, %B : memref<128x64xf32>, memref<64x128xf32>)
                outs(%T : memref<128x128xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%T : memref<128x128xf32>) outs(%C : memref<128x128xf32>) {
  ^bb0(%t: f32, %c: f32):
    %at = arith.mulf %alpha, %t : f32
    %bc = arith.mulf %beta, %c : f32
    %r = arith.addf %at, %bc : f32
    linalg.yield %r : f32
  }
  memref.dealloc %T : memref<128x128xf32>
  return
}
""",
    "dynamic": """func.func @sgemm(%A: memref<?x?xf32>, %B: memref<?x?xf32, strided<[?, 1]>>,
                 %C: memref<?x?xf32>) {
  linalg.matmul ins(%A, %B : memref<?x?xf32>, memref<?x?xf32, strided<[?, 1]>>)
                outs(%C : memref<?x?xf32>)
  return
}
""",
    "generic": """func.func @sgemm(%A: memref<64x32xf32>, %B: memref<48x32xf32>,
                 %C: memref<64x48xf32>) {
  linalg.generic {indexing_maps = [affine_map<(k, m, n) -> (m, k)>,
                                   affine_map<(k, m, n) -> (n, k)>,
                                   affine_map<(k, m, n) -> (m, n)>],
                  iterator_types = ["reduction", "parallel", "parallel"]}
      ins(%A, %B : memref<64x32xf32>, memref<48x32xf32>)
      outs(%C : memref<64x48xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}
""",
}
# The epilogue with alpha and beta as constants, which the f32-constant
# mutation changes.
BASE_PROGRAMS["epilogue_const"] = BASE_PROGRAMS["epilogue"].replace(
    ", %alpha: f32, %beta: f32) {\n  %zero = arith.constant 0.0 : f32\n",
    ") {\n  %zero = arith.constant 0.0 : f32\n  %alpha = arith.constant 2.0 : f32\n"
    "  %beta = arith.constant 0.5 : f32\n")
assert BASE_PROGRAMS["epilogue_const"] != BASE_PROGRAMS["epilogue"]
# f32 constants the mlir kind puts in epilogues and fills: NaN, the
# infinities, -0.0 and ordinary values.
F32_CONSTANTS = ["0x7FC00000", "0x7F800000", "0xFF800000", "-0.0", "0.0", "1.0",
                 "3.0e38", "-2.5", "1.0e-45"]
# Options of tuning-table entries and gemm-tune candidates, valid and not.
TABLE_OPTIONS = ["kernel=tiled", "kernel=skinny", "kernel=tiled bm=64 bn=64",
                 "kernel=tiled pad=-4", "kernel=tiled unroll=-1", "bm=0", "waves-m=64",
                 "kernel=tiled split-tail=-1", "bogus=1", "tuning-table=t.json", "",
                 "kernel=tiled bm=64 bn=64 waves-m=2 waves-n=2", "kernel=tiled pad=8",
                 "kernel=tiled compute-units=2000", "target=rx7600"]
TARGETS = ["rx7900xtx", "rx7600", "strix-halo", "", "gfx1100", "rx9070"]
KINDS = ("mlir", "manifest", "hsaco", "table", "files")
# Sizes gemm-run gets for the dynamic base program.
DYNAMIC_RUN_ARGS = ["-m", "40", "-n", "72", "-k", "24", "--ldb", "80"]
# Bases whose code objects seed the manifest and hsaco kinds.
BINARY_BASES = ["plain64", "plain128", "transposed", "batched", "epilogue", "dynamic"]

BIG = [0, 1, -1, 2, 3, 7, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129,
       255, 256, 1000, 4096, 65535, 65536, 2**31 - 1, 2**31, 2**32 - 1, 2**32,
       2**32 + 1, 2**53 + 1, 2**62, 2**62 + 1, 2**63 - 1, 2**63, 2**64 - 1, 2**64,
       -2**31, -2**63, 10**30]
SMALL_DIMS = [1, 2, 3, 4, 7, 8, 15, 16, 17, 31, 32, 33, 48, 63, 64, 65, 96, 127,
              128, 129, 130, 136, 144, 160, 192]
ELEMENT_TYPES = ["f16", "bf16", "f64", "i32", "i8", "i1", "index", "f8E4M3FN",
                 "complex<f32>", "vector<4xf32>", "tf32", "f32", "i64", "none"]
SNIPPETS = ["?", "?x", "x", "0x", "strided<[?, 1]>", "strided<[1, 1]>",
            "strided<[1, 128], offset: 4>", "affine_map<(m, n, k) -> (k, m)>",
            "affine_map<(m, n, k) -> (m, m)>", "tensor<4x4xf32>", "%A", "%B",
            "%C", "%c0", "{", "}", "(", ")", "<", ">", "[", "]", ",", ":", "\"",
            "\"\\00\"", "\x00", "\u00e9", "#map", "^bb0:", "-> ()", "1" * 40,
            "0x7FFFFFFF", "1.0e400", "-0.0", "nan", "func.func", "return",
            "linalg.matmul", "linalg.batch_matmul", "linalg.matvec", "gpu.module",
            "memref.alloc()", "scf.for %i = %c0 to %c0 step %c0 {",
            "linalg.fill ins(%zero : f32) outs(%C : memref<64x64xf32>)",
            "memref.copy %A, %C : memref<64x64xf32> to memref<64x64xf32>",
            "call @sgemm(%A, %B, %C) : (memref<64x64xf32>, memref<64x64xf32>, memref<64x64xf32>) -> ()",
            "module {", "module attributes {gpu.container_module} {"]

PIPELINE_VALUES = {
    "chip": ["gfx1100", "gfx1101", "gfx1102", "gfx1103", "gfx1150", "gfx1151",
             "gfx1153", "gfx1200", "gfx90a", "gfx900", "", "gfx11000", "sm_80"],
    "code-object-version": [3, 4, 5, 6, 7, 0, -1, 2**31, 2**63 - 1],
    "opt-level": [0, 1, 2, 3, 4, 7, -1, 2**31, 2**63 - 1],
    "tile": ["true", "false", "1", "0", "yes", ""],
    "bm": [0, 1, 16, 32, 48, 64, 96, 128, 256, -1, -128, 2**31, 2**62, 2**63 - 1],
    "bn": [0, 1, 32, 64, 96, 128, 256, -1, 2**31, 2**63 - 1],
    "bk": [0, 1, 2, 4, 8, 16, 32, -1, -8, 2**31, 2**63 - 1],
    "waves-m": [0, 1, 2, 4, 8, -1, 2**31, 2**63 - 1],
    "waves-n": [0, 1, 2, 4, -1, 2**31, 2**63 - 1],
    "pad": [0, 1, 3, 4, 8, 64, -4, 2**31, 2**63 - 1],
    "unroll": [0, 1, 2, 3, 4, 8, 16, -1, 2**31],
    "prefetch": ["none", "registers", "lds", "both", "", "LDS"],
    "addressing": ["buffer", "global", "flat", ""],
    "scheduler": ["auto", "tiling", "llvm", "none", ""],
    "batch-waits": ["true", "false", "1", "maybe", ""],
    "split-tail": [0, 1, 2, 3, 5, 16, 17, -1, 2**31, 2**63 - 1],
    "compute-units": [0, 1, 2, 3, 5, 6, 96, 1024, 1025, -1, 2**63 - 1],
    "cumode": ["true", "false", "2"],
    # Paths are relative to the case directory; absolute ones only name
    # places that cannot be written.
    "hsaco": ["out.hsaco", "in.mlir", "out.mlir", "out.manifest.json", "/dev/null",
              "nodir/x.hsaco", ".", "", "out", "a b.hsaco", "x" * 300 + ".hsaco",
              "/proc/self/x.hsaco", "sub/../out.hsaco", "./out.hsaco"],
    "manifest": ["m.json", "in.mlir", "out.mlir", "out.hsaco", "/dev/null",
                 "nodir/m.json", ".", "", "out.manifest.json"],
    "toolkit": ["empty-toolkit", "/nonexistent-toolkit", ".", "", "in.mlir"],
}
# Values the pipeline accepts (for some combinations): half of the option
# mutations draw from these, so that more cases get through to the back end.
PIPELINE_VALID = {
    "chip": ["gfx1100", "gfx1101", "gfx1103", "gfx1151"], "code-object-version": [4, 5, 6],
    "opt-level": [0, 1, 2, 3], "tile": ["true", "false"], "bm": [64, 128], "bn": [32, 64, 128],
    "bk": [4, 8, 16], "waves-m": [1, 2, 4], "waves-n": [1, 2], "pad": [0, 4, 8],
    "unroll": [0, 1, 2, 4], "prefetch": ["none", "registers", "lds"],
    "addressing": ["buffer", "global"], "cumode": ["true", "false"], "hsaco": ["out.hsaco"],
    "scheduler": ["auto", "tiling", "llvm"], "batch-waits": ["true", "false"],
    "split-tail": [0, 1, 2, 3], "compute-units": [1, 2, 3, 5, 96],
    "manifest": ["m.json"], "toolkit": ["empty-toolkit"],
}
SINGLE_PASSES = ["--gemm-specialize-generic", "--gemm-check-input",
                 "--gemm-lower-simple", "--gemm-tile-rdna3", "--gemm-select-config",
                 "--gemm-tile-workgroups",
                 "--gemm-stage-lds", "--gemm-tile-lanes", "--gemm-prefetch",
                 "--gemm-buffer-addressing", "--gemm-kernel-sizes",
                 "--gemm-module-to-binary", "--gemm-check-binary",
                 "--gemm-emit-hsaco",
                 "--pass-pipeline=builtin.module(func.func(gemm-rdna3-pipeline))",
                 "--pass-pipeline=builtin.module(gemm-check-input,gemm-tile-rdna3,gemm-lower-simple)",
                 "--pass-pipeline=builtin.module(gemm-rdna3-pipeline,gemm-rdna3-pipeline)"]

JSON_VALUES = [None, True, False, "", "x", "gfx1100", "f32", "A", "C", "global_buffer",
               [], {}, [1, 2, 3], {"a": 1}, 1.5, -0.0, 1e308, -1e308, "nan"] + BIG
CODE_OBJECT_PATHS = ["/dev/zero", "/dev/null", "", "/", ".", "nonexistent.hsaco",
                     "case.manifest.json", "../case.hsaco", "/proc/self/mem",
                     "/dev/urandom", "x" * 5000, "base.hsaco\u0000junk"]


def tokenize(text):
    return re.findall(r"[A-Za-z_][A-Za-z0-9_.$]*|-?\d+(?:\.\d+)?(?:e[+-]?\d+)?|\s+|.",
                      text, re.S)


class Case:
    """One case: its files, its commands, and the verdict."""

    def __init__(self, index, kind, directory):
        self.index = index
        self.kind = kind
        self.dir = directory
        self.steps = []          # (tool, argv, allowed exits)
        self.results = []        # dicts per executed step
        self.findings = []       # (finding kind, detail)
        self.ops = []            # the mutations, for the report
        self.note = ""


class Fuzzer:
    def __init__(self, args):
        self.args = args
        self.tool_dir = os.path.abspath(args.tool_dir)
        self.tools = {t: os.path.join(self.tool_dir, t)
                      for t in ("gemm-opt", "gemm-run", "emu-run", "gemm-tune",
                                "gemm-report")}
        self.work = tempfile.mkdtemp(prefix="gemm-fuzz-", dir=args.work_dir)
        self.lock = threading.Lock()
        self.env = dict(os.environ)
        # A sanitized tree needs these; they are harmless for a normal one.
        self.env.setdefault("ASAN_OPTIONS",
                            "detect_leaks=0:abort_on_error=0:hard_rss_limit_mb=6000")
        self.env.setdefault("UBSAN_OPTIONS", "print_stacktrace=1")
        self.env["LLVM_DISABLE_SYMBOLIZATION"] = "1"
        self.sanitized = args.sanitized

    # ---------------------------------------------------------------- seeds
    def setup(self):
        needed = {"gemm-opt", "gemm-run", "emu-run"}
        if {"table", "files"} & set(self.args.kinds):
            needed |= {"gemm-tune", "gemm-report"}
        for tool, path in self.tools.items():
            if tool in needed and not os.access(path, os.X_OK):
                raise SystemExit("fuzz.py: no %s in %s (--tool-dir)" % (tool, self.tool_dir))
        self.base_dir = os.path.join(self.work, "base")
        os.makedirs(self.base_dir)
        self.bases = {}
        for name in BINARY_BASES:
            src = os.path.join(self.base_dir, name + ".mlir")
            with open(src, "w") as f:
                f.write(BASE_PROGRAMS[name])
            hsaco = os.path.join(self.base_dir, name + ".hsaco")
            proc = subprocess.run([self.tools["gemm-opt"], src,
                                   "--gemm-rdna3-pipeline=hsaco=" + hsaco, "-o", os.devnull],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  env=self.env, timeout=self.args.timeout * 5)
            manifest = os.path.join(self.base_dir, name + ".manifest.json")
            if proc.returncode != 0 or not os.path.exists(manifest):
                raise SystemExit("fuzz.py: setup: gemm-opt failed on the base program %s:\n%s"
                                 % (name, proc.stderr.decode(errors="replace")))
            with open(hsaco, "rb") as f:
                code = f.read()
            with open(manifest) as f:
                man = json.load(f)
            self.bases[name] = {"hsaco": code, "manifest": man}
        # A valid tuning table for the base programs' shapes, the seed of the
        # table kind.
        with open(os.path.join(REPO, "bench", "tuning", "rx7900xtx.json")) as f:
            table = json.load(f)

        def entry(m, n, k, options, ta=False, tb=False):
            return {"shape": "%dx%dx%d:%s%s" % (m, n, k, "nt"[ta], "nt"[tb]), "m": m, "n": n,
                    "k": k, "batch": 1, "transpose_a": ta, "transpose_b": tb,
                    "options": options, "predicted_ms": 0.01}
        table["entries"] = table["entries"][:2] + [
            entry(128, 128, 128, "kernel=tiled bm=64 bn=64"),
            entry(64, 64, 64, "kernel=skinny"),
            entry(128, 128, 64, "kernel=tiled", True, True)]
        self.base_table = table
        # The mlir corpus: the base programs, examples/ and the lit tests' inputs,
        # split at '// -----' and without comment lines.
        self.corpus = [BASE_PROGRAMS[n] for n in sorted(BASE_PROGRAMS)]
        files = []
        for root in ("examples", "test/lit"):
            for dirpath, dirnames, filenames in os.walk(os.path.join(REPO, root)):
                dirnames.sort()
                for fn in sorted(filenames):
                    if fn.endswith(".mlir"):
                        files.append(os.path.join(dirpath, fn))
        for path in sorted(files):
            with open(path, errors="replace") as f:
                text = f.read()
            for chunk in re.split(r"^// -----\s*$", text, flags=re.M):
                lines = [l for l in chunk.splitlines() if not l.strip().startswith("//")]
                body = "\n".join(lines).strip()
                if "linalg." in body and len(body) < 20000:
                    self.corpus.append(body + "\n")
        self.corpus_files = len(files)

    # ------------------------------------------------------------ mutations
    def mutate_mlir(self, rng, text):
        ops = []
        mode = rng.random()
        if mode < 0.15:
            plan = []                                   # options only
        elif mode < 0.5:
            # Consistent sizes: programs that still compile, and run.
            plan = [rng.choice(["renumber-small"] * 4 + ["renumber", "dynamic-all"])
                    for _ in range(rng.choice([1, 1, 2, 3]))]
        else:
            plan = [rng.choice(["delete-token", "delete-line", "dup-line", "dup-token",
                                "swap-lines", "number", "number", "renumber", "renumber",
                                "renumber-small", "etype", "etype-all", "snippet",
                                "splice", "byte", "delete-range", "dynamic", "dynamic-all",
                                "f32-constant", "f32-constant", "mixed-extents",
                                "mixed-extents"])
                    for _ in range(rng.choice([1, 1, 1, 2, 2, 3, 4]))]
        for op in plan:
            ops.append(op)
            lines = text.split("\n")
            if op == "delete-token" or op == "dup-token" or op == "snippet":
                toks = tokenize(text)
                if not toks:
                    continue
                i = rng.randrange(len(toks))
                if op == "delete-token":
                    del toks[i]
                elif op == "dup-token":
                    toks.insert(i, toks[i])
                else:
                    toks.insert(i, rng.choice(SNIPPETS))
                text = "".join(toks)
            elif op == "delete-line":
                del lines[rng.randrange(len(lines))]
                text = "\n".join(lines)
            elif op == "delete-range":
                a = rng.randrange(len(text) + 1)
                b = min(len(text), a + rng.randrange(1, 200))
                text = text[:a] + text[b:]
            elif op == "dup-line":
                i = rng.randrange(len(lines))
                lines.insert(rng.randrange(len(lines) + 1), lines[i])
                text = "\n".join(lines)
            elif op == "swap-lines":
                i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
                lines[i], lines[j] = lines[j], lines[i]
                text = "\n".join(lines)
            elif op == "number":
                nums = [m for m in re.finditer(r"\d+", text)]
                if nums:
                    m = rng.choice(nums)
                    text = text[:m.start()] + str(rng.choice(BIG)) + text[m.end():]
            elif op in ("renumber", "renumber-small"):
                # Every occurrence of one number: shapes stay consistent.
                nums = sorted(set(re.findall(r"(?<![\w.])\d+(?![\w.])", text)))
                if nums:
                    old = rng.choice(nums)
                    new = str(rng.choice(SMALL_DIMS if op == "renumber-small" else BIG))
                    text = re.sub(r"(?<![\w.])%s(?![\w.])" % old, new, text)
            elif op == "dynamic":
                dims = list(re.finditer(r"(?<=[<x])\d+(?=x)", text))
                if dims:
                    m = rng.choice(dims)
                    text = text[:m.start()] + "?" + text[m.end():]
            elif op == "dynamic-all":
                # One size made dynamic in every type that has it.
                dims = sorted(set(re.findall(r"(?<=[<x])\d+(?=x)", text)))
                if dims:
                    old = rng.choice(dims)
                    text = re.sub(r"(?<=[<x])%s(?=x)" % old, "?", text)
            elif op == "f32-constant":
                occ = list(re.finditer(r"(arith\.constant\s+)([^\s:]+)(\s*:\s*f32)", text))
                if occ:
                    m = rng.choice(occ)
                    text = (text[:m.start(2)] + rng.choice(F32_CONSTANTS) +
                            text[m.end(2):])
            elif op == "mixed-extents":
                # One extent made dynamic, another of the same size changed:
                # static and dynamic extents that disagree.
                dims = list(re.finditer(r"(?<=[<x])\d+(?=[x]|xf32)", text))
                if len(dims) >= 2:
                    a, b = rng.sample(dims, 2)
                    edits = sorted([(a.start(), a.end(), "?"),
                                    (b.start(), b.end(), str(rng.choice(SMALL_DIMS)))],
                                   reverse=True)
                    for start, end, value in edits:
                        text = text[:start] + value + text[end:]
            elif op == "etype":
                occ = [m for m in re.finditer(r"\bf32\b", text)]
                if occ:
                    m = rng.choice(occ)
                    text = text[:m.start()] + rng.choice(ELEMENT_TYPES) + text[m.end():]
            elif op == "etype-all":
                text = re.sub(r"\bf32\b", rng.choice(ELEMENT_TYPES), text)
            elif op == "splice":
                other = rng.choice(self.corpus).split("\n")
                i = rng.randrange(len(other))
                piece = other[i:i + rng.randrange(1, 6)]
                at = rng.randrange(len(lines) + 1)
                lines[at:at] = piece
                text = "\n".join(lines)
            elif op == "byte":
                data = bytearray(text.encode())
                if data:
                    i = rng.randrange(len(data))
                    data[i] = rng.randrange(256)
                text = data.decode("latin-1")
        return text, ops

    def pipeline_option_string(self, rng):
        keys = sorted(PIPELINE_VALUES)
        opts = []
        hsaco = "out.hsaco"
        chosen = rng.sample(keys, rng.choice([0, 0, 1, 1, 1, 2, 2, 3, 4]))
        if "hsaco" not in chosen:
            opts.append("hsaco=out.hsaco")
        valid = rng.random() < 0.5
        for key in chosen:
            value = rng.choice((PIPELINE_VALID if valid else PIPELINE_VALUES)[key])
            if key == "hsaco":
                hsaco = value
            opts.append("%s=%s" % (key, value))
        if rng.random() < 0.05:
            opts.append(rng.choice(["bogus=1", "bm", "=", "bm=1=2", "bm={1}", "hsaco='x y'",
                                    "prefetch=lds,prefetch=none"]))
        rng.shuffle(opts)
        s = " ".join(opts)
        if rng.random() < 0.03:
            s = s[:rng.randrange(len(s) + 1)] + rng.choice(["\"", "{", "}", "'", ""])
        return s, hsaco

    def mutate_json_value(self, rng, man, ops):
        """Replaces, deletes or adds one field somewhere in the manifest."""
        # Collect (container, key) pairs.
        slots = []

        def walk(node):
            if isinstance(node, dict):
                for k in node:
                    slots.append((node, k))
                    walk(node[k])
            elif isinstance(node, list):
                for i in range(len(node)):
                    slots.append((node, i))
                    walk(node[i])
        walk(man)
        if not slots:
            return
        container, key = rng.choice(slots)
        op = rng.choice(["replace", "replace", "replace", "delete", "add", "nest", "number"])
        ops.append("json-" + op)
        if op == "replace":
            container[key] = rng.choice(JSON_VALUES)
        elif op == "number":
            container[key] = rng.choice(BIG)
        elif op == "delete":
            del container[key]
        elif op == "add":
            if isinstance(container, dict):
                container[rng.choice(["extra", "m", "grid", "args", "kernels", "ld"])] = \
                    rng.choice(JSON_VALUES)
            else:
                container.append(rng.choice(JSON_VALUES))
        elif op == "nest":
            v = container[key]
            for _ in range(rng.choice([2, 10, 100])):
                v = [v]
            container[key] = v

    def mutate_manifest(self, rng, base, case):
        man = json.loads(json.dumps(base["manifest"]))
        ops = []
        man["code_object"] = "case.hsaco"
        for _ in range(rng.choice([1, 1, 2, 3])):
            op = rng.choice(["field", "field", "field", "sizes", "code-object",
                             "args", "deep", "grid"])
            if op == "field":
                self.mutate_json_value(rng, man, ops)
                continue
            ops.append(op)
            if op == "sizes":
                # Consistent sizes reach past the consistency checks.
                prob = man.get("problem") if isinstance(man.get("problem"), dict) else {}
                dim = rng.choice(["m", "n", "k", "batch"])
                value = rng.choice(BIG + SMALL_DIMS)
                prob[dim] = value
                for arg in man.get("args", []) if isinstance(man.get("args"), list) else []:
                    if not isinstance(arg, dict):
                        continue
                    role = arg.get("role")
                    if (dim, role) in (("m", "A"), ("m", "C"), ("k", "B")):
                        arg["rows"] = value
                    if (dim, role) in (("k", "A"), ("n", "B"), ("n", "C")):
                        arg["cols"] = value
                        if rng.random() < 0.5:
                            arg["ld"] = value
            elif op == "code-object":
                man["code_object"] = rng.choice(CODE_OBJECT_PATHS)
            elif op == "args":
                args = man.get("args")
                if isinstance(args, list) and args:
                    sub = rng.choice(["dup", "drop", "swap", "role"])
                    if sub == "dup":
                        args.append(json.loads(json.dumps(rng.choice(args))))
                    elif sub == "drop":
                        del args[rng.randrange(len(args))]
                    elif sub == "swap":
                        rng.shuffle(args)
                    else:
                        # An earlier mutation may have made some of them scalars.
                        objects = [a for a in args if isinstance(a, dict)]
                        if objects:
                            rng.choice(objects)["role"] = rng.choice(
                                ["A", "B", "C", "alpha", "m", "x"])
            elif op == "deep":
                depth = rng.choice([100, 1000, 10000, 100000])
                man["deep"] = "@DEEP@"
                case.deep = depth
            elif op == "grid":
                man["grid"] = [rng.choice([0, 1, 2, 3, -1, 2**32, 2**63, 1.5, None, "k",
                                           "ceil(m/0)", "m-m", "(" * 100, "x", ""])
                               for _ in range(3)]
        text = json.dumps(man, indent=1)
        if getattr(case, "deep", 0):
            text = text.replace('"@DEEP@"', "[" * case.deep + "]" * case.deep)
        if rng.random() < 0.15:
            sub = rng.choice(["truncate", "byte", "dupkey", "bom", "huge-number"])
            ops.append("text-" + sub)
            if sub == "truncate":
                text = text[:rng.randrange(len(text))]
            elif sub == "byte":
                i = rng.randrange(len(text))
                text = text[:i] + chr(rng.randrange(1, 256)) + text[i + 1:]
            elif sub == "dupkey":
                text = text.replace('"kernel":', '"kernel": "x", "kernel":', 1)
            elif sub == "bom":
                text = "\ufeff" + text
            else:
                text = re.sub(r"\b(64|128)\b", "1" * rng.choice([20, 400]), text, count=1)
        return text, ops

    def mutate_hsaco(self, rng, code):
        data = bytearray(code)
        ops = []
        for _ in range(rng.choice([1, 1, 2, 3])):
            op = rng.choice(["bitflip", "bitflip", "bitflips", "byte", "header",
                             "zero-range", "truncate", "text-flip", "note-flip"])
            ops.append(op)
            if not data:
                break
            if op == "bitflip":
                i = rng.randrange(len(data))
                data[i] ^= 1 << rng.randrange(8)
            elif op == "bitflips":
                for _ in range(rng.randrange(2, 17)):
                    i = rng.randrange(len(data))
                    data[i] ^= 1 << rng.randrange(8)
            elif op == "byte":
                i = rng.randrange(len(data))
                data[i] = rng.choice([0, 0xff, 0x7f, 0x80, 0x01])
            elif op == "header":
                i = rng.randrange(min(64, len(data)))
                data[i] = rng.randrange(256)
            elif op == "zero-range":
                a = rng.randrange(len(data))
                b = min(len(data), a + rng.choice([4, 16, 64, 256]))
                data[a:b] = bytes(b - a)
            elif op == "truncate":
                data = data[:rng.randrange(len(data))]
            elif op in ("text-flip", "note-flip"):
                span = self.section(bytes(data), ".text" if op == "text-flip" else ".note")
                if span:
                    i = rng.randrange(span[0], span[1])
                    data[i] ^= 1 << rng.randrange(8)
        return bytes(data), ops

    @staticmethod
    def section(data, name):
        """(start, end) of an ELF64 section by name, or None."""
        try:
            import struct
            shoff = struct.unpack_from("<Q", data, 0x28)[0]
            shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
            def hdr(i):
                return struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize)
            stroff = hdr(shstrndx)[4]
            for i in range(shnum):
                h = hdr(i)
                n = data[stroff + h[0]:data.index(b"\0", stroff + h[0])].decode()
                if n == name and h[5] > 0 and h[4] + h[5] <= len(data):
                    return (h[4], h[4] + h[5])
        except Exception:
            return None
        return None

    # ---------------------------------------------------------------- cases
    def build_case(self, index):
        rng = random.Random("gemm-fuzz:%d:%d" % (self.args.seed, index))
        kinds = self.args.kinds
        weights = {"mlir": 5, "manifest": 3, "hsaco": 2, "table": 2, "files": 2}
        pool = [k for k in kinds for _ in range(weights[k])]
        kind = rng.choice(pool)
        d = os.path.join(self.work, "case-%d" % index)
        os.makedirs(d)
        case = Case(index, kind, d)
        getattr(self, "build_" + kind)(rng, case)
        return case

    def mutate_table(self, rng, case):
        """A tuning table's text: the base table with fields, options and
        targets mutated, nested deep, truncated or given NaN."""
        table = json.loads(json.dumps(self.base_table))
        ops = []
        for _ in range(rng.choice([1, 1, 2, 3])):
            op = rng.choice(["field", "options", "options", "target", "number", "deep",
                             "drop-entries"])
            if op == "field":
                self.mutate_json_value(rng, table, ops)
                continue
            ops.append("table-" + op)
            entries = table.get("entries") if isinstance(table.get("entries"), list) else []
            objects = [e for e in entries if isinstance(e, dict)]
            if op == "options" and objects:
                rng.choice(objects)["options"] = rng.choice(TABLE_OPTIONS)
            elif op == "target":
                table["target"] = rng.choice(TARGETS)
            elif op == "number" and objects:
                rng.choice(objects)[rng.choice(["m", "n", "k", "batch", "predicted_ms"])] = \
                    rng.choice(BIG + [1.5, -0.0])
            elif op == "deep":
                table["deep"] = "@DEEP@"
                case.deep = rng.choice([100, 1000, 100000])
            elif op == "drop-entries":
                table["entries"] = []
        text = json.dumps(table, indent=1)
        if getattr(case, "deep", 0):
            text = text.replace('"@DEEP@"', "[" * case.deep + "]" * case.deep)
        if rng.random() < 0.2:
            sub = rng.choice(["truncate", "nan", "inf", "byte"])
            ops.append("text-" + sub)
            if sub == "truncate":
                text = text[:rng.randrange(len(text))]
            elif sub in ("nan", "inf"):
                text = text.replace("0.01", "NaN" if sub == "nan" else "Infinity", 1)
            else:
                i = rng.randrange(len(text))
                text = text[:i] + chr(rng.randrange(1, 256)) + text[i + 1:]
        return text, ops

    def tune_argv(self, rng, extra):
        """gemm-tune on one small shape with one candidate: two compiles and
        two predictions at most."""
        return [self.tools["gemm-tune"], "-j", "1", "--timeout=%d" % int(self.args.timeout),
                rng.choice(["16x16x16", "64x64x64:nt", "32x8x16x2"]),
                "--candidate=" + rng.choice(TABLE_OPTIONS[:3] + ["kernel=tiled pad=-4"])] + extra

    def build_table(self, rng, case):
        text, ops = self.mutate_table(rng, case)
        with open(os.path.join(case.dir, "table.json"), "w", encoding="utf-8",
                  errors="surrogatepass") as f:
            f.write(text)
        case.ops = ops
        if rng.random() < 0.8:
            name = rng.choice(["plain128", "plain64", "transposed", "epilogue_const"])
            with open(os.path.join(case.dir, "in.mlir"), "w") as f:
                f.write(BASE_PROGRAMS[name])
            case.ops = [name] + ops
            case.hsaco = "out.hsaco"
            case.run_after_compile = True
            case.run_sizes = ["16", "16", "16"]
            case.steps.append(("gemm-opt", [
                self.tools["gemm-opt"], "in.mlir",
                "--gemm-rdna3-pipeline=tuning-table=table.json hsaco=out.hsaco",
                "-o", "out.mlir"], {0, 1}))
            return
        # gemm-tune: the table as --merge, or a mutated shapes file.
        if rng.random() < 0.5:
            extra = ["--merge=table.json", "-o", "t.json"]
            case.ops = ["merge"] + ops
        else:
            shapes = rng.choice([
                "16x16x16\n", "16x16x16:nt # a comment\n", "-1x4x4\n", "0x0x0\n",
                "1" * 400 + "\n", "16x16\n", "16x16x16x0\n", "\x00\n",
                '{"format": "gemm-opt-shapes-1", "shapes": [{"m": 16, "n": 16, "k": 16}]}',
                '{"format": "gemm-opt-shapes-1", "shapes": [' * 200,
                '{"format": "gemm-opt-shapes-1", "shapes": [{"m": -1, "n": 1e40}]}',
                '{"format": "gemm-opt-shapes-1", "shapes": {}}'])
            with open(os.path.join(case.dir, "shapes.txt"), "w") as f:
                f.write(shapes)
            extra = ["--shapes-file=shapes.txt", "-o", rng.choice(["t.json", "shapes.txt"])]
            case.ops = ["shapes"] + ops
        case.steps.append(("gemm-tune", self.tune_argv(rng, extra), {0, 1, 2}))

    def build_files(self, rng, case):
        """A special file where a tool reads or writes one."""
        d = case.dir
        with open(os.path.join(d, "in.mlir"), "w") as f:
            f.write(BASE_PROGRAMS["plain64"])
        with open(os.path.join(d, "table.json"), "w") as f:
            json.dump(self.base_table, f, indent=1)
        base = self.bases["plain64"]
        with open(os.path.join(d, "case.hsaco"), "wb") as f:
            f.write(base["hsaco"])
        man = dict(base["manifest"])
        man["code_object"] = "case.hsaco"
        with open(os.path.join(d, "case.manifest.json"), "w") as f:
            json.dump(man, f, indent=1)
        with open(os.path.join(d, "victim.txt"), "w") as f:
            f.write("victim\n")
        with open(os.path.join(d, "shapes.txt"), "w") as f:
            f.write("8x8x8\n")
        os.mkfifo(os.path.join(d, "fifo"))
        os.mkdir(os.path.join(d, "dir"))
        special = rng.choice(["fifo", "/dev/zero", "/dev/full", "/dev/null", "dir",
                              "link-victim", "link-input", "dangling", "nodir/x", "input"])
        slot = rng.choice(["opt-table", "opt-hsaco", "opt-manifest", "opt-o", "run-manifest",
                           "run-code-object", "run-dump-c", "run-timeline", "emu-in",
                           "emu-out", "report", "tune-shapes", "tune-merge", "tune-o"])
        inputs = {"opt": "in.mlir", "run": "case.manifest.json", "emu": "case.hsaco",
                  "report": "case.hsaco", "tune": "shapes.txt"}
        tool_key = slot.split("-")[0]
        path = special
        if special.startswith("link-") or special == "dangling":
            target = {"link-victim": "victim.txt", "link-input": inputs[tool_key],
                      "dangling": "missing/target"}[special]
            os.symlink(target, os.path.join(d, "lnk"))
            path = "lnk"
        elif special == "input":
            path = inputs[tool_key]
        case.protected = ["victim.txt", "in.mlir", "table.json", "case.hsaco",
                          "case.manifest.json", "shapes.txt"]
        case.output_path = path if slot.split("-", 1)[1:] and slot.split("-", 1)[1] in (
            "hsaco", "manifest", "o", "dump-c", "timeline", "out") else None
        case.ops = [slot, special]
        if tool_key == "opt":
            opts = {"opt-table": "hsaco=out.hsaco tuning-table=" + path,
                    "opt-hsaco": "hsaco=%s manifest=m.json" % path,
                    "opt-manifest": "hsaco=out.hsaco manifest=" + path,
                    "opt-o": "hsaco=out.hsaco"}[slot]
            argv = [self.tools["gemm-opt"], "in.mlir", "--gemm-rdna3-pipeline=" + opts,
                    "-o", path if slot == "opt-o" else "out.mlir"]
            case.steps.append(("gemm-opt", argv, {0, 1}))
        elif tool_key == "run":
            manifest = "case.manifest.json"
            if slot == "run-manifest":
                manifest = path
            elif slot == "run-code-object":
                m2 = dict(man)
                m2["code_object"] = os.path.join(d, path) if not path.startswith("/") else path
                with open(os.path.join(d, "m2.json"), "w") as f:
                    json.dump(m2, f, indent=1)
                manifest = "m2.json"
            argv = [self.tools["gemm-run"], manifest, "--memory-limit=64M"]
            if slot == "run-timeline":
                argv += ["--backend=sim", "--sim-timeline=" + path]
            else:
                argv += ["--backend=emu"]
                if slot == "run-dump-c":
                    argv.append("--dump-c=" + path)
            case.steps.append(("gemm-run", argv, {0, 2}))
        elif tool_key == "emu":
            argv = self.emu_run_argv(man, "plain64")
            if slot == "emu-in":
                first = next(i for i, a in enumerate(argv) if a.startswith("--arg=f32["))
                argv[first] = argv[first].split(":rand=")[0] + ":file=" + path
            else:
                argv.append("--out=0=" + path)
            case.steps.append(("emu-run", argv, {0, 2}))
        elif tool_key == "report":
            case.steps.append(("gemm-report", [self.tools["gemm-report"], path], {0, 2}))
        else:
            extra = {"tune-shapes": ["--shapes-file=" + path, "-o", "t.json"],
                     "tune-merge": ["--merge=" + path, "-o", "t.json"],
                     "tune-o": ["--shapes-file=shapes.txt", "-o", path]}[slot]
            case.steps.append(("gemm-tune", self.tune_argv(rng, extra), {0, 1, 2}))

    def run_args(self, rng, man_name, base_name):
        argv = [self.tools["gemm-run"], man_name, "--backend=emu", "--memory-limit=64M"]
        if base_name == "dynamic":
            argv += DYNAMIC_RUN_ARGS
        return argv

    def build_mlir(self, rng, case):
        text = rng.choice(self.corpus)
        text, ops = self.mutate_mlir(rng, text)
        with open(os.path.join(case.dir, "in.mlir"), "w", encoding="latin-1",
                  errors="replace") as f:
            f.write(text)
        os.makedirs(os.path.join(case.dir, "empty-toolkit"))
        argv = [self.tools["gemm-opt"], "in.mlir", "-o", "out.mlir"]
        if rng.random() < 0.12:
            argv.append(rng.choice(SINGLE_PASSES))
            case.note = "pass"
        else:
            opts, hsaco = self.pipeline_option_string(rng)
            argv.append("--gemm-rdna3-pipeline=" + opts)
            case.hsaco = hsaco
        if rng.random() < 0.05:
            argv.append(rng.choice(["--mlir-print-ir-after-all", "--mlir-disable-threading",
                                    "--split-input-file", "--verify-diagnostics",
                                    "--mlir-print-op-on-diagnostic", "--allow-unregistered-dialect"]))
        case.steps.append(("gemm-opt", argv, {0, 1}))
        case.ops = ops
        # gemm-run on what it compiled is added after the compile (run_case).
        case.run_after_compile = rng.random() < 0.8
        case.run_sizes = [str(rng.choice(SMALL_DIMS)) for _ in range(3)]

    def build_manifest(self, rng, case):
        base_name = rng.choice(BINARY_BASES)
        base = self.bases[base_name]
        with open(os.path.join(case.dir, "case.hsaco"), "wb") as f:
            f.write(base["hsaco"])
        text, ops = self.mutate_manifest(rng, base, case)
        with open(os.path.join(case.dir, "case.manifest.json"), "w", encoding="utf-8",
                  errors="surrogatepass") as f:
            f.write(text)
        argv = self.run_args(rng, "case.manifest.json", base_name)
        allowed = {0, 1, 2}
        if rng.random() < 0.3:
            for _ in range(rng.randrange(1, 4)):
                opt = rng.choice(["-m", "-n", "-k", "--lda", "--ldb", "--ldc", "--batch",
                                  "--alpha", "--beta", "--seed", "--transpose-a",
                                  "--transpose-b", "--dump-c", "--memory-limit",
                                  "--backend", "--code-object", "--repeat"])
                if opt in ("--transpose-a", "--transpose-b"):
                    argv.append(opt)
                elif opt == "--dump-c":
                    argv.append("--dump-c=" + rng.choice(["c.bin", "nodir/c.bin", "/dev/null",
                                                          "case.manifest.json", "."]))
                elif opt == "--memory-limit":
                    argv.append("--memory-limit=" + rng.choice(["0", "1", "1K", "16M", "64M",
                                                                "-1", "1Q", "", "99999999999T"]))
                elif opt == "--backend":
                    b = rng.choice(["emu", "hip", "auto", "bogus", ""])
                    argv.append("--backend=" + b)
                    if b == "hip":
                        allowed = {0, 1, 2, 3}
                elif opt == "--code-object":
                    argv.append("--code-object=" + rng.choice(CODE_OBJECT_PATHS[:9]))
                elif opt in ("--alpha", "--beta"):
                    argv.append("%s=%s" % (opt, rng.choice(["0", "1", "-1", "nan", "inf",
                                                            "1e39", "x", ""])))
                else:
                    argv.append("%s=%s" % (opt, rng.choice(BIG + SMALL_DIMS)))
        case.steps.append(("gemm-run", argv, allowed))
        case.ops = [base_name] + ops

    def build_hsaco(self, rng, case):
        base_name = rng.choice(BINARY_BASES)
        base = self.bases[base_name]
        code, ops = self.mutate_hsaco(rng, base["hsaco"])
        with open(os.path.join(case.dir, "case.hsaco"), "wb") as f:
            f.write(code)
        man = dict(base["manifest"])
        man["code_object"] = "case.hsaco"
        with open(os.path.join(case.dir, "case.manifest.json"), "w") as f:
            json.dump(man, f, indent=1)
        if rng.random() < 0.6:
            case.steps.append(("gemm-run", self.run_args(rng, "case.manifest.json", base_name),
                               {0, 1, 2}))
        else:
            case.steps.append(("emu-run", self.emu_run_argv(man, base_name), {0, 2}))
        case.ops = [base_name] + ops

    def emu_run_argv(self, man, base_name):
        """emu-run's command line for a base manifest's last kernel: buffers of the
        manifest's sizes (DYNAMIC_RUN_ARGS' for dynamic ones), random contents."""
        prob = man["problem"]
        sizes = {"m": 40, "n": 72, "k": 24, "ldb": 80, "batch": 1}
        for d in ("m", "n", "k", "batch"):
            if isinstance(prob.get(d), int):
                sizes[d] = prob[d]
        kern = man if "args" in man else man["kernels"][-1]

        def value(v):
            if isinstance(v, int):
                return v
            if v in sizes:
                return sizes[v]
            m = re.fullmatch(r"ceil\((\w+)/(\d+)\)", str(v))
            if m:
                return -(-sizes.get(m.group(1), 1) // int(m.group(2)))
            return 1
        argv = [self.tools["emu-run"], "case.hsaco", "--kernel=" + kern["kernel"],
                "--memory-limit=64M",
                "--grid=" + ",".join(str(value(x)) for x in kern["grid"]),
                "--block=" + ",".join(str(x) for x in kern["workgroup_size"])]
        for arg in kern["args"]:
            if arg.get("kind") == "global_buffer":
                n = sizes["batch"] * value(arg.get("rows")) * value(arg.get("ld"))
                argv.append("--arg=f32[%d]:rand=%d" % (n, arg["index"]))
            elif arg.get("role") in ("alpha", "beta"):
                argv.append("--arg=f32:1")
            else:
                argv.append("--arg=u64:%d" % value(arg.get("role")))
        return argv

    # --------------------------------------------------------------- running
    def snapshot(self, d):
        snap = {}
        for dirpath, dirnames, filenames in os.walk(d):
            for fn in filenames:
                p = os.path.join(dirpath, fn)
                try:
                    st = os.lstat(p)
                except OSError:
                    continue
                snap[os.path.relpath(p, d)] = (st.st_size, st.st_mtime_ns)
        return snap

    def contents(self, case):
        """The contents of the files the case's commands must not change."""
        result = {}
        for name in getattr(case, "protected", []):
            try:
                with open(os.path.join(case.dir, name), "rb") as f:
                    result[name] = f.read()
            except OSError:
                result[name] = None
        return result

    def execute(self, case, tool, argv, allowed):
        before = self.snapshot(case.dir)
        protected = self.contents(case)
        start = time.monotonic()
        proc = subprocess.Popen(argv, cwd=case.dir, stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                env=self.env, start_new_session=True)
        timed_out = False
        try:
            out, err = proc.communicate(timeout=self.args.timeout)
        except subprocess.TimeoutExpired:
            timed_out = True
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except OSError:
                pass
            out, err = proc.communicate()
        elapsed = time.monotonic() - start
        err = err.decode("utf-8", errors="replace")
        rc = proc.returncode
        res = {"tool": tool, "argv": argv, "rc": rc, "time": elapsed,
               "timeout": timed_out, "stderr": err, "stdout": out.decode(errors="replace")}
        case.results.append(res)
        after = self.snapshot(case.dir)
        if timed_out:
            case.findings.append(("timeout", "%s ran over %g s" % (tool, self.args.timeout)))
            return res
        sanitizer = [p for p in SANITIZER_PATTERNS if p in err]
        crash = [p for p in CRASH_PATTERNS if p in err]
        if sanitizer:
            line = next((l for l in err.splitlines()
                         if any(p in l for p in SANITIZER_PATTERNS)), sanitizer[0])
            case.findings.append(("sanitizer", "%s: %s" % (tool, line.strip()[:300])))
        if rc < 0 or rc >= 128 or crash:
            what = ("signal %d" % -rc) if rc < 0 else ("exit %d" % rc)
            line = next((l for l in err.splitlines() if any(p in l for p in CRASH_PATTERNS)), "")
            case.findings.append(("crash", "%s: %s %s" % (tool, what, line.strip()[:300])))
        elif rc not in allowed:
            case.findings.append(("exit-code", "%s: exit %d not in %s" % (tool, rc, sorted(allowed))))
        clobbered = sorted(n for n, v in self.contents(case).items() if protected[n] != v)
        if clobbered:
            case.findings.append(("clobbered", "%s exited %d and changed %s" % (
                tool, rc, ", ".join(clobbered))))
        if rc == 0 and getattr(case, "output_path", None) == "/dev/full":
            case.findings.append(("exit-code", "%s: exit 0 after writing to /dev/full" % tool))
        if rc != 0:
            changed = sorted(p for p, v in after.items() if before.get(p) != v)
            if changed:
                case.findings.append(("partial", "%s exited %d and left %s" % (
                    tool, rc, ", ".join(changed[:5]))))
        return res

    def run_case(self, case):
        for tool, argv, allowed in case.steps:
            res = self.execute(case, tool, argv, allowed)
            if (case.kind in ("mlir", "table") and tool == "gemm-opt" and res["rc"] == 0
                    and not res["timeout"]):
                self.after_compile(case)
        return case

    def after_compile(self, case):
        hsaco = getattr(case, "hsaco", None)
        if not hsaco or not hsaco.endswith(".hsaco") or "/" in hsaco.strip("./"):
            return
        man_path = os.path.join(case.dir, hsaco[:-len(".hsaco")] + ".manifest.json")
        if not os.path.exists(man_path):
            return
        try:
            with open(man_path) as f:
                man = json.load(f)
        except (ValueError, UnicodeDecodeError) as e:
            case.findings.append(("bad-output", "gemm-opt exit 0, manifest not JSON: %s" % e))
            return
        if not case.run_after_compile:
            return
        prob = man.get("problem", {})
        dims = [prob.get(d) for d in ("m", "n", "k")]
        batch = prob.get("batch") or 1
        argv = [self.tools["gemm-run"], os.path.basename(man_path), "--backend=emu",
                "--memory-limit=64M"]
        concrete = []
        for name, v, s in zip(("-m", "-n", "-k"), dims, case.run_sizes):
            if v is None:
                argv += [name, s]
                concrete.append(int(s))
            else:
                concrete.append(v)
        if not all(isinstance(v, int) for v in concrete + [batch]):
            return
        m, n, k = concrete
        work = m * n * k * batch
        memory = 4 * batch * (m * k + k * n + m * n)
        # Small problems are verified; ones over the memory limit must be
        # refused at once (exit 2). Anything else would only be slow.
        if work > 2**23 and memory <= 64 * 2**20:
            case.note = (case.note + " run-skipped").strip()
            return
        res = self.execute(case, "gemm-run", argv, {0, 1, 2})
        if res["rc"] == 1:
            case.findings.append(("mismatch", "gemm-run FAIL on a kernel gemm-opt accepted"))

    # -------------------------------------------------------------- reporting
    def repro_command(self, index):
        parts = ["python3", os.path.relpath(os.path.abspath(__file__)),
                 "--seed=%d" % self.args.seed, "--case=%d" % index,
                 "--tool-dir=%s" % self.args.tool_dir, "--timeout=%g" % self.args.timeout]
        if self.args.kinds != list(KINDS):
            parts.append("--kinds=" + ",".join(self.args.kinds))
        return " ".join(parts)

    def save(self, case):
        if not self.args.out_dir:
            return None
        dest = os.path.join(self.args.out_dir, "seed%d-case%d" % (self.args.seed, case.index))
        if os.path.exists(dest):
            shutil.rmtree(dest)
        # FIFOs are not copied; repro.sh makes them again.
        fifos = []

        def skip_fifos(directory, names):
            skipped = [n for n in names
                       if stat.S_ISFIFO(os.lstat(os.path.join(directory, n)).st_mode)]
            fifos.extend(os.path.relpath(os.path.join(directory, n), case.dir)
                         for n in skipped)
            return skipped
        shutil.copytree(case.dir, dest, symlinks=True, ignore=skip_fifos)
        with open(os.path.join(dest, "repro.sh"), "w") as f:
            f.write("#!/bin/sh\n# %s\n# %s\ncd \"$(dirname \"$0\")\"\n" % (
                self.repro_command(case.index),
                "; ".join("%s: %s" % k for k in case.findings)))
            for fifo in fifos:
                f.write("[ -p %s ] || mkfifo %s\n" % (shell_quote(fifo), shell_quote(fifo)))
            for res in case.results:
                f.write(" ".join(shell_quote(a) for a in res["argv"]) + "\n")
        for i, res in enumerate(case.results):
            with open(os.path.join(dest, "stderr-%d.txt" % i), "w") as f:
                f.write(res["stderr"])
        return dest


def shell_quote(s):
    if re.fullmatch(r"[\w@%+=:,./-]+", s):
        return s
    return "'" + s.replace("'", "'\"'\"'") + "'"


def main():
    ap = argparse.ArgumentParser(
        description="Seeded fuzzer for gemm-opt, gemm-run, emu-run, gemm-tune and gemm-report "
                    "(see the module docstring).")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cases", type=int, default=300, help="number of cases (default 300)")
    ap.add_argument("--first", type=int, default=0, help="index of the first case")
    ap.add_argument("--case", type=int, action="append", default=[],
                    help="run only this case (repeatable); implies -v")
    ap.add_argument("--jobs", type=int, default=max(1, (os.cpu_count() or 2)))
    ap.add_argument("--tool-dir", default=os.path.join(REPO, "build", "bin"))
    ap.add_argument("--out-dir", default=None,
                    help="copy each failing case here, with repro.sh and its stderr")
    ap.add_argument("--work-dir", default=None, help="parent of the temporary directory")
    ap.add_argument("--timeout", type=float, default=None,
                    help="seconds per command (default 20, 60 with --sanitized)")
    ap.add_argument("--kinds", default=",".join(KINDS))
    ap.add_argument("--sanitized", action="store_true",
                    help="the tools are a sanitized build (-DGEMM_OPT_SANITIZE): longer timeout")
    ap.add_argument("--keep", action="store_true", help="keep the work directory")
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="print every case's commands and exits")
    args = ap.parse_args()
    if args.timeout is None:
        args.timeout = 60.0 if args.sanitized else 20.0
    args.kinds = [k for k in args.kinds.split(",") if k]
    for k in args.kinds:
        if k not in KINDS:
            ap.error("unknown kind %r" % k)
    if args.case:
        args.verbose = True
    if args.out_dir:
        os.makedirs(args.out_dir, exist_ok=True)

    fz = Fuzzer(args)
    start = time.monotonic()
    try:
        fz.setup()
    except SystemExit as e:
        print(e, file=sys.stderr)
        shutil.rmtree(fz.work, ignore_errors=True)
        return 2
    indices = args.case or list(range(args.first, args.first + args.cases))
    print("fuzz.py: seed %d, %d cases (%s), %d jobs, tools %s, timeout %g s, corpus %d texts "
          "from %d files" % (args.seed, len(indices), ",".join(args.kinds), args.jobs,
                             fz.tool_dir, args.timeout, len(fz.corpus), fz.corpus_files),
          flush=True)

    per_kind = collections.Counter()
    exits = collections.defaultdict(collections.Counter)
    findings = collections.defaultdict(collections.Counter)
    failing = []
    commands = collections.Counter()
    slowest = []
    done = [0]

    def one(index):
        # A bug of the fuzzer itself fails its case, not the whole run.
        case = None
        try:
            case = fz.build_case(index)
            fz.run_case(case)
        except Exception:
            if case is None:
                d = os.path.join(fz.work, "case-%d" % index)
                os.makedirs(d, exist_ok=True)
                case = Case(index, "?", d)
            case.findings.append(("fuzzer", "fuzz.py raised: " +
                                  traceback.format_exc().strip().splitlines()[-1]))
        return case

    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(one, i): i for i in indices}
        for fut in concurrent.futures.as_completed(futures):
            case = fut.result()
            per_kind[case.kind] += 1
            for res in case.results:
                commands[res["tool"]] += 1
                code = "timeout" if res["timeout"] else str(res["rc"])
                exits[res["tool"]][code] += 1
                slowest.append((res["time"], case.index, res["tool"]))
            for fk, _ in case.findings:
                findings[case.kind][fk] += 1
            if args.verbose:
                print("case %d (%s; %s%s):" % (case.index, case.kind, ", ".join(case.ops),
                                               (", " + case.note) if case.note else ""))
                for res in case.results:
                    print("  $ %s\n    exit %s, %.2f s" % (
                        " ".join(shell_quote(a) for a in res["argv"]),
                        "timeout" if res["timeout"] else res["rc"], res["time"]))
                    if res["stderr"].strip():
                        print("    " + "\n    ".join(res["stderr"].strip().splitlines()[:8]))
            if case.findings:
                dest = fz.save(case)
                failing.append(case.index)
                for fk, detail in case.findings:
                    print("FINDING %s: case %d (%s; %s): %s" % (
                        fk, case.index, case.kind, ", ".join(case.ops), detail), flush=True)
                print("  reproduce: %s%s" % (fz.repro_command(case.index),
                                             ("  (saved in %s)" % dest) if dest else ""),
                      flush=True)
            shutil.rmtree(case.dir, ignore_errors=True)
            done[0] += 1
            if not args.verbose and done[0] % 500 == 0:
                print("fuzz.py: %d/%d cases, %d failing, %.0f s" % (
                    done[0], len(indices), len(failing), time.monotonic() - start), flush=True)

    elapsed = time.monotonic() - start
    if not args.keep:
        shutil.rmtree(fz.work, ignore_errors=True)
    else:
        print("fuzz.py: work directory kept: %s" % fz.work)

    kinds = sorted(per_kind)
    fkinds = ["crash", "sanitizer", "timeout", "partial", "clobbered", "bad-output", "mismatch",
              "exit-code", "fuzzer"]
    print()
    print("%-10s %6s  %s" % ("kind", "cases", "  ".join("%9s" % f for f in fkinds)))
    for k in kinds + ["total"]:
        if k == "total":
            n = sum(per_kind.values())
            row = [sum(findings[x][f] for x in kinds) for f in fkinds]
        else:
            n = per_kind[k]
            row = [findings[k][f] for f in fkinds]
        print("%-10s %6d  %s" % (k, n, "  ".join("%9d" % v for v in row)))
    print()
    print("%-10s %8s  %s" % ("tool", "commands", "exits"))
    for tool in sorted(commands):
        print("%-10s %8d  %s" % (tool, commands[tool], ", ".join(
            "%s: %d" % (c, exits[tool][c]) for c in sorted(exits[tool], key=lambda c: (len(c), c)))))
    slowest.sort(reverse=True)
    if slowest:
        print("slowest command: %.2f s (case %d, %s)" % slowest[0])
    print("fuzz.py: %d cases in %.0f s, %d failing%s" % (
        len(indices), elapsed, len(failing),
        (": cases " + " ".join(str(i) for i in sorted(failing)[:50])) if failing else ""))
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
