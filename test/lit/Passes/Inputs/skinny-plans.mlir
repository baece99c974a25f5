// gemm-tile-skinny builds the plan its #gemm.config gives, not one of its own
// (test/lit/Passes/gemm-tile-skinny.mlir).

// gemm-select-config gives this matmul 16 lanes along K and 3 waves with Y
// staged in LDS (gemm-tile-skinny.mlir, @small_n); given 8 lanes along K and
// one wave, the kernel has 512 / 4 = 128 workgroups of 32 lanes and no LDS.
// CHECK-LABEL: func.func @given_plan(
// CHECK: gpu.launch blocks({{.*}}) in (%{{.*}} = %c128, %{{.*}} = %c1, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c32, %{{.*}} = %c1, %{{.*}} = %c1) function(@given_plan_skinny_kernel) {
// CHECK: %[[LANEK:.*]] = arith.remui %{{.*}}, %c8
// CHECK: scf.for {{.*}} -> (vector<8xf32>)
// CHECK: vector.load %arg1[
// CHECK-NOT: gpu.barrier
// CHECK: gpu.terminator
func.func @given_plan(%A: memref<512x4096xf32>, %B: memref<4096x8xf32>, %C: memref<512x8xf32>) {
  linalg.matmul {gemm.config = #gemm.config<bm = 128, bn = 128, bk = 8, waves_m = 4, waves_n = 1, pad = 4, unroll = 0, prefetch = registers, addressing = buffer, kernel = skinny, plan = <lanes_k = 8, lanes_l = 4, rows_per_lane = 1, cols_per_group = 8, waves = 1, unroll = 1>>}
    ins(%A, %B : memref<512x4096xf32>, memref<4096x8xf32>) outs(%C : memref<512x8xf32>)
  return
}
