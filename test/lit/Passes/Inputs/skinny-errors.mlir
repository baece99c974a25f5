// Matmuls kernel=skinny cannot compile (test/lit/Passes/gemm-tile-skinny.mlir).

// CHECK: error: 'linalg.matmul' op kernel=skinny cannot compile this 4000x300x4096 matmul: its smaller side (300) is above 256
func.func @wide(%A: memref<4000x4096xf32>, %B: memref<4096x300xf32>, %C: memref<4000x300xf32>) {
  linalg.matmul ins(%A, %B : memref<4000x4096xf32>, memref<4096x300xf32>) outs(%C : memref<4000x300xf32>)
  return
}

// -----

// CHECK: error: 'linalg.matmul' op kernel=skinny cannot compile this 1000x8x102 matmul: k=102 is not a positive multiple of 4
func.func @odd_k(%A: memref<1000x102xf32>, %B: memref<102x8xf32>, %C: memref<1000x8xf32>) {
  linalg.matmul ins(%A, %B : memref<1000x102xf32>, memref<102x8xf32>) outs(%C : memref<1000x8xf32>)
  return
}
