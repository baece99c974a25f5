// Matmuls kernel=skinny cannot compile (test/lit/Passes/gemm-tile-skinny.mlir).

// CHECK: error: 'linalg.matmul' op kernel=skinny cannot compile this 4000x300x4096 matmul: its smaller side (300) is above 256
func.func @wide(%A: memref<4000x4096xf32>, %B: memref<4096x300xf32>, %C: memref<4000x300xf32>) {
  linalg.matmul ins(%A, %B : memref<4000x4096xf32>, memref<4096x300xf32>) outs(%C : memref<4000x300xf32>)
  return
}

// -----

// CHECK: error: 'linalg.matmul' op kernel=skinny cannot compile this 1000x8x3 matmul: k=3 is less than one K step of 4
func.func @short_k(%A: memref<1000x3xf32>, %B: memref<3x8xf32>, %C: memref<1000x8xf32>) {
  linalg.matmul ins(%A, %B : memref<1000x3xf32>, memref<3x8xf32>) outs(%C : memref<1000x8xf32>)
  return
}
