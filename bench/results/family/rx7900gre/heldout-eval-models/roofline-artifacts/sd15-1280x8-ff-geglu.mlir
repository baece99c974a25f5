func.func @sgemm(%A: memref<128x1280xf32>, %B: memref<10240x1280xf32>, %C: memref<128x10240xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<128x1280xf32>, memref<10240x1280xf32>) outs(%C : memref<128x10240xf32>)
  return
}
