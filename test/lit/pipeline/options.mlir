// Pipeline options: the target (its chip) and code object version reach the
// code object.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: gemm-opt %s --gemm-rdna3-pipeline="target=rx7800xt code-object-version=4 hsaco=%t/k.hsaco manifest=%t/launch.json" -o /dev/null
// RUN: llvm-readelf --notes %t/k.hsaco | FileCheck %s --check-prefix=NOTES
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/launch.json
//
// Edge tiles (48 x 40 is not a multiple of 16 x 16) compute the right result,
// with each code object version, and for the gfx1101 target.
// RUN: gemm-run %t/launch.json --backend=emu | FileCheck %s --check-prefix=RUNOUT
// RUN: gemm-opt %s --gemm-rdna3-pipeline="code-object-version=4 hsaco=%t/v4.hsaco" -o /dev/null
// RUN: gemm-run %t/v4.manifest.json --backend=emu | FileCheck %s --check-prefix=RUNOUT
// RUN: gemm-opt %s --gemm-rdna3-pipeline="code-object-version=6 hsaco=%t/v6.hsaco" -o /dev/null
// RUN: gemm-run %t/v6.manifest.json --backend=emu | FileCheck %s --check-prefix=RUNOUT
// RUNOUT: problem: M=48 N=40 K=24
// RUNOUT: PASS
//
// NOTES: amdhsa.target: amdgcn-amd-amdhsa--gfx1101
// NOTES: amdhsa.version:
// NOTES-NEXT: - 1
// NOTES-NEXT: - 1
// MANIFEST: "code_object": "k.hsaco",
// MANIFEST: "chip": "gfx1101",
// MANIFEST-NEXT: "target": "rx7800xt",
// MANIFEST: "code_object_version": 4,
// MANIFEST: "m": 48,
// MANIFEST: "n": 40,
// MANIFEST: "k": 24,
// Tiles of 16 x 16 outputs: 40 columns need 3 workgroups, 48 rows 3.
// The skinny kernel (N = 40 fits no tile): 12 workgroups of 4 rows, 5
// groups of 8 columns.
// MANIFEST: "grid": [
// MANIFEST-NEXT: 60,
// MANIFEST-NEXT: 1,
// MANIFEST-NEXT: 1

func.func @odd(%A: memref<48x24xf32>, %B: memref<24x40xf32>, %C: memref<48x40xf32>) {
  linalg.matmul ins(%A, %B : memref<48x24xf32>, memref<24x40xf32>)
                outs(%C : memref<48x40xf32>)
  return
}
