// C += A x B with 256x256 f32 matrices, row-major.
func.func @sgemm(%A: memref<256x256xf32>, %B: memref<256x256xf32>,
                 %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x256xf32>, memref<256x256xf32>)
                outs(%C : memref<256x256xf32>)
  return
}
