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

// The lanes along L of a wave (here 4) take the same K steps, so the same
// values of B. With B stored K x N, a plan may stage them: per step each
// wave loads its 32 K rows x 8 columns of B once, 2 x 16 bytes a lane (a
// K row in 2 lanes), into its tile in LDS, and its lanes read their 4 K rows
// from there. K value i of lane k is tile row i x 8 + k, and rows have 8 + 4
// floats, so that the 8 lanes along K read different banks. 1000 rows in
// 32 workgroups of 32 (8 rows a lane), 8 groups of 8 columns, 3 waves.
// CHECK-LABEL: func.func @stage_y(
// CHECK: gpu.launch blocks({{.*}}) in (%{{.*}} = %c256, %{{.*}} = %c1, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c96, %{{.*}} = %c1, %{{.*}} = %c1) function(@stage_y_skinny_kernel) workgroup(%[[TILES:.*]] : memref<3x1x32x12xf32, #gpu.address_space<workgroup>>, %{{.*}} : memref<3x64x4xf32, #gpu.address_space<workgroup>>)
// CHECK: %[[LANE:.*]] = arith.remui %{{.*}}, %c32
// CHECK: %[[WAVE:.*]] = arith.divui %{{.*}}, %c32
// CHECK: %[[LANEK:.*]] = arith.remui %[[LANE]], %c8
// CHECK: %[[COL0:.*]] = arith.minui %{{.*}}, %c56
// CHECK: scf.for {{.*}} -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>)
// The wave's first K row: its first lane's step x 4.
// CHECK: %[[WAVESTEP:.*]] = arith.addi %{{.*}}, %[[WAVE]]
// CHECK: %[[WAVEK:.*]] = arith.muli %[[WAVESTEP]], %c32
// CHECK: %[[PROW:.*]] = arith.divui %[[LANE]], %c2
// CHECK: %[[PCOL:.*]] = arith.remui %[[LANE]], %c2
// CHECK: %[[COL4:.*]] = arith.muli %[[PCOL]], %c4
// CHECK: %[[COL:.*]] = arith.addi %[[COL0]], %[[COL4]]
// CHECK: %[[KROW:.*]] = arith.addi %[[WAVEK]], %[[PROW]]
// CHECK: %[[PIECE0:.*]] = vector.load %arg1[%[[KROW]], %[[COL]]] : memref<512x64xf32>, vector<4xf32>
// CHECK: %[[PIECE1:.*]] = vector.load %arg1[{{.*}}] : memref<512x64xf32>, vector<4xf32>
// A's loads, then the tile's stores between wave barriers, then its reads.
// CHECK: vector.load %arg0
// CHECK: llvm.call_intrinsic "llvm.amdgcn.wave.barrier"() : () -> ()
// CHECK: %[[R:.*]] = arith.divui %{{.*}}, %c4
// CHECK: %[[I:.*]] = arith.remui %{{.*}}, %c4
// CHECK: %[[I8:.*]] = arith.muli %[[I]], %c8
// CHECK: %[[TROW:.*]] = arith.addi %[[I8]], %[[R]]
// CHECK: vector.store %[[PIECE0]], %[[TILES]][%[[WAVE]], %c0, %[[TROW]], %{{.*}}] : memref<3x1x32x12xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK: vector.store %[[PIECE1]], %[[TILES]]
// CHECK: llvm.call_intrinsic "llvm.amdgcn.wave.barrier"() : () -> ()
// CHECK: vector.load %[[TILES]][%[[WAVE]], %c0, %[[LANEK]], %c0] : memref<3x1x32x12xf32, #gpu.address_space<workgroup>>, vector<8xf32>
// CHECK: %[[K1:.*]] = arith.addi %[[LANEK]], %c8
// CHECK: vector.load %[[TILES]][%[[WAVE]], %c0, %[[K1]], %c0] : memref<3x1x32x12xf32, #gpu.address_space<workgroup>>, vector<8xf32>
// CHECK-NOT: vector.load %arg1[
// CHECK: scf.yield
// The rest (not all lanes take part) loads B itself.
// CHECK: scf.if
// CHECK: vector.load %arg1
// The sums are added over each K group of 8 lanes by halving, a slot of 8
// sums at a time: a lane whose K-lane bit 4 is set keeps the upper 4 sums
// of the slot and sends the lower 4 to lane 7 - k of its group (whose bit 4
// is clear), adding what it receives; then 2 with lane k xor 2, and 1 with
// k xor 1, which leaves lane k with sum k of the slot.
// CHECK: %[[E0:.*]] = vector.extract %[[SUMS:.*]]#0[0] : f32 from vector<8xf32>
// CHECK: %[[E4:.*]] = vector.extract %[[SUMS]]#0[4] : f32 from vector<8xf32>
// CHECK: %[[BIT4:.*]] = arith.andi %[[LANEK]], %c4
// CHECK-NEXT: %[[UPPER4:.*]] = arith.cmpi ne, %[[BIT4]], %c0
// CHECK-NEXT: %[[BIT2:.*]] = arith.andi %[[LANEK]], %c2
// CHECK-NEXT: %[[UPPER2:.*]] = arith.cmpi ne, %[[BIT2]], %c0
// CHECK-NEXT: %[[BIT1:.*]] = arith.andi %[[LANEK]], %c1
// CHECK-NEXT: %[[UPPER1:.*]] = arith.cmpi ne, %[[BIT1]], %c0
// CHECK-NEXT: %[[KEEP:.*]] = arith.select %[[UPPER4]], %[[E4]], %[[E0]] : f32
// CHECK-NEXT: %[[SEND:.*]] = arith.select %[[UPPER4]], %[[E0]], %[[E4]] : f32
// CHECK-NEXT: %[[GOT:.*]] = amdgpu.dpp %[[SEND]] %[[SEND]] row_half_mirror {bound_ctrl = true} : f32
// CHECK-NEXT: %[[S04:.*]] = arith.addf %[[KEEP]], %[[GOT]] : f32
// CHECK-COUNT-3: row_half_mirror
// CHECK: %[[KEEP2:.*]] = arith.select %[[UPPER2]], %{{.*}}, %[[S04]] : f32
// CHECK-NEXT: %[[SEND2:.*]] = arith.select %[[UPPER2]], %[[S04]], %{{.*}} : f32
// CHECK-NEXT: %[[GOT2:.*]] = amdgpu.dpp %[[SEND2]] %[[SEND2]] quad_perm([2 : i32, 3 : i32, 0 : i32, 1 : i32]) {bound_ctrl = true} : f32
// CHECK-NEXT: %[[S2:.*]] = arith.addf %[[KEEP2]], %[[GOT2]] : f32
// CHECK: quad_perm([2 : i32, 3 : i32, 0 : i32, 1 : i32])
// CHECK: %[[KEEP1:.*]] = arith.select %[[UPPER1]], %{{.*}}, %[[S2]] : f32
// CHECK-NEXT: %[[SEND1:.*]] = arith.select %[[UPPER1]], %[[S2]], %{{.*}} : f32
// CHECK-NEXT: %[[GOT1:.*]] = amdgpu.dpp %[[SEND1]] %[[SEND1]] quad_perm([1 : i32, 0 : i32, 3 : i32, 2 : i32]) {bound_ctrl = true} : f32
// CHECK-NEXT: arith.addf %[[KEEP1]], %[[GOT1]] : f32
// The next slot's sums.
// CHECK-NEXT: arith.select %[[UPPER4]]
// CHECK-NOT: gpu.subgroup_reduce
// CHECK: gpu.terminator
func.func @stage_y(%A: memref<1000x512xf32>, %B: memref<512x64xf32>, %C: memref<1000x64xf32>) {
  linalg.matmul {gemm.config = #gemm.config<bm = 128, bn = 128, bk = 8, waves_m = 4, waves_n = 1, pad = 4, unroll = 0, prefetch = registers, addressing = buffer, kernel = skinny, plan = <lanes_k = 8, lanes_l = 4, rows_per_lane = 8, cols_per_group = 8, waves = 3, unroll = 1, stage_y = true>>}
    ins(%A, %B : memref<1000x512xf32>, memref<512x64xf32>) outs(%C : memref<1000x64xf32>)
  return
}

// Y in SGPRs as in @scalar_y of gemm-tile-skinny.mlir, with 3 waves to
// split K: 256 steps in 85 loop iterations and a rest step; the waves share the adds of their partial
// sums (wave w adds sums w, w + 3, ...) and issue their C loads before
// their guarded stores.
// CHECK-LABEL: func.func @scalar_y_three_waves(
// CHECK: gpu.launch blocks({{.*}}) in (%{{.*}} = %c376, %{{.*}} = %c1, %{{.*}} = %c1) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c96, %{{.*}} = %c1, %{{.*}} = %c1) function(@scalar_y_three_waves_skinny_kernel) workgroup(%[[LDS:.*]] : memref<3x32x32xf32, #gpu.address_space<workgroup>>)
// CHECK: %[[LANE:.*]] = arith.remui %[[TX]], %c32
// CHECK: %[[DIVERGENT:.*]] = arith.divui %[[TX]], %c32
// CHECK: %[[I32:.*]] = arith.index_cast %[[DIVERGENT]] : index to i32
// CHECK: %[[FIRST:.*]] = rocdl.readfirstlane %[[I32]] : i32
// CHECK: %[[WAVE:.*]] = arith.index_cast %[[FIRST]] : i32 to index
// CHECK: %[[LANEROW:.*]] = arith.muli %[[LANE]], %c2
// CHECK: %[[OWNED:.*]] = arith.addi %{{.*}}, %[[LANEROW]]
// CHECK: %[[ROW:.*]] = arith.minui %[[OWNED]], %c2998
// CHECK: %[[COL:.*]] = arith.minui %{{.*}}, %c112
// CHECK: scf.for %[[I:.*]] = %c0 to %c85 step %c1 iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>)
// CHECK: %[[G:.*]] = arith.muli %[[I]], %c3
// CHECK: %[[STEP:.*]] = arith.addi %[[G]], %[[WAVE]]
// CHECK: %[[K:.*]] = arith.muli %[[STEP]], %c4
// CHECK: vector.load %arg0[%[[K]], %[[ROW]]] : memref<1024x3000xf32>, vector<2xf32>
// CHECK: vector.load %arg1[%[[K]], %[[COL]]] : memref<1024x128xf32>, vector<16xf32>
// CHECK: scf.yield
// The rest step: the first wave's.
// CHECK: arith.cmpi ult, %[[WAVE]], %c1
// CHECK-NOT: amdgpu.dpp
// CHECK: memref.store %{{.*}}, %[[LDS]][%[[WAVE]], %c0, %[[LANE]]]
// CHECK: memref.store %{{.*}}, %[[LDS]][%[[WAVE]], %c31, %[[LANE]]]
// CHECK-NEXT: gpu.barrier
// CHECK: %[[SUM0:.*]] = arith.minui %[[WAVE]], %c31
// CHECK-NEXT: %[[W0:.*]] = memref.load %[[LDS]][%c0, %[[SUM0]], %[[LANE]]]
// CHECK-NEXT: %[[W1:.*]] = memref.load %[[LDS]][%c1, %[[SUM0]], %[[LANE]]]
// CHECK-NEXT: %[[T1:.*]] = arith.addf %[[W0]], %[[W1]]
// CHECK-NEXT: %[[W2:.*]] = memref.load %[[LDS]][%c2, %[[SUM0]], %[[LANE]]]
// CHECK-NEXT: %[[T2:.*]] = arith.addf %[[T1]], %[[W2]]
// CHECK: %[[OLD0:.*]] = memref.load %arg2[%[[R0:.*]], %[[C0:.*]]] : memref<3000x128xf32>
// CHECK-NEXT: %[[SUM1:.*]] = arith.addi %[[WAVE]], %c3
// All 11 of a wave's C loads come before its first store.
// CHECK-NOT: scf.if
// CHECK-COUNT-10: memref.load %arg2
// CHECK-NOT: memref.load %arg2
// CHECK: scf.if
// CHECK-NEXT: %[[NEW0:.*]] = arith.addf %[[OLD0]], %[[T2]]
// CHECK-NEXT: memref.store %[[NEW0]], %arg2[%[[R0]], %[[C0]]]
// CHECK: gpu.terminator
func.func @scalar_y_three_waves(%A: memref<1024x3000xf32>, %B: memref<1024x128xf32>, %C: memref<3000x128xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
    {gemm.config = #gemm.config<bm = 128, bn = 128, bk = 8, waves_m = 4, waves_n = 1, pad = 4, unroll = 0, prefetch = registers, addressing = buffer, kernel = skinny, plan = <lanes_k = 1, lanes_l = 32, rows_per_lane = 2, cols_per_group = 16, waves = 3, unroll = 1, scalar_y = true>>}
    ins(%A, %B : memref<1024x3000xf32>, memref<1024x128xf32>) outs(%C : memref<3000x128xf32>)
  return
}
