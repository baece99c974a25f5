func.func @sgemm(%A: memref<693x568xf32>, %B: memref<2536x693xf32>, %C: memref<568x2536xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<693x568xf32>, memref<2536x693xf32>) outs(%C : memref<568x2536xf32>)
  return
}
