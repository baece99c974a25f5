func.func @sgemm(%A: memref<819x658xf32>, %B: memref<1214x819xf32>, %C: memref<658x1214xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<819x658xf32>, memref<1214x819xf32>) outs(%C : memref<658x1214xf32>)
  return
}
