// RUN: gemm-opt %s --split-input-file --gemm-lower-simple | FileCheck %s

// One parallel iteration per element of C; the K sum in a register, added to
// C once.
// CHECK-LABEL: func.func @plain
// CHECK: scf.parallel (%[[I:.*]], %[[J:.*]]) = (%c0{{.*}}, %c0{{.*}}) to (%c8{{.*}}, %c16{{.*}})
// CHECK: %[[SUM:.*]] = scf.for %[[K:[^ ]*]] = %{{.*}} to %c4{{.*}} step %{{.*}} iter_args(%[[S:.*]] = %{{.*}}) -> (f32) {
// CHECK-NEXT: %[[A:.*]] = memref.load %arg0[%[[I]], %[[K]]]
// CHECK-NEXT: %[[B:.*]] = memref.load %arg1[%[[K]], %[[J]]]
// CHECK-NEXT: %[[P:.*]] = arith.mulf %[[A]], %[[B]]
// CHECK-NEXT: %[[N:.*]] = arith.addf %[[S]], %[[P]]
// CHECK-NEXT: scf.yield %[[N]]
// CHECK: %[[C:.*]] = memref.load %arg2[%[[I]], %[[J]]]
// CHECK-NEXT: %[[R:.*]] = arith.addf %[[C]], %[[SUM]]
// CHECK-NEXT: memref.store %[[R]], %arg2[%[[I]], %[[J]]]
// CHECK-NOT: linalg.matmul
func.func @plain(%A: memref<8x4xf32>, %B: memref<4x16xf32>, %C: memref<8x16xf32>) {
  linalg.matmul ins(%A, %B : memref<8x4xf32>, memref<4x16xf32>) outs(%C : memref<8x16xf32>)
  return
}

// -----

// A batch of transposed operands: the batch is the third parallel loop (the
// pipeline tiles the first two), and the loads follow the indexing maps.
// CHECK-LABEL: func.func @batch_transposed
// CHECK: scf.parallel (%[[I:.*]], %[[J:.*]], %[[BATCH:.*]]) = ({{.*}}) to (%c8{{.*}}, %c16{{.*}}, %c3{{.*}})
// CHECK: scf.for %[[K:[^ ]*]] =
// CHECK-NEXT: memref.load %arg0[%[[BATCH]], %[[K]], %[[I]]] : memref<3x4x8xf32, strided<[40, 10, 1]>>
// CHECK-NEXT: memref.load %arg1[%[[BATCH]], %[[J]], %[[K]]] : memref<3x16x4xf32>
// CHECK: memref.store %{{.*}}, %arg2[%[[BATCH]], %[[I]], %[[J]]]
func.func @batch_transposed(%A: memref<3x4x8xf32, strided<[40, 10, 1]>>, %B: memref<3x16x4xf32>, %C: memref<3x8x16xf32>) {
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, k, m)>,
                                       affine_map<(b, m, n, k) -> (b, n, k)>,
                                       affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<3x4x8xf32, strided<[40, 10, 1]>>, memref<3x16x4xf32>)
      outs(%C : memref<3x8x16xf32>)
  return
}

// -----

// The epilogue is fused: its body applied to the sum; C is not read when the
// body does not use it (beta = 0); the temporary, its fill and deallocation
// are gone.
// CHECK-LABEL: func.func @epilogue
// CHECK-NOT: memref.alloc
// CHECK-NOT: linalg.fill
// CHECK: scf.parallel (%[[I:.*]], %[[J:.*]]) =
// CHECK: %[[SUM:.*]] = scf.for
// CHECK-NOT: memref.load %arg2
// CHECK: %[[R:.*]] = arith.mulf %arg3, %[[SUM]] : f32
// CHECK-NEXT: memref.store %[[R]], %arg2[%[[I]], %[[J]]]
// CHECK-NOT: linalg.generic
// CHECK-NOT: memref.dealloc
func.func @epilogue(%A: memref<8x4xf32>, %B: memref<4x16xf32>, %C: memref<8x16xf32>, %alpha: f32) {
  %zero = arith.constant 0.0 : f32
  %T = memref.alloc() : memref<8x16xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<8x16xf32>)
  linalg.matmul ins(%A, %B : memref<8x4xf32>, memref<4x16xf32>) outs(%T : memref<8x16xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%T : memref<8x16xf32>) outs(%C : memref<8x16xf32>) {
  ^bb0(%t: f32, %c: f32):
    %r = arith.mulf %alpha, %t : f32
    linalg.yield %r : f32
  }
  memref.dealloc %T : memref<8x16xf32>
  return
}
