// Options the kernel cannot honour are errors that name the limit, whichever
// of the tiling passes checks them; option values that are not in the list
// are rejected when the options are parsed.
// RUN: not gemm-opt %s --gemm-tile-rdna3=bm=96 -o /dev/null 2>&1 | FileCheck %s --check-prefix=BM
// RUN: not gemm-opt %s --gemm-tile-rdna3=bn=256 -o /dev/null 2>&1 | FileCheck %s --check-prefix=BN
// RUN: not gemm-opt %s --gemm-tile-rdna3=bk=12 -o /dev/null 2>&1 | FileCheck %s --check-prefix=BK
// RUN: not gemm-opt %s --gemm-tile-rdna3="bn=32 bk=2" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BKB
// RUN: not gemm-opt %s --gemm-tile-rdna3=waves-m=40 -o /dev/null 2>&1 | FileCheck %s --check-prefix=WAVES
// RUN: not gemm-opt %s --gemm-tile-rdna3=pad=2 -o /dev/null 2>&1 | FileCheck %s --check-prefix=PAD
// RUN: not gemm-opt %s --gemm-tile-rdna3=unroll=3 -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNROLL
// RUN: not gemm-opt %s --gemm-tile-rdna3=prefetch=twice -o /dev/null 2>&1 | FileCheck %s --check-prefix=PREFETCH
// RUN: not gemm-opt %s --gemm-tile-rdna3=addressing=flat -o /dev/null 2>&1 | FileCheck %s --check-prefix=ADDRESSING
// RUN: not gemm-opt %s --gemm-tile-rdna3=bk=128 -o /dev/null 2>&1 | FileCheck %s --check-prefix=LDS
// RUN: not gemm-opt %s --gemm-tile-rdna3="bk=32 prefetch=lds" -o /dev/null 2>&1 | FileCheck %s --check-prefix=LDS2
// RUN: not gemm-opt %s --gemm-tile-rdna3="bk=64 pad=0" -o /dev/null 2>&1 | FileCheck %s --check-prefix=VGPR
//
// BM: errors.mlir:[[@LINE+14]]:3: error: 'linalg.matmul' op cannot be tiled with bm=96: with 4 wave(s) along M, bm must be a multiple of 64 (waves x 4 lanes x 4-row sub-tiles)
// BN: error: 'linalg.matmul' op cannot be tiled with bn=256: B's rows are copied bn lanes each, so bn must divide the workgroup's 128 lanes
// BK: error: 'linalg.matmul' op cannot be tiled with bk=12: A is copied bk lanes per row, so bk must divide the workgroup's 128 lanes, and the rows they copy at once (128 / bk) must divide bm=128
// BKB: error: 'linalg.matmul' op cannot be tiled with bn=32 bk=2: the 4 rows of B the 128 lanes copy at once must divide bk
// WAVES: error: waves-m=40 is not in 1..32: a workgroup holds 1 to 32 waves of 32 lanes
// PAD: error: pad=2 is not a non-negative multiple of 4 floats, which keeps 16-byte LDS reads aligned
// UNROLL: error: 'linalg.matmul' op cannot be tiled with unroll=3: the unroll factor must divide bk=8
// PREFETCH: for the --prefetch option: Cannot find option named 'twice'!
// ADDRESSING: for the --addressing option: Cannot find option named 'flat'!
// LDS: error: 'linalg.matmul' op needs 133120 bytes of LDS with bk=128 pad=4 and 1 stage(s); the limit is 65536
// LDS2: error: 'scf.for' op needs 66560 bytes of LDS with bk=32 and 2 stage(s); the limit is 65536
// VGPR: error: 'linalg.matmul' op needs at least 280 VGPRs per lane with bk=64; the limit is 256

func.func @sgemm(%A: memref<256x256xf32>, %B: memref<256x256xf32>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x256xf32>, memref<256x256xf32>)
                outs(%C : memref<256x256xf32>)
  return
}
