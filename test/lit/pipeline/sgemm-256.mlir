// The whole pipeline on the small example, from linalg.matmul to a code object
// on disk with its launch manifest.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: gemm-opt %examples/sgemm_256.mlir --gemm-rdna3-pipeline="hsaco=%t/sgemm_256.hsaco" -o %t/out.mlir
// RUN: FileCheck %s --check-prefix=IR < %t/out.mlir
// RUN: llvm-readelf --notes %t/sgemm_256.hsaco | FileCheck %s --check-prefix=NOTES
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/sgemm_256.manifest.json
// RUN: llvm-objdump -d --mcpu=gfx1100 %t/sgemm_256.hsaco | FileCheck %s --check-prefix=ISA
//
// The code object computes C += A x B: run on the emulator against the CPU
// reference, with two seeds.
// RUN: gemm-run %t/sgemm_256.manifest.json --backend=emu --seed=1 | FileCheck %s --check-prefix=RUNOUT
// RUN: gemm-run %t/sgemm_256.manifest.json --backend=emu --seed=7 | FileCheck %s --check-prefix=RUNOUT
// RUNOUT: problem: M=256 N=256 K=256
// RUNOUT: PASS
//
// A deliberately broken launch (A and B swapped in the manifest) fails, with
// the first mismatching element and exit code 1.
// RUN: sed -e 's/"role": "A"/"role": "X"/' -e 's/"role": "B"/"role": "A"/' -e 's/"role": "X"/"role": "B"/' %t/sgemm_256.manifest.json > %t/swapped.manifest.json
// RUN: %python %S/../runtime/Inputs/exit-code.py gemm-run %t/swapped.manifest.json --backend=emu | FileCheck %s --check-prefix=BROKEN
// BROKEN: first mismatch at (row {{[0-9]+}}, col {{[0-9]+}}): got
// BROKEN: FAIL:
// BROKEN: exit=1
//
// The host function launches the outlined kernel; the device code is a binary
// that carries the launch manifest (code_object filled in when written). No
// gemm attribute is left: gemm-check-input's record is gone from the function.
// IR-NOT: {{#gemm\.|gemm\.[a-z_]+ = }}
// IR: func.func @sgemm(%arg0: memref<256x256xf32>, %arg1: memref<256x256xf32>, %arg2: memref<256x256xf32>) {
// IR: gpu.launch_func {{ *}}@sgemm_kernel::@sgemm_kernel blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%{{.*}}, %{{.*}}, %{{.*}}) args(%arg0 : memref<256x256xf32>, %arg1 : memref<256x256xf32>, %arg2 : memref<256x256xf32>)
// IR: gpu.binary @sgemm_kernel [#gpu.object<#rocdl.target<O = 3, chip = "gfx1100", features = "+cumode", abi = "500", flags = {no_wave64}>, properties = {manifest = "{\0A  \22format\22: \22gemm-opt-manifest-1\22,\0A  \22code_object\22: \22\22,\0A  \22kernel\22: \22sgemm_kernel\22,{{.*}}"}, bin = "\7FELF
// IR-NOT: linalg.matmul
// IR-NOT: {{#gemm\.|gemm\.[a-z_]+ = }}
//
// The RDNA3 kernel: 128 lanes, As[8][132] + Bs[8][128] of LDS, no scratch.
// NOTES: NT_AMDGPU_METADATA
// NOTES: .group_segment_fixed_size: 8320
// NOTES: .name: sgemm_kernel
// NOTES: .private_segment_fixed_size: 0
// NOTES: .reqd_workgroup_size:
// NOTES-NEXT: - 128
// NOTES-NEXT: - 1
// NOTES-NEXT: - 1
// NOTES: .wavefront_size: 32
// NOTES: amdhsa.target: amdgcn-amd-amdhsa--gfx1100
// NOTES: amdhsa.version:
// NOTES-NEXT: - 1
// NOTES-NEXT: - 2
//
// MANIFEST: "format": "gemm-opt-manifest-1",
// MANIFEST: "code_object": "sgemm_256.hsaco",
// MANIFEST: "kernel": "sgemm_kernel",
// MANIFEST: "chip": "gfx1100",
// MANIFEST: "code_object_version": 5,
// MANIFEST: "m": 256,
// MANIFEST: "n": 256,
// MANIFEST: "k": 256,
// MANIFEST: "role": "A",
// MANIFEST: "offset": 0,
// MANIFEST: "role": "B",
// MANIFEST: "offset": 8,
// MANIFEST: "role": "C",
// MANIFEST: "offset": 16,
// MANIFEST: "workgroup_size": [
// MANIFEST-NEXT: 128,
// MANIFEST-NEXT: 1,
// MANIFEST-NEXT: 1
// MANIFEST: "grid": [
// MANIFEST-NEXT: 2,
// MANIFEST-NEXT: 2,
// MANIFEST-NEXT: 1
// MANIFEST: "lds_bytes": 8320,
// MANIFEST: "scratch_bytes": 0
//
// ISA: <sgemm_kernel>:
// ISA: buffer_load_b32
// ISA: ds_store_2addr
// ISA: s_barrier
// The bank plan splits the pipeline's 128-bit LDS loads.
// ISA: ds_load_b64
// The loop control is scalar: a 32-bit counter compared by SALU (the
// backend places the compare among the first K step's instructions).
// ISA: s_cmpk_lt_u32
// ISA: v_dual_fmac_f32
// ISA: s_cbranch_scc1
// ISA: global_store_b128
// ISA: s_endpgm
