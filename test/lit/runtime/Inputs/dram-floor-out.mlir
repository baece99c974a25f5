// An output-heavy matmul for sim-dram-floor.test: K = 128, C 18.4 MB.
func.func @out(%A: memref<3072x128xf32>, %B: memref<128x1500xf32>, %C: memref<3072x1500xf32>) {
  linalg.matmul ins(%A, %B : memref<3072x128xf32>, memref<128x1500xf32>) outs(%C : memref<3072x1500xf32>)
  return
}
