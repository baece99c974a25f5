// gemm-emit-hsaco on its own, after the rest of the pipeline ran in another
// invocation: the code object and the manifest appear, the IR is unchanged.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: gemm-opt %s --gemm-rdna3-pipeline -o %t/lowered.mlir
// RUN: gemm-opt %t/lowered.mlir --gemm-emit-hsaco="hsaco=%t/k.hsaco" -o %t/after.mlir
// RUN: cmp %t/lowered.mlir %t/after.mlir
// RUN: llvm-readelf -h %t/k.hsaco | FileCheck %s --check-prefix=ELF
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/k.manifest.json
//
// ELF: Machine: EM_AMDGPU
// The kernel argument order follows the launch, not the function signature:
// the function takes B, A, C; the kernel takes them in the order of use, C
// first (the skinny kernel loads C's old values before its K loop), then A
// and B. (N = 16: gemm-select-config gives it the skinny kernel.)
// MANIFEST: "kernel": "gemm_b_first_skinny_kernel",
// MANIFEST: "problem": {
// MANIFEST-NEXT: "m": 32,
// MANIFEST-NEXT: "n": 16,
// MANIFEST-NEXT: "k": 8,
// MANIFEST: "args": [
// MANIFEST: "index": 0,
// MANIFEST-NEXT: "role": "C",
// MANIFEST-NEXT: "kind": "global_buffer",
// MANIFEST-NEXT: "offset": 0,
// MANIFEST-NEXT: "size": 8,
// MANIFEST-NEXT: "rows": 32,
// MANIFEST-NEXT: "cols": 16,
// MANIFEST-NEXT: "ld": 16
// MANIFEST: "index": 1,
// MANIFEST-NEXT: "role": "A",
// MANIFEST: "offset": 8,
// MANIFEST: "rows": 32,
// MANIFEST-NEXT: "cols": 8,
// MANIFEST: "index": 2,
// MANIFEST-NEXT: "role": "B",
// MANIFEST: "offset": 16,
// MANIFEST: "rows": 8,
// MANIFEST-NEXT: "cols": 16,
// MANIFEST: "lds_bytes": 0,
// MANIFEST-NEXT: "vgpr_count": {{[1-9][0-9]*}},
// MANIFEST-NEXT: "sgpr_count": {{[1-9][0-9]*}},
// MANIFEST-NEXT: "scratch_bytes": 0
//
// The manifest's roles are right: the kernel verifies on the emulator.
// RUN: gemm-run %t/k.manifest.json --backend=emu | FileCheck %s --check-prefix=RUNOUT
// RUNOUT: problem: M=32 N=16 K=8
// RUNOUT: PASS
//
// Without a binary there is nothing to write, and the pass says so.
// RUN: not gemm-opt %s --gemm-emit-hsaco="hsaco=%t/none.hsaco" 2>&1 | FileCheck %s --check-prefix=NOBINARY
// RUN: test ! -e %t/none.hsaco && test ! -e %t/none.manifest.json
// NOBINARY: error: gemm-emit-hsaco expects exactly one gpu.binary (run gpu-module-to-binary first), found 0
//
// RUN: not gemm-opt %t/lowered.mlir --gemm-emit-hsaco 2>&1 | FileCheck %s --check-prefix=NOPATH
// NOPATH: error: gemm-emit-hsaco needs its 'hsaco' option: the path of the code object to write

func.func @gemm_b_first(%B: memref<8x16xf32>, %A: memref<32x8xf32>, %C: memref<32x16xf32>) {
  linalg.matmul ins(%A, %B : memref<32x8xf32>, memref<8x16xf32>)
                outs(%C : memref<32x16xf32>)
  return
}
