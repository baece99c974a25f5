func.func @sgemm(%A: memref<6187x242xf32>, %B: memref<2131x6187xf32>, %C: memref<242x2131xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<6187x242xf32>, memref<2131x6187xf32>) outs(%C : memref<242x2131xf32>)
  return
}
