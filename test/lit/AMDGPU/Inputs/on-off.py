"""Compiles one .mlir with gemm-opt's pipeline under each option set given,
with the late AMDGPU pass and without it, runs both code objects on the
emulator and compares the C they compute byte for byte.

Usage: on-off.py INPUT.mlir WORKDIR "OPTIONS" ["OPTIONS" ...]
Prints, per option set, one line:
  <options>: identical|DIFFERENT, VOPD <on>/<off> of <fmas>, VGPRs <on>/<off>
and exits 1 if a run fails, any C differs or the pass adds more than 8 VGPRs
and, with them, costs waves per SIMD (as VGPRs limit them: gemm-report's
occupancy "by_vgprs").
"""
import json
import os
import subprocess
import sys

source, workdir, configs = sys.argv[1], sys.argv[2], sys.argv[3:]
os.makedirs(workdir, exist_ok=True)
failed = False


def waves_by_vgprs(report):
    return report["resources"]["occupancy"]["by_vgprs"]


def build_and_run(options, tag, extra):
    hsaco = os.path.join(workdir, tag + ".hsaco")
    subprocess.run(["gemm-opt", source,
                    f"--gemm-rdna3-pipeline={options} hsaco={hsaco}",
                    "-o", os.devnull] + extra, check=True)
    manifest = hsaco[:-len(".hsaco")] + ".manifest.json"
    c = os.path.join(workdir, tag + ".c.bin")
    run = subprocess.run(["gemm-run", manifest, "--backend=emu",
                          "--dump-c=" + c], capture_output=True, text=True)
    if run.returncode != 0 or "PASS" not in run.stdout:
        raise SystemExit(f"{options} ({tag}): gemm-run failed:\n{run.stdout}"
                         f"{run.stderr}")
    report = json.loads(subprocess.run(["gemm-report", "--json", hsaco],
                                       check=True, capture_output=True,
                                       text=True).stdout)["kernels"][0]
    return open(c, "rb").read(), report


for index, options in enumerate(configs):
    on_c, on = build_and_run(options, f"{index}-on", [])
    off_c, off = build_and_run(options, f"{index}-off", ["--gemm-amdgpu-vopd=0"])
    same = on_c == off_c
    extra_vgprs = on["resources"]["vgprs"] - off["resources"]["vgprs"]
    fewer_waves = waves_by_vgprs(on) < waves_by_vgprs(off)
    failed |= not same or (extra_vgprs > 8 and fewer_waves)
    loop_on, loop_off = on["loop"]["counts"], off["loop"]["counts"]
    print(f"{options or 'defaults'}: {'identical' if same else 'DIFFERENT'}, "
          f"VOPD {loop_on['vopd_fmas']}/{loop_off['vopd_fmas']} of "
          f"{loop_on['fmas']}, VGPRs {on['resources']['vgprs']}/"
          f"{off['resources']['vgprs']}")
sys.exit(1 if failed else 0)
