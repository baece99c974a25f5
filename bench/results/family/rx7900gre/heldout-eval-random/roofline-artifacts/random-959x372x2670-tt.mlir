func.func @sgemm(%A: memref<2670x959xf32>, %B: memref<372x2670xf32>, %C: memref<959x372xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<2670x959xf32>, memref<372x2670xf32>) outs(%C : memref<959x372xf32>)
  return
}
