// An f64 matmul: gemm-check-input refuses it.
func.func @dgemm(%A: memref<64x64xf64>, %B: memref<64x64xf64>,
                 %C: memref<64x64xf64>) {
  linalg.matmul ins(%A, %B : memref<64x64xf64>, memref<64x64xf64>)
                outs(%C : memref<64x64xf64>)
  return
}
