func.func @sgemm(%A: memref<1500x4096xf32>, %B: memref<1024x4096xf32>, %C: memref<1500x1024xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<1500x4096xf32>, memref<1024x4096xf32>) outs(%C : memref<1500x1024xf32>)
  return
}
