func.func @sgemm(%A: memref<512x11008xf32>, %B: memref<4096x11008xf32>, %C: memref<512x4096xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<512x11008xf32>, memref<4096x11008xf32>) outs(%C : memref<512x4096xf32>)
  return
}
