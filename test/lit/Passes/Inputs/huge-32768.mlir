// 32768 x 32768 floats: 4 GiB per matrix, one element more than a raw buffer
// addresses.
func.func @huge(%A: memref<32768x32768xf32>, %B: memref<32768x32768xf32>, %C: memref<32768x32768xf32>) {
  linalg.matmul ins(%A, %B : memref<32768x32768xf32>, memref<32768x32768xf32>)
                outs(%C : memref<32768x32768xf32>)
  return
}
