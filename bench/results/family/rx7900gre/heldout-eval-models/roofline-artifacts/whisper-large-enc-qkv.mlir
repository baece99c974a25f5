func.func @sgemm(%A: memref<1500x1280xf32>, %B: memref<3840x1280xf32>, %C: memref<1500x3840xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<1500x1280xf32>, memref<3840x1280xf32>) outs(%C : memref<1500x3840xf32>)
  return
}
