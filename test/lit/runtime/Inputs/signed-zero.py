"""Runs a static matmul's kernels (a manifest and its "then" kernels) on the
emulator with A = +0.0 and B = -1.0, so that every product is -0.0, and
prints how many elements of C come out -0.0 and +0.0: a sum of such terms
is -0.0 from a -0.0 start and +0.0 from a +0.0 one.

    signed-zero.py EMU_RUN MANIFEST WORKDIR
"""
import json
import os
import struct
import subprocess
import sys


def main():
    emu_run, manifest_path, workdir = sys.argv[1:4]
    manifest = json.load(open(manifest_path))
    code_object = os.path.join(os.path.dirname(manifest_path),
                               manifest["code_object"])
    init = {"A": "zero", "B": "fill=-1", "C": "fill=5", "workspace": "zero"}
    files = {}
    c_shape = None
    for step, kernel in enumerate([manifest] + manifest.get("then", [])):
        command = [emu_run, code_object, "--kernel=" + kernel["kernel"],
                   "--grid=" + ",".join(map(str, kernel["grid"])),
                   "--block=" + ",".join(map(str, kernel["workgroup_size"]))]
        for arg in sorted(kernel["args"], key=lambda a: a["index"]):
            role = arg["role"]
            if arg["kind"] != "global_buffer" or role not in init:
                sys.exit(f"signed-zero.py: argument {arg} is not one it takes")
            floats = arg["rows"] * arg.get("ld", arg["cols"])
            if role == "C":
                c_shape = (arg["rows"], arg["cols"], arg.get("ld", arg["cols"]))
            source = "file=" + files[role] if role in files else init[role]
            command.append(f"--arg=f32[{floats}]:{source}")
            if role in ("C", "workspace"):
                files[role] = os.path.join(workdir, f"{role}.{step}.bin")
                command.append(f"--out={arg['index']}={files[role]}")
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    data = open(files["C"], "rb").read()
    words = struct.unpack(f"<{len(data) // 4}I", data)
    rows, cols, ld = c_shape
    counts = {"-0.0": 0, "+0.0": 0, "other": 0}
    for row in range(rows):
        for word in words[row * ld:row * ld + cols]:
            key = {0x80000000: "-0.0", 0: "+0.0"}.get(word, "other")
            counts[key] += 1
    print(f"C: {counts['-0.0']} -0.0, {counts['+0.0']} +0.0, "
          f"{counts['other']} other, of {rows * cols}")


if __name__ == "__main__":
    main()
