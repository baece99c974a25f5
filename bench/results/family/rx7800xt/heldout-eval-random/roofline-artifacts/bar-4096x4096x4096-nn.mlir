func.func @sgemm(%A: memref<4096x4096xf32>, %B: memref<4096x4096xf32>, %C: memref<4096x4096xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<4096x4096xf32>, memref<4096x4096xf32>) outs(%C : memref<4096x4096xf32>)
  return
}
