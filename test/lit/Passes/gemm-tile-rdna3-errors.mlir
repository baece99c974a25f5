// Options the kernel cannot honour are errors that name the limit.
// RUN: not gemm-opt %s --gemm-tile-rdna3=bm=96 -o /dev/null 2>&1 | FileCheck %s --check-prefix=BM
// RUN: not gemm-opt %s --gemm-tile-rdna3=bn=256 -o /dev/null 2>&1 | FileCheck %s --check-prefix=BN
// RUN: not gemm-opt %s --gemm-tile-rdna3=bk=12 -o /dev/null 2>&1 | FileCheck %s --check-prefix=BK
// RUN: not gemm-opt %s --gemm-tile-rdna3=pad=2 -o /dev/null 2>&1 | FileCheck %s --check-prefix=PAD
// RUN: not gemm-opt %s --gemm-tile-rdna3=prefetch=twice -o /dev/null 2>&1 | FileCheck %s --check-prefix=PREFETCH
// RUN: not gemm-opt %s --gemm-tile-rdna3=addressing=flat -o /dev/null 2>&1 | FileCheck %s --check-prefix=ADDRESSING
// RUN: not gemm-opt %s --gemm-tile-rdna3=bk=128 -o /dev/null 2>&1 | FileCheck %s --check-prefix=LDS
// RUN: not gemm-opt %s --gemm-tile-rdna3="bk=64 prefetch=lds" -o /dev/null 2>&1 | FileCheck %s --check-prefix=LDS2
// RUN: not gemm-opt %s --gemm-tile-rdna3="bk=64 pad=0" -o /dev/null 2>&1 | FileCheck %s --check-prefix=VGPR
//
// BM: error: 'linalg.matmul' op cannot be tiled with bm=96: the 4-wave lane layout covers 64 or 128 rows (4 or 8 rows per lane)
// BN: error: 'linalg.matmul' op cannot be tiled with bn=256: the lane layout covers 32, 64 or 128 columns (4, 8 or 16 per lane)
// BK: error: 'linalg.matmul' op cannot be tiled with bk=12: bk must divide the workgroup's 128 lanes
// PAD: error: 'linalg.matmul' op cannot be tiled with pad=2: the padding must be a non-negative multiple of 4 floats to keep 16-byte LDS reads aligned
// ADDRESSING: error: 'linalg.matmul' op cannot be tiled with addressing='flat': expected global or buffer
// PREFETCH: error: 'linalg.matmul' op cannot be tiled with prefetch='twice': expected none, registers or lds
// LDS: error: 'linalg.matmul' op needs 133120 bytes of LDS with bk=128 pad=4 and 1 stage(s); the limit is 65536
// LDS2: error: 'linalg.matmul' op needs 133120 bytes of LDS with bk=64 pad=4 and 2 stage(s); the limit is 65536
// VGPR: error: 'linalg.matmul' op needs at least 280 VGPRs per lane with bk=64; the limit is 256

func.func @sgemm(%A: memref<256x256xf32>, %B: memref<256x256xf32>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x256xf32>, memref<256x256xf32>)
                outs(%C : memref<256x256xf32>)
  return
}
