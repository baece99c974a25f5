func.func @sgemm(%A: memref<322x765xf32>, %B: memref<9126x322xf32>, %C: memref<765x9126xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<322x765xf32>, memref<9126x322xf32>) outs(%C : memref<765x9126xf32>)
  return
}
