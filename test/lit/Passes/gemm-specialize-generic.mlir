// RUN: gemm-opt %s --split-input-file --gemm-specialize-generic | FileCheck %s

// The plain matmul: the default maps (which print elided), same operands.
// CHECK-LABEL: func.func @plain
// CHECK-NEXT: linalg.matmul ins(%arg0, %arg1 : memref<8x4xf32>, memref<4x16xf32>) outs(%arg2 : memref<8x16xf32>)
// CHECK-NEXT: return
func.func @plain(%A: memref<8x4xf32>, %B: memref<4x16xf32>, %C: memref<8x16xf32>) {
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                   affine_map<(m, n, k) -> (k, n)>,
                                   affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<8x4xf32>, memref<4x16xf32>) outs(%C : memref<8x16xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Both transposed, the loops written k, n, m and the body's operands swapped:
// the maps are renamed to (m, n, k).
// CHECK-DAG: #[[KM:.*]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-DAG: #[[NK:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[MN:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @both_transposed_loops_permuted
// CHECK-NEXT: linalg.matmul indexing_maps = [#[[KM]], #[[NK]], #[[MN]]] ins(%arg0, %arg1 : memref<4x8xf32>, memref<16x4xf32>) outs(%arg2 : memref<8x16xf32>)
func.func @both_transposed_loops_permuted(%A: memref<4x8xf32>, %B: memref<16x4xf32>, %C: memref<8x16xf32>) {
  linalg.generic {indexing_maps = [affine_map<(k, n, m) -> (k, m)>,
                                   affine_map<(k, n, m) -> (n, k)>,
                                   affine_map<(k, n, m) -> (m, n)>],
                  iterator_types = ["reduction", "parallel", "parallel"]}
      ins(%A, %B : memref<4x8xf32>, memref<16x4xf32>) outs(%C : memref<8x16xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.mulf %b, %a : f32
    %s = arith.addf %p, %c : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A batch with B transposed, the batch loop written last; dynamic sizes.
// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @batch
// CHECK-NEXT: linalg.batch_matmul indexing_maps = [#[[A]], #[[B]], #[[C]]] ins(%arg0, %arg1 : memref<?x?x?xf32>, memref<?x?x?xf32>) outs(%arg2 : memref<?x?x?xf32>)
func.func @batch(%A: memref<?x?x?xf32>, %B: memref<?x?x?xf32>, %C: memref<?x?x?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(m, n, k, b) -> (b, m, k)>,
                                   affine_map<(m, n, k, b) -> (b, n, k)>,
                                   affine_map<(m, n, k, b) -> (b, m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction", "parallel"]}
      ins(%A, %B : memref<?x?x?xf32>, memref<?x?x?xf32>) outs(%C : memref<?x?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// linalg.contract, A transposed.
// CHECK-DAG: #[[KM:.*]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-DAG: #[[KN:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[MN:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @contract
// CHECK-NEXT: linalg.matmul indexing_maps = [#[[KM]], #[[KN]], #[[MN]]] ins(%arg0, %arg1 : memref<4x8xf32>, memref<4x16xf32>) outs(%arg2 : memref<8x16xf32>)
func.func @contract(%A: memref<4x8xf32>, %B: memref<4x16xf32>, %C: memref<8x16xf32>) {
  linalg.contract indexing_maps = [affine_map<(m, n, k) -> (k, m)>,
                                   affine_map<(m, n, k) -> (k, n)>,
                                   affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<4x8xf32>, memref<4x16xf32>) outs(%C : memref<8x16xf32>)
  return
}

// -----

// On tensors, the result takes the generic's place.
// CHECK-LABEL: func.func @tensors
// CHECK-NEXT: %[[R:.*]] = linalg.matmul ins(%arg0, %arg1 : tensor<8x4xf32>, tensor<4x16xf32>) outs(%arg2 : tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK-NEXT: return %[[R]]
func.func @tensors(%A: tensor<8x4xf32>, %B: tensor<4x16xf32>, %C: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                        affine_map<(m, n, k) -> (k, n)>,
                                        affine_map<(m, n, k) -> (m, n)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : tensor<8x4xf32>, tensor<4x16xf32>) outs(%C : tensor<8x16xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  } -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// -----

// Left alone: C transposed, a body that is not c + a * b (a subtraction),
// and an elementwise generic (the alpha/beta epilogue).
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: linalg.matmul
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]
// CHECK: arith.subf
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]
// CHECK-NOT: linalg.matmul
func.func @left_alone(%A: memref<8x4xf32>, %B: memref<4x16xf32>, %C: memref<16x8xf32>, %D: memref<8x16xf32>) {
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                   affine_map<(m, n, k) -> (k, n)>,
                                   affine_map<(m, n, k) -> (n, m)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<8x4xf32>, memref<4x16xf32>) outs(%C : memref<16x8xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                   affine_map<(m, n, k) -> (k, n)>,
                                   affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<8x4xf32>, memref<4x16xf32>) outs(%D : memref<8x16xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.subf %c, %p : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>,
                                   affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%D : memref<8x16xf32>) outs(%D : memref<8x16xf32>) {
  ^bb0(%t: f32, %c: f32):
    %s = arith.addf %t, %c : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A named elementwise op that reads a matmul's output buffer becomes the
// linalg.generic gemm-check-input takes as the epilogue; one that reads
// no matmul's output stays as it is.
// CHECK-LABEL: func.func @named_epilogue
// CHECK: linalg.matmul
// CHECK: linalg.generic {{.*}} ins(%[[T:.*]], %{{.*}} : memref<64x16xf32>, memref<64x16xf32>) outs(%arg3 : memref<64x16xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.addf
// CHECK: linalg.add ins(%arg3, %arg2
func.func @named_epilogue(%A: memref<64x32xf32>, %B: memref<32x16xf32>,
                          %R: memref<64x16xf32>, %C: memref<64x16xf32>) {
  %T = memref.alloc() : memref<64x16xf32>
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>)
                outs(%T : memref<64x16xf32>)
  linalg.add ins(%T, %R : memref<64x16xf32>, memref<64x16xf32>)
             outs(%C : memref<64x16xf32>)
  linalg.add ins(%C, %R : memref<64x16xf32>, memref<64x16xf32>)
             outs(%R : memref<64x16xf32>)
  return
}
