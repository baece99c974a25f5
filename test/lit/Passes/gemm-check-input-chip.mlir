// RUN: gemm-opt %s --gemm-check-input=chip=gfx1101 | FileCheck %s
// RUN: gemm-opt %s --gemm-check-input=chip=gfx90a --verify-diagnostics

// An RDNA3 chip other than the default is accepted.
// CHECK: gemm.matmul

// expected-error @below {{unknown chip 'gfx90a': gemm-opt targets RDNA3, one of gfx1100, gfx1101, gfx1102, gfx1103, gfx1150, gfx1151, gfx1152, gfx1153}}
module {
  func.func @sgemm(%A: memref<8x8xf32>, %B: memref<8x8xf32>, %C: memref<8x8xf32>) {
    linalg.matmul ins(%A, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%C : memref<8x8xf32>)
    return
  }
}
