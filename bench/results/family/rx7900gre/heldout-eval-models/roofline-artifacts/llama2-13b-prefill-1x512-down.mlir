func.func @sgemm(%A: memref<512x13824xf32>, %B: memref<5120x13824xf32>, %C: memref<512x5120xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<512x13824xf32>, memref<5120x13824xf32>) outs(%C : memref<512x5120xf32>)
  return
}
