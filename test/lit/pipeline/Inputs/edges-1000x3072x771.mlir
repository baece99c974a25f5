func.func @edges(%A: memref<1000x771xf32>, %B: memref<771x3072xf32>, %C: memref<1000x3072xf32>) {
  linalg.matmul ins(%A, %B : memref<1000x771xf32>, memref<771x3072xf32>) outs(%C : memref<1000x3072xf32>)
  return
}
