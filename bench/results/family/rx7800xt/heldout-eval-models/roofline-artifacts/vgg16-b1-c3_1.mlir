func.func @sgemm(%A: memref<3136x1152xf32>, %B: memref<256x1152xf32>, %C: memref<3136x256xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<3136x1152xf32>, memref<256x1152xf32>) outs(%C : memref<3136x256xf32>)
  return
}
