func.func @sgemm(%A: memref<512x18944xf32>, %B: memref<3584x18944xf32>, %C: memref<512x3584xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<512x18944xf32>, memref<3584x18944xf32>) outs(%C : memref<512x3584xf32>)
  return
}
