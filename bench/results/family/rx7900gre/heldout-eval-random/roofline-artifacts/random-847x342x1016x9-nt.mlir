func.func @sgemm(%A: memref<9x847x1016xf32>, %B: memref<9x342x1016xf32>, %C: memref<9x847x342xf32>) {
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<9x847x1016xf32>, memref<9x342x1016xf32>) outs(%C : memref<9x847x342xf32>)
  return
}
