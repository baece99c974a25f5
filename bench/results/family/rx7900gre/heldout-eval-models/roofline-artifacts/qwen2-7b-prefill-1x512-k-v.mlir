func.func @sgemm(%A: memref<512x3584xf32>, %B: memref<512x3584xf32>, %C: memref<512x512xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<512x3584xf32>, memref<512x3584xf32>) outs(%C : memref<512x512xf32>)
  return
}
