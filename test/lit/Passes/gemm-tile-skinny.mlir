// gemm-tile-skinny: a matmul with a small M or N becomes a launch whose lanes
// split K, with the partial sums added across lanes by DPP and across waves
// through LDS.
// RUN: gemm-opt %s --gemm-select-config=kernel=skinny --gemm-tile-skinny --canonicalize | FileCheck %s
// gemm-select-config chooses it by itself for the small sides below (at
// most 32), and for N = 48 only when the tiled kernel's tiles would leave
// CUs idle. The plans and the estimate that ranks them are SkinnyPlan.cpp's
// (their cases: unittests/Passes/SkinnyPlanTest.cpp).
// gemm-select-config records the plan it chose in the #gemm.config, and
// gemm-tile-skinny builds the plan it is given (Inputs/skinny-plans.mlir).
// RUN: gemm-opt %s --gemm-select-config | FileCheck %s --check-prefix=AUTO
// RUN: gemm-opt %S/Inputs/skinny-plans.mlir --gemm-tile-skinny --canonicalize | FileCheck %S/Inputs/skinny-plans.mlir
// RUN: not gemm-opt %S/Inputs/skinny-plan-errors.mlir --gemm-tile-skinny --split-input-file 2>&1 | FileCheck %S/Inputs/skinny-plan-errors.mlir
// RUN: not gemm-opt %S/Inputs/skinny-errors.mlir --gemm-select-config=kernel=skinny --gemm-tile-skinny --split-input-file 2>&1 | FileCheck %S/Inputs/skinny-errors.mlir

// AUTO-LABEL: func.func @small_n(
// AUTO: linalg.matmul {{.*}}kernel = skinny, plan = <lanes_k = 16, lanes_l = 2, rows_per_lane = 1, cols_per_group = 8, waves = 3, unroll = 2, stage_y = true>>}
// AUTO-LABEL: func.func @small_n_ta(
// AUTO: linalg.matmul {{.*}}kernel = skinny, plan = <lanes_k = 4, lanes_l = 8, rows_per_lane = 4, cols_per_group = 4, waves = 8, unroll = 2>>}
// AUTO-LABEL: func.func @small_m_batch_epilogue(
// AUTO: linalg.batch_matmul {{.*}}kernel = skinny, plan = <lanes_k = 8, lanes_l = 4, rows_per_lane = 8, cols_per_group = 7, waves = 3, unroll = 1>>}
// AUTO-LABEL: func.func @wide(
// AUTO-NOT: kernel = skinny
// AUTO: linalg.matmul {gemm.config = #gemm.config<bm = 128, bn = 32,
// AUTO-SAME: addressing = buffer>}
// AUTO-LABEL: func.func @few_tiles(
// AUTO: linalg.matmul {{.*}}kernel = skinny, plan = <lanes_k = 8, lanes_l = 4, rows_per_lane = 4, cols_per_group = 16, waves = 2, unroll = 1, stage_y = true>>}
// AUTO-LABEL: func.func @parts(
// AUTO: linalg.matmul {{.*}}kernel = skinny, plan = <lanes_k = 8, lanes_l = 4, rows_per_lane = 2, cols_per_group = 4, waves = 1, unroll = 2, parts = 16>>}

// A is stored with K contiguous: lanes along K, each loading 16 bytes of
// its row per step; B's 8 columns of each K row come from the wave's tile
// in LDS (as in @stage_y of Inputs/skinny-plans.mlir). 512 rows in workgroups of 4 rows (4 rows
// of 8 lanes, one row per lane) would be 128 workgroups, too few for 96
// CUs: 16 lanes along K (lane % 16) take a row, 256 workgroups of 2 rows,
// each 3 waves splitting K.
// CHECK-LABEL: func.func @small_n(
// CHECK: gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c256, %{{.*}} = %c1, %{{.*}} = %c1) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c96, %{{.*}} = %c1, %{{.*}} = %c1) function(@small_n_skinny_kernel) workgroup(%[[TILES:.*]] : memref<3x2x64x12xf32, #gpu.address_space<workgroup>>, %[[LDS:.*]] : memref<3x8x2xf32, #gpu.address_space<workgroup>>)
// CHECK: %[[LANE:.*]] = arith.remui %[[TX]], %c32
// CHECK: %[[WAVE:.*]] = arith.divui %[[TX]], %c32
// CHECK: %[[LANEK:.*]] = arith.remui %[[LANE]], %c16
// CHECK: %[[LANEL:.*]] = arith.divui %[[LANE]], %c16
// CHECK: %[[OWNED:.*]] = arith.addi %{{.*}}, %[[LANEL]]
// CHECK: %[[ROW:.*]] = arith.minui %[[OWNED]], %c511
// C's old value at the lane's sum (lane k of 16 keeps sum min(k, 7), see
// below) is loaded before the K loop, its latency hidden behind it.
// CHECK: %[[OLD:.*]] = memref.load %arg2[%{{.*}}, %{{.*}}] : memref<512x8xf32>
// 4096 / 4 = 1024 steps of 4 K values: 21 iterations of 3 x 16 lanes, the
// first 20 unrolled by 2, then one whole, then 16 steps for the first lanes.
// CHECK-NEXT: %[[SUM:.*]] = scf.for %[[I:.*]] = %c0 to %c20 step %c2 iter_args(%[[ACC:.*]] = %cst) -> (vector<8xf32>)
// CHECK: %[[G:.*]] = arith.muli %[[I]], %c3
// CHECK: %[[W:.*]] = arith.addi %[[G]], %[[WAVE]]
// CHECK: %[[S:.*]] = arith.muli %[[W]], %c16
// CHECK: %[[STEP:.*]] = arith.addi %[[S]], %[[LANEK]]
// CHECK: %[[K:.*]] = arith.muli %[[STEP]], %c4
// CHECK: %[[A:.*]] = vector.load %arg0[%[[ROW]], %[[K]]] : memref<512x4096xf32>, vector<4xf32>
// CHECK: %[[A0:.*]] = vector.extract %[[A]][0]
// The second step's loads before the first step's FMAs.
// CHECK: vector.load %arg0
// CHECK: %[[B0:.*]] = vector.load %[[TILES]][%[[WAVE]], %c0, %[[LANEK]], %c0] : memref<3x2x64x12xf32, #gpu.address_space<workgroup>>, vector<8xf32>
// CHECK: %[[SPLAT:.*]] = vector.broadcast %[[A0]] : f32 to vector<8xf32>
// CHECK-NEXT: vector.fma %[[SPLAT]], %[[B0]], %[[ACC]] : vector<8xf32>
// CHECK: scf.yield
// CHECK: %[[REST:.*]] = arith.cmpi ult, %{{.*}}, %c16
// CHECK: %[[LAST:.*]] = scf.if %[[REST]] -> (vector<8xf32>)
// CHECK: %[[E:.*]] = vector.extract %[[LAST]][0] : f32 from vector<8xf32>
// CHECK-NEXT: %[[P1:.*]] = amdgpu.dpp %[[E]] %[[E]] quad_perm([1 : i32, 0 : i32, 3 : i32, 2 : i32]) {bound_ctrl = true} : f32
// CHECK-NEXT: %[[S1:.*]] = arith.addf %[[E]], %[[P1]]
// CHECK-NEXT: %[[P2:.*]] = amdgpu.dpp %[[S1]] %[[S1]] quad_perm([2 : i32, 3 : i32, 0 : i32, 1 : i32]) {bound_ctrl = true} : f32
// CHECK-NEXT: %[[S2:.*]] = arith.addf %[[S1]], %[[P2]]
// CHECK-NEXT: %[[P3:.*]] = amdgpu.dpp %[[S2]] %[[S2]] row_half_mirror(unit) {bound_ctrl = true} : f32
// CHECK-NEXT: %[[S3:.*]] = arith.addf %[[S2]], %[[P3]]
// CHECK-NEXT: %[[P4:.*]] = amdgpu.dpp %[[S3]] %[[S3]] row_mirror(unit) {bound_ctrl = true} : f32
// CHECK-NEXT: %[[S4:.*]] = arith.addf %[[S3]], %[[P4]]
// Lane k of the 16 keeps sum min(k, 7), writes it to LDS; after the barrier
// the first wave adds the 3 waves' sums in wave order and stores C += sum.
// CHECK: %[[ISL1:.*]] = arith.cmpi eq, %[[LANEK]], %c1
// CHECK-NEXT: arith.select %[[ISL1]], %{{.*}}, %[[S4]] : f32
// CHECK: %[[ISL15:.*]] = arith.cmpi eq, %[[LANEK]], %c15
// CHECK-NEXT: %[[MINE:.*]] = arith.select %[[ISL15]]
// CHECK: memref.store %[[MINE]], %[[LDS]][%[[WAVE]], %{{.*}}, %[[LANEL]]]
// CHECK-NEXT: gpu.barrier
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[WAVE]], %c0
// CHECK-NEXT: scf.if %[[FIRST]] {
// CHECK: %[[W0:.*]] = memref.load %[[LDS]][%c0,
// CHECK-NEXT: %[[W1:.*]] = memref.load %[[LDS]][%c1,
// CHECK-NEXT: %[[T1:.*]] = arith.addf %[[W0]], %[[W1]]
// CHECK-NEXT: %[[W2:.*]] = memref.load %[[LDS]][%c2,
// CHECK-NEXT: %[[T2:.*]] = arith.addf %[[T1]], %[[W2]] : f32
// CHECK-NOT: memref.load
// CHECK: scf.if
// CHECK-NEXT: %[[NEW:.*]] = arith.addf %[[OLD]], %[[T2]]
// CHECK-NEXT: memref.store %[[NEW]], %arg2[
func.func @small_n(%A: memref<512x4096xf32>, %B: memref<4096x8xf32>, %C: memref<512x8xf32>) {
  linalg.matmul ins(%A, %B : memref<512x4096xf32>, memref<4096x8xf32>) outs(%C : memref<512x8xf32>)
  return
}

// A stored K x M (rows of L contiguous): 4 lanes along K, each taking 4
// rows (one vector<4xf32> per K row) for 8 lanes x 4 = 32 rows per
// workgroup; the last workgroup (rows 1984-2015 of 2000) is shifted back
// to 1968 by the min.
// CHECK-LABEL: func.func @small_n_ta(
// CHECK: gpu.launch blocks({{.*}}) in (%{{.*}} = %c63, %{{.*}} = %c1, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c256,
// CHECK: %[[LANEK:.*]] = arith.remui %{{.*}}, %c4
// CHECK: %[[ROW:.*]] = arith.minui %{{.*}}, %c1996
// CHECK: scf.for {{.*}} -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>)
// CHECK: vector.load %arg0[%[[K:.*]], %[[ROW]]] : memref<1024x2000xf32>, vector<4xf32>
// CHECK: %[[K1:.*]] = arith.addi %[[K]], %c1
// CHECK-NEXT: vector.load %arg0[%[[K1]], %[[ROW]]] : memref<1024x2000xf32>, vector<4xf32>
// CHECK: vector.load %arg1[%[[K]], %c0] : memref<1024x4xf32>, vector<4xf32>
// Clusters of 4 lanes: two DPP steps.
// CHECK: amdgpu.dpp {{.*}} quad_perm([2 : i32, 3 : i32, 0 : i32, 1 : i32])
// CHECK-NOT: row_half_mirror
// CHECK: gpu.terminator
func.func @small_n_ta(%A: memref<1024x2000xf32>, %B: memref<1024x4xf32>, %C: memref<2000x4xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
                ins(%A, %B : memref<1024x2000xf32>, memref<1024x4xf32>) outs(%C : memref<2000x4xf32>)
  return
}

// A stored K x M: 8 lanes along M. Of the plans (rows per lane x columns
// per workgroup) the estimate of address, L2 and DRAM cycles takes 8 rows x
// 10 columns (40 = 4 groups of 10), B loaded by the lanes (the estimate
// ranks this above B in SGPRs, @scalar_y's plan). A lane's rows are
// two chunks of 4, the 8 lanes' chunks side by side (128 contiguous bytes of
// a K row per load, not 256 bytes in 2 lines per chunk of 8): 3000 rows in
// 47 groups of 64 (188 workgroups with the 4 column groups), each chunk
// shifted back to end at row 3000.
// CHECK-LABEL: func.func @row_chunks(
// CHECK: gpu.launch blocks({{.*}}) in (%{{.*}} = %c188, %{{.*}} = %c1, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c160,
// CHECK: %[[LANE:.*]] = arith.remui %{{.*}}, %c32
// CHECK: %[[LANEL:.*]] = arith.divui %[[LANE]], %c4
// CHECK: %[[GROUPL:.*]] = arith.divui %{{.*}}, %c4
// CHECK: %[[LANEROW:.*]] = arith.muli %[[LANEL]], %c4
// CHECK: %[[GROUPROW:.*]] = arith.muli %[[GROUPL]], %c64
// CHECK: %[[OWNED0:.*]] = arith.addi %[[GROUPROW]], %[[LANEROW]]
// CHECK: %[[CHUNK0:.*]] = arith.minui %[[OWNED0]], %c2996
// CHECK: %[[OWNED1:.*]] = arith.addi %[[OWNED0]], %c32
// CHECK: %[[CHUNK1:.*]] = arith.minui %[[OWNED1]], %c2996
// CHECK: scf.for {{.*}} -> (vector<10xf32>, vector<10xf32>, vector<10xf32>, vector<10xf32>, vector<10xf32>, vector<10xf32>, vector<10xf32>, vector<10xf32>)
// CHECK: vector.load %arg0[%[[K:.*]], %[[CHUNK0]]] : memref<4096x3000xf32>, vector<4xf32>
// CHECK: vector.load %arg0[%[[K]], %[[CHUNK1]]] : memref<4096x3000xf32>, vector<4xf32>
// A sum of the first chunk is stored when its row is the lane's own (not
// a neighbour's, over which an edge chunk was shifted back).
// CHECK: %[[ROW:.*]] = arith.minui %[[OWNED0]], %c2996
// CHECK: arith.cmpi uge, %[[ROW]], %[[OWNED0]]
// CHECK: arith.cmpi ult, %[[OWNED0]], %c3000
// CHECK: memref.store %{{.*}}, %arg2[%[[ROW]], %{{.*}}] : memref<3000x40xf32>
// CHECK: gpu.terminator
func.func @row_chunks(%A: memref<4096x3000xf32>, %B: memref<4096x40xf32>, %C: memref<3000x40xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
                ins(%A, %B : memref<4096x3000xf32>, memref<4096x40xf32>) outs(%C : memref<3000x40xf32>)
  return
}

// A stored K x M with 128 columns of B: the estimate puts B in SGPRs. All
// 32 lanes of a wave lie along M (one lane along K), so they take the same
// K steps and B's addresses are the wave's own: with the wave's index read
// from its first lane (LLVM takes thread-id arithmetic as divergent) they
// are uniform, and LLVM loads B with s_load. Each lane sums 2 rows x 16
// columns by itself: no DPP. 3000 rows in 47 workgroups of 64, 8 groups
// of 16 columns. Such a plan aims for 32 waves per CU: on the default 96
// CUs, 8 waves (the most) split K.
// CHECK-LABEL: func.func @scalar_y(
// CHECK: gpu.launch blocks({{.*}}) in (%{{.*}} = %c376, %{{.*}} = %c1, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c256, %{{.*}} = %c1, %{{.*}} = %c1) function(@scalar_y_skinny_kernel) workgroup(%{{.*}} : memref<8x32x32xf32, #gpu.address_space<workgroup>>)
func.func @scalar_y(%A: memref<1024x3000xf32>, %B: memref<1024x128xf32>, %C: memref<3000x128xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
                ins(%A, %B : memref<1024x3000xf32>, memref<1024x128xf32>) outs(%C : memref<3000x128xf32>)
  return
}

// Small M (20 rows: 3 groups of 7 columns of S) in a batch of 3 (grid y),
// B stored N x K: B is the operand streamed, K contiguous. The epilogue
// C = 2 (A B) + C is applied to the sum, and the temporary is gone.
// CHECK-LABEL: func.func @small_m_batch_epilogue(
// CHECK-NOT: memref.alloc
// CHECK: gpu.launch blocks(%[[BX:.*]], %[[BY:.*]], %{{.*}}) in (%{{.*}} = %{{.*}}, %{{.*}} = %c3, %{{.*}} = %c1)
// CHECK: vector.load %arg1[%[[BY]], %{{.*}}, %{{.*}}] : memref<3x1000x256xf32>, vector<4xf32>
// CHECK: vector.load %arg0[%[[BY]], %{{.*}}, %{{.*}}] : memref<3x20x256xf32>, vector<4xf32>
// CHECK: vector.from_elements {{.*}} : vector<7xf32>
// CHECK: vector.fma {{.*}} : vector<7xf32>
// CHECK: %[[OLD:.*]] = memref.load %arg2[%[[BY]], %[[COL:.*]], %[[ROW:.*]]] : memref<3x20x1000xf32>
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: arith.addf
// CHECK-NEXT: memref.store %{{.*}}, %arg2[%[[BY]], %[[COL]], %[[ROW]]]
// CHECK-NOT: linalg.generic
func.func @small_m_batch_epilogue(%A: memref<3x20x256xf32>, %B: memref<3x1000x256xf32>, %C: memref<3x20x1000xf32>) {
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %T = memref.alloc() : memref<3x20x1000xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<3x20x1000xf32>)
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>]
                      ins(%A, %B : memref<3x20x256xf32>, memref<3x1000x256xf32>) outs(%T : memref<3x20x1000xf32>)
  linalg.generic {indexing_maps = [affine_map<(b, i, j) -> (b, i, j)>, affine_map<(b, i, j) -> (b, i, j)>],
                  iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%T : memref<3x20x1000xf32>) outs(%C : memref<3x20x1000xf32>) {
  ^bb0(%t: f32, %c: f32):
    %s = arith.mulf %t, %two : f32
    %r = arith.addf %s, %c : f32
    linalg.yield %r : f32
  }
  memref.dealloc %T : memref<3x20x1000xf32>
  return
}

// Beyond 32 columns gemm-select-config keeps the tiled kernel when its
// tiles fill the CUs (here 128 x 32 tiles, the largest of its smaller tiles
// that fits N = 48: 256 of them; predicted 0.087 ms against 0.128 skinny),
// and takes the skinny kernel when they do not (@few_tiles: 64 edge tiles,
// 0.126 ms against 0.260 tiled).
func.func @wide(%A: memref<16384x1024xf32>, %B: memref<1024x48xf32>, %C: memref<16384x48xf32>) {
  linalg.matmul ins(%A, %B : memref<16384x1024xf32>, memref<1024x48xf32>) outs(%C : memref<16384x48xf32>)
  return
}
func.func @few_tiles(%A: memref<4000x4096xf32>, %B: memref<4096x48xf32>, %C: memref<4000x48xf32>) {
  linalg.matmul ins(%A, %B : memref<4000x4096xf32>, memref<4096x48xf32>) outs(%C : memref<4000x48xf32>)
  return
}

// K parts: 512 rows make 64 workgroups of 8 rows, fewer than the 96 CUs, and
// the plan of fewest estimated cycles splits K in 16 parts (of 1024 steps of
// 4), each a workgroup writing its sums to its rows of a workspace; a second
// kernel adds the 16 parts into C in part order and zeroes them.
// CHECK-LABEL: func.func @parts(
// CHECK: %[[WS:.*]] = memref.alloc() : memref<8192x4xf32>
// CHECK: gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c1024, {{.*}} function(@parts_skinny_kernel)
// CHECK: %[[PART:.*]] = arith.divui %[[BX]], %c64
// CHECK: %[[FIRST:.*]] = arith.muli %[[PART]], %c1024
// CHECK: scf.for
// CHECK: arith.addi %{{.*}}, %[[FIRST]]
// CHECK-NOT: memref.load %arg2
// CHECK: %[[PROW:.*]] = arith.muli %[[PART]], %c512
// CHECK-NEXT: %[[WROW:.*]] = arith.addi %[[PROW]], %{{.*}}
// CHECK-NEXT: memref.store %{{.*}}, %[[WS]][%[[WROW]], %{{.*}}] : memref<8192x4xf32>
// CHECK-NOT: memref.store %{{.*}}, %arg2
// CHECK: gpu.terminator
// CHECK: gpu.launch {{.*}} function(@parts_skinny_sum_kernel)
// The 16 parts are loaded together, then added in part order, then zeroed.
// CHECK: %[[P0:.*]] = memref.load %[[WS]][%[[ROW:.*]], %[[COL:.*]]]
// CHECK-NEXT: %[[ROW1:.*]] = arith.addi %[[ROW]], %c512
// CHECK-NEXT: %[[P1:.*]] = memref.load %[[WS]][%[[ROW1]], %[[COL]]]
// CHECK-NOT: memref.store
// CHECK: %[[ROW15:.*]] = arith.addi %[[ROW]], %c7680
// CHECK-NEXT: %[[P15:.*]] = memref.load %[[WS]][%[[ROW15]], %[[COL]]]
// CHECK-NEXT: amdgpu.sched_barrier allow = <none>
// CHECK-NEXT: %[[S1:.*]] = arith.addf %[[P0]], %[[P1]]
// CHECK: %[[S15:.*]] = arith.addf %{{.*}}, %[[P15]]
// CHECK-NEXT: memref.store %cst{{.*}}, %[[WS]][%[[ROW]], %[[COL]]]
// CHECK-NEXT: memref.store %cst{{.*}}, %[[WS]][%[[ROW1]], %[[COL]]]
// CHECK-COUNT-14: memref.store %cst{{.*}}, %[[WS]]
// CHECK: %[[OLD:.*]] = memref.load %arg2[%[[ROW]], %[[COL]]]
// CHECK-NEXT: %[[NEW:.*]] = arith.addf %[[OLD]], %[[S15]]
// CHECK-NEXT: memref.store %[[NEW]], %arg2[%[[ROW]], %[[COL]]]
// CHECK: memref.dealloc %[[WS]]
func.func @parts(%A: memref<512x65536xf32>, %B: memref<65536x4xf32>, %C: memref<512x4xf32>) {
  linalg.matmul ins(%A, %B : memref<512x65536xf32>, memref<65536x4xf32>) outs(%C : memref<512x4xf32>)
  return
}

