func.func @sgemm(%A: memref<100352x256xf32>, %B: memref<128x256xf32>, %C: memref<100352x128xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<100352x256xf32>, memref<128x256xf32>) outs(%C : memref<100352x128xf32>)
  return
}
