func.func @sgemm(%A: memref<2048x4864xf32>, %B: memref<896x4864xf32>, %C: memref<2048x896xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<2048x4864xf32>, memref<896x4864xf32>) outs(%C : memref<2048x896xf32>)
  return
}
