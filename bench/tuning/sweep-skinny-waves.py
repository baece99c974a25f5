#!/usr/bin/python3
"""Predict the skinny kernel's plan with each count of waves from 1 to 8.

Usage: bench/tuning/sweep-skinny-waves.py --out TABLE [--tool-dir DIR]
           [--target T] [--clock-ghz GHZ] [-j N] [--only-scalar-y]
           SHAPES.json[:HALF] ...

For every shape that gemm-select-config gives the skinny kernel, the plan it
records in #gemm.config is compiled with its waves replaced by 1 to 8 (the
rest of the pipeline runs after gemm-select-config, on the edited IR) and
predicted by `gemm-run --backend=sim`. A count the kernel refuses (a wave with
fewer than two loop iterations, partial sums beyond the LDS) gets no time.
TABLE records, per shape, its sizes, the plan, the compiler's waves, the
plan's workgroups and the times; bench/tuning/fit-skinny-waves.py reads it.
HALF keeps only the shapes of that half (tune or eval) of a held-out corpus.
"""
import argparse
import concurrent.futures
import json
import math
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import roofline  # noqa: E402

WAVES = range(1, 9)


def parse_plan(text):
    return {k.strip(): v.strip()
            for k, v in (field.split("=") for field in text.split(","))}


def plan_workgroups(shape, plan):
    """The plan's workgroups, as SkinnyPlan::workgroups() counts them."""
    m, n = shape["m"], shape["n"]
    small, large = (n, m) if n <= m else (m, n)
    rows = int(plan["lanes_l"]) * int(plan["rows_per_lane"])
    return (shape["batch"] * math.ceil(large / rows) *
            math.ceil(small / int(plan["cols_per_group"])) *
            int(plan.get("parts", 1)))


class Sweep:
    def __init__(self, args):
        self.args = args
        self.gemm_opt = os.path.join(args.tool_dir, "gemm-opt")
        self.gemm_run = os.path.join(args.tool_dir, "gemm-run")
        self.compute_units = None

    def split_pipeline(self, shape):
        """The pipeline up to gemm-select-config, and from gemm-tile-skinny."""
        with tempfile.TemporaryDirectory() as work:
            path = os.path.join(work, "in.mlir")
            open(path, "w").write(roofline.mlir_for(shape))
            # --dump-pass-pipeline runs the pipeline too: its code object
            # goes to the temporary directory, whose path the tail names.
            self.hsaco = os.path.join(work, "k.hsaco")
            p = subprocess.run(
                [self.gemm_opt, path, "--gemm-rdna3-pipeline=target="
                 f"{self.args.target} hsaco={self.hsaco}",
                 "--dump-pass-pipeline", "-o", os.devnull],
                capture_output=True, text=True)
        if p.returncode or "gemm-tile-skinny," not in p.stderr:
            sys.exit(f"sweep-skinny-waves: gemm-opt --dump-pass-pipeline "
                     f"failed: {p.stderr.strip()[:400]}")
        pipeline = p.stderr[p.stderr.index("builtin.module("):]
        head, rest = pipeline.split("gemm-tile-skinny,", 1)
        head = re.sub(r"gemm-select-config\{[^}]*\}",
                      f"gemm-select-config{{target={self.args.target}}}",
                      head).rstrip().rstrip(",") + "))"
        self.head = head
        self.tail = "builtin.module(func.func(gemm-tile-skinny," + rest

    def predict(self, ir, work, name):
        src = os.path.join(work, name + ".mlir")
        open(src, "w").write(ir)
        tail = self.tail.replace(self.hsaco,
                                 os.path.join(work, name + ".hsaco"))
        try:
            p = subprocess.run([self.gemm_opt, src, "--pass-pipeline=" + tail,
                                "-o", os.devnull], capture_output=True,
                               text=True, timeout=self.args.timeout)
            if p.returncode:
                return None
            p = subprocess.run(
                [self.gemm_run, os.path.join(work, name + ".manifest.json"),
                 "--backend=sim", "--json",
                 f"--clock-ghz={self.args.clock_ghz}",
                 f"--target={self.args.target}"],
                capture_output=True, text=True, timeout=self.args.timeout)
        except subprocess.TimeoutExpired:
            return None
        if p.returncode or "{" not in p.stdout:
            return None
        units = re.search(r"(\d+) CUs", p.stdout)
        if units:
            self.compute_units = int(units.group(1))
        return json.loads(p.stdout[p.stdout.index("{"):])["milliseconds"]

    def shape(self, shape):
        with tempfile.TemporaryDirectory() as work:
            src = os.path.join(work, "in.mlir")
            open(src, "w").write(roofline.mlir_for(shape))
            p = subprocess.run([self.gemm_opt, src,
                                "--pass-pipeline=" + self.head],
                               capture_output=True, text=True)
            found = re.search(r"plan = <([^>]*)>", p.stdout)
            if p.returncode or not found:
                return None
            plan = parse_plan(found.group(1))
            if self.args.only_scalar_y and plan.get("scalar_y") != "true":
                return None
            times = {}
            for waves in WAVES:
                edited = re.sub(r"waves = \d+", f"waves = {waves}",
                                found.group(1))
                ir = p.stdout.replace(found.group(0), f"plan = <{edited}>")
                times[str(waves)] = self.predict(ir, work, f"w{waves}")
        return {"name": shape["name"], "batch": shape["batch"],
                "m": shape["m"], "n": shape["n"], "k": shape["k"],
                "transpose_a": shape["transpose_a"],
                "transpose_b": shape["transpose_b"],
                "plan": found.group(1), "waves": int(plan["waves"]),
                "scalar_y": plan.get("scalar_y") == "true",
                "workgroups": plan_workgroups(shape, plan),
                "predicted_ms": times}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("shapes", nargs="+", metavar="SHAPES.json[:HALF]")
    ap.add_argument("--out", required=True)
    ap.add_argument("--tool-dir", default=os.path.join(
        os.path.dirname(__file__), "..", "..", "build", "bin"))
    ap.add_argument("--target", default="rx7900xtx")
    ap.add_argument("--clock-ghz", type=float, default=2.371)
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("-j", "--jobs", type=int, default=1)
    ap.add_argument("--only-scalar-y", action="store_true",
                    help="only the plans with Y in SGPRs")
    args = ap.parse_args()
    shapes = []
    for spec in args.shapes:
        path, _, half = spec.partition(":")
        try:
            loaded = roofline.load_shapes(path)
        except (OSError, ValueError) as e:
            sys.exit(f"sweep-skinny-waves: {path}: {e}")
        shapes += [s for s in loaded if not s.get("small") and
                   (not half or s.get("half") == half)]
    if not shapes:
        sys.exit("sweep-skinny-waves: no shapes")
    sweep = Sweep(args)
    sweep.split_pipeline(shapes[0])
    rows = []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for row in pool.map(sweep.shape, shapes):
            if row:
                rows.append(row)
                print(row["name"], row["waves"], row["predicted_ms"],
                      flush=True)
    json.dump({"format": "gemm-opt-skinny-waves-1", "target": args.target,
               "clock_ghz": args.clock_ghz,
               "compute_units": sweep.compute_units, "shapes": rows},
              open(args.out, "w"), indent=2)


if __name__ == "__main__":
    main()
