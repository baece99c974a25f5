func.func @sgemm(%A: memref<256x64xf32>, %B: memref<64x256xf32>, %C: memref<256x256xf32>, %alpha: f32, %beta: f32) {
  %zero = arith.constant 0.0 : f32
  %T = memref.alloc() : memref<256x256xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<256x256xf32>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<256x64xf32>, memref<64x256xf32>) outs(%T : memref<256x256xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%T : memref<256x256xf32>) outs(%C : memref<256x256xf32>) {
  ^bb0(%t: f32, %c: f32):
    %at = arith.mulf %alpha, %t : f32
    %bc = arith.mulf %c, %beta : f32
    %r = arith.addf %at, %bc : f32
    linalg.yield %r : f32
  }
  memref.dealloc %T : memref<256x256xf32>
  return
}

