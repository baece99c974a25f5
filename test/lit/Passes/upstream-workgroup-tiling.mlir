// The configuration is given (kernel=tiled bm=128 bn=128 unless a RUN line
// names another): this file tests the passes, gemm-select-config*.mlir the
// choice.
// gemm-tile-workgroups on upstream's tiling, against the
// transform dialect's route to the same kernel, on the edge-and-tail
// problem (300 x 200 x 77, 128 x 128 tiles, K step 8).
//
// Both tile with scf::tileUsingSCF (tile_using_forall mapped to blocks,
// tile_using_for on K) and peel the K tail (loop.peel,
// scf::peelForLoopAndSimplifyBounds): a 2 x 3 grid, edge tiles sized by a
// min, a K loop of 9 whole steps and a tail matmul 5 deep. What
// gemm-tile-workgroups does beyond that, and why:
// - its own forall-to-launch rewrite instead of map_forall_to_blocks
//   (mapForallToBlocksImpl): the launch gets the workgroup's 128 lanes (1
//   until a thread mapping, upstream) and the #gemm.config / #gemm.problem
//   the later passes read, and a guarded dynamic matmul's grid,
//   ceil(m / bm) x ceil(n / bn), is known only at run time, which upstream's
//   mapping refuses. The tile offsets are the launch's block ids times the
//   tile (arith.muli), not gpu.block_id ops and affine.apply;
// - the K slices as subviews of A and B themselves (upstream: of the
//   workgroup's tiles), the form gemm-stage-lds and gemm-tile-lanes read
//   the matrices' extents and leading dimensions from;
// - affine.min / affine.apply lowered to arith, unsigned where the values
//   are non-negative (gemm-buffer-addressing splits arith index math into
//   uniform and per-lane terms; the signed lowering of the dynamic K
//   bound's `mod` cost 64-bit VALU compares);
// - not shown here: batch matmuls on grid z as 2-D views of each batch, the
//   epilogue on the tile inside the launch, and the host guard of dynamic
//   sizes (gemm-tile-workgroups.mlir).
//
// RUN: gemm-opt %s --transform-interpreter --canonicalize | FileCheck %s --check-prefix=UPSTREAM
// RUN: gemm-opt %s --gemm-select-config="kernel=tiled bm=128 bn=128" --gemm-tile-workgroups --canonicalize | FileCheck %s --check-prefix=OURS

// UPSTREAM-DAG: #[[ROWMAP:.*]] = affine_map<()[s0] -> (s0 * 128)>
// UPSTREAM-DAG: #[[EDGEM:.*]] = affine_map<()[s0] -> (s0 * -128 + 300, 128)>
// UPSTREAM-DAG: #[[EDGEN:.*]] = affine_map<()[s0] -> (s0 * -128 + 200, 128)>
// UPSTREAM: gpu.launch blocks(%{{.*}}) in (%{{.*}} = %c2, %{{.*}} = %c3, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c1, %{{.*}} = %c1, %{{.*}} = %c1)
// UPSTREAM: %[[BX:.*]] = gpu.block_id x
// UPSTREAM: %[[BY:.*]] = gpu.block_id y
// UPSTREAM: %[[ROW:.*]] = affine.apply #[[ROWMAP]]()[%[[BY]]]
// UPSTREAM: affine.min #[[EDGEM]]()[%[[BY]]]
// UPSTREAM: affine.min #[[EDGEN]]()[%[[BX]]]
// UPSTREAM: %[[ATILE:.*]] = memref.subview %arg0[%[[ROW]], 0]
// UPSTREAM: scf.for %[[K:.*]] = %c0 to %c72 step %c8 {
// UPSTREAM: memref.subview %[[ATILE]][0, %[[K]]]
// UPSTREAM: linalg.matmul ins({{.*}} : memref<?x8xf32, strided<[77, 1], offset: ?>>, memref<8x?xf32, strided<[200, 1], offset: ?>>)
// UPSTREAM: }
// UPSTREAM: linalg.matmul ins({{.*}} : memref<?x5xf32, strided<[77, 1], offset: ?>>, memref<5x?xf32, strided<[200, 1], offset: ?>>)
// UPSTREAM-NEXT: gpu.terminator

// OURS: gpu.launch blocks(%[[BX:.*]], %[[BY:.*]], %{{.*}}) in (%{{.*}} = %c2, %{{.*}} = %c3, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c128, %{{.*}} = %c1, %{{.*}} = %c1)
// OURS-NEXT: %[[ROW:.*]] = arith.muli %[[BY]], %c128
// OURS-NEXT: %[[COL:.*]] = arith.muli %[[BX]], %c128
// OURS-NEXT: %[[LEFT_M:.*]] = arith.subi %c300, %[[ROW]]
// OURS-NEXT: %[[ROWS:.*]] = arith.minui %[[LEFT_M]], %c128
// OURS-NEXT: %[[LEFT_N:.*]] = arith.subi %c200, %[[COL]]
// OURS-NEXT: %[[COLS:.*]] = arith.minui %[[LEFT_N]], %c128
// OURS-NEXT: %[[CTILE:.*]] = memref.subview %arg2[%[[ROW]], %[[COL]]] [%[[ROWS]], %[[COLS]]] [1, 1]
// OURS-NEXT: scf.for %[[K:.*]] = %c0 to %c72 step %c8 {
// OURS-NEXT: memref.subview %arg0[%[[ROW]], %[[K]]] [%[[ROWS]], 8] [1, 1]
// OURS-NEXT: memref.subview %arg1[%[[K]], %[[COL]]] [8, %[[COLS]]] [1, 1]
// OURS-NEXT: linalg.matmul ins({{.*}} : memref<?x8xf32, strided<[77, 1], offset: ?>>, memref<8x?xf32, strided<[200, 1], offset: ?>>) outs(%[[CTILE]] :
// OURS-NEXT: }
// OURS-NEXT: memref.subview %arg0[%[[ROW]], 72] [%[[ROWS]], 5] [1, 1]
// OURS-NEXT: memref.subview %arg1[72, %[[COL]]] [5, %[[COLS]]] [1, 1]
// OURS-NEXT: linalg.matmul ins({{.*}} : memref<?x5xf32, strided<[77, 1], offset: ?>>, memref<5x?xf32, strided<[200, 1], offset: ?>>) outs(%[[CTILE]] :
// OURS-NEXT: gpu.terminator
// OURS-NEXT: } {gemm.config = #gemm.config<{{.*}}>, gemm.problem = #gemm.problem<m = 300, n = 200, k = 77>}

func.func @edges(%A: memref<300x77xf32>, %B: memref<77x200xf32>, %C: memref<300x200xf32>) {
  linalg.matmul ins(%A, %B : memref<300x77xf32>, memref<77x200xf32>) outs(%C : memref<300x200xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %tiled, %forall = transform.structured.tile_using_forall %mm tile_sizes [128, 128] (mapping = [#gpu.block<y>, #gpu.block<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %tiledk, %loop = transform.structured.tile_using_for %tiled tile_sizes [0, 0, 8]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %kloop = transform.cast %loop : !transform.any_op to !transform.op<"scf.for">
    %steps, %tail = transform.loop.peel %kloop : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
    %func = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %launch = transform.gpu.map_forall_to_blocks %func generate_gpu_launch : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
