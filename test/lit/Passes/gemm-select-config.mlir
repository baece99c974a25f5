// RUN: gemm-opt %s --split-input-file --gemm-select-config --verify-diagnostics | FileCheck %s
// RUN: gemm-opt %s --split-input-file --gemm-select-config="bm=64 bn=32 bk=16 waves-m=2 waves-n=1 pad=8 unroll=2 prefetch=lds addressing=global" --verify-diagnostics | FileCheck %s --check-prefix=OPTS
// The attributes print as they parse.
// RUN: gemm-opt %s --split-input-file --gemm-select-config | gemm-opt --split-input-file | FileCheck %s
// RUN: not gemm-opt %s --gemm-select-config=prefetch=twice -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD-PREFETCH
// RUN: not gemm-opt %s --gemm-select-config=bm=x -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD-BM
// RUN: not gemm-opt %S/Inputs/bad-config.mlir --split-input-file -o /dev/null 2>&1 | FileCheck %S/Inputs/bad-config.mlir

// Every matmul gets the options as its #gemm.config: the defaults are
// KernelConfig's.
// CHECK-LABEL: func.func @sgemm
// CHECK: linalg.matmul {gemm.config = #gemm.config<bm = 128, bn = 128, bk = 8, waves_m = 4, waves_n = 1, pad = 4, unroll = 0, prefetch = registers, addressing = buffer>} ins(
// OPTS-LABEL: func.func @sgemm
// OPTS: linalg.matmul {gemm.config = #gemm.config<bm = 64, bn = 32, bk = 16, waves_m = 2, waves_n = 1, pad = 8, unroll = 2, prefetch = lds, addressing = global>} ins(
func.func @sgemm(%A: memref<256x256xf32>, %B: memref<256x256xf32>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x256xf32>, memref<256x256xf32>)
                outs(%C : memref<256x256xf32>)
  return
}

// -----

// A batch matmul too; a configuration already there is replaced.
// CHECK-LABEL: func.func @batched
// CHECK: linalg.batch_matmul {gemm.config = #gemm.config<bm = 128, bn = 128, bk = 8, waves_m = 4, waves_n = 1, pad = 4, unroll = 0, prefetch = registers, addressing = buffer>} ins(
// OPTS: linalg.batch_matmul {gemm.config = #gemm.config<bm = 64, bn = 32, bk = 16, waves_m = 2, waves_n = 1, pad = 8, unroll = 2, prefetch = lds, addressing = global>} ins(
func.func @batched(%A: memref<2x256x256xf32>, %B: memref<2x256x256xf32>, %C: memref<2x256x256xf32>) {
  linalg.batch_matmul {gemm.config = #gemm.config<bm = 256, bn = 256, bk = 4, waves_m = 8, waves_n = 2, pad = 0, unroll = 1, prefetch = none, addressing = global>}
                      ins(%A, %B : memref<2x256x256xf32>, memref<2x256x256xf32>)
                      outs(%C : memref<2x256x256xf32>)
  return
}

// -----

// A matmul inside a launch is already a kernel's: left alone. The launch's
// attributes round-trip, `?` for a dynamic size.
// CHECK-LABEL: func.func @in_launch
// CHECK: linalg.matmul ins(
// CHECK: gemm.config = #gemm.config<bm = 64, bn = 64, bk = 8, waves_m = 2, waves_n = 2, pad = 0, unroll = 4, prefetch = none, addressing = buffer>, gemm.problem = #gemm.problem<m = 16, n = ?, k = 0>
func.func @in_launch(%A: memref<16x16xf32>, %B: memref<16x16xf32>, %C: memref<16x16xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1) threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
    linalg.matmul ins(%A, %B : memref<16x16xf32>, memref<16x16xf32>)
                  outs(%C : memref<16x16xf32>)
    gpu.terminator
  } {gemm.config = #gemm.config<bm = 64, bn = 64, bk = 8, waves_m = 2, waves_n = 2, pad = 0, unroll = 4, prefetch = none, addressing = buffer>, gemm.problem = #gemm.problem<m = 16, n = ?, k = 0>}
  return
}

// -----

// gemm-check-input's record round-trips too: a factor may be an argument.
// CHECK-LABEL: func.func @record
// CHECK-SAME: gemm.matmul = #gemm.matmul<m = 8, n = ?, k = 8, batch = 2, a = 1, b = 0, c = 2, transpose_a = true, transpose_b = false, lda = 8, ldb = ?, ldc = 8, batch_stride_a = 64, batch_stride_b = ?, batch_stride_c = 64, alpha = arg3, beta = 2.500000e-01>
func.func @record() attributes {gemm.matmul = #gemm.matmul<m = 8, n = ?, k = 8, batch = 2, a = 1, b = 0, c = 2, transpose_a = true, transpose_b = false, lda = 8, ldb = ?, ldc = 8, batch_stride_a = 64, batch_stride_b = ?, batch_stride_c = 64, alpha = arg3, beta = 0.25>} {
  return
}

// -----

// The split of the grid's tail covers the epilogue: 2048^3 is 512 tiles of
// 64 x 128, 5 rounds and a tail of 32, split in 3 parts as without one.
// CHECK-LABEL: func.func @epilogue_split
// CHECK: linalg.matmul {gemm.config = #gemm.config<bm = 64, bn = 128, {{.*}}, split_tail = 3>}
func.func @epilogue_split(%A: memref<2048x2048xf32>, %B: memref<2048x2048xf32>, %C: memref<2048x2048xf32>, %alpha: f32) {
  %zero = arith.constant 0.0 : f32
  %T = memref.alloc() : memref<2048x2048xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<2048x2048xf32>)
  linalg.matmul ins(%A, %B : memref<2048x2048xf32>, memref<2048x2048xf32>) outs(%T : memref<2048x2048xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%T : memref<2048x2048xf32>) outs(%C : memref<2048x2048xf32>) {
  ^bb0(%t: f32, %c: f32):
    %at = arith.mulf %alpha, %t : f32
    %r = arith.addf %at, %c : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// Not where the parts' sums could not start where the program's do (a
// temporary filled with -0.0), nor with a dynamic leading dimension (the
// split grid is fixed at compile time): the data-parallel kernel.
// CHECK-LABEL: func.func @epilogue_negative_zero
// CHECK: linalg.matmul {gemm.config = #gemm.config<{{[^>]*}}addressing = buffer>}
func.func @epilogue_negative_zero(%A: memref<2048x2048xf32>, %B: memref<2048x2048xf32>, %C: memref<2048x2048xf32>, %alpha: f32) {
  %zero = arith.constant -0.0 : f32
  %T = memref.alloc() : memref<2048x2048xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<2048x2048xf32>)
  linalg.matmul ins(%A, %B : memref<2048x2048xf32>, memref<2048x2048xf32>) outs(%T : memref<2048x2048xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%T : memref<2048x2048xf32>) outs(%C : memref<2048x2048xf32>) {
  ^bb0(%t: f32, %c: f32):
    %at = arith.mulf %alpha, %t : f32
    %r = arith.addf %at, %c : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// CHECK-LABEL: func.func @dynamic_leading_dimension
// CHECK: linalg.matmul {gemm.config = #gemm.config<{{[^>]*}}addressing = buffer>}
func.func @dynamic_leading_dimension(%A: memref<2048x2048xf32>, %B: memref<2048x2048xf32, strided<[?, 1]>>, %C: memref<2048x2048xf32>) {
  linalg.matmul ins(%A, %B : memref<2048x2048xf32>, memref<2048x2048xf32, strided<[?, 1]>>)
                outs(%C : memref<2048x2048xf32>)
  return
}

// BAD-PREFETCH: for the --prefetch option: Cannot find option named 'twice'!
// BAD-BM: for the --bm option: 'x' value invalid for long argument!
