func.func @sgemm(%A: memref<8700x319xf32>, %B: memref<12978x8700xf32>, %C: memref<319x12978xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<8700x319xf32>, memref<12978x8700xf32>) outs(%C : memref<319x12978xf32>)
  return
}
