// A matrix-vector-like product for sim-dram-floor.test.
func.func @mv(%A: memref<3072x1024xf32>, %B: memref<1024x16xf32>, %C: memref<3072x16xf32>) {
  linalg.matmul ins(%A, %B : memref<3072x1024xf32>, memref<1024x16xf32>) outs(%C : memref<3072x16xf32>)
  return
}
