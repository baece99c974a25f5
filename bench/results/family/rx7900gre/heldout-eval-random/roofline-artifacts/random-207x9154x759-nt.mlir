func.func @sgemm(%A: memref<207x759xf32>, %B: memref<9154x759xf32>, %C: memref<207x9154xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<207x759xf32>, memref<9154x759xf32>) outs(%C : memref<207x9154xf32>)
  return
}
