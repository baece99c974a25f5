func.func @sgemm(%A: memref<4591x132xf32>, %B: memref<1960x4591xf32>, %C: memref<132x1960xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<4591x132xf32>, memref<1960x4591xf32>) outs(%C : memref<132x1960xf32>)
  return
}
