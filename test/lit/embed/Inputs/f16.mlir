// An f16 matmul, which gemm-opt refuses (docs/accepted-input.md).
func.func @hgemm(%A: memref<4x4xf16>, %B: memref<4x4xf16>, %C: memref<4x4xf16>) {
  linalg.matmul ins(%A, %B : memref<4x4xf16>, memref<4x4xf16>) outs(%C : memref<4x4xf16>)
  return
}
