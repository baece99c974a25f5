func.func @sgemm(%A: memref<2056x1280xf32>, %B: memref<5120x1280xf32>, %C: memref<2056x5120xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<2056x1280xf32>, memref<5120x1280xf32>) outs(%C : memref<2056x5120xf32>)
  return
}
