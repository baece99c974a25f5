func.func @sgemm(%A: memref<2048x640xf32>, %B: memref<640x640xf32>, %C: memref<2048x640xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<2048x640xf32>, memref<640x640xf32>) outs(%C : memref<2048x640xf32>)
  return
}
