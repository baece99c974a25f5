func.func @sgemm(%A: memref<7x7465x89xf32>, %B: memref<7x7465x98xf32>, %C: memref<7x89x98xf32>) {
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, k, m)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<7x7465x89xf32>, memref<7x7465x98xf32>) outs(%C : memref<7x89x98xf32>)
  return
}
