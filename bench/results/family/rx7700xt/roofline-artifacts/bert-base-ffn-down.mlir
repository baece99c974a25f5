func.func @sgemm(%A: memref<4096x3072xf32>, %B: memref<768x3072xf32>, %C: memref<4096x768xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<4096x3072xf32>, memref<768x3072xf32>) outs(%C : memref<4096x768xf32>)
  return
}
