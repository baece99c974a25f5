// Issue 21 item 2: what upstream MLIR gives for gemm-tile-workgroups' job,
// on the edge-and-tail problem (300 x 200 x 77, 128 x 128 tiles, K step 8).
// Upstream's tiling (tile_using_forall mapped to blocks, tile_using_for on K,
// loop.peel for the tail, map_forall_to_blocks) builds the same kernel:
// a 2 x 3 grid, edge tiles sized by a min, a K loop of 9 whole steps and a
// tail matmul 5 deep. What it does not give, and gemm-tile-workgroups adds:
// the launch's 128 lanes (upstream's launch has 1 thread until a later
// thread mapping), the #gemm.config / #gemm.problem the later passes read,
// batch matmuls on grid z, the epilogue moved into the launch, and the host
// guard of dynamic sizes. This pins both outputs, so that moving
// tileToWorkgroups onto scf::tileUsingSCF (the next step) can be checked
// against it.
//
// RUN: gemm-opt %s --transform-interpreter --canonicalize | FileCheck %s --check-prefix=UPSTREAM
// RUN: gemm-opt %s --gemm-select-config --gemm-tile-workgroups --canonicalize | FileCheck %s --check-prefix=OURS

// UPSTREAM-DAG: #[[EDGEM:.*]] = affine_map<()[s0] -> (s0 * -128 + 300, 128)>
// UPSTREAM-DAG: #[[EDGEN:.*]] = affine_map<()[s0] -> (s0 * -128 + 200, 128)>
// UPSTREAM: gpu.launch blocks(%[[BX:.*]], %[[BY:.*]], %{{.*}}) in (%{{.*}} = %c2, %{{.*}} = %c3, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c1, %{{.*}} = %c1, %{{.*}} = %c1)
// UPSTREAM: affine.min #[[EDGEM]]
// UPSTREAM: affine.min #[[EDGEN]]
// UPSTREAM: scf.for %[[K:.*]] = %c0 to %c72 step %c8 {
// UPSTREAM: linalg.matmul ins({{.*}} : memref<?x8xf32, strided<[77, 1], offset: ?>>, memref<8x?xf32, strided<[200, 1], offset: ?>>)
// UPSTREAM: }
// UPSTREAM: linalg.matmul ins({{.*}} : memref<?x5xf32, strided<[77, 1], offset: ?>>, memref<5x?xf32, strided<[200, 1], offset: ?>>)
// UPSTREAM-NEXT: gpu.terminator

// OURS: gpu.launch blocks(%{{.*}}) in (%{{.*}} = %c2, %{{.*}} = %c3, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c128, %{{.*}} = %c1, %{{.*}} = %c1)
// OURS: arith.minui %{{.*}}, %c128
// OURS: arith.minui %{{.*}}, %c128
// OURS: scf.for %{{.*}} = %c0 to %c72 step %c8 {
// OURS: linalg.matmul ins({{.*}} : memref<?x8xf32, strided<[77, 1], offset: ?>>, memref<8x?xf32, strided<[200, 1], offset: ?>>)
// OURS: }
// OURS: linalg.matmul ins({{.*}} : memref<?x5xf32, strided<[77, 1], offset: ?>>, memref<5x?xf32, strided<[200, 1], offset: ?>>)
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
