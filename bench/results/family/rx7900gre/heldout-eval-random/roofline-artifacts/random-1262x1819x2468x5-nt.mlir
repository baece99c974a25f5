func.func @sgemm(%A: memref<5x1262x2468xf32>, %B: memref<5x1819x2468xf32>, %C: memref<5x1262x1819xf32>) {
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<5x1262x2468xf32>, memref<5x1819x2468xf32>) outs(%C : memref<5x1262x1819xf32>)
  return
}
