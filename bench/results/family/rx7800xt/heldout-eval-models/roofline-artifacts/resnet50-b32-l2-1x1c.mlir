func.func @sgemm(%A: memref<25088x512xf32>, %B: memref<128x512xf32>, %C: memref<25088x128xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<25088x512xf32>, memref<128x512xf32>) outs(%C : memref<25088x128xf32>)
  return
}
