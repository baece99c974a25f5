// The last case is an error, so the run that prints fails; the second run
// checks that it is the only one.
// RUN: not gemm-opt %s --split-input-file --gemm-bufferize 2>/dev/null | FileCheck %s
// RUN: gemm-opt %s --split-input-file --gemm-bufferize --verify-diagnostics -o /dev/null

// Destination-passing style: the result is C's buffer, updated in place, and
// is dropped; the function keeps its name, arguments and visibility.
// CHECK-LABEL: func.func @in_place(%arg0: memref<64x32xf32>, %arg1: memref<32x16xf32>, %arg2: memref<64x16xf32>) {
// CHECK-NEXT: linalg.matmul ins(%arg0, %arg1 : memref<64x32xf32>, memref<32x16xf32>) outs(%arg2 : memref<64x16xf32>)
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @in_place(%A: tensor<64x32xf32>, %B: tensor<32x16xf32>,
                    %C: tensor<64x16xf32>) -> tensor<64x16xf32> {
  %r = linalg.matmul ins(%A, %B : tensor<64x32xf32>, tensor<32x16xf32>)
                     outs(%C : tensor<64x16xf32>) -> tensor<64x16xf32>
  return %r : tensor<64x16xf32>
}

// -----

// A new, zero-filled result with the weight transposed (Y = X W^T): the
// allocation becomes a last argument, which the fill and the matmul write.
// CHECK-DAG: #[[MK:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[NK:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[MN:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @linear(%arg0: memref<64x32xf32>, %arg1: memref<16x32xf32>, %arg2: memref<64x16xf32>) {
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: linalg.fill ins(%[[ZERO]] : f32) outs(%arg2 : memref<64x16xf32>)
// CHECK-NEXT: linalg.matmul indexing_maps = [#[[MK]], #[[NK]], #[[MN]]] ins(%arg0, %arg1 : memref<64x32xf32>, memref<16x32xf32>) outs(%arg2 : memref<64x16xf32>)
// CHECK-NEXT: return
// CHECK-NOT: memref.alloc
func.func @linear(%X: tensor<64x32xf32>, %W: tensor<16x32xf32>) -> tensor<64x16xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<64x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<64x16xf32>) -> tensor<64x16xf32>
  %Y = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                      affine_map<(m, n, k) -> (n, k)>,
                                      affine_map<(m, n, k) -> (m, n)>]
      ins(%X, %W : tensor<64x32xf32>, tensor<16x32xf32>)
      outs(%init : tensor<64x16xf32>) -> tensor<64x16xf32>
  return %Y : tensor<64x16xf32>
}

// -----

// A dynamic new result: its allocation becomes an argument too.
// CHECK-LABEL: func.func @dynamic_rows(%arg0: memref<?x32xf32>, %arg1: memref<32x16xf32>, %arg2: memref<?x16xf32>) {
// CHECK-NOT: memref.alloc
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%arg2 : memref<?x16xf32>)
// CHECK-NEXT: linalg.matmul ins(%arg0, %arg1 : memref<?x32xf32>, memref<32x16xf32>) outs(%arg2 : memref<?x16xf32>)
// CHECK-NEXT: return
func.func @dynamic_rows(%X: tensor<?x32xf32>, %W: tensor<32x16xf32>) -> tensor<?x16xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %rows = tensor.dim %X, %c0 : tensor<?x32xf32>
  %empty = tensor.empty(%rows) : tensor<?x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<?x16xf32>) -> tensor<?x16xf32>
  %Y = linalg.matmul ins(%X, %W : tensor<?x32xf32>, tensor<32x16xf32>)
                     outs(%init : tensor<?x16xf32>) -> tensor<?x16xf32>
  return %Y : tensor<?x16xf32>
}

// -----

// The alpha/beta epilogue: the matmul's zero-filled temporary stays an
// allocation inside the function (gemm-check-input fuses it away), and the
// epilogue writes C in place.
// CHECK-LABEL: func.func @epilogue(%arg0: memref<8x4x4xf32>, %arg1: memref<8x4x4xf32>, %arg2: memref<8x4x4xf32>, %arg3: f32, %arg4: f32) {
// CHECK: %[[T:.*]] = memref.alloc() {{.*}}: memref<8x4x4xf32>
// CHECK-NEXT: linalg.fill ins(%{{.*}} : f32) outs(%[[T]] : memref<8x4x4xf32>)
// CHECK-NEXT: linalg.batch_matmul ins(%arg0, %arg1 : memref<8x4x4xf32>, memref<8x4x4xf32>) outs(%[[T]] : memref<8x4x4xf32>)
// CHECK-NEXT: linalg.generic {{.*}} ins(%[[T]] : memref<8x4x4xf32>) outs(%arg2 : memref<8x4x4xf32>)
// CHECK: return
// CHECK-NEXT: }
func.func @epilogue(%A: tensor<8x4x4xf32>, %B: tensor<8x4x4xf32>, %C: tensor<8x4x4xf32>,
                    %alpha: f32, %beta: f32) -> tensor<8x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<8x4x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<8x4x4xf32>) -> tensor<8x4x4xf32>
  %t = linalg.batch_matmul ins(%A, %B : tensor<8x4x4xf32>, tensor<8x4x4xf32>)
                           outs(%init : tensor<8x4x4xf32>) -> tensor<8x4x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(b, i, j) -> (b, i, j)>,
                                        affine_map<(b, i, j) -> (b, i, j)>],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%t : tensor<8x4x4xf32>) outs(%C : tensor<8x4x4xf32>) {
  ^bb0(%tv: f32, %c: f32):
    %at = arith.mulf %alpha, %tv : f32
    %bc = arith.mulf %beta, %c : f32
    %s = arith.addf %at, %bc : f32
    linalg.yield %s : f32
  } -> tensor<8x4x4xf32>
  return %r : tensor<8x4x4xf32>
}

// -----

// torch-mlir's nn.Linear: the weight (out x in) transposed by a
// linalg.transpose. The transpose folds into the matmul's map for B, which
// reads the weight itself.
// CHECK-DAG: #[[MK:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[NK:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[MN:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @linear_transposed_weight(%arg0: memref<64x32xf32>, %arg1: memref<16x32xf32>, %arg2: memref<64x16xf32>) {
// CHECK-NOT: linalg.transpose
// CHECK: linalg.matmul indexing_maps = [#[[MK]], #[[NK]], #[[MN]]] ins(%arg0, %arg1 : memref<64x32xf32>, memref<16x32xf32>) outs(%arg2 : memref<64x16xf32>)
func.func @linear_transposed_weight(%X: tensor<64x32xf32>, %W: tensor<16x32xf32>) -> tensor<64x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x16xf32>
  %Wt = linalg.transpose ins(%W : tensor<16x32xf32>) outs(%e : tensor<32x16xf32>) permutation = [1, 0]
  %empty = tensor.empty() : tensor<64x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<64x16xf32>) -> tensor<64x16xf32>
  %Y = linalg.matmul ins(%X, %Wt : tensor<64x32xf32>, tensor<32x16xf32>)
                     outs(%init : tensor<64x16xf32>) -> tensor<64x16xf32>
  return %Y : tensor<64x16xf32>
}

// -----

// Batched, A transposed: (b, m, n, k) -> (b, m, k) becomes (b, k, m). A
// permutation that moves the batch is not a transposed operand and stays.
// CHECK-DAG: #[[BKM:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1)>
// CHECK-DAG: #[[BKN:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
// CHECK-DAG: #[[BMN:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @batch_transposed_a
// CHECK: linalg.batch_matmul indexing_maps = [#[[BKM]], #[[BKN]], #[[BMN]]] ins(%arg0, %arg1 : memref<2x32x64xf32>, memref<2x32x16xf32>) outs(%arg2 : memref<2x64x16xf32>)
// CHECK-LABEL: func.func @batch_moved
// CHECK: linalg.transpose ins(%arg1 : memref<32x2x16xf32>) outs(%[[BT:.*]] : memref<2x32x16xf32>) permutation = [1, 0, 2]
// CHECK: linalg.batch_matmul ins(%arg0, %[[BT]] : memref<2x64x32xf32>, memref<2x32x16xf32>)
func.func @batch_transposed_a(%A: tensor<2x32x64xf32>, %B: tensor<2x32x16xf32>,
                              %C: tensor<2x64x16xf32>) -> tensor<2x64x16xf32> {
  %e = tensor.empty() : tensor<2x64x32xf32>
  %At = linalg.transpose ins(%A : tensor<2x32x64xf32>) outs(%e : tensor<2x64x32xf32>) permutation = [0, 2, 1]
  %r = linalg.batch_matmul ins(%At, %B : tensor<2x64x32xf32>, tensor<2x32x16xf32>)
                           outs(%C : tensor<2x64x16xf32>) -> tensor<2x64x16xf32>
  return %r : tensor<2x64x16xf32>
}
func.func @batch_moved(%A: tensor<2x64x32xf32>, %B: tensor<32x2x16xf32>,
                       %C: tensor<2x64x16xf32>) -> tensor<2x64x16xf32> {
  %e = tensor.empty() : tensor<2x32x16xf32>
  %Bt = linalg.transpose ins(%B : tensor<32x2x16xf32>) outs(%e : tensor<2x32x16xf32>) permutation = [1, 0, 2]
  %r = linalg.batch_matmul ins(%A, %Bt : tensor<2x64x32xf32>, tensor<2x32x16xf32>)
                           outs(%C : tensor<2x64x16xf32>) -> tensor<2x64x16xf32>
  return %r : tensor<2x64x16xf32>
}

// -----

// A module on memrefs is left exactly as it is (no alignment added, no
// result moved).
// CHECK-LABEL: func.func @memrefs(%arg0: memref<64x32xf32>, %arg1: memref<32x16xf32>) -> memref<64x16xf32> {
// CHECK-NEXT: %[[C:.*]] = memref.alloc() : memref<64x16xf32>
// CHECK-NEXT: linalg.matmul
// CHECK-NEXT: return %[[C]] : memref<64x16xf32>
func.func @memrefs(%A: memref<64x32xf32>, %B: memref<32x16xf32>) -> memref<64x16xf32> {
  %C = memref.alloc() : memref<64x16xf32>
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>)
                outs(%C : memref<64x16xf32>)
  return %C : memref<64x16xf32>
}

// -----

// Named elementwise ops (a broadcast bias, linalg.add, linalg.max against a
// filled zero tensor) become generics and one fused epilogue; the matmul's
// init fill stays a fill. All share one tensor.empty, yet the matmul keeps
// its own buffer (the epilogue's temporary) and the epilogue writes the
// result: each op that only writes its init gets its own tensor.empty.
// CHECK-LABEL: func.func @named_chain(%arg0: memref<64x32xf32>, %arg1: memref<32x16xf32>, %arg2: memref<16xf32>, %arg3: memref<64x16xf32>) {
// CHECK: %[[T:.*]] = memref.alloc() {{.*}}: memref<64x16xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[T]] : memref<64x16xf32>)
// CHECK: linalg.matmul ins(%arg0, %arg1 : memref<64x32xf32>, memref<32x16xf32>) outs(%[[T]] : memref<64x16xf32>)
// CHECK: linalg.generic {{.*}} ins(%[[T]], %arg2 : memref<64x16xf32>, memref<16xf32>) outs(%arg3 : memref<64x16xf32>)
// CHECK: arith.addf
// CHECK-NEXT: arith.maximumf
// CHECK-NEXT: linalg.yield
// CHECK-NOT: linalg.
// CHECK: return
func.func @named_chain(%X: tensor<64x32xf32>, %W: tensor<32x16xf32>,
                       %bias: tensor<16xf32>) -> tensor<64x16xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<64x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<64x16xf32>) -> tensor<64x16xf32>
  %mm = linalg.matmul ins(%X, %W : tensor<64x32xf32>, tensor<32x16xf32>)
                      outs(%init : tensor<64x16xf32>) -> tensor<64x16xf32>
  %b = linalg.broadcast ins(%bias : tensor<16xf32>) outs(%empty : tensor<64x16xf32>) dimensions = [0]
  %sum = linalg.add ins(%mm, %b : tensor<64x16xf32>, tensor<64x16xf32>)
                    outs(%empty : tensor<64x16xf32>) -> tensor<64x16xf32>
  %zeros = linalg.fill ins(%zero : f32) outs(%empty : tensor<64x16xf32>) -> tensor<64x16xf32>
  %relu = linalg.max ins(%sum, %zeros : tensor<64x16xf32>, tensor<64x16xf32>)
                     outs(%empty : tensor<64x16xf32>) -> tensor<64x16xf32>
  return %relu : tensor<64x16xf32>
}

// -----

// The matmul writes a slice of C: what is returned is a view of an
// argument, which no kernel argument can stand for.
func.func @slice_of_argument(%A: tensor<64x32xf32>, %B: tensor<32x16xf32>,
                             %C: tensor<128x16xf32>) -> tensor<64x16xf32> {
  %s = tensor.extract_slice %C[0, 0] [64, 16] [1, 1] : tensor<128x16xf32> to tensor<64x16xf32>
  %r = linalg.matmul ins(%A, %B : tensor<64x32xf32>, tensor<32x16xf32>)
                     outs(%s : tensor<64x16xf32>) -> tensor<64x16xf32>
  // expected-error @+1 {{result 0 is neither a tensor argument the function updates in place nor a new tensor (tensor.empty); gemm-opt compiles a function whose results are the matmul's output, in destination-passing style}}
  return %r : tensor<64x16xf32>
}
