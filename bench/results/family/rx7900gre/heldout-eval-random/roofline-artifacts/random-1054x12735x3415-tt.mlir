func.func @sgemm(%A: memref<3415x1054xf32>, %B: memref<12735x3415xf32>, %C: memref<1054x12735xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<3415x1054xf32>, memref<12735x3415xf32>) outs(%C : memref<1054x12735xf32>)
  return
}
