func.func @edges(%A: memref<300x77xf32>, %B: memref<77x200xf32>, %C: memref<300x200xf32>) {
  linalg.matmul ins(%A, %B : memref<300x77xf32>, memref<77x200xf32>) outs(%C : memref<300x200xf32>)
  return
}
