// gemm-check-binary turns a kernel that spills to scratch into an error that
// names the kernel, its VGPRs and the scratch bytes; no file is written. With
// bk=16 and global loads (64-bit addresses), in LLVM's scheduled order (what
// scheduler=auto picks for global addressing with register prefetch), the
// unrolled K step of the 256^3 kernel needs more than 256 VGPRs.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: not gemm-opt %s --gemm-rdna3-pipeline="bk=16 addressing=global scheduler=llvm hsaco=%t/k.hsaco" -o %t/out.mlir 2>&1 | FileCheck %s --check-prefix=SPILL
// RUN: test ! -e %t/out.mlir && test ! -e %t/k.hsaco && test ! -e %t/k.manifest.json
// SPILL: gemm-check-binary.mlir:[[@LINE+13]]:3: error: kernel 'sgemm_kernel' spills {{[1-9][0-9]*}} bytes per lane to scratch with {{[0-9]+}} VGPRs: the tile options need more registers than a lane has; use a smaller bk, prefetch=registers or scheduler=tiling
// SPILL-NOT: see current operation
//
// A kernel that fits passes through the pass unchanged.
// RUN: gemm-opt %s --gemm-rdna3-pipeline -o %t/lowered.mlir
// RUN: gemm-opt %t/lowered.mlir --gemm-check-binary -o %t/checked.mlir
// RUN: cmp %t/lowered.mlir %t/checked.mlir
//
// RUN: gemm-opt --help | FileCheck %s --check-prefix=HELP
// HELP: --gemm-check-binary {{.*}}Reject code objects that spill to scratch

func.func @sgemm(%A: memref<256x256xf32>, %B: memref<256x256xf32>,
                 %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x256xf32>, memref<256x256xf32>)
                outs(%C : memref<256x256xf32>)
  return
}
