// Skinny plans that do not fit their matmul, and a skinny configuration
// without a plan: gemm-tile-skinny names the problem at the matmul
// (test/lit/Passes/gemm-tile-skinny.mlir).

// CHECK: skinny-plan-errors.mlir:[[@LINE+2]]:{{.*}} error: 'linalg.matmul' op has kernel = skinny but no plan in its #gemm.config (gemm-select-config records one)
func.func @no_plan(%A: memref<512x4096xf32>, %B: memref<4096x8xf32>, %C: memref<512x8xf32>) {
  linalg.matmul {gemm.config = #gemm.config<bm = 128, bn = 128, bk = 8, waves_m = 4, waves_n = 1, pad = 4, unroll = 0, prefetch = registers, addressing = buffer, kernel = skinny>}
    ins(%A, %B : memref<512x4096xf32>, memref<4096x8xf32>) outs(%C : memref<512x8xf32>)
  return
}

// -----

// B stored N x K: Y lies along K, which has no LDS tile.
// CHECK: skinny-plan-errors.mlir:[[@LINE+2]]:{{.*}} error: 'linalg.matmul' op cannot be compiled with its skinny plan: stage_y is for Y stored along S, and Y is stored along K
func.func @staged_y_along_k(%A: memref<512x4096xf32>, %B: memref<8x4096xf32>, %C: memref<512x8xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    {gemm.config = #gemm.config<bm = 128, bn = 128, bk = 8, waves_m = 4, waves_n = 1, pad = 4, unroll = 0, prefetch = registers, addressing = buffer, kernel = skinny, plan = #gemm.skinny_plan<lanes_k = 8, lanes_l = 4, rows_per_lane = 1, cols_per_group = 8, waves = 1, unroll = 1, stage_y = true>>}
    ins(%A, %B : memref<512x4096xf32>, memref<8x4096xf32>) outs(%C : memref<512x8xf32>)
  return
}

// -----

// 4096 / 4 = 1024 K steps do not split into 3 parts.
// CHECK: skinny-plan-errors.mlir:[[@LINE+2]]:{{.*}} error: 'linalg.matmul' op cannot be compiled with its skinny plan: parts=3 K parts need a plain 2-D matmul whose 1024 K steps they divide into parts of at least 16 (two loop iterations)
func.func @parts(%A: memref<512x4096xf32>, %B: memref<4096x8xf32>, %C: memref<512x8xf32>) {
  linalg.matmul {gemm.config = #gemm.config<bm = 128, bn = 128, bk = 8, waves_m = 4, waves_n = 1, pad = 4, unroll = 0, prefetch = registers, addressing = buffer, kernel = skinny, plan = <lanes_k = 8, lanes_l = 4, rows_per_lane = 1, cols_per_group = 8, waves = 1, unroll = 1, parts = 3>>}
    ins(%A, %B : memref<512x4096xf32>, memref<4096x8xf32>) outs(%C : memref<512x8xf32>)
  return
}

// -----

// A stored M x K: X lies along K, whose loads take 8 to 32 lanes along K.
// CHECK: skinny-plan-errors.mlir:[[@LINE+2]]:{{.*}} error: 'linalg.matmul' op cannot be compiled with its skinny plan: X is stored along K, which its loads do not take with lanes_k=4 (along K: 8, 16 or 32; along L: 4, or 1 with scalar_y)
func.func @lanes(%A: memref<512x4096xf32>, %B: memref<4096x8xf32>, %C: memref<512x8xf32>) {
  linalg.matmul {gemm.config = #gemm.config<bm = 128, bn = 128, bk = 8, waves_m = 4, waves_n = 1, pad = 4, unroll = 0, prefetch = registers, addressing = buffer, kernel = skinny, plan = <lanes_k = 4, lanes_l = 8, rows_per_lane = 1, cols_per_group = 8, waves = 1, unroll = 1>>}
    ins(%A, %B : memref<512x4096xf32>, memref<4096x8xf32>) outs(%C : memref<512x8xf32>)
  return
}

// -----

// K = 64 is 16 steps: one wave of 8 lanes along K takes them in 2 loop
// iterations.
// CHECK: skinny-plan-errors.mlir:[[@LINE+2]]:{{.*}} error: 'linalg.matmul' op cannot be compiled with its skinny plan: waves=4 leaves a wave fewer than two loop iterations of its 16 K steps (at most 1 waves)
func.func @waves(%A: memref<512x64xf32>, %B: memref<64x8xf32>, %C: memref<512x8xf32>) {
  linalg.matmul {gemm.config = #gemm.config<bm = 128, bn = 128, bk = 8, waves_m = 4, waves_n = 1, pad = 4, unroll = 0, prefetch = registers, addressing = buffer, kernel = skinny, plan = <lanes_k = 8, lanes_l = 4, rows_per_lane = 1, cols_per_group = 8, waves = 4, unroll = 1>>}
    ins(%A, %B : memref<512x64xf32>, memref<64x8xf32>) outs(%C : memref<512x8xf32>)
  return
}
