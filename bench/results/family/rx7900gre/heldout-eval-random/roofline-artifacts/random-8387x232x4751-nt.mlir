func.func @sgemm(%A: memref<8387x4751xf32>, %B: memref<232x4751xf32>, %C: memref<8387x232xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<8387x4751xf32>, memref<232x4751xf32>) outs(%C : memref<8387x232xf32>)
  return
}
