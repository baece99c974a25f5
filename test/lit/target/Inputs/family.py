"""Compiles tiled.mlir, skinny.mlir and split.mlir in DIR for TARGET and runs
each on the emulator; prints per input "NAME: TARGET CODE-OBJECT-TARGET
kernel=KIND RESULT" (KIND as the manifest has it, +then for a second kernel).

    family.py DIR TARGET ISA

The skinny input asks for kernel=skinny, the split input for split-tail=2 on
5 CUs (3 tiles of 128 x 128: no whole round, all three split), so that each
kernel is exercised whatever the target's choice would be."""
import json
import os
import subprocess
import sys

work, target, isa = sys.argv[1:4]
options = {"tiled": "kernel=tiled", "skinny": "kernel=skinny",
           "split": "kernel=tiled split-tail=2 compute-units=5"}
for name in ("tiled", "skinny", "split"):
    stem = os.path.join(work, f"{name}-{target}")
    subprocess.run(["gemm-opt", os.path.join(work, name + ".mlir"),
                    f"--gemm-rdna3-pipeline=hsaco={stem}.hsaco target={target} "
                    + options[name], "-o", os.devnull], check=True)
    manifest = json.load(open(stem + ".manifest.json"))
    if manifest["chip"] != isa:
        sys.exit(f"{name}: manifest chip {manifest['chip']}, expected {isa}")
    kind = "skinny" if "skinny" in manifest.get("kernel", "") else "tiled"
    if manifest.get("then"):
        kind += "+then"
    elf = subprocess.run(["llvm-readelf", "--notes", stem + ".hsaco"],
                         capture_output=True, text=True, check=True).stdout
    triple = next(line.split(":", 1)[1].strip() for line in elf.splitlines()
                  if "amdhsa.target:" in line)
    run = subprocess.run(["gemm-run", stem + ".manifest.json", "--backend=emu"],
                         capture_output=True, text=True)
    result = "PASS" if run.returncode == 0 and "PASS" in run.stdout else (
        f"FAIL (exit {run.returncode}): {run.stdout[-300:]} {run.stderr[-300:]}")
    print(f"{name}: {manifest.get('target')} {triple} kernel={kind} {result}")
