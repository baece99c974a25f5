func.func @sgemm(%A: memref<1568x1024xf32>, %B: memref<2048x1024xf32>, %C: memref<1568x2048xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<1568x1024xf32>, memref<2048x1024xf32>) outs(%C : memref<1568x2048xf32>)
  return
}
